/**
 * node:child_process, loaded the first time something is spawned: a run that spawns nothing
 * (`add --no-devcheck`, `list`) loads neither it nor the dgram module it brings. (The
 * bundle's commander spawns through a stand-in of the same kind: scripts/bundle-transforms.mjs.)
 */

import { createRequire } from 'node:module';

type ChildProcessModule = typeof import('node:child_process');

let loaded: ChildProcessModule | undefined;

export function childProcess(): ChildProcessModule {
  loaded ??= createRequire(import.meta.url)('node:child_process') as ChildProcessModule;
  return loaded;
}
