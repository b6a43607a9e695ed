/**
 * `add resource`: a resource definition with params from its URI template (described by --param),
 * optionally read through a service (--service), its test, and its registration.
 */

import type { z } from 'zod';
import { ScaffoldError } from '../../engine/errors.js';
import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import {
  detectFrameworkFeatures,
  type FrameworkFeatures,
  requireInMemoryStorage,
} from '../../project/framework-features.js';
import type { Project } from '../../project/project.js';
import { existingDefinitions } from '../../registration/definitions.js';
import { titleCase } from '../../text/names.js';
import { placeholder } from '../../text/placeholders.js';
import { tsString } from '../../text/string-literal.js';
import { templatesOf } from '../../text/templates.js';
import { assertExampleIsUrl, exampleUri, sameUris, type UriTemplate } from '../../text/uri-template.js';
import { type NewDefinition, prepareDefinition, unprefixed, writeDefinition } from '../definition.js';
import { optionsSchema } from '../schema.js';
import { mayFindNothing as mayFindNothingIn } from '../service/methods.js';
import { requireService, serviceTemplateData } from '../service-use.js';
import { resourceOutputs } from './outputs.js';
import { parseParams, resourceParams, resourceTemplate } from './params.js';
import { resourceSpec } from './spec.js';

const TEMPLATE = templatesOf(import.meta.url);

export const addResourceOptions = optionsSchema(resourceSpec.options);
export type AddResourceOptions = z.input<typeof addResourceOptions>;
type ParsedResourceOptions = z.output<typeof addResourceOptions>;

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

/**
 * A resource read through a service declares that the record its URI names may not exist, and
 * raises it when fetchRecord finds none: through ctx.fail where the framework has it.
 */
function notFoundCode(idParam: string, failWith: 'ctx' | 'factory') {
  const message = `\`No record \${params.${idParam}}.\``;
  return {
    imports: failWith === 'ctx' ? 'JsonRpcErrorCode' : 'JsonRpcErrorCode, notFound',
    contract: [
      'errors: [',
      '  {',
      "    reason: 'not_found',",
      '    code: JsonRpcErrorCode.NotFound,',
      "    when: 'No record has the id the URI names.',",
      "    recovery: 'Check the id in the URI, or list the resources to find one that exists.',",
      '  },',
      '],',
    ],
    check: [
      'if (!record) {',
      failWith === 'ctx'
        ? `  throw ctx.fail('not_found', ${message}, ctx.recoveryFor('not_found'));`
        : `  throw notFound(${message}, { reason: 'not_found' });`,
      '}',
    ],
  };
}

/** `--service`: the service checked to exist, the variable its fetchRecord(id, ctx) gets. */
function serviceRead(
  tree: Tree,
  def: NewDefinition,
  opts: ParsedResourceOptions,
  template: UriTemplate,
  features: () => FrameworkFeatures,
) {
  if (opts.service === undefined)
    return { service: undefined, idParam: undefined, notFound: undefined, mockTyped: undefined };
  const s = requireService(tree, opts.service, 'resource');
  const [idParam, ...others] = template.variables;
  if (idParam === undefined) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `--service ${opts.service} needs a URI variable to pass to fetchRecord(id, ctx), and ${template.template} has none.`,
      {
        hint: "Give the template a variable, e.g. --uri 'acme://records/{id}', or drop --service.",
      },
    );
  }
  if (others.length > 0) def.notes.push(`The handler passes {${idParam}} to ${s.getName}().fetchRecord(id, ctx).`);
  const data = serviceTemplateData(tree, def, s, 'fetchRecord', opts.test);
  if (data.serviceStorage) requireInMemoryStorage(features(), "The resource's test");
  const notFound = notFoundCode(idParam, features().fail ? 'ctx' : 'factory');
  // The test spies on fetchRecord to answer nothing where its declared result allows it.
  const mayFindNothing = mayFindNothingIn(tree, s, 'fetchRecord');
  const usesVi = data.serviceSpy !== undefined || mayFindNothing;
  // Its test's mock carries the contract (typed by it from 0.11.3; before, cast to the handler's ctx).
  return { ...data, idParam, notFound, mockTyped: features().mock.errors, mayFindNothing, usesVi };
}

export function addResourceGenerator(
  tree: Tree,
  project: Project,
  raw: AddResourceOptions,
  /** What the installed framework offers; read from node_modules when --service needs it. */
  features?: FrameworkFeatures,
): GeneratorResult {
  const opts = addResourceOptions.parse(raw);
  const fields = parseParams(opts.param);
  // Resource names are kebab-case with the server prefix (`acme-item`), as the framework's own are.
  const def = prepareDefinition(tree, project, resourceSpec, opts, (n) => n.kebab);
  const bare = unprefixed(def.names, def.prefix);
  const scheme = (def.prefix ?? def.names.words[0]!).replace(/_/g, '-');
  const template = resourceTemplate(opts.uri, fields, `${scheme}://${bare.join('-')}`, def.notes);
  assertExampleIsUrl(template);
  refuseTakenUri(tree, def.file, template);
  const service = serviceRead(tree, def, opts, template, () => (features ??= detectFrameworkFeatures(project.root)));
  const outputs = resourceOutputs(opts.output, template.variables, service.service !== undefined);
  const example = exampleUri(template);
  const title = opts.title ?? titleCase(bare);
  return writeDefinition(
    tree,
    def,
    opts,
    {
      title,
      description: opts.description ?? placeholder(`${title} by URI. Describe what it holds and when to read it.`),
      uriTemplate: template.template,
      params: resourceParams(template, fields, service.idParam),
      hasParams: template.variables.length > 0,
      exampleUri: example.uri,
      exampleParams: example.params,
      outputs,
      outputNames:
        outputs &&
        `[${[...outputs.names]
          .sort()
          .map((n) => tsString(n))
          .join(', ')}]`,
      ...service,
    },
    { definition: TEMPLATE('resource.ts.hbs'), test: TEMPLATE('resource.test.ts.hbs') },
  );
}
