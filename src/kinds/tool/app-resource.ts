/**
 * The UI resource an app tool is registered with (`ui://<tool>/app.html`): one self-contained
 * HTML page that renders the tool's first (JSON) text block. The plain `--app` tool's page shows
 * its topic and rows; a shaped app tool's (`--app` with `--service` or typed fields) shows every
 * field of its result.
 */

import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import type { Project } from '../../project/project.js';
import { existingDefinitions } from '../../registration/definitions.js';
import { templatesOf } from '../../text/templates.js';
import { type NewDefinition, prepareDefinition, writeDefinition } from '../definition.js';
import { resourceSpec } from '../resource/spec.js';
import type { ParsedToolOptions } from './options.js';

const template = templatesOf(import.meta.url);

/**
 * Writes and registers the UI resource of the app tool `toolDef` (already written, `toolResult`),
 * after the tool, on the tree that holds the tool's edit; returns both results as one.
 */
export function writeAppResource(
  tree: Tree,
  project: Project,
  toolDef: NewDefinition,
  opts: ParsedToolOptions,
  title: string,
  uiUri: string,
  toolResult: GeneratorResult,
  /** Whether the page shows every field of the result (a shaped app tool) rather than topic and rows. */
  everyField = false,
): GeneratorResult {
  const resourceOpts = {
    name: `${toolDef.names.snake}_ui`,
    test: opts.test,
    force: opts.force,
    overwriteEdited: opts.overwriteEdited,
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
  const resourceResult = writeDefinition(
    tree,
    resourceDef,
    resourceOpts,
    {
      title: `${title} UI`,
      description: `The interactive view of the ${toolDef.mcpName} app tool, shown by hosts that support MCP Apps.`,
      uiUri,
      tool: { name: toolDef.mcpName },
      everyField,
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
