/**
 * The kinds of tool `add tool` writes besides the plain search, fetch and write tools, each only
 * where the installed framework supports it (framework-features). On their own, each has its own
 * starter template (a demo of the variant); with `--service` or typed `--input`/`--output`
 * fields, the variant's steps go around the shaped body of shaped.ts (variant-code.ts):
 *
 * - `--confirm`: destructive; asks the user first, through ctx.requestInput where the framework
 *   has it (0.12 and later), else ctx.elicit (0.10.3 to 0.11.x); no yes is a declared error,
 *   never a go-ahead.
 * - `--task`: a task tool (`task: true`) that reports progress and honours cancellation.
 * - `--app`: an app tool and its UI resource (`ui://<tool>/app.html`), both registered.
 */

import { ScaffoldError } from '../../engine/errors.js';
import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import { type FrameworkFeatures, requireVariant } from '../../project/framework-features.js';
import type { Project } from '../../project/project.js';
import { templatesOf } from '../../text/templates.js';
import { prepareDefinition, unprefixed, writeDefinition } from '../definition.js';
import { writeAppResource } from './app-resource.js';
import { toolData } from './data.js';
import type { ParsedToolOptions } from './options.js';
import { shapedTool } from './shaped.js';
import { toolSpec } from './spec.js';
import { confirmNote, confirmQuestion } from './variant-code.js';

const template = templatesOf(import.meta.url);

export type ToolKind = 'plain' | 'confirm' | 'task' | 'app';

/** Which kind of tool the options ask for; two at once is refused. */
export function toolKind(opts: ParsedToolOptions): ToolKind {
  const asked = [opts.confirm === true && '--confirm', opts.task && '--task', opts.app && '--app'].filter(
    (x): x is string => typeof x === 'string',
  );
  if (asked.length > 1) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `${asked.join(' and ')} cannot be combined: each writes a different kind of tool.`,
      {
        hint: 'Pass one of --confirm, --task and --app.',
      },
    );
  }
  if (opts.confirm === true) return 'confirm';
  if (opts.task) return 'task';
  if (opts.app) return 'app';
  return 'plain';
}

function confirmTool(
  tree: Tree,
  project: Project,
  opts: ParsedToolOptions,
  features: () => FrameworkFeatures,
): GeneratorResult {
  const api = requireVariant(features(), 'confirm', opts.test);
  const def = prepareDefinition(tree, project, toolSpec, opts, (n) => n.snake);
  const question = confirmQuestion(unprefixed(def.names, def.prefix));
  def.notes.push(confirmNote(api!));
  const name = api === 'requestInput' ? 'tool-confirm-input' : 'tool-confirm-elicit';
  return writeDefinition(
    tree,
    def,
    opts,
    { ...toolData(def, opts), question, mockTyped: features().mock.errors },
    { definition: template(`${name}.ts.hbs`), test: template(`${name}.test.ts.hbs`) },
  );
}

function taskTool(
  tree: Tree,
  project: Project,
  opts: ParsedToolOptions,
  features: () => FrameworkFeatures,
): GeneratorResult {
  requireVariant(features(), 'task', opts.test);
  const def = prepareDefinition(tree, project, toolSpec, opts, (n) => n.snake);
  return writeDefinition(tree, def, opts, toolData(def, opts), {
    definition: template('tool-task.ts.hbs'),
    test: template('tool-task.test.ts.hbs'),
  });
}

function appToolPair(
  tree: Tree,
  project: Project,
  opts: ParsedToolOptions,
  features: () => FrameworkFeatures,
): GeneratorResult {
  requireVariant(features(), 'app', opts.test);
  const toolDef = prepareDefinition(tree, project, toolSpec, opts, (n) => n.snake, '.app-tool.ts');
  const uiUri = `ui://${toolDef.names.kebab}/app.html`;
  const data = toolData(toolDef, opts);
  const toolResult = writeDefinition(
    tree,
    toolDef,
    opts,
    { ...data, uiUri },
    { definition: template('app-tool.ts.hbs'), test: template('app-tool.test.ts.hbs') },
  );
  return writeAppResource(tree, project, toolDef, opts, data.title, uiUri, toolResult);
}

/**
 * Writes a tool of the given (non-plain) kind: the variant's starter tool, or, with `--service`
 * or typed fields, the shaped tool those ask for with the variant's steps around its body.
 */
export function addToolVariant(
  tree: Tree,
  project: Project,
  opts: ParsedToolOptions,
  kind: Exclude<ToolKind, 'plain'>,
  features: () => FrameworkFeatures,
): GeneratorResult {
  const confirmOpts = kind === 'confirm' ? { ...opts, readOnly: false, destructive: true } : opts;
  if (opts.service !== undefined || opts.input.length + opts.output.length > 0) {
    return shapedTool(tree, project, confirmOpts, features, kind);
  }
  switch (kind) {
    case 'confirm':
      return confirmTool(tree, project, confirmOpts, features);
    case 'task':
      return taskTool(tree, project, opts, features);
    case 'app':
      return appToolPair(tree, project, opts, features);
  }
}
