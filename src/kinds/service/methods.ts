/**
 * The service methods tools call, and the stub `add tool --service` adds to a service class that
 * lacks the one its tool needs: `search(query, limit, ctx)` for a search tool,
 * `fetchRecord(id, ctx)` for a fetch tool, `searchBy(criteria, limit, ctx)` and
 * `fetchRecordBy(criteria, ctx)` for those that take other inputs, `<verb>Record(changes, ctx)`
 * for a write tool. Adding is idempotent (a method already there is kept, when it takes the
 * parameters the tool passes); what cannot be added so that it compiles is refused with the file
 * and line.
 */

import { ScaffoldError } from '../../engine/errors.js';
import type { Tree } from '../../engine/tree.js';
import { lineWidthOf } from '../../project/formatter.js';
import { FRAMEWORK } from '../../project/project.js';
import { standIn } from '../../text/placeholders.js';
import { restamp } from '../../text/scaffold-stamp.js';
import { tsString } from '../../text/string-literal.js';
import { hasNamedImport } from '../../ts/imports.js';
import { parseSource, tsMorph } from '../../ts/ts-morph.js';
import type { ServiceNames } from './names.js';

export interface ServiceMethod {
  name: string;
  /** The parameters the tool passes, as the stub declares them. */
  params: string[];
  /** The stub's return type. */
  returns: string;
  /** The stub's doc comment, one line. */
  doc: string;
  /** The stub's body, without the class's indentation. */
  body: string[];
}

const RECORD = '{ id: string; title: string }';

/**
 * The stub's lines, without the class's indentation: its doc comment, its signature (one
 * parameter a line when the signature is wider than the line at `indent`, as Biome lays it out),
 * its body.
 */
export function stubLines(method: ServiceMethod, indent: number, lineWidth: number): string[] {
  const head = `${method.name}(${method.params.join(', ')}): ${method.returns} {`;
  const signature =
    indent + head.length <= lineWidth
      ? [head]
      : [`${method.name}(`, ...method.params.map((p) => `  ${p},`), `): ${method.returns} {`];
  return [method.doc, ...signature, ...method.body.map((l) => `  ${l}`), '}'];
}

/**
 * A search stub's body: up to three made-up records, marked as the stand-in they are; `by` names
 * what it searches by, `matching` is the code of the text each record's title says it matched.
 */
function searchBody(by: string, matching: string): string[] {
  return [
    `ctx.log.info('Searching', { ${by}, limit });`,
    `const records: ${RECORD}[] = [];`,
    standIn('made-up records: search upstream here, at most `limit` of them.'),
    'for (let i = 1; i <= Math.min(limit, 3); i++) {',
    `  records.push({ id: \`rec-\${i}\`, title: \`Record \${i} matching \${${matching}}\` });`,
    '}',
    'return Promise.resolve(records);',
  ];
}

/** The method a search tool calls. */
export function searchMethod(): ServiceMethod {
  return {
    name: 'search',
    params: ['query: string', 'limit: number', 'ctx: Context'],
    returns: `Promise<${RECORD}[]>`,
    doc: '/** Records matching a query, at most `limit`, best match first. */',
    body: searchBody('query', 'query'),
  };
}

/** The method a search tool with inputs besides its query and limit calls. */
export function searchByMethod(): ServiceMethod {
  return {
    name: 'searchBy',
    params: ['criteria: Record<string, unknown>', 'limit: number', 'ctx: Context'],
    returns: `Promise<${RECORD}[]>`,
    doc: '/** Records matching the criteria, at most `limit`, best match first. */',
    body: searchBody('criteria', 'JSON.stringify(criteria)'),
  };
}

/** The stand-in record a fetch stub makes up, and its return. */
const FETCHED = (record: string) => [
  standIn('a made-up record: fetch it upstream here (undefined when there is none).'),
  `const record = ${record};`,
  'return Promise.resolve(record);',
];

/** The method a fetch tool calls (and the resource kind): one record by id, or undefined. */
export function fetchMethod(): ServiceMethod {
  return {
    name: 'fetchRecord',
    params: ['id: string', 'ctx: Context'],
    returns: `Promise<${RECORD} | undefined>`,
    doc: '/** One record by id, or undefined when there is none. */',
    body: ["ctx.log.info('Fetching record', { id });", ...FETCHED(`{ id, title: \`Record \${id}\` }`)],
  };
}

/** The method a fetch tool with inputs besides its id calls: one record by all of them, or undefined. */
export function fetchByMethod(): ServiceMethod {
  return {
    name: 'fetchRecordBy',
    params: ['criteria: Record<string, unknown>', 'ctx: Context'],
    returns: `Promise<${RECORD} | undefined>`,
    doc: '/** One record matching the criteria, or undefined when there is none. */',
    body: [
      "ctx.log.info('Fetching record', { criteria });",
      ...FETCHED(`{ id: 'rec-1', title: \`Record for \${JSON.stringify(criteria)}\` }`),
    ],
  };
}

/** The method a write tool calls: applies the changes, returns the names of the fields changed. */
export function writeMethod(name: string): ServiceMethod {
  return {
    name,
    params: ['changes: Record<string, unknown>', 'ctx: Context'],
    returns: 'Promise<string[]>',
    doc: '/** Applies a change; returns the names of the fields it changed. */',
    body: [
      `ctx.log.info(${tsString(`${name} called`)}, { fields: Object.keys(changes) });`,
      standIn('nothing is changed yet: apply the change upstream, then say what changed.'),
      'const changed = Object.keys(changes);',
      'return Promise.resolve(changed);',
    ],
  };
}

/**
 * Whether the service's method may find nothing: its declared return type names `undefined` (the
 * stubs mcp-scaffold writes do). A method that always returns a record gets no not-found test.
 */
export function mayFindNothing(tree: Tree, s: ServiceNames, name: string): boolean {
  const text = tree.read(s.file);
  if (text === undefined) return false;
  const method = parseSource(s.file, text).getClass(s.className)?.getMethod(name);
  return /\bundefined\b/.test(method?.getReturnTypeNode()?.getText() ?? '');
}

function refuse(file: string, line: number, why: string, hint: string): ScaffoldError {
  return new ScaffoldError('SERVICE_MISSING', `${file}:${line}: ${why}`, { hint });
}

/**
 * Makes sure the service class has the method; adds the stub when it does not. Returns whether
 * it added it. Refuses (SERVICE_MISSING, with file and line) a class it cannot find, a method of
 * that name taking other parameters, and a file without the framework's Context type imported.
 */
export function ensureServiceMethod(tree: Tree, s: ServiceNames, method: ServiceMethod): boolean {
  const text = tree.read(s.file)!;
  const sf = parseSource(s.file, text);
  const cls = sf.getClass(s.className);
  if (!cls) {
    throw refuse(
      s.file,
      1,
      `no class ${s.className} to add ${method.name}() to.`,
      'Add the method by hand, or make the service with `mcp-scaffold add service`.',
    );
  }
  const existing = cls.getMember(method.name);
  if (existing) {
    const { SyntaxKind } = tsMorph();
    const m = existing.asKind(SyntaxKind.MethodDeclaration);
    if (m && m.getParameters().length === method.params.length) return false;
    throw refuse(
      s.file,
      existing.getStartLineNumber(),
      `${s.className}.${method.name} is not a method taking (${method.params.join(', ')}), which the tool calls.`,
      `Rename it, or give it those parameters; or add the tool without --service.`,
    );
  }
  if (!hasNamedImport(sf, 'Context', FRAMEWORK)) {
    throw refuse(
      s.file,
      1,
      `the stub of ${method.name}() takes the handler's Context, which this file does not import from ${FRAMEWORK}.`,
      `Add \`import type { Context } from '${FRAMEWORK}';\` and run the command again.`,
    );
  }
  // Before the class's closing brace, indented as the class body is.
  const close = cls.getEnd() - 1;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const body = stubLines(method, 2, lineWidthOf(tree))
    .map((l) => `  ${l}`)
    .join(eol);
  const gap = cls.getMembers().length > 0 ? `${eol}${eol}` : eol;
  // mcp-scaffold's own edit: a service untouched since it was written stays so.
  tree.write(
    s.file,
    restamp(text, `${text.slice(0, close).replace(/\s*$/, '')}${gap}${body}${eol}${text.slice(close)}`),
  );
  return true;
}

/**
 * The stubs `add tool --service` added to the class in `text` (searchBy, fetchRecordBy, the write
 * verbs' <verb>Record), so that a service written again with --force keeps what its tools call.
 */
export function addedStubsIn(s: ServiceNames, text: string): ServiceMethod[] {
  const cls = parseSource(s.file, text).getClass(s.className);
  const stubs: ServiceMethod[] = [];
  for (const m of cls?.getMethods() ?? []) {
    const name = m.getName();
    if (name === 'searchBy') stubs.push(searchByMethod());
    else if (name === 'fetchRecordBy') stubs.push(fetchByMethod());
    else if (/^[a-z]\w*Record$/.test(name) && name !== 'fetchRecord' && m.getParameters().length === 2)
      stubs.push(writeMethod(name));
  }
  return stubs;
}
