/** Projects for generator tests of definitions that call a service (`add tool|resource --service`). */

import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { FEATURES_0_10 } from './framework.js';
import { project } from './projects.js';

/** The files of `base` plus the ncbi service, as addServiceGenerator writes it (with `--storage` when asked). */
export function withNcbiService(base: Record<string, string>, { storage = false } = {}): Record<string, string> {
  const { tree, project: p } = project(base);
  addServiceGenerator(tree, p, { name: 'ncbi', devcheck: false, storage }, FEATURES_0_10);
  return { ...base, ...Object.fromEntries(tree.changes().map((c) => [c.path, c.after])) };
}

/** `files` with the ncbi service's init taking `params` instead of the config alone. */
export function withNcbiInitTaking(files: Record<string, string>, params: string): Record<string, string> {
  const file = 'src/services/ncbi/ncbi-service.ts';
  const text = files[file]!.replace('initNcbiService(config: AppConfig)', `initNcbiService(${params})`);
  if (text === files[file]) throw new Error(`${file}: no initNcbiService(config: AppConfig) to change`);
  return { ...files, [file]: text };
}
