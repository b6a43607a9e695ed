/** `add tool`: a tool definition, its test, and its registration. */

import { ScaffoldError } from '../../engine/errors.js';
import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import { detectFrameworkFeatures, type FrameworkFeatures, requireVariant } from '../../project/framework-features.js';
import type { Project } from '../../project/project.js';
import type { Names } from '../../text/names.js';
import { parseName } from '../../text/names.js';
import { serverPrefix, unprefixed } from '../definition.js';
import { defaultDescription } from './data.js';
import { type AddToolOptions, addToolOptions, type ParsedToolOptions } from './options.js';
import { chooseShape } from './shape.js';
import { flagsWrite, shapedTool } from './shaped.js';
import { addToolVariant, toolKind } from './variants.js';

export { defaultDescription } from './data.js';
export type { AddToolOptions } from './options.js';

/** Flags that contradict each other: which one the user meant cannot be guessed. */
function refuseContradictions(raw: AddToolOptions): void {
  // `--destructive` (and `--confirm`, which is destructive) means not read-only.
  if (raw.readOnly === true && (raw.destructive || raw.confirm)) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `--read-only contradicts ${raw.destructive ? '--destructive' : '--confirm'}: a destructive tool is not read-only.`,
      {
        hint: 'Drop --read-only (destructive tools are annotated readOnlyHint: false).',
      },
    );
  }
  if (raw.confirm === true && raw.destructive === false) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      '--confirm contradicts --no-destructive: a tool that asks first is destructive.',
      {
        hint: 'Drop one of them.',
      },
    );
  }
}

/**
 * Whether a destructive tool the user did not ask `--confirm` of gets the confirmation anyway:
 * yes where the installed framework can ask (and its test can answer) and `--no-confirm` was not
 * given. Otherwise the user is told why it does not ask.
 */
function confirmsByDefault(
  tree: Tree,
  project: Project,
  opts: ParsedToolOptions,
  features: () => FrameworkFeatures,
  warnings: string[],
): boolean {
  if (opts.confirm !== undefined) return false;
  const choice = chooseShape(unprefixed(parseName(opts.name), serverPrefix(tree, project)), flagsWrite(opts));
  const destructive = opts.destructive ?? choice.verbDestroys;
  if (!destructive) return false;
  const why = confirmUnavailable(features(), opts.test);
  if (why === undefined) return true;
  warnings.push(`The destructive tool does not ask the user first: ${why}. Pass --no-confirm to say that is meant.`);
  return false;
}

function confirmUnavailable(features: FrameworkFeatures, withTest: boolean): string | undefined {
  try {
    requireVariant(features, 'confirm', withTest);
    return undefined;
  } catch (e) {
    if (e instanceof ScaffoldError) return e.message.replace(/\.$/, '');
    throw e;
  }
}

export function addToolGenerator(
  tree: Tree,
  project: Project,
  raw: AddToolOptions,
  /** What the installed framework offers; read from node_modules when a variant needs it. */
  features?: FrameworkFeatures,
): GeneratorResult {
  refuseContradictions(raw);
  const opts = addToolOptions.parse(raw);
  let detected = features;
  const lazy = () => (detected ??= detectFrameworkFeatures(project.root));
  const kind = toolKind(opts);
  if (kind !== 'plain') return addToolVariant(tree, project, opts, kind, lazy);
  const warnings: string[] = [];
  if (opts.confirm !== false && confirmsByDefault(tree, project, opts, lazy, warnings)) {
    const result = addToolVariant(tree, project, { ...opts, confirm: true }, 'confirm', lazy);
    result.notes.unshift(
      'The tool is destructive, so it asks the user first where the framework can (pass --no-confirm for one that does not).',
    );
    return result;
  }
  const result = shapedTool(tree, project, opts, lazy);
  return { ...result, warnings: [...warnings, ...result.warnings] };
}

/** The description a person is offered for a new tool: its name as a sentence. */
export function suggestDescription(tree: Tree, project: Project, names: Names): string {
  return defaultDescription(names, serverPrefix(tree, project));
}
