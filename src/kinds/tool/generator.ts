/** `add tool`: a tool definition, its test, and its registration. */

import { z } from 'zod';
import { ScaffoldError } from '../../engine/errors.js';
import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import type { FrameworkFeatures } from '../../project/framework-features.js';
import type { Project } from '../../project/project.js';
import { templatesOf } from '../../text/templates.js';
import { definitionOptions, planDefinition, writeDefinition } from '../definition.js';

const template = templatesOf(import.meta.url);

import { toolData } from './data.js';
import { addToolVariant, toolKind } from './variants.js';

export { defaultDescription } from './data.js';

export const addToolOptions = definitionOptions.extend({
  readOnly: z.boolean().default(true),
  destructive: z.boolean().default(false),
  idempotent: z.boolean().default(false),
  openWorld: z.boolean().default(false),
  // Variants (variants.ts): at most one.
  service: z.string().optional(),
  confirm: z.boolean().default(false),
  task: z.boolean().default(false),
  app: z.boolean().default(false),
});
export type AddToolOptions = z.input<typeof addToolOptions>;
export type ParsedToolOptions = z.output<typeof addToolOptions>;

export function addToolGenerator(
  tree: Tree,
  project: Project,
  raw: AddToolOptions,
  /** What the installed framework offers; read from node_modules when a variant needs it. */
  features?: FrameworkFeatures,
): GeneratorResult {
  // `--destructive` (and `--confirm`, which is destructive) means not read-only; an explicit
  // `--read-only` beside it used to be dropped without a word. Contradicting flags are refused.
  if (raw.readOnly === true && (raw.destructive || raw.confirm)) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `--read-only contradicts ${raw.destructive ? '--destructive' : '--confirm'}: a destructive tool is not read-only.`,
      {
        hint: 'Drop --read-only (destructive tools are annotated readOnlyHint: false).',
      },
    );
  }
  const opts = addToolOptions.parse(raw);
  const kind = toolKind(opts);
  if (kind !== 'plain') {
    return addToolVariant(tree, project, opts, kind, features);
  }
  const plan = planDefinition(tree, project, 'tool', opts, (n) => n.snake);
  return writeDefinition(tree, plan, opts, toolData(plan, opts), {
    definition: template('tool.ts.hbs'),
    test: template('tool.test.ts.hbs'),
  });
}
