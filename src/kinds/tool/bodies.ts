/**
 * The handler of a search, fetch or write tool, as lines of code: it reads the shape's key inputs
 * (the query and limit, the id, the changes), calls the service method that fits the verb (or a
 * marked placeholder), fills the enrichment where the framework has it, and returns every output
 * field from what it got, an input of the same name, or an empty value.
 */

import { camelCase } from '../../text/names.js';
import { emptyValueOf, type ToolField } from './field-code.js';
import type { ShapeChoice, ToolShape } from './shape.js';

/** The service call a handler makes: `getNcbiService().search(query, limit, ctx)`. */
export interface ServiceCall {
  getName: string;
  /** The method the handler calls, and its parameters after the first. */
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
}

const CAP = /^(limit|max|max_?results|max_?items|per_?page|page_?size|top|count|size)$/i;

/** The service method a tool of this shape calls. */
export function serviceMethod(choice: ShapeChoice): string {
  if (choice.shape === 'search') return 'search';
  if (choice.shape === 'fetch') return 'fetchRecord';
  return `${camelCase([choice.verbWrites && choice.verb ? choice.verb : 'update'])}Record`;
}

const scalar = (f: ToolField | undefined, type: string) => f !== undefined && !f.array && f.type === type;
const sameType = (a: ToolField, b: ToolField) =>
  a.type === b.type && a.array === b.array && a.values.join('|') === b.values.join('|') && !a.record && !b.record;

/** The input the shape reads its key from: the query of a search, the id of a fetch or write. */
export function keyInput(shape: ToolShape, inputs: readonly ToolField[]): ToolField | undefined {
  const strings = inputs.filter((f) => scalar(f, 'string') && !f.optional);
  if (shape === 'search') return strings.find((f) => /query|search|term|text|q$/i.test(f.name)) ?? strings[0];
  return strings.find((f) => /^id$|Id$|_id$/.test(f.name)) ?? (shape === 'fetch' ? strings[0] : undefined);
}

/** What the handler returns for one output field, from the shape's result or the inputs. */
function valueFor(shape: ToolShape, out: ToolField, inputs: readonly ToolField[], hasQuery: boolean): string {
  if (shape === 'fetch' && scalar(out, 'string') && (out.name === 'id' || out.name === 'title'))
    return `record.${out.name}`;
  const echo = inputs.find((i) => i.name === out.name && sameType(i, out));
  if (echo) return echo.optional && !out.optional ? `input.${echo.name} ?? ${emptyValueOf(out)}` : `input.${echo.name}`;
  if (shape === 'search') {
    if (out.array && out.record) {
      const picks = out.record.fields.map((r) =>
        scalar(r, 'string') && (r.name === 'id' || r.name === 'title')
          ? `${r.name}: item.${r.name}`
          : `${r.name}: ${emptyValueOf(r)}`,
      );
      return `items.map((item) => ({ ${picks.join(', ')} }))`;
    }
    if (out.array && out.type === 'object') return 'items.map((item) => ({ ...item }))';
    if (out.array && out.type === 'string') return 'items.map((item) => item.title)';
    if (!out.array && (out.type === 'integer' || out.type === 'number') && /count|total/i.test(out.name))
      return 'items.length';
    if (hasQuery && scalar(out, 'string') && /query/i.test(out.name)) return 'query';
  }
  if (shape === 'fetch') {
    if (!out.array && out.type === 'object' && !out.record) return '{ ...record }';
  }
  if (shape === 'write') {
    if (out.array && out.type === 'string') return 'changed';
    if (scalar(out, 'boolean')) return 'changed.length > 0';
    if (!out.array && (out.type === 'integer' || out.type === 'number') && /count|total/i.test(out.name))
      return 'changed.length';
  }
  return emptyValueOf(out);
}

function returnLines(shape: ToolShape, outputs: readonly ToolField[], inputs: readonly ToolField[], hasQuery: boolean) {
  const values = outputs.map((o) => {
    const value = valueFor(shape, o, inputs, hasQuery);
    return value === o.name ? `${o.name},` : `${o.name}: ${value},`;
  });
  return ['return {', ...values.map((v) => `  ${v}`), '};'];
}

function searchLines(inputs: readonly ToolField[], service: ServiceCall | undefined, enrichment: string[]) {
  const query = keyInput('search', inputs);
  const limit = inputs.find((f) => (scalar(f, 'integer') || scalar(f, 'number')) && CAP.test(f.name));
  const lines: string[] = [];
  if (query) {
    lines.push(
      `const query = input.${query.name}.trim();`,
      'if (query.length === 0) {',
      "  throw ctx.fail('empty_query', 'The query must not be blank.', ctx.recoveryFor('empty_query'));",
      '}',
    );
  } else lines.push("const query = '';");
  lines.push(`const limit = ${limit ? (limit.optional ? `input.${limit.name} ?? 10` : `input.${limit.name}`) : '10'};`);
  lines.push("ctx.log.info('Searching', { query, limit });");
  if (service) lines.push(`const items = await ${service.getName}().${service.method}(query, limit, ctx);`);
  else {
    lines.push(
      '// Placeholder result: replace with the real search (a service method, an upstream call).',
      `const items = [{ id: 'item-1', title: \`Example match for \${query}\` }].slice(0, limit);`,
    );
  }
  if (enrichment.includes('effectiveQuery')) lines.push('ctx.enrich.echo(query);');
  if (enrichment.includes('totalCount')) lines.push('ctx.enrich.total(items.length);');
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

function fetchLines(inputs: readonly ToolField[], service: ServiceCall | undefined) {
  const id = keyInput('fetch', inputs);
  const lines = [`const id = ${id ? `input.${id.name}` : "''"};`, "ctx.log.info('Fetching', { id });"];
  if (service) lines.push(`const record = await ${service.getName}().${service.method}(id, ctx);`);
  else {
    lines.push(
      '// Placeholder record: replace with the real lookup (a service method, an upstream call).',
      `const record = { id, title: \`Record \${id}\` };`,
    );
  }
  lines.push("ctx.log.debug('Fetched', { id: record.id });");
  return { lines, key: id };
}

function writeLines(choice: ShapeChoice, inputs: readonly ToolField[], service: ServiceCall | undefined) {
  const id = keyInput('write', inputs);
  const lines: string[] = [];
  if (service) lines.push(`const changed = await ${service.getName}().${service.method}(input, ctx);`);
  else {
    lines.push(
      `// Placeholder: ${choice.verb ?? 'apply'} here (a service method, an upstream call) and report the fields changed.`,
      id
        ? `const changed = Object.keys(input).filter((key) => key !== '${id.name}');`
        : 'const changed = Object.keys(input);',
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

export function handlerCode(
  choice: ShapeChoice,
  inputs: readonly ToolField[],
  outputs: readonly ToolField[],
  service: ServiceCall | undefined,
  enrichmentEnabled: boolean,
): HandlerCode {
  const hasQuery = choice.shape === 'search' && keyInput('search', inputs) !== undefined;
  const enrichment = enrichmentOf(choice.shape, enrichmentEnabled, outputs, hasQuery);
  const body =
    choice.shape === 'search'
      ? searchLines(inputs, service, enrichment)
      : choice.shape === 'fetch'
        ? fetchLines(inputs, service)
        : writeLines(choice, inputs, service);
  const errors = hasQuery
    ? [
        {
          reason: 'empty_query',
          code: 'InvalidParams',
          when: 'The query was empty or held only whitespace.',
          recovery: 'Provide a query with at least one non-whitespace character.',
        },
      ]
    : [];
  return {
    body: body.lines,
    returns: returnLines(choice.shape, outputs, inputs, hasQuery),
    enrichment,
    errors,
    key: body.key,
  };
}

/** The enrichment block's lines. */
export const ENRICHMENT_FIELDS: Record<string, string> = {
  effectiveQuery: "effectiveQuery: z.string().describe('The query as the server parsed it.'),",
  totalCount: "totalCount: z.number().describe('Total matches the search found.'),",
  notice: "notice: z.string().optional().describe('Guidance when nothing matched.'),",
};
