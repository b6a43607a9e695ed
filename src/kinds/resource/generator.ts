/** `add resource`: a resource definition with params from its URI template, its test, registration. */

import { z } from 'zod';
import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import type { Project } from '../../project/project.js';
import { titleCase } from '../../text/names.js';
import { templatesOf } from '../../text/templates.js';
import { exampleUri, parseUriTemplate } from '../../text/uri-template.js';
import { definitionOptions, planDefinition, unprefixed, writeDefinition } from '../definition.js';

const TEMPLATE = templatesOf(import.meta.url);

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
  return writeDefinition(
    tree,
    plan,
    opts,
    {
      title,
      description: opts.description ?? `${title} by URI. Describe what it holds and when to read it.`,
      uriTemplate: template.template,
      params: template.variables.map((name) => ({ name, description: `The ${name} part of the URI.` })),
      hasParams: template.variables.length > 0,
      exampleUri: example.uri,
      exampleParams: example.params,
    },
    { definition: TEMPLATE('resource.ts.hbs'), test: TEMPLATE('resource.test.ts.hbs') },
  );
}
