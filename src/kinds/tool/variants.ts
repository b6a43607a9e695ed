/**
 * The kinds of tool `add tool` writes besides the search, fetch and write tools (shaped.ts), each from its own templates under
 * its templates/ folder, and each only where the installed framework supports it (framework-features):
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
import { existingDefinitions } from '../../registration/definitions.js';
import { titleCase } from '../../text/names.js';
import { templatesOf } from '../../text/templates.js';
import { prepareDefinition, unprefixed, writeDefinition } from '../definition.js';
import { resourceSpec } from '../resource/spec.js';
import { toolData } from './data.js';
import type { ParsedToolOptions } from './generator.js';
import { toolSpec } from './spec.js';

const template = templatesOf(import.meta.url);

export type ToolKind = 'plain' | 'confirm' | 'task' | 'app';

/** Which kind of tool the options ask for; two at once, or one with what it cannot take, is refused. */
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
  const variant = asked[0];
  if (variant && opts.service !== undefined) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `--service cannot be combined with ${variant} yet: the ${variant.slice(2)} tool calls no service.`,
      {
        hint: `Add the tool with ${variant} and call the service from its handler by hand, or add a search, fetch or write tool with --service.`,
      },
    );
  }
  if (variant && opts.input.length + opts.output.length > 0) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `--input and --output cannot be combined with ${variant} yet: the ${variant.slice(2)} tool has fields of its own.`,
      {
        hint: `Add the tool with ${variant} and edit its fields, or leave ${variant} out for a search, fetch or write tool with these fields.`,
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
  const words = unprefixed(def.names, def.prefix);
  const question =
    words.length > 0
      ? `${titleCase(words.slice(0, 1))}${words.length > 1 ? ` ${words.slice(1).join(' ')}` : ''}`
      : 'Go ahead with';
  def.notes.push(
    api === 'requestInput'
      ? 'The tool asks through ctx.requestInput (the installed framework has it); any answer but a yes fails with not_confirmed, and a client that cannot show the question gets an error result from the framework.'
      : 'The tool asks through ctx.elicit (the installed framework has no ctx.requestInput); a client without elicitation gets confirmation_unavailable, a declined or cancelled answer not_confirmed.',
  );
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
  const resourceOpts = {
    name: `${toolDef.names.snake}_ui`,
    test: opts.test,
    force: opts.force,
    devcheck: opts.devcheck,
    fileName: `${toolDef.fileBase}-ui`,
  };
  const resourceDef = prepareDefinition(tree, project, resourceSpec, resourceOpts, (n) => n.kebab, '.app-resource.ts');
  for (const other of existingDefinitions(tree, resourceSpec.layout)) {
    if (other.uri === uiUri && other.file !== resourceDef.file) {
      resourceDef.problems.add({
        code: 'ALREADY_EXISTS',
        path: other.file,
        message: `a resource with the URI ${uiUri} is already defined here`,
      });
    }
  }
  const data = toolData(toolDef, opts);
  const toolResult = writeDefinition(
    tree,
    toolDef,
    opts,
    { ...data, uiUri },
    { definition: template('app-tool.ts.hbs'), test: template('app-tool.test.ts.hbs') },
  );
  // The resource is registered after the tool, on the tree that already holds the tool's edit.
  const resourceResult = writeDefinition(
    tree,
    resourceDef,
    resourceOpts,
    {
      title: `${data.title} UI`,
      description: `The interactive view of the ${toolDef.mcpName} app tool, shown by hosts that support MCP Apps.`,
      uiUri,
      tool: { name: toolDef.mcpName },
    },
    { definition: template('app-resource.ts.hbs'), test: template('app-resource.test.ts.hbs') },
  );
  return {
    notes: [...toolResult.notes, ...resourceResult.notes.filter((n) => !toolResult.notes.includes(n))],
    warnings: [...toolResult.warnings, ...resourceResult.warnings.filter((w) => !toolResult.warnings.includes(w))],
    problems: [...toolResult.problems, ...resourceResult.problems],
    tasks: toolResult.tasks,
    data: { ...toolResult.data, ...resourceResult.data },
  };
}

/** Writes a tool of the given (non-plain) kind. */
export function addToolVariant(
  tree: Tree,
  project: Project,
  opts: ParsedToolOptions,
  kind: Exclude<ToolKind, 'plain'>,
  features: () => FrameworkFeatures,
): GeneratorResult {
  switch (kind) {
    case 'confirm':
      return confirmTool(tree, project, { ...opts, readOnly: false, destructive: true }, features);
    case 'task':
      return taskTool(tree, project, opts, features);
    case 'app':
      return appToolPair(tree, project, opts, features);
  }
}
