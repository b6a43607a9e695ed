/**
 * A field flag given a JSON Schema of an object: the fields it stands for are those the braces
 * form gives for the same shape (so what `add` writes from either is the same, and the typed
 * forms' type checks on each framework line cover it), and what a field cannot hold is refused
 * with OPTION_INVALID naming the path, never dropped.
 */

import { describe, expect, it } from 'vitest';
import { parseFields } from '../../src/kinds/field-flags.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import { FEATURES_0_12 } from '../helpers/framework.js';
import { FRESH_INDEX, PACKAGE_JSON, project, VITEST_CONFIG } from '../helpers/projects.js';
import { refusal } from '../helpers/refusal.js';

const WORKS = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Works',
  type: 'object',
  properties: {
    works: {
      type: 'array',
      description: 'The works, newest first',
      items: {
        type: 'object',
        properties: {
          key: { type: 'string', description: 'Open Library work key', examples: ['OL45804W'] },
          title: { type: 'string', description: 'Title: as printed' },
          year: { type: 'integer', description: 'Year of first edition, if known' },
          tags: { type: 'array', items: { type: 'string' } },
          author: {
            type: 'object',
            properties: { name: { type: 'string' }, born: { type: 'string', format: 'date' } },
            required: ['name'],
          },
        },
        required: ['key', 'title', 'tags', 'author'],
        additionalProperties: false,
      },
    },
    total: { type: 'number', description: 'How many there are' },
    sort: { enum: ['date', 'relevance'], description: 'The order' },
    raw: { type: 'object' },
    done: { type: 'boolean' },
  },
  required: ['works', 'total', 'sort', 'raw'],
};

/** The same shape in the braces form. */
const BRACES = [
  'works:object[]{key:string:Open Library work key,title:string:"Title: as printed",year:integer?:"Year of first edition, if known",tags:string[],author:object{name:string,born:string?}}:The works, newest first',
  'total:number:How many there are',
  'sort:enum(date|relevance):The order',
  'raw:object',
  'done:boolean?',
];

/** What a field is, without the text it was read from. */
const shape = (fields: ReturnType<typeof parseFields>): unknown =>
  fields.map(({ source: _, fields: inner, ...rest }) => ({ ...rest, ...(inner ? { fields: shape(inner) } : {}) }));

describe('fields from a JSON Schema', () => {
  it('stand for the same fields as the braces form', () => {
    expect(shape(parseFields('--output', [JSON.stringify(WORKS)]))).toEqual(shape(parseFields('--output', BRACES)));
  });

  it('mix with typed fields, and a name both give is refused', () => {
    const schema = JSON.stringify({ type: 'object', properties: { limit: { type: 'integer' } } });
    expect(parseFields('--input', ['query:string', schema]).map((f) => f.name)).toEqual(['query', 'limit']);
    const e = refusal(() => parseFields('--input', ['limit:integer', schema]));
    expect(e.code).toBe('OPTION_INVALID');
    expect(e.message).toContain("the field 'limit' is given twice");
  });

  it('make the tool add writes from the braces form, byte for byte', () => {
    const files = { 'package.json': PACKAGE_JSON, 'src/index.ts': FRESH_INDEX, 'vitest.config.ts': VITEST_CONFIG };
    const written = (output: string[]) => {
      const { tree, project: p } = project(files);
      const result = addToolGenerator(
        tree,
        p,
        { name: 'demo_list_works', input: ['authorKey:string:Author key'], output, devcheck: false },
        FEATURES_0_12,
      );
      expect(result.problems).toEqual([]);
      return Object.fromEntries(tree.changes().map((c) => [c.path, c.after]));
    };
    const schema = {
      type: 'object',
      properties: {
        works: {
          type: 'array',
          description: 'The works',
          items: {
            type: 'object',
            properties: { key: { type: 'string', description: 'Work key' }, year: { type: 'integer' } },
            required: ['key'],
          },
        },
      },
      required: ['works'],
    };
    expect(written([JSON.stringify(schema, null, 2)])).toEqual(
      written(['works:object[]{key:string:Work key,year:integer?}:The works']),
    );
  });

  it.each([
    ['not JSON', '{"type": "object",', 'is not JSON'],
    ['not an object schema', '{"type": "array", "items": {"type": "string"}}', 'describes "array", not an object'],
    ['no properties', '{"type": "object"}', "has no 'properties'"],
    ['a reference', '{"properties": {"a": {"$ref": "#/$defs/A"}}}', 'at a uses $ref'],
    ['a union', '{"properties": {"a": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}}', 'at a uses anyOf'],
    ['a nullable type', '{"properties": {"a": {"type": ["string", "null"]}}}', 'has the type list ["string","null"]'],
    [
      'a list of lists',
      '{"properties": {"a": {"type": "array", "items": {"type": "array", "items": {}}}}}',
      'list of lists',
    ],
    [
      'a constraint',
      '{"properties": {"a": {"type": "string", "maxLength": 5}}}',
      'uses maxLength, which the generated',
    ],
    ['an enum of numbers', '{"properties": {"a": {"enum": [1, 2]}}}', 'not a list of non-empty strings'],
    ['a required name with no property', '{"properties": {"a": {"type": "string"}}, "required": ["b"]}', 'requires b'],
    ['an array without items', '{"properties": {"a": {"type": "array"}}}', "without an 'items' schema"],
    ['no type', '{"properties": {"a": {"description": "x"}}}', 'at a gives no type'],
    ['a bad name', '{"properties": {"my-field": {"type": "string"}}}', 'is not a field name'],
    [
      'too deep',
      '{"properties": {"a": {"properties": {"b": {"properties": {"c": {"properties": {"d": {"properties": {"e": {"type": "string"}}}}}}}}}}}',
      'nests objects deeper than 3 levels',
    ],
  ])('refuses %s, naming where', (_label, text, why) => {
    const e = refusal(() => parseFields('--output', [text]));
    expect(e.code).toBe('OPTION_INVALID');
    expect(e.message).toContain(why);
    expect(e.message.startsWith('--output')).toBe(true);
  });
});
