/** `add resource`: a resource definition with params from its URI template, its test, registration. */

import type { z } from 'zod';
import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import type { Project } from '../../project/project.js';
import { titleCase } from '../../text/names.js';
import { templatesOf } from '../../text/templates.js';
import { exampleUri, parseUriTemplate } from '../../text/uri-template.js';
import { prepareDefinition, unprefixed, writeDefinition } from '../definition.js';
import { optionsSchema } from '../schema.js';
import { resourceSpec } from './spec.js';

const TEMPLATE = templatesOf(import.meta.url);

export const addResourceOptions = optionsSchema(resourceSpec.options);
export type AddResourceOptions = z.input<typeof addResourceOptions>;

export function addResourceGenerator(tree: Tree, project: Project, raw: AddResourceOptions): GeneratorResult {
  const opts = addResourceOptions.parse(raw);
  // Resource names are kebab-case with the server prefix (`acme-item`), as the framework's own are.
  const def = prepareDefinition(tree, project, resourceSpec, opts, (n) => n.kebab);
  const bare = unprefixed(def.names, def.prefix);
  let uri = opts.uri;
  if (uri === undefined) {
    const scheme = (def.prefix ?? def.names.words[0]!).replace(/_/g, '-');
    uri = `${scheme}://${bare.join('-')}/{id}`;
    def.notes.push(`No --uri given: using ${uri}.`);
  }
  const template = parseUriTemplate(uri);
  const example = exampleUri(template);
  const title = opts.title ?? titleCase(bare);
  return writeDefinition(
    tree,
    def,
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
