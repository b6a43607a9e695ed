/** `add tool`: a tool definition, its test, and its registration. */

import type { z } from 'zod';
import { ScaffoldError } from '../../engine/errors.js';
import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import { detectFrameworkFeatures, type FrameworkFeatures } from '../../project/framework-features.js';
import type { Project } from '../../project/project.js';
import type { Names } from '../../text/names.js';
import { templatesOf } from '../../text/templates.js';
import { prepareDefinition, serverPrefix, writeDefinition } from '../definition.js';
import { optionsSchema } from '../schema.js';
import { defaultDescription, toolData } from './data.js';
import { toolSpec } from './spec.js';
import { addToolVariant, toolKind } from './variants.js';

const template = templatesOf(import.meta.url);

export { defaultDescription } from './data.js';

export const addToolOptions = optionsSchema(toolSpec.options);
export type AddToolOptions = z.input<typeof addToolOptions>;
export type ParsedToolOptions = z.output<typeof addToolOptions>;

export function addToolGenerator(
  tree: Tree,
  project: Project,
  raw: AddToolOptions,
  /** What the installed framework offers; read from node_modules when a variant needs it. */
  features?: FrameworkFeatures,
): GeneratorResult {
  // `--destructive` (and `--confirm`, which is destructive) means not read-only: an explicit
  // `--read-only` beside it contradicts it, and which one the user meant cannot be guessed.
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
  const def = prepareDefinition(tree, project, toolSpec, opts, (n) => n.snake);
  // Only the test depends on the installed version (how createMockContext is typed).
  const mockTyped = opts.test && (features ?? detectFrameworkFeatures(project.root)).mock.errors;
  return writeDefinition(
    tree,
    def,
    opts,
    { ...toolData(def, opts), mockTyped },
    {
      definition: template('tool.ts.hbs'),
      test: template('tool.test.ts.hbs'),
    },
  );
}

/** The description a person is offered for a new tool: its name as a sentence. */
export function suggestDescription(tree: Tree, project: Project, names: Names): string {
  return defaultDescription(names, serverPrefix(tree, project));
}
