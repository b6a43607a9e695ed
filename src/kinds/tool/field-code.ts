/**
 * Tool fields as code: the zod schema of a field (typed on the command line or one of a shape's
 * starter fields), a valid sample for the test, a placeholder value for the handler, and the
 * format() line that renders it. Each field is one line of code; a line wider than the project's
 * Biome allows is laid out by its Biome before it is written (project/formatter.ts).
 */

import { pascalCase } from '../../text/names.js';
import { placeholder } from '../../text/placeholders.js';
import { tsString } from '../../text/string-literal.js';
import type { FieldSpec } from '../fields.js';

/**
 * A field of a tool's input or output. An object whose fields are known (a starter list of
 * records, or `object{…}` typed with braces) names its record's fields.
 */
export interface ToolField extends FieldSpec {
  /**
   * The record's fields, written as a named z.object above the definition; `description` goes on
   * a list's element (the linter wants it described), and is unused for a single object.
   */
  record?: { schemaName: string; description: string; fields: ToolField[] };
  /** A refinement written after the type: `.regex(/^…$/)`. */
  refine?: string;
  /** A valid value for the test, when the type's own would not pass the refinement. */
  sample?: string;
}

/** A field from the command line or from a shape; `description` is the text, or empty. */
export function field(name: string, type: FieldSpec['type'], description: string, more: Partial<ToolField> = {}) {
  return {
    name,
    type,
    array: false,
    values: [],
    optional: false,
    description,
    source: name,
    ...more,
  } satisfies ToolField;
}

/** The words of a field name: `maxResults`, `max_results` → max, results. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** The description written for a field: its text, or a placeholder made from its name. */
export function descriptionOf(f: FieldSpec): string {
  if (f.description !== '') return f.description;
  const sentence = words(f.name).join(' ');
  return placeholder(`${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}: say what it holds.`);
}

/**
 * The typed fields with each object typed in braces made a named record: `works:object[]{…}`
 * gets `const WorksItemSchema = z.object({ … })`, its own objects `WorksItemAuthorSchema`. The
 * `Schema` ending keeps the names off every global and import of the file; `taken` holds the
 * names used so far, so an input and an output of one name get two.
 */
export function withRecords(fields: readonly FieldSpec[], taken: Set<string>, parent = ''): ToolField[] {
  return fields.map((f) => {
    if (!f.fields) return f;
    const base = `${parent}${pascalCase(words(f.name))}${f.array ? 'Item' : ''}`;
    let schemaName = `${base}Schema`;
    for (let n = 2; taken.has(schemaName); n++) schemaName = `${base}${n}Schema`;
    taken.add(schemaName);
    const description = f.array ? `One entry of ${f.name}.` : '';
    return { ...f, record: { schemaName, description, fields: withRecords(f.fields, taken, base) } };
  });
}

function scalarZod(f: ToolField): string {
  switch (f.type) {
    case 'string':
      return 'z.string()';
    case 'number':
      return 'z.number()';
    case 'integer':
      return 'z.number().int()';
    case 'boolean':
      return 'z.boolean()';
    case 'enum':
      return `z.enum([${f.values.map((v) => tsString(v)).join(', ')}])`;
    case 'object':
      // The linter wants every list element described: the record's text goes on it.
      if (!f.record) return 'z.record(z.string(), z.unknown())';
      return f.array ? `${f.record.schemaName}.describe(${tsString(f.record.description)})` : f.record.schemaName;
  }
}

/**
 * `name: z.string().optional().describe('…'),`. Broken one call a line, as Biome lays it out
 * however short it is: a chain with a regex in it, and a chain of more than two calls one of
 * which takes an argument Biome does not count as simple, as a call holding an array literal
 * (`z.array(z.enum([…])).optional().describe(…)`). `indent` is the column the field starts at.
 */
export function zodLine(f: ToolField, indent = '    '): string {
  const base = `${scalarZod(f)}${f.refine ?? ''}`;
  const typed = f.array ? `z.array(${base})` : base;
  const optional = f.optional ? '.optional()' : '';
  const describe = `.describe(${tsString(descriptionOf(f))})`;
  const line = `${f.name}: ${typed}${optional}${describe},`;
  if (f.array) {
    const complexArgument = base.includes('([');
    if (!f.optional || !complexArgument) return line;
    const calls = [`.array(${base})`, optional, describe].filter(Boolean);
    return [`${f.name}: z`, ...calls.map((c) => `${indent}  ${c}`)].join('\n').concat(',');
  }
  if (!f.refine?.includes('/')) return line;
  const calls = line.slice(`${f.name}: z`.length).split(/(?=\.[a-z]+\()/);
  return [`${f.name}: z`, ...calls.map((c) => `${indent}  ${c}`)].join('\n');
}

/** The `const Item = z.object({ … });` a record refers to, after those its own records refer to. */
export function recordSchema(f: ToolField): string | undefined {
  if (!f.record) return undefined;
  const inner = f.record.fields.flatMap((r) => recordSchema(r) ?? []);
  const lines = f.record.fields.map((r) => `  ${zodLine(r, '  ')}`);
  return [...inner, [`const ${f.record.schemaName} = z.object({`, ...lines, '});'].join('\n')].join('\n\n');
}

function scalarSample(f: ToolField): string {
  switch (f.type) {
    case 'string':
      return tsString(`example-${words(f.name).join('-')}`);
    case 'number':
    case 'integer':
      return '2';
    case 'boolean':
      return 'true';
    case 'enum':
      return tsString(f.values[0] ?? '');
    case 'object':
      return f.record
        ? `{ ${f.record.fields.map((r) => `${r.name}: ${sampleOf(r)}`).join(', ')} }`
        : "{ note: 'example' }";
  }
}

/** A valid value for the field, as code: what the test passes as input. */
export function sampleOf(f: ToolField): string {
  if (f.sample) return f.sample;
  return f.array ? `[${scalarSample(f)}]` : scalarSample(f);
}

/** The required fields of a record, each with its empty value: `{ title: '', year: 0 }`. */
function emptyRecord(fields: readonly ToolField[]): string {
  const entries = fields.filter((r) => !r.optional).map((r) => `${r.name}: ${emptyValueOf(r, true)}`);
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}

/**
 * The value a handler returns for a field it has nothing for yet, as code. In a record an enum's
 * value is `as const`: a literal inside an object built apart from the schema widens to string.
 */
export function emptyValueOf(f: ToolField, inRecord = false): string {
  if (f.array) return '[]';
  switch (f.type) {
    case 'string':
      return "''";
    case 'number':
    case 'integer':
      return '0';
    case 'boolean':
      return 'false';
    case 'enum':
      return `${tsString(f.values[0] ?? '')}${inRecord ? ' as const' : ''}`;
    case 'object':
      return f.record ? emptyRecord(f.record.fields) : '{}';
  }
}

/**
 * How format() writes the value `v` (code) of the field, inside a template literal. A top-level
 * list of records shows its length, each record on a line of its own below; inside a record, an
 * object or a list of them is written as JSON, which holds every field the linter looks for.
 */
function rendered(f: ToolField, v: string, inRecord = false): string {
  const none = "'(none)'";
  if (f.array && f.record && !inRecord) return f.optional ? `${v}?.length ?? 0` : `${v}.length`;
  if (f.array && f.type === 'object')
    return `${v}${f.optional ? '?' : ''}.map((o) => JSON.stringify(o)).join('; ')${f.optional ? ` ?? ${none}` : ''}`;
  if (f.array) return `${v}${f.optional ? '?' : ''}.join(', ')${f.optional ? ` ?? ${none}` : ''}`;
  if (f.type === 'object')
    return f.optional ? `${v} === undefined ? ${none} : JSON.stringify(${v})` : `JSON.stringify(${v})`;
  return f.optional ? `${v} ?? ${none}` : v;
}

/**
 * format()'s lines for the output fields: `**name:** value` each, and one line per record of a
 * starter list. The linter's format-parity rule finds every field by its value or its name.
 */
export function formatLines(outputs: readonly ToolField[]): { lines: string[]; loops: string[] } {
  const lines = outputs.map((f) => `\`**${f.name}:** \${${rendered(f, `result.${f.name}`)}}\``);
  const loops = outputs.flatMap((f) => {
    if (!f.record || !f.array) return [];
    const parts = f.record.fields.map((r) => `${r.name}: \${${rendered(r, `entry.${r.name}`, true)}}`);
    return [`for (const entry of ${listOf(f)}) {`, `  lines.push(\`- ${parts.join(', ')}\`);`, '}'];
  });
  return { lines, loops };
}

/** `result.works`, or `result.works ?? []` when the list may be left out. */
const listOf = (f: ToolField) => `result.${f.name}${f.optional ? ' ?? []' : ''}`;

/** Whether the field always holds a value that String() writes as format() does. */
const plainScalar = (f: ToolField) => !f.array && !f.optional && f.type !== 'object';

/**
 * What the test expects format()'s text to hold for the field: its label, its value when a
 * scalar, and the scalars of each record of a list.
 */
export function formatChecks(f: ToolField): string[] {
  const checks = [`expect(text).toContain(${tsString(`**${f.name}:**`)});`];
  if (plainScalar(f)) checks.push(`expect(text).toContain(String(result.${f.name}));`);
  const scalars = f.array ? (f.record?.fields.filter(plainScalar) ?? []) : [];
  if (scalars.length > 0) {
    checks.push(
      `for (const entry of ${listOf(f)}) {`,
      ...scalars.map((r) => `  expect(text).toContain(String(entry.${r.name}));`),
      '}',
    );
  }
  return checks;
}
