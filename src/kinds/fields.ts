/**
 * Typed fields from the command line: `--input 'query:string:Text to match'`,
 * `--input 'limit:integer?:At most this many'`, `--output 'items:object[]:The matches'`. One
 * syntax for tool inputs and outputs, resource params and prompt arguments, parsed here once; each
 * kind decides which types it accepts (a URI param or a prompt argument is always a string).
 *
 *   <name>:<type>[?][:<description>]
 *
 * `?` marks the field optional. The description is everything after the type's colon, so it may
 * hold colons and commas itself. Types: string, number, integer, boolean, object, enum(a|b|c),
 * and an array of any of them as `<type>[]` (`array` alone is `object[]`).
 *
 * An object may name its fields in braces, each written the same way, nesting allowed:
 * `works:object[]{title:string,year:integer?:"Year of first edition, if known"}:The works`.
 * Inside braces the fields are split at commas and each needs its type; a description there is
 * either plain text without `,`, `:` or `"`, or a double-quoted JSON string, which may hold
 * anything. So a comma or colon inside braces is never read two ways; what could be is refused.
 */

import { ScaffoldError } from '../engine/errors.js';
import { objectKeyProblem, usableKeyLike } from '../text/reserved-names.js';

export type ScalarType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'enum';

export interface FieldSpec {
  name: string;
  type: ScalarType;
  /** Whether the field is a list of `type`. */
  array: boolean;
  /** The values of an enum, in the order typed. */
  values: string[];
  optional: boolean;
  /** Empty when none was typed: the kind supplies its own, marked as a placeholder. */
  description: string;
  /** The text as typed, for messages. */
  source: string;
  /** The fields of an object typed with braces, `object{title:string}`; absent for a loose object. */
  fields?: FieldSpec[];
}

const SCALARS: readonly ScalarType[] = ['string', 'number', 'integer', 'boolean', 'object'];
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ENUM = /^enum\(([^()]*)\)$/;
/**
 * How deep braces nest: each level is an object and often a list, and the framework's
 * format-parity lint stops walking an output schema a few such steps down.
 */
export const MAX_NESTING = 3;

function invalid(flag: string, source: string, why: string, hint?: string): ScaffoldError {
  return new ScaffoldError('OPTION_INVALID', `${flag} '${source}': ${why}`, {
    hint: hint ?? `write it as ${flag} 'name:type[?][:description]', e.g. ${flag} 'query:string:Text to match'`,
  });
}

/** What a refusal of a field in braces suggests. */
function bracesHint(flag: string): string {
  return `inside object{…} or object[]{…} write name:type[?][:description] fields split by commas, a description with : or , in double quotes, e.g. ${flag} 'works:object[]{title:string,year:integer?:"Year, if known"}:The works'`;
}

/** Where a field is being read: the flag and its text, and the path of the object it is in. */
interface Reading {
  flag: string;
  source: string;
  /** `works.` inside works' braces; empty at the top. */
  parent: string;
  depth: number;
}

function parseType(r: Reading, text: string, where: string): Pick<FieldSpec, 'type' | 'array' | 'values'> {
  const array = text.endsWith('[]') || text === 'array';
  const base = text === 'array' ? 'object' : array ? text.slice(0, -2) : text;
  const enumMatch = ENUM.exec(base);
  const of = r.depth > 0 ? ` (${where})` : '';
  if (enumMatch) {
    const values = (enumMatch[1] ?? '').split('|').map((v) => v.trim());
    if (values.some((v) => v === '')) throw invalid(r.flag, r.source, `an enum needs values: enum(a|b|c)${of}`);
    if (new Set(values).size !== values.length) throw invalid(r.flag, r.source, `an enum lists each value once${of}`);
    return { type: 'enum', array, values };
  }
  if (!(SCALARS as readonly string[]).includes(base)) {
    throw invalid(
      r.flag,
      r.source,
      `unknown type '${text}'${of}`,
      `types: ${SCALARS.join(', ')}, enum(a|b|c), and any of them as a list with [] (string[]); array is object[]; object{…} and object[]{…} name the object's fields`,
    );
  }
  return { type: base as ScalarType, array, values: [] };
}

/** The index of the `"` that closes the string opened at `open`, past backslash escapes; -1 if none. */
function stringEnd(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

/** The index of the `}` that closes the `{` at `open`, quoted text skipped; -1 if none. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '"') {
      i = stringEnd(text, i);
      if (i < 0) return -1;
    } else if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The text between the commas of `inner` that are not inside braces, parentheses or quotes. */
function splitAtCommas(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '"') {
      const end = stringEnd(inner, i);
      if (end < 0) break;
      i = end;
    } else if (c === '{' || c === '(') depth++;
    else if (c === '}' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(inner.slice(from));
  return parts;
}

/** A description inside braces: plain text without `:` or `"`, or a double-quoted JSON string. */
function nestedDescription(r: Reading, where: string, text: string | undefined): string {
  const t = (text ?? '').trim();
  if (t.startsWith('"')) {
    const end = stringEnd(t, 0);
    if (end < 0) throw invalid(r.flag, r.source, `the description of ${where} opens a quote it never closes`);
    if (end !== t.length - 1) {
      throw invalid(r.flag, r.source, `'${t.slice(end + 1)}' follows the quoted description of ${where}`);
    }
    try {
      return JSON.parse(t) as string;
    } catch {
      throw invalid(r.flag, r.source, `the description of ${where} is not a valid quoted string: ${t}`);
    }
  }
  const odd = /[:"]/.exec(t);
  if (odd) {
    throw invalid(
      r.flag,
      r.source,
      `the description of ${where} holds '${odd[0]}', which inside braces could end it or start another part`,
      `put it in double quotes, as JSON writes a string: ${where.slice(where.lastIndexOf('.') + 1)}:<type>:${JSON.stringify(t)}`,
    );
  }
  return t;
}

/** The checked name of a field. */
function fieldName(r: Reading, rawName: string): string {
  const name = rawName.replace(/\?$/, '');
  const where = `${r.parent}${name}`;
  if (!NAME.test(name)) {
    throw invalid(
      r.flag,
      r.source,
      `'${where}' is not a field name (letters, digits and _, not starting with a digit)`,
      r.depth > 0 ? bracesHint(r.flag) : undefined,
    );
  }
  const keyProblem = objectKeyProblem(name);
  if (keyProblem) {
    throw invalid(
      r.flag,
      r.source,
      `'${name}' cannot be a field name${r.depth > 0 ? ` (${where})` : ''}: ${keyProblem}`,
      `name the field after what it holds, e.g. ${r.flag} '${r.source.trim().replace(name, usableKeyLike(name))}'`,
    );
  }
  return name;
}

/** The first field whose name an earlier one already has. */
function repeated(fields: readonly FieldSpec[]): FieldSpec | undefined {
  const seen = new Set<string>();
  return fields.find((f) => seen.has(f.name) || !seen.add(f.name));
}

/** The fields inside an object's braces, each read as a field of its own. */
function bracedFields(r: Reading, where: string, inner: string): FieldSpec[] {
  if (r.depth + 1 > MAX_NESTING) {
    throw invalid(r.flag, r.source, `${where} nests braces deeper than ${MAX_NESTING} levels`, bracesHint(r.flag));
  }
  const parts = splitAtCommas(inner);
  if (parts.some((p) => p.trim() === '')) {
    const why = parts.length === 1 ? 'has empty braces' : 'has an empty field between its commas';
    throw invalid(r.flag, r.source, `${where} ${why}`, bracesHint(r.flag));
  }
  const inside = { ...r, parent: `${where}.`, depth: r.depth + 1 };
  const fields = parts.map((p) => parseOne(inside, p.trim()));
  const twice = repeated(fields);
  if (twice) throw invalid(r.flag, r.source, `the field '${where}.${twice.name}' is given twice`);
  return fields;
}

/** The type text, the description text and the braced fields of what follows a field's name. */
function typeParts(r: Reading, where: string, rest: string) {
  const brace = rest.indexOf('{');
  const colon = rest.indexOf(':');
  if (brace < 0 || (colon >= 0 && colon < brace)) {
    const typeText = colon < 0 ? rest : rest.slice(0, colon);
    if (typeText.includes('}')) throw invalid(r.flag, r.source, `'}' without its '{' in ${where}'s type`);
    return { typeText, descText: colon < 0 ? undefined : rest.slice(colon + 1), fields: undefined };
  }
  const head = rest.slice(0, brace).trim();
  const close = closingBrace(rest, brace);
  if (close < 0) throw invalid(r.flag, r.source, `the '{' after ${where}:${head} is never closed`, bracesHint(r.flag));
  if (head !== 'object' && head !== 'object[]' && head !== 'array') {
    throw invalid(
      r.flag,
      r.source,
      `only object and object[] take fields in braces, not '${head}' (${where})`,
      bracesHint(r.flag),
    );
  }
  // `object{…}[]` is the list `object[]{…}` is; `?` may follow the braces.
  const tail = /^\s*(\[\])?\s*(\?)?\s*/.exec(rest.slice(close + 1))!;
  const after = rest.slice(close + 1 + tail[0].length);
  if (after !== '' && !after.startsWith(':')) {
    throw invalid(r.flag, r.source, `'${after}' follows the '}' that closes ${where}'s fields`, bracesHint(r.flag));
  }
  return {
    typeText: `${head}${tail[1] ?? ''}${tail[2] ?? ''}`,
    descText: after === '' ? undefined : after.slice(1),
    fields: bracedFields(r, where, rest.slice(brace + 1, close)),
  };
}

/** One field: at the top, a whole flag value; in braces, one of the parts between commas. */
function parseOne(r: Reading, text: string): FieldSpec {
  const first = text.indexOf(':');
  const rawName = (first < 0 ? text : text.slice(0, first)).trim();
  const name = fieldName(r, rawName);
  const where = `${r.parent}${name}`;
  const nested = r.depth > 0;
  const { typeText: typed, descText, fields } = typeParts(r, where, first < 0 ? '' : text.slice(first + 1));
  const optional = typed.trim().endsWith('?') || rawName.endsWith('?');
  const typeText = typed.trim().replace(/\?$/, '').trim() || (nested ? '' : 'string');
  if (typeText === '') {
    throw invalid(r.flag, r.source, `'${where}' has no type: a field in braces is name:type`, bracesHint(r.flag));
  }
  const description = nested ? nestedDescription(r, where, descText) : (descText ?? '').trim();
  const source = nested ? text : r.source;
  return { name, ...parseType(r, typeText, where), optional, description, source, ...(fields ? { fields } : {}) };
}

/** One `--input`/`--output`/`--param`/`--arg` value, checked; `flag` names it in errors. */
export function parseField(flag: string, source: string): FieldSpec {
  return parseOne({ flag, source, parent: '', depth: 0 }, source);
}

/** Refuses a name given twice among the fields of one flag. */
export function refuseRepeated(flag: string, fields: readonly FieldSpec[]): void {
  const twice = repeated(fields);
  if (twice) throw invalid(flag, twice.source, `the field '${twice.name}' is given twice`);
}

/**
 * A field name read from elsewhere (a JSON Schema's property), checked as a typed one is: `parent`
 * is the path of the object it is in (`works.`), `depth` how deep that is.
 */
export function checkedFieldName(flag: string, source: string, parent: string, depth: number, name: string): string {
  return fieldName({ flag, source, parent, depth }, name);
}

/** Fails with OPTION_INVALID when a field uses a type the kind cannot hold (URI params are strings). */
export function requireTypes(
  flag: string,
  fields: readonly FieldSpec[],
  allowed: readonly string[],
  why: string,
): void {
  for (const f of fields) {
    const typeName = f.type === 'enum' ? 'enum' : f.type;
    if (!allowed.includes(typeName) || (f.array && !allowed.includes('array'))) {
      throw invalid(flag, f.source, `${why}; allowed: ${allowed.join(', ')}`);
    }
  }
}
