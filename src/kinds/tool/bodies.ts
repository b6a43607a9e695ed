/**
 * The handler of a search, fetch or write tool, as lines of code: it reads every input it is
 * given (the shape's key inputs, the query and limit or the id, by name; the others gathered into
 * the criteria it searches or fetches by, or the changes it writes), calls the service method that
 * fits (or a stand-in, marked as one), fills the enrichment where the framework has it, and returns
 * every output field from what it got, an input of the same name, or an empty value marked as a
 * stand-in. A fetch declares `not_found` and raises it when there is no record.
 */

import { camelCase } from '../../text/names.js';
import { standIn } from '../../text/placeholders.js';
import { emptyValueOf, type ToolField } from './field-code.js';
import type { ShapeChoice, ToolShape } from './shape.js';

/** The service call a handler makes: `getNcbiService().search(query, limit, ctx)`. */
export interface ServiceCall {
  getName: string;
  /** The method the handler calls. */
  method: string;
}

/** One entry of a tool's `errors` contract; `code` names a JsonRpcErrorCode member. */
export interface ErrorEntry {
  reason: string;
  code: string;
  when: string;
  recovery: string;
}

export interface HandlerCode {
  /** The work, up to the return: what a variant's steps go around. */
  body: string[];
  /** The `return { … };` lines. */
  returns: string[];
  /** The enrichment fields declared (keys disjoint from the output's). */
  enrichment: string[];
  /** The domain error the handler throws, when it has one. */
  errors: ErrorEntry[];
  /** The input field the handler reads as the query / the id, for the test. */
  key: ToolField | undefined;
  /** Whether a blank query fails with empty_query. */
  emptyQuery: boolean;
  /** How a fetch raises not_found, when the tool is one. */
  notFound: FailWith | undefined;
}

export const CAP = /^(limit|max|max_?results|max_?items|per_?page|page_?size|top|count|size)$/i;

/**
 * How a search or fetch reads its inputs. `plain`: a search whose inputs are its query and limit,
 * or a fetch whose one input is its id, calls search(query, limit, ctx) or fetchRecord(id, ctx).
 * `criteria`: any other inputs are passed on in one object, to searchBy(criteria, limit, ctx) or
 * fetchRecordBy(criteria, ctx), so none is left unread whatever its type.
 */
export type ReadMode = 'plain' | 'criteria';

/** The service method a tool of this shape calls, reading its inputs that way. */
export function serviceMethod(choice: ShapeChoice, mode: ReadMode): string {
  if (choice.shape === 'search') return mode === 'plain' ? 'search' : 'searchBy';
  if (choice.shape === 'fetch') return mode === 'plain' ? 'fetchRecord' : 'fetchRecordBy';
  return `${camelCase([choice.verbWrites && choice.verb ? choice.verb : 'update'])}Record`;
}

const scalar = (f: ToolField | undefined, type: string) => f !== undefined && !f.array && f.type === type;
const sameType = (a: ToolField, b: ToolField) =>
  a.type === b.type && a.array === b.array && a.values.join('|') === b.values.join('|') && !a.record && !b.record;

const QUERY = /query|search|term|text|q$/i;
// Names that identify one thing rather than text to match: an id, a key, a slug, a uuid, and the
// identifiers of the bibliographic sources servers most often wrap.
const ID = /^(id|key|slug|uuid|pmid|pmcid|doi|isbn|issn)$|(Id|Key|Slug|Uuid)$|_(id|key|slug|uuid)$/;

/**
 * The input the shape reads its key from: the query of a search (a string named like one, else
 * the first required string that is not an id), the id of a fetch or write.
 */
export function keyInput(shape: ToolShape, inputs: readonly ToolField[], destroys = false): ToolField | undefined {
  const strings = inputs.filter((f) => scalar(f, 'string') && !f.optional);
  if (shape === 'search') {
    const named = inputs.find((f) => scalar(f, 'string') && QUERY.test(f.name));
    return named ?? strings.find((f) => !ID.test(f.name));
  }
  // What a fetch reads, or a destructive write acts on, is named by its first required string.
  return strings.find((f) => ID.test(f.name)) ?? (shape === 'fetch' || destroys ? strings[0] : undefined);
}

/** The number input that caps a search. */
function capInput(inputs: readonly ToolField[]): ToolField | undefined {
  return inputs.find((f) => (scalar(f, 'integer') || scalar(f, 'number')) && CAP.test(f.name));
}

/** Whether a search or fetch reads its inputs plainly (query and limit, or the id alone) or as criteria. */
export function readMode(shape: ToolShape, inputs: readonly ToolField[]): ReadMode {
  const key = keyInput(shape, inputs);
  if (shape === 'search') {
    const cap = capInput(inputs);
    return key && inputs.every((f) => f === key || f === cap) ? 'plain' : 'criteria';
  }
  return key && inputs.length === 1 ? 'plain' : 'criteria';
}

/**
 * `const criteria = { query, kind: input.kind };`: every input but the cap, each by its name, the
 * key from its variable. One entry a line when the line would be wider than `lineWidth`, as Biome
 * lays it out (the handler's lines are indented four columns).
 */
function criteriaLines(inputs: readonly ToolField[], key: ToolField | undefined, variable: string, lineWidth: number) {
  const entries = inputs.map((f) => {
    const value = f === key ? variable : `input.${f.name}`;
    return value === f.name ? f.name : `${f.name}: ${value}`;
  });
  const one = `const criteria = ${entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`};`;
  if (`    ${one}`.length <= lineWidth) return [one];
  return ['const criteria = {', ...entries.map((e) => `  ${e},`), '};'];
}

/** A value the handler returns: its code, and whether it is made up (an empty value to replace). */
interface Returned {
  code: string;
  madeUp: boolean;
}

/**
 * Why a search's count is called totalCount: the framework's capped-list-no-truncation lint warns
 * on a tool with a cap-like input and a list output unless its enrichment or output declares
 * `totalCount` or `truncated` (ctx.enrich.total() declares totalCount), and no other name will do.
 */
export const TOTAL_COUNT_WHY =
  "// totalCount by this name: devcheck's capped-list-no-truncation reads only it or truncated.";

const real = (code: string): Returned => ({ code, madeUp: false });
const madeUp = (code: string): Returned => ({ code, madeUp: true });

/** What the handler returns for one output field, from the shape's result or the inputs. */
function valueFor(
  shape: ToolShape,
  out: ToolField,
  inputs: readonly ToolField[],
  hasQuery: boolean,
  key: ToolField | undefined,
): Returned {
  if (shape === 'fetch' && scalar(out, 'string') && (out.name === 'id' || out.name === 'title'))
    return real(`record.${out.name}`);
  const echo = inputs.find((i) => i.name === out.name && sameType(i, out));
  if (echo)
    return real(echo.optional && !out.optional ? `input.${echo.name} ?? ${emptyValueOf(out)}` : `input.${echo.name}`);
  if (shape === 'search') {
    if (out.array && out.record) {
      const picked = (r: ToolField) => scalar(r, 'string') && (r.name === 'id' || r.name === 'title');
      const picks = out.record.fields.map((r) =>
        picked(r) ? `${r.name}: item.${r.name}` : `${r.name}: ${emptyValueOf(r, true)}`,
      );
      // A record with nothing to take from the item does not name it (an unused parameter fails tsc).
      const param = out.record.fields.some(picked) ? 'item' : '';
      const code = `items.map((${param}) => ({ ${picks.join(', ')} }))`;
      return out.record.fields.every(picked) ? real(code) : madeUp(code);
    }
    if (out.array && out.type === 'object') return real('items.map((item) => ({ ...item }))');
    if (out.array && out.type === 'string') return real('items.map((item) => item.title)');
    if (!out.array && (out.type === 'integer' || out.type === 'number') && /count|total/i.test(out.name))
      return real('items.length');
    if (hasQuery && scalar(out, 'string') && /query/i.test(out.name)) return real('query');
  }
  if (shape === 'fetch') {
    if (!out.array && out.type === 'object' && !out.record) return real('{ ...record }');
  }
  if (shape === 'write') {
    // What the tool acted on: the record its key input names.
    if (key && scalar(out, 'string') && out.name === 'id') return real(`input.${key.name}`);
    if (out.array && out.type === 'string') return real('changed');
    if (scalar(out, 'boolean')) return real('changed.length > 0');
    if (!out.array && (out.type === 'integer' || out.type === 'number') && /count|total/i.test(out.name))
      return real('changed.length');
  }
  return madeUp(emptyValueOf(out));
}

/** `return { … };`, a made-up value under the stand-in mark that says to replace it. */
function returnLines(
  shape: ToolShape,
  outputs: readonly ToolField[],
  inputs: readonly ToolField[],
  hasQuery: boolean,
  key: ToolField | undefined,
) {
  const values = outputs.flatMap((o) => {
    const value = valueFor(shape, o, inputs, hasQuery, key);
    const line = value.code === o.name ? `${o.name},` : `${o.name}: ${value.code},`;
    if (value.madeUp) return [standIn(`nothing fills ${o.name} yet: return the real value.`), line];
    return shape === 'search' && o.name === 'totalCount' ? [TOTAL_COUNT_WHY, line] : [line];
  });
  return ['return {', ...values.map((v) => `  ${v}`), '};'];
}

/** How the handler raises a declared reason: `ctx.fail` where the framework has it, else the error factory. */
export type FailWith = 'ctx' | 'factory';

/** `if (!record) { throw … }`: a fetch that found nothing fails with its declared not_found. */
function notFoundLines(message: string, failWith: FailWith): string[] {
  const thrown =
    failWith === 'ctx'
      ? `throw ctx.fail('not_found', ${message}, ctx.recoveryFor('not_found'));`
      : `throw notFound(${message}, { reason: 'not_found' });`;
  return ['if (!record) {', `  ${thrown}`, '}'];
}

function searchLines(
  inputs: readonly ToolField[],
  service: ServiceCall | undefined,
  enrichment: string[],
  lineWidth: number,
) {
  const query = keyInput('search', inputs);
  const limit = capInput(inputs);
  const lines: string[] = [];
  if (query?.optional) lines.push(`const query = input.${query.name}?.trim() ?? '';`);
  else if (query) {
    lines.push(
      `const query = input.${query.name}.trim();`,
      'if (query.length === 0) {',
      "  throw ctx.fail('empty_query', 'The query must not be blank.', ctx.recoveryFor('empty_query'));",
      '}',
    );
  }
  lines.push(`const limit = ${limit ? (limit.optional ? `input.${limit.name} ?? 10` : `input.${limit.name}`) : '10'};`);
  const search = standIn('made-up results: search your data here (a service method, an API call).');
  if (readMode('search', inputs) === 'plain') {
    lines.push("ctx.log.info('Searching', { query, limit });");
    if (service) lines.push(`const items = await ${service.getName}().${service.method}(query, limit, ctx);`);
    else
      lines.push(search, `const items = [{ id: 'item-1', title: \`Example match for \${query}\` }].slice(0, limit);`);
  } else {
    lines.push(
      ...criteriaLines(
        inputs.filter((f) => f !== limit),
        query,
        'query',
        lineWidth,
      ),
    );
    lines.push("ctx.log.info('Searching', { criteria, limit });");
    if (service) lines.push(`const items = await ${service.getName}().${service.method}(criteria, limit, ctx);`);
    else {
      lines.push(search, "const items = [{ id: 'item-1', title: JSON.stringify(criteria) }].slice(0, limit);");
    }
  }
  if (enrichment.includes('effectiveQuery')) lines.push('ctx.enrich.echo(query);');
  if (enrichment.includes('totalCount')) lines.push(TOTAL_COUNT_WHY, 'ctx.enrich.total(items.length);');
  if (enrichment.includes('notice')) {
    lines.push(
      'if (items.length === 0) {',
      `  ctx.enrich.notice(\`Nothing matched "\${query}": try broader terms or check the spelling.\`);`,
      '}',
    );
  }
  if (enrichment.length === 0) lines.push("ctx.log.debug('Matched', { count: items.length });");
  return { lines, key: query };
}

/** The record type a fetch's stand-in declares: a real lookup may find none. */
const STAND_IN_RECORD = '{ id: string; title: string } | undefined';

function fetchLines(
  inputs: readonly ToolField[],
  service: ServiceCall | undefined,
  lineWidth: number,
  failWith: FailWith,
) {
  const id = keyInput('fetch', inputs);
  const call = service && `await ${service.getName}().${service.method}`;
  const lookup = standIn('a made-up record: look it up here (undefined when there is none).');
  if (readMode('fetch', inputs) === 'plain') {
    const lines = [`const id = input.${id!.name};`, "ctx.log.info('Fetching', { id });"];
    if (call) lines.push(`const record = ${call}(id, ctx);`);
    else lines.push(lookup, `const record: ${STAND_IN_RECORD} = { id, title: \`Record \${id}\` };`);
    lines.push(...notFoundLines(`\`No record \${id}.\``, failWith), "ctx.log.debug('Fetched', { id: record.id });");
    return { lines, key: id };
  }
  const lines = id ? [`const id = input.${id.name};`] : [];
  lines.push(...criteriaLines(inputs, id, 'id', lineWidth), "ctx.log.info('Fetching', { criteria });");
  if (call) lines.push(`const record = ${call}(criteria, ctx);`);
  else {
    lines.push(
      lookup,
      `const record: ${STAND_IN_RECORD} = {`,
      `  id: ${id ? 'id' : "'record-1'"},`,
      `  title: \`Record for \${JSON.stringify(criteria)}\`,`,
      '};',
    );
  }
  lines.push(
    ...notFoundLines("'No record matches the criteria.'", failWith),
    "ctx.log.debug('Fetched', { id: record.id });",
  );
  return { lines, key: id };
}

function writeLines(choice: ShapeChoice, inputs: readonly ToolField[], service: ServiceCall | undefined) {
  const id = keyInput('write', inputs, choice.verbDestroys);
  const lines: string[] = [];
  if (service) lines.push(`const changed = await ${service.getName}().${service.method}(input, ctx);`);
  else {
    // What it was asked to change: the fields besides the key, or, for a delete, the record itself.
    const asked =
      id && !choice.verbDestroys ? `Object.keys(input).filter((key) => key !== '${id.name}')` : 'Object.keys(input)';
    lines.push(
      standIn(`nothing is changed yet: ${choice.verb ?? 'apply'} here, then say what changed.`),
      `const changed = ${asked};`,
    );
  }
  lines.push("ctx.log.info('Changed', { changed });");
  return { lines, key: id };
}

/** The enrichment a search declares where the framework has it, minus keys the output already has. */
function enrichmentOf(shape: ToolShape, enabled: boolean, outputs: readonly ToolField[], hasQuery: boolean): string[] {
  if (!enabled || shape !== 'search') return [];
  const keys = [...(hasQuery ? ['effectiveQuery'] : []), 'totalCount', ...(hasQuery ? ['notice'] : [])];
  return keys.filter((k) => !outputs.some((o) => o.name === k));
}

const EMPTY_QUERY: ErrorEntry = {
  reason: 'empty_query',
  code: 'InvalidParams',
  when: 'The query was empty or held only whitespace.',
  recovery: 'Provide a query with at least one non-whitespace character.',
};

/** A fetch's contract: the record asked for may not exist. */
function notFoundEntry(plain: boolean): ErrorEntry {
  return {
    reason: 'not_found',
    code: 'NotFound',
    when: plain ? 'No record has the id asked for.' : 'No record matches the inputs given.',
    recovery: plain
      ? 'Check the id, or search first to find one that exists.'
      : 'Check the inputs, or search first to find a record that exists.',
  };
}

export function handlerCode(
  choice: ShapeChoice,
  inputs: readonly ToolField[],
  outputs: readonly ToolField[],
  service: ServiceCall | undefined,
  enrichmentEnabled: boolean,
  lineWidth: number,
  failWith: FailWith = 'ctx',
): HandlerCode {
  const query = choice.shape === 'search' ? keyInput('search', inputs) : undefined;
  const hasQuery = query !== undefined;
  const enrichment = enrichmentOf(choice.shape, enrichmentEnabled, outputs, hasQuery);
  const body =
    choice.shape === 'search'
      ? searchLines(inputs, service, enrichment, lineWidth)
      : choice.shape === 'fetch'
        ? fetchLines(inputs, service, lineWidth, failWith)
        : writeLines(choice, inputs, service);
  // An optional query may be left out: only a required one can be blank by mistake.
  const errors: ErrorEntry[] = [];
  if (query && !query.optional) errors.push(EMPTY_QUERY);
  if (choice.shape === 'fetch') errors.push(notFoundEntry(readMode('fetch', inputs) === 'plain'));
  return {
    body: body.lines,
    returns: returnLines(choice.shape, outputs, inputs, hasQuery, body.key),
    enrichment,
    errors,
    key: body.key,
    emptyQuery: errors.includes(EMPTY_QUERY),
    notFound: choice.shape === 'fetch' ? failWith : undefined,
  };
}

/** The enrichment block's lines. */
export const ENRICHMENT_FIELDS: Record<string, string> = {
  effectiveQuery: "effectiveQuery: z.string().describe('The query as the server parsed it.'),",
  totalCount: "totalCount: z.number().describe('Total matches the search found.'),",
  notice: "notice: z.string().optional().describe('Guidance when nothing matched.'),",
};
