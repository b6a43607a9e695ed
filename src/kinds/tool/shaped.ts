/**
 * `add tool` for a search, fetch or write tool (shape.ts), on its own or on a service
 * (`--service`): the fields typed on the command line or the shape's starter fields, the handler
 * that fits the shape, the enrichment where the framework has it, a format() that renders every
 * output field, and a test that exercises the fields with valid input.
 */

import { ScaffoldError } from '../../engine/errors.js';
import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import { lineWidthOf } from '../../project/formatter.js';
import { type FrameworkFeatures, requireInMemoryStorage, requireVariant } from '../../project/framework-features.js';
import type { Project } from '../../project/project.js';
import { srcImportPath, testImportPath } from '../../registration/conventions.js';
import { tsString } from '../../text/string-literal.js';
import { templatesOf } from '../../text/templates.js';
import { compareImportSources } from '../../ts/import-order.js';
import { type NewDefinition, prepareDefinition, unprefixed, writeDefinition } from '../definition.js';
import { parseFields } from '../field-flags.js';
import {
  ensureServiceMethod,
  fetchByMethod,
  fetchMethod,
  mayFindNothing,
  type ServiceMethod,
  searchByMethod,
  searchMethod,
  writeMethod,
} from '../service/methods.js';
import type { ServiceNames } from '../service/names.js';
import { requireServiceAccessors } from '../service-use.js';
import { methodSpy, serviceInitCall } from '../test/service-double.js';
import { writeAppResource } from './app-resource.js';
import {
  ENRICHMENT_FIELDS,
  type ErrorEntry,
  type HandlerCode,
  handlerCode,
  type ReadMode,
  readMode,
  serviceMethod,
} from './bodies.js';
import { bounded } from './bounds.js';
import { toolData } from './data.js';
import {
  formatChecks,
  formatLines,
  recordSchema,
  sampleOf,
  type ToolField,
  withRecords,
  zodLine,
} from './field-code.js';
import type { ParsedToolOptions } from './options.js';
import { chooseShape, type ShapeChoice } from './shape.js';
import { toolSpec } from './spec.js';
import { starterInputs, starterOutputs } from './starter-fields.js';
import {
  confirmNote,
  confirmQuestion,
  type ToolVariant,
  type VariantChoice,
  variantCode,
  variantErrors,
} from './variant-code.js';

const template = templatesOf(import.meta.url);

/** Whether the flags say the tool changes state (a write tool, whatever its verb). */
export function flagsWrite(opts: ParsedToolOptions): boolean {
  return opts.readOnly === false || opts.destructive === true || opts.confirm === true;
}

/** The shape of the tool the options ask for. */
export function shapeOf(def: NewDefinition, opts: ParsedToolOptions): ShapeChoice {
  return chooseShape(unprefixed(def.names, def.prefix), flagsWrite(opts));
}

/** The typed fields of the command line, checked: `error` is the framework's, not an output field. */
function typedFields(opts: ParsedToolOptions): { inputs: ToolField[]; outputs: ToolField[] } {
  // An object typed in braces becomes a named record; one set of names for both lists.
  const taken = new Set<string>();
  const inputs = withRecords(parseFields('--input', opts.input), taken);
  const outputs = withRecords(parseFields('--output', opts.output), taken);
  const reserved = outputs.find((f) => f.name === 'error');
  if (reserved) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `--output '${reserved.source}': error is the framework's field for a failure.`,
      {
        hint: 'Name it otherwise (errorText, failureDetail).',
      },
    );
  }
  return { inputs, outputs };
}

/** The stub of the method a tool of this shape calls, reading its inputs that way. */
function methodStub(choice: ShapeChoice, mode: ReadMode): ServiceMethod {
  if (choice.shape === 'search') return mode === 'plain' ? searchMethod() : searchByMethod();
  if (choice.shape === 'fetch') return mode === 'plain' ? fetchMethod() : fetchByMethod();
  return writeMethod(serviceMethod(choice, mode));
}

/**
 * The service the tool calls, checked, with the method its shape needs added when missing; and,
 * when a test is written, how it stands in for the service (its init call, and the answer its
 * method is spied to give). Without a test an init the test could not call is no reason to refuse.
 */
function serviceFor(
  tree: Tree,
  opts: ParsedToolOptions,
  choice: ShapeChoice,
  inputs: readonly ToolField[],
  def: { notes: string[] },
) {
  const { text: _text, ...s } = requireServiceAccessors(tree, opts.service!, 'tool');
  const method = methodStub(choice, readMode(choice.shape, inputs));
  const name = method.name;
  if (ensureServiceMethod(tree, s, method)) {
    def.notes.push(`Added a stub of ${s.className}.${name}() to ${s.file}: the upstream call is yours to write.`);
  }
  if (!opts.test) return { s, method: name };
  return { s, method: name, init: serviceInitCall(tree, s.file, s.initName), spy: methodSpy(tree, s, name) };
}

/**
 * The test's checks of the handler's result, beyond the output schema. `spied`: the service's
 * answer is the test's own sample, so a field the handler takes from the record it fetched does
 * not echo the input.
 */
function resultChecks(
  code: HandlerCode,
  inputs: readonly ToolField[],
  outputs: readonly ToolField[],
  spied: boolean,
): string[] {
  const checks: string[] = [];
  const key = code.key;
  if (code.enrichment.length > 0) {
    const fields = code.enrichment
      .filter((k) => k !== 'notice')
      .map((k) => (k === 'effectiveQuery' && key ? `effectiveQuery: ${sampleOf(key)}` : `${k}: expect.any(Number)`));
    checks.push('const enrichment = getEnrichment(ctx);');
    for (const f of fields) checks.push(`expect(enrichment).toMatchObject({ ${f} });`);
  }
  const echoed = key && outputs.find((o) => o.name === key.name && !o.array && o.type === 'string');
  const fromRecord = spied && code.returns.some((l) => l.trim().startsWith(`${key?.name}: record.`));
  if (echoed && inputs.includes(key) && !fromRecord) checks.push(`expect(result.${key.name}).toBe(${sampleOf(key)});`);
  return checks;
}

/**
 * `{ query: 'example-query', limit: 2 }`, with the key input replaced by `keyValue` when given;
 * one entry a line when `    const input = <prefix>(<object>);` would not fit, as Biome lays it out.
 */
function inputObject(
  prefix: string,
  lineWidth: number,
  inputs: readonly ToolField[],
  key?: ToolField,
  keyValue?: string,
): string {
  if (inputs.length === 0) return '{}';
  const entries = inputs.map((f) => `${f.name}: ${f === key && keyValue ? keyValue : sampleOf(f)}`);
  const one = `{ ${entries.join(', ')} }`;
  if (`    const input = ${prefix}(${one});`.length <= lineWidth) return one;
  return `{\n${entries.map((e) => `      ${e},\n`).join('')}    }`;
}

/** `import { a, b } from 'x';` on one line when it fits, else one name a line, as Biome lays it out. */
function importLine(names: string[], from: string, lineWidth: number): string {
  const one = `import { ${names.join(', ')} } from '${from}';`;
  return one.length <= lineWidth ? one : `import {\n${names.map((n) => `  ${n},\n`).join('')}} from '${from}';`;
}

/** `const mockContext = () => …;`, broken after the arrow when it does not fit, as Biome does. */
function mockLine(expr: string, lineWidth: number): string {
  const one = `const mockContext = () => ${expr};`;
  return one.length <= lineWidth ? one : `const mockContext = () =>\n  ${expr};`;
}

/**
 * A variant's tests pass options (the user's answer, a progress mock), so its mockContext takes
 * them: `(options = {}) => createMockContext({ …, ...options, errors })`.
 */
function variantMockLine(
  exportName: string,
  hasErrors: boolean,
  onService: boolean,
  mockTyped: boolean,
  lineWidth: number,
): string {
  const param = hasErrors && mockTyped ? "Omit<MockContextOptions, 'errors'>" : 'MockContextOptions';
  const entries = [
    ...(onService ? ["tenantId: 'test-tenant'"] : []),
    '...options',
    ...(hasErrors ? [`errors: ${exportName}.errors${mockTyped ? '' : ' ?? []'}`] : []),
  ];
  const cast = hasErrors && !mockTyped ? ' as HandlerCtx' : '';
  const head = `const mockContext = (options: ${param} = {}) =>`;
  const body = `createMockContext({ ${entries.join(', ')} })${cast};`;
  // On one line when it fits; else broken after the arrow, and one entry a line when the call
  // does not fit either, as Biome lays it out.
  if (`${head} ${body}`.length <= lineWidth) return `${head} ${body}`;
  const call =
    body.length + 2 <= lineWidth
      ? `  ${body}`
      : `  createMockContext({\n${entries.map((e) => `    ${e},\n`).join('')}  })${cast};`;
  return `${head}\n${call}`;
}

/** The options the tests' main calls pass, so a variant's handler runs to its result. */
function yesOptions(variant: VariantChoice): string {
  if (variant?.kind === 'confirm')
    return variant.api === 'elicit' ? '{ elicit: userAnswers(YES) }' : '{ inputResponses: YES }';
  if (variant?.kind === 'task') return '{ progress: true }';
  return '';
}

function mockExpression(exportName: string, code: HandlerCode, onService: boolean, mockTyped: boolean): string {
  const opts = [...(onService ? ["tenantId: 'test-tenant'"] : [])];
  if (code.errors.length === 0) return `createMockContext(${opts.length ? `{ ${opts.join(', ')} }` : ''})`;
  const errors = mockTyped ? `errors: ${exportName}.errors` : `errors: ${exportName}.errors ?? []`;
  const call = `createMockContext({ ${[...opts, errors].join(', ')} })`;
  return mockTyped ? call : `${call} as HandlerCtx`;
}

/**
 * The not_found test of a fetch on a service whose method may find nothing (it declares
 * `undefined` among its results): the method, spied on, resolves to undefined.
 */
function notFoundTest(tree: Tree, p: ToolParts) {
  const { service, code } = p;
  if (!service || code.notFound === undefined || !mayFindNothing(tree, service.s, service.method)) return undefined;
  return {
    spy: `vi.spyOn(${service.s.getName}(), '${service.method}').mockResolvedValue(undefined);`,
    input: inputObject(`${p.def.exportName}.input.parse`, p.lineWidth, p.inputs),
  };
}

/** What the files say the tool does, for their header. */
function what(choice: ShapeChoice, service: ServiceNames | undefined): string {
  const does = {
    search: 'A search: a query in, a list out',
    fetch: 'A fetch: an id in, one record out',
    write: 'A write: the fields it changes in, what changed out',
  }[choice.shape];
  return `${does}${service ? `, through the ${service.domain} service` : ''}.`;
}

/** The variant, checked against the installed framework: how a confirm tool asks, an app's UI URI. */
function chooseVariant(
  variant: ToolVariant | undefined,
  f: FrameworkFeatures,
  def: NewDefinition,
  withTest: boolean,
): VariantChoice {
  if (variant === undefined) return undefined;
  const api = requireVariant(f, variant, withTest);
  if (variant === 'confirm') return { kind: 'confirm', api: api! };
  if (variant === 'task') return { kind: 'task' };
  return { kind: 'app', uiUri: `ui://${def.names.kebab}/app.html` };
}

/** The names the test imports from the framework's testing entry, in Biome's order. */
function testingNames(storage: boolean, enrich: boolean, variant: VariantChoice): string[] {
  return [
    ...(storage ? ['createInMemoryStorage'] : []),
    'createMockContext',
    ...(variant?.kind === 'confirm' && variant.api === 'requestInput' ? ['expectInputRequired'] : []),
    ...(enrich ? ['getEnrichment'] : []),
    ...(variant ? ['type MockContextOptions'] : []),
  ];
}

/** What the definition and its test are made from. */
interface ToolParts {
  def: NewDefinition;
  features: FrameworkFeatures;
  variant: VariantChoice;
  service: ReturnType<typeof serviceFor> | undefined;
  inputs: ToolField[];
  outputs: ToolField[];
  code: HandlerCode;
  errors: ErrorEntry[];
  lineWidth: number;
}

/** The test's template data. */
function testData(tree: Tree, p: ToolParts) {
  const { def, service, inputs, outputs, code, variant, lineWidth } = p;
  const onService = service !== undefined;
  const notFound = notFoundTest(tree, p);
  const exportName = def.exportName;
  const testImports = [
    { name: exportName, path: testImportPath(tree, def.testFile, def.file) },
    ...(service
      ? [
          {
            name: notFound || service.spy ? `${service.s.getName}, ${service.s.initName}` : service.s.initName,
            path: testImportPath(tree, def.testFile, service.s.file),
          },
        ]
      : []),
  ].sort((a, b) => compareImportSources(a.path, b.path));
  const elicit = variant?.kind === 'confirm' && variant.api === 'elicit';
  return {
    testImports,
    castMock: p.errors.length > 0 && !p.features.mock.errors,
    mockLine: variant
      ? variantMockLine(exportName, p.errors.length > 0, onService, p.features.mock.errors, lineWidth)
      : mockLine(mockExpression(exportName, code, onService, p.features.mock.errors), lineWidth),
    configImport: service?.init?.imports.some((i) => i.names.includes('parseConfig')) ?? false,
    serviceInit: service?.init?.code,
    serviceSpy: service?.spy,
    testingImport: importLine(
      testingNames(service?.init?.storage ?? false, code.enrichment.length > 0, variant),
      '@cyanheads/mcp-ts-core/testing',
      lineWidth,
    ),
    vitestImports: [
      ...(service ? ['beforeEach'] : []),
      ...['describe', 'expect', 'it'],
      ...(elicit || variant?.kind === 'task' || notFound || service?.spy ? ['vi'] : []),
    ].join(', '),
    sampleInput: inputObject(`${exportName}.input.parse`, lineWidth, inputs),
    blankInput: inputObject(`${exportName}.input.parse`, lineWidth, inputs, code.key, tsString('   ')),
    resultChecks: [
      ...(service?.spy ? [`expect(${service.s.getName}().${service.method}).toHaveBeenCalledOnce();`] : []),
      ...resultChecks(code, inputs, outputs, service?.spy !== undefined),
    ],
    formatChecks: outputs.flatMap(formatChecks),
    emptyQuery: code.emptyQuery,
    // The tests that check an error's code: a blank query, a record not found, a confirmation.
    checksErrors: code.emptyQuery || notFound !== undefined || variant?.kind === 'confirm',
    notFound,
    yes: yesOptions(variant),
    confirmElicit: elicit,
    confirmInput: variant?.kind === 'confirm' && variant.api === 'requestInput',
    task: variant?.kind === 'task',
    uiUri: variant?.kind === 'app' ? variant.uiUri : undefined,
    questionHolds: code.key ? sampleOf(code.key) : tsString('cannot be undone'),
  };
}

/** The definition's template data, around the variant's steps. */
function definitionData(tree: Tree, opts: ParsedToolOptions, p: ToolParts, choice: ShapeChoice) {
  const { def, service, inputs, outputs, code } = p;
  const vc = variantCode(p.variant, confirmQuestion(unprefixed(def.names, def.prefix)), code.key?.name);
  const format = formatLines(outputs);
  return {
    ...toolData(def, opts, choice),
    what: what(choice, service?.s),
    service: service && { ...service.s, importPath: srcImportPath(tree, def.file, service.s.file) },
    builder: vc.builder,
    mainImports: vc.mainImports.join(', '),
    variantOptions: vc.options,
    schemas: [...vc.preface, ...[...inputs, ...outputs].flatMap((x) => recordSchema(x) ?? [])],
    inputLines: inputs.map((x) => zodLine(x)),
    outputLines: outputs.map((x) => zodLine(x)),
    enrichmentLines: code.enrichment.map((k) => ENRICHMENT_FIELDS[k]!),
    errors: p.errors,
    errorsImports: ['JsonRpcErrorCode', ...(code.notFound === 'factory' ? ['notFound'] : [])].join(', '),
    async: service !== undefined || vc.awaits,
    handlerLines: [...vc.before, ...code.body, ...vc.beforeReturn, ...code.returns],
    formatLines: format.lines,
    formatLoops: format.loops,
    jsonFirst: vc.jsonFirst,
  };
}

/**
 * A search, fetch or write tool; with `variant`, one that confirms first, runs as a task, or is
 * an app tool with its UI resource, around the same shaped body.
 */
export function shapedTool(
  tree: Tree,
  project: Project,
  opts: ParsedToolOptions,
  features: () => FrameworkFeatures,
  variant?: ToolVariant,
): GeneratorResult {
  const typed = typedFields(opts);
  const app = variant === 'app';
  const def = prepareDefinition(tree, project, toolSpec, opts, (n) => n.snake, app ? '.app-tool.ts' : undefined);
  const choice = shapeOf(def, opts);
  const f = features();
  const chosen = chooseVariant(variant, f, def, opts.test);
  if (chosen?.kind === 'confirm') def.notes.push(confirmNote(chosen.api));
  const onService = opts.service !== undefined;
  const inputs = typed.inputs.length > 0 ? bounded(typed.inputs) : starterInputs(choice, onService);
  const service = onService ? serviceFor(tree, opts, choice, inputs, def) : undefined;
  if (service?.init?.storage) requireInMemoryStorage(f, "The tool's test");
  // An app tool's first block is its result as JSON for the UI: no enrichment merged into it.
  const enrichment = f.enrichment && !app;
  const outputs = typed.outputs.length > 0 ? typed.outputs : starterOutputs(choice, enrichment);
  const call = service && { getName: service.s.getName, method: service.method };
  const lineWidth = lineWidthOf(tree);
  const code = handlerCode(choice, inputs, outputs, call, enrichment, lineWidth, f.fail ? 'ctx' : 'factory');
  const parts: ToolParts = {
    ...{ def, features: f, variant: chosen, service, inputs, outputs, code },
    errors: [...code.errors, ...variantErrors(chosen)],
    lineWidth,
  };
  const data = { ...definitionData(tree, opts, parts, choice), ...testData(tree, parts) };
  const result = writeDefinition(tree, def, opts, data, {
    definition: template('tool-shaped.ts.hbs'),
    test: template('tool-shaped.test.ts.hbs'),
  });
  if (chosen?.kind !== 'app') return result;
  return writeAppResource(tree, project, def, opts, data.title, chosen.uiUri, result, true);
}
