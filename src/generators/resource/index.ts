/** `add resource`: a resource definition with params from its URI template, its test, registration. */

import { z } from 'zod';
import type { Tree } from '../../core/fs/tree.js';
import { titleCase } from '../../core/names.js';
import type { Project } from '../../core/project.js';
import { exampleUri, parseUriTemplate } from '../../core/uri-template.js';
import { definitionOptions, planDefinition, unprefixed, writeDefinition } from '../definition/index.js';
import type { GeneratorResult } from '../types.js';

export const addResourceOptions = definitionOptions.extend({
  uri: z.string().optional(),
});
export type AddResourceOptions = z.input<typeof addResourceOptions>;

export function addResourceGenerator(tree: Tree, project: Project, raw: AddResourceOptions): GeneratorResult {
  const opts = addResourceOptions.parse(raw);
  // Resource names are kebab-case with the server prefix (`acme-item`), as the framework's own are.
  const plan = planDefinition(tree, project, 'resource', opts, (n) => n.kebab);
  const bare = unprefixed(plan.names, plan.prefix);
  let uri = opts.uri;
  if (uri === undefined) {
    const scheme = (plan.prefix ?? plan.names.words[0]!).replace(/_/g, '-');
    uri = `${scheme}://${bare.join('-')}/{id}`;
    plan.notes.push(`No --uri given: using ${uri}.`);
  }
  const template = parseUriTemplate(uri);
  const example = exampleUri(template);
  const title = opts.title ?? titleCase(bare);
  return writeDefinition(tree, plan, opts, {
    title,
    description: opts.description ?? `${title} by URI. Describe what it holds and when to read it.`,
    uriTemplate: template.template,
    params: template.variables.map((name) => ({ name, description: `The ${name} part of the URI.` })),
    hasParams: template.variables.length > 0,
    exampleUri: example.uri,
    exampleParams: example.params,
  });
}
