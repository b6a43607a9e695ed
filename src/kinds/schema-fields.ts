/**
 * Fields from a JSON Schema, for an API whose schemas are written already: a field flag whose value
 * is the JSON Schema of an object (`--output '{"type":"object","properties":{…}}'`, or a file of
 * one, which the CLI reads for `@works.schema.json`) stands for one field per property, with nested
 * objects and lists of them, as the braces of fields.ts write them. A property not in `required` is
 * optional; `description` becomes the field's; `title`, `examples`, `default`, `format` (an
 * annotation) and the like are read past. What a field cannot hold (references, unions, nullable
 * types, lists of lists, constraints such as `maxLength`) is refused with the path to it, rather
 * than dropped.
 */

import { ScaffoldError } from '../engine/errors.js';
import { isJsonObject } from '../engine/json-object.js';
import { checkedFieldName, type FieldSpec, MAX_NESTING, type ScalarType } from './fields.js';

/** Whether a field flag's value is a JSON Schema rather than `name:type[?][:description]`. */
export const isSchemaText = (value: string): boolean => value.trimStart().startsWith('{');

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
/** Words that only annotate a schema: read past. */
const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'examples',
  'example',
  'default',
  'format',
  'deprecated',
  'readOnly',
  'writeOnly',
  'additionalProperties',
]);
/** The words a schema may use for what it describes, by what each says. */
const STRUCTURE = new Set(['type', 'properties', 'required', 'items', 'enum']);

type Schema = Record<string, unknown>;

interface Reading {
  flag: string;
  /** The path of the schema being read, for messages: `works.items`. */
  at: string;
  depth: number;
}

function refused(r: Reading, why: string, hint?: string): ScaffoldError {
  const where = r.at === '' ? 'the schema' : `the schema at ${r.at}`;
  return new ScaffoldError('OPTION_INVALID', `${r.flag}: ${where} ${why}`, {
    hint:
      hint ??
      `give a JSON Schema of an object whose properties use type string, number, integer, boolean, object (with properties) or array (with items), enum of strings, required and description; or write the fields as ${r.flag} 'name:type[?][:description]'`,
  });
}

/** Refuses a keyword that says something a field cannot hold. */
function onlyKnownWords(r: Reading, schema: Schema): void {
  const unknown = Object.keys(schema).filter((k) => !ANNOTATIONS.has(k) && !STRUCTURE.has(k));
  if (unknown.length === 0) return;
  const combines = unknown.filter((k) => /^(\$ref|\$defs|definitions|allOf|anyOf|oneOf|not|if|then|else)$/.test(k));
  if (combines.length > 0) {
    throw refused(
      r,
      `uses ${combines.join(', ')}: references and combinations of schemas are not read`,
      'inline what the reference names, and give one type per property',
    );
  }
  throw refused(
    r,
    `uses ${unknown.join(', ')}, which the generated fields would not enforce`,
    'take those words out of the schema (and add the check, e.g. .max() or .regex(), to the generated code by hand)',
  );
}

/** The type a property's schema gives, with its enum values and its fields. */
function typeOf(r: Reading, schema: Schema): Pick<FieldSpec, 'type' | 'array' | 'values' | 'fields'> {
  onlyKnownWords(r, schema);
  const { type } = schema;
  if (Array.isArray(type)) {
    throw refused(
      r,
      `has the type list ${JSON.stringify(type)}: a field has one type`,
      "give one type; a value that may be missing is a property left out of 'required'",
    );
  }
  if (schema.enum !== undefined) {
    const values = schema.enum;
    if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string' && v !== '')) {
      throw refused(r, 'has an enum that is not a list of non-empty strings');
    }
    if (type !== undefined && type !== 'string') throw refused(r, `has an enum of type ${String(type)}`);
    if (new Set(values).size !== values.length) throw refused(r, 'lists an enum value twice');
    return { type: 'enum', array: false, values: values as string[] };
  }
  if (type === 'array') {
    if (!isJsonObject(schema.items)) throw refused(r, "is an array without an 'items' schema");
    if (schema.items.type === 'array') throw refused(r, 'is a list of lists, which a field cannot be');
    return { ...typeOf({ ...r, at: `${r.at}.items` }, schema.items), array: true };
  }
  if (type === 'object' || (type === undefined && schema.properties !== undefined)) {
    if (schema.properties === undefined) return { type: 'object', array: false, values: [] };
    return { type: 'object', array: false, values: [], fields: objectFields({ ...r, depth: r.depth + 1 }, schema) };
  }
  if (typeof type === 'string' && SCALAR_TYPES.has(type)) return { type: type as ScalarType, array: false, values: [] };
  throw refused(r, type === undefined ? 'gives no type' : `has the type ${JSON.stringify(type)}`);
}

/** The fields of an object schema: one per property, in the order written. */
function objectFields(r: Reading, schema: Schema): FieldSpec[] {
  if (r.depth > MAX_NESTING) throw refused(r, `nests objects deeper than ${MAX_NESTING} levels`);
  const { properties, required = [] } = schema;
  if (!isJsonObject(properties) || Object.keys(properties).length === 0) {
    throw refused(r, "has no 'properties' to make fields of");
  }
  if (!Array.isArray(required) || !required.every((n) => typeof n === 'string')) {
    throw refused(r, "has a 'required' that is not a list of property names");
  }
  const missing = required.filter((n) => !Object.hasOwn(properties, n));
  if (missing.length > 0) throw refused(r, `requires ${missing.join(', ')}, which it has no property for`);
  const parent = r.at === '' ? '' : `${r.at}.`;
  return Object.entries(properties).map(([key, property]) => {
    const at = `${parent}${key}`;
    const source = `JSON Schema property ${at}`;
    const name = checkedFieldName(r.flag, source, parent, r.depth, key);
    const inner = { ...r, at };
    if (!isJsonObject(property)) throw refused(inner, 'is not a schema (an object)');
    const description = property.description;
    if (description !== undefined && typeof description !== 'string')
      throw refused(inner, 'has a description that is not text');
    const type = typeOf(inner, property);
    return { name, ...type, optional: !required.includes(key), description: description?.trim() ?? '', source };
  });
}

/** The fields a field flag's JSON Schema text stands for: one per property of the object it describes. */
export function schemaFields(flag: string, text: string): FieldSpec[] {
  const r: Reading = { flag, at: '', depth: 0 };
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (e) {
    throw refused(r, `is not JSON: ${(e as Error).message}`);
  }
  if (!isJsonObject(schema)) throw refused(r, 'is not a JSON object');
  onlyKnownWords(r, schema);
  if (schema.type !== undefined && schema.type !== 'object') {
    throw refused(r, `describes ${JSON.stringify(schema.type)}, not an object whose properties are the fields`);
  }
  return objectFields(r, schema);
}
