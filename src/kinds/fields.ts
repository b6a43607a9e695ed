/**
 * Typed fields from the command line: `--input 'query:string:Text to match'`,
 * `--input 'limit:integer?:At most this many'`, `--output 'items:object[]:The matches'`. One
 * syntax for tool inputs and outputs, resource params and prompt arguments, parsed here once; each
 * kind decides which types it accepts (a URI param or a prompt argument is always a string).
 *
 *   <name>:<type>[?][:<description>]
 *
 * `?` marks the field optional. The description is everything after the second colon, so it may
 * hold colons itself. Types: string, number, integer, boolean, object, enum(a|b|c), and an array
 * of any of them as `<type>[]` (`array` alone is `object[]`).
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
}

const SCALARS: readonly ScalarType[] = ['string', 'number', 'integer', 'boolean', 'object'];
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ENUM = /^enum\(([^()]*)\)$/;

function invalid(flag: string, source: string, why: string, hint?: string): ScaffoldError {
  return new ScaffoldError('OPTION_INVALID', `${flag} '${source}': ${why}`, {
    hint: hint ?? `write it as ${flag} 'name:type[?][:description]', e.g. ${flag} 'query:string:Text to match'`,
  });
}

function parseType(flag: string, source: string, text: string): Pick<FieldSpec, 'type' | 'array' | 'values'> {
  const array = text.endsWith('[]') || text === 'array';
  const base = text === 'array' ? 'object' : array ? text.slice(0, -2) : text;
  const enumMatch = ENUM.exec(base);
  if (enumMatch) {
    const values = (enumMatch[1] ?? '').split('|').map((v) => v.trim());
    if (values.some((v) => v === '')) throw invalid(flag, source, 'an enum needs values: enum(a|b|c)');
    if (new Set(values).size !== values.length) throw invalid(flag, source, 'an enum lists each value once');
    return { type: 'enum', array, values };
  }
  if (!(SCALARS as readonly string[]).includes(base)) {
    throw invalid(
      flag,
      source,
      `unknown type '${text}'`,
      `types: ${SCALARS.join(', ')}, enum(a|b|c), and any of them as a list with [] (string[]); array is object[]`,
    );
  }
  return { type: base as ScalarType, array, values: [] };
}

/** One `--input`/`--output`/`--param`/`--arg` value, checked; `flag` names it in errors. */
export function parseField(flag: string, source: string): FieldSpec {
  const first = source.indexOf(':');
  const rawName = (first < 0 ? source : source.slice(0, first)).trim();
  const rest = first < 0 ? '' : source.slice(first + 1);
  const second = rest.indexOf(':');
  let typeText = (second < 0 ? rest : rest.slice(0, second)).trim() || 'string';
  const description = second < 0 ? '' : rest.slice(second + 1).trim();
  const optional = typeText.endsWith('?') || rawName.endsWith('?');
  typeText = typeText.replace(/\?$/, '').trim() || 'string';
  const name = rawName.replace(/\?$/, '');
  if (!NAME.test(name)) {
    throw invalid(flag, source, `'${name}' is not a field name (letters, digits and _, not starting with a digit)`);
  }
  const keyProblem = objectKeyProblem(name);
  if (keyProblem) {
    throw invalid(
      flag,
      source,
      `'${name}' cannot be a field name: ${keyProblem}`,
      `name the field after what it holds, e.g. ${flag} '${source.trim().replace(name, usableKeyLike(name))}'`,
    );
  }
  return { name, ...parseType(flag, source, typeText), optional, description, source };
}

/** Every value of a repeated flag, parsed; a name given twice is refused. */
export function parseFields(flag: string, sources: readonly string[]): FieldSpec[] {
  const fields = sources.map((s) => parseField(flag, s));
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.name)) throw invalid(flag, f.source, `the field '${f.name}' is given twice`);
    seen.add(f.name);
  }
  return fields;
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
