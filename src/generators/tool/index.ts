/** `add tool`: a tool definition, its test, and its registration. */

import { z } from 'zod';
import type { Tree } from '../../core/fs/tree.js';
import { type Names, titleCase } from '../../core/names.js';
import type { Project } from '../../core/project.js';
import { definitionOptions, planDefinition, unprefixed, writeDefinition } from '../definition/index.js';
import type { GeneratorResult } from '../types.js';

export { serverPrefix, serverPrefixWithSource } from '../definition/index.js';

export const addToolOptions = definitionOptions.extend({
  readOnly: z.boolean().default(true),
  destructive: z.boolean().default(false),
  idempotent: z.boolean().default(false),
  openWorld: z.boolean().default(false),
});
export type AddToolOptions = z.input<typeof addToolOptions>;

export const TOOLS_DIR = 'src/mcp-server/tools/definitions';

export function defaultDescription(names: Names, prefix: string | undefined): string {
  const sentence = unprefixed(names, prefix).join(' ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}. Describe what it returns and when to use it.`;
}

export function addToolGenerator(tree: Tree, project: Project, raw: AddToolOptions): GeneratorResult {
  const opts = addToolOptions.parse(raw);
  const plan = planDefinition(tree, project, 'tool', opts, (n) => n.snake);
  const destructive = opts.destructive;
  return writeDefinition(tree, plan, opts, {
    title: opts.title ?? titleCase(unprefixed(plan.names, plan.prefix)),
    description: opts.description ?? defaultDescription(plan.names, plan.prefix),
    readOnly: destructive ? false : opts.readOnly,
    destructive,
    idempotent: opts.idempotent,
    openWorld: opts.openWorld,
  });
}
