/** `add resource`: a resource definition with params from its URI template, its test, registration. */

import type { z } from 'zod';
import { ScaffoldError } from '../../engine/errors.js';
import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import type { Project } from '../../project/project.js';
import { existingDefinitions } from '../../registration/definitions.js';
import { titleCase } from '../../text/names.js';
import { templatesOf } from '../../text/templates.js';
import {
  assertExampleIsUrl,
  exampleUri,
  parseUriTemplate,
  sameUris,
  type UriTemplate,
} from '../../text/uri-template.js';
import { prepareDefinition, unprefixed, writeDefinition } from '../definition.js';
import { optionsSchema } from '../schema.js';
import { resourceSpec } from './spec.js';

const TEMPLATE = templatesOf(import.meta.url);

export const addResourceOptions = optionsSchema(resourceSpec.options);
export type AddResourceOptions = z.input<typeof addResourceOptions>;

/** A URI template equal to (or matching the same URIs as) another resource's: one of them could never be read. */
function refuseTakenUri(tree: Tree, file: string, template: UriTemplate): void {
  for (const other of existingDefinitions(tree, resourceSpec.layout)) {
    if (other.file === file || other.uri === undefined || !sameUris(template, other.uri)) continue;
    throw new ScaffoldError(
      'ALREADY_EXISTS',
      `The URI template ${template.template} matches the same URIs as ${other.uri} in ${other.file}: one of the two resources could never be read.`,
      {
        hint: 'Give --uri a different path, e.g. another first segment after the scheme.',
        details: [{ path: other.file, message: `uri ${other.uri}` }],
      },
    );
  }
}

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
  assertExampleIsUrl(template);
  refuseTakenUri(tree, def.file, template);
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
