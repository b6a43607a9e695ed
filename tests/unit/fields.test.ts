import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFields } from '../../src/kinds/field-flags.js';
import { parseField, requireTypes } from '../../src/kinds/fields.js';
import { toolSpec } from '../../src/kinds/tool/spec.js';
import { isPlaceholder, placeholder } from '../../src/text/placeholders.js';
import { refusal } from '../helpers/refusal.js';

describe('typed fields from the command line', () => {
  it('reads name, type, optional mark and a description that holds colons', () => {
    expect(parseField('--input', 'query:string:Text to match: words or "phrases"')).toMatchObject({
      name: 'query',
      type: 'string',
      array: false,
      optional: false,
      description: 'Text to match: words or "phrases"',
    });
    expect(parseField('--input', 'limit:integer?:At most this many')).toMatchObject({
      name: 'limit',
      type: 'integer',
      optional: true,
    });
    expect(parseField('--input', 'limit?:number')).toMatchObject({ name: 'limit', optional: true, description: '' });
  });

  it('defaults to string and reads lists, array and enums', () => {
    expect(parseField('--arg', 'topic')).toMatchObject({ name: 'topic', type: 'string', array: false });
    expect(parseField('--output', 'ids:string[]:The ids')).toMatchObject({ type: 'string', array: true });
    expect(parseField('--output', 'items:array')).toMatchObject({ type: 'object', array: true });
    expect(parseField('--input', 'sort:enum(date|relevance)?:Order')).toMatchObject({
      type: 'enum',
      values: ['date', 'relevance'],
      optional: true,
    });
  });

  it('refuses bad names, unknown types, empty enums and a name given twice', () => {
    for (const bad of ['9lives:string', 'my-field:string', ':string', 'q:text', 'q:enum()', 'q:enum(a|a)']) {
      const e = refusal(() => parseField('--input', bad), bad);
      expect(e.code).toBe('OPTION_INVALID');
      expect(e.message).toContain(bad);
      expect(e.hint).toBeTruthy();
    }
    expect(refusal(() => parseFields('--input', ['a:string', 'a:number'])).message).toContain("'a' is given twice");
  });

  it('refuses a name every object inherits: __proto__ would set the prototype, the others be read from it', () => {
    const proto = refusal(() => parseField('--input', '__proto__:string'));
    expect(proto.code).toBe('OPTION_INVALID');
    expect(proto.message).toBe(
      "--input '__proto__:string': '__proto__' cannot be a field name: __proto__ as an object key sets the prototype, so the schema would have no such field",
    );
    expect(proto.hint).toBe("name the field after what it holds, e.g. --input 'protoValue:string'");
    for (const name of ['constructor', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__']) {
      const e = refusal(() => parseField('--output', `${name}?:string:Text`), name);
      expect(e.message).toContain(`every object inherits ${name} from Object.prototype`);
      expect(e.hint).toContain("e.g. --output '");
    }
    // Names a plain object does not inherit stay fields.
    for (const name of ['name', 'length', 'prototype', 'default', 'class', 'then'])
      expect(parseField('--input', `${name}:string`).name).toBe(name);
  });

  it('lets a kind limit the types it holds', () => {
    const fields = parseFields('--param', ['id:string', 'ids:string[]']);
    expect(refusal(() => requireTypes('--param', fields, ['string'], 'a URI param is text')).message).toContain(
      'ids:string[]',
    );
    expect(() => requireTypes('--param', fields.slice(0, 1), ['string'], 'a URI param is text')).not.toThrow();
  });
});

describe('placeholders', () => {
  it('marks invented text so it is found until rewritten', () => {
    const text = placeholder('Search articles.');
    expect(text).toBe('TODO: Search articles.');
    expect(isPlaceholder(text)).toBe(true);
    expect(isPlaceholder('Search PubMed for articles.')).toBe(false);
  });
});

describe('object fields in braces', () => {
  it('reads the fields of an object and of a list of objects, nested, each described', () => {
    const works = parseField(
      '--output',
      'works:object[]{title:string,year:integer?,author:object{name:string:Full name}}:The works',
    );
    expect(works).toMatchObject({ name: 'works', type: 'object', array: true, description: 'The works' });
    expect(works.fields!.map((f) => [f.name, f.type, f.array, f.optional, f.description])).toEqual([
      ['title', 'string', false, false, ''],
      ['year', 'integer', false, true, ''],
      ['author', 'object', false, false, ''],
    ]);
    expect(works.fields![2]!.fields).toMatchObject([{ name: 'name', type: 'string', description: 'Full name' }]);
    // The list may be marked after the braces, and the object left optional there.
    expect(parseField('--output', 'works:object{id:string}[]?')).toMatchObject({ array: true, optional: true });
    expect(parseField('--input', 'filter?:object{kind:enum(a|b)}')).toMatchObject({ optional: true, array: false });
  });

  it('a quoted description in braces may hold commas, colons, braces and quotes; one outside braces stays as typed', () => {
    const f = parseField(
      '--output',
      'works:object[]{title:string:"Title: main, then sub {x} \\"y\\""}:List: of works, all',
    );
    expect(f.fields![0]!.description).toBe('Title: main, then sub {x} "y"');
    expect(f.description).toBe('List: of works, all');
  });

  it('refuses what braces could read two ways, naming the part and saying how to write it', () => {
    const cases: [string, string][] = [
      ['works:object[]{title:string:Title: main}', "the description of works.title holds ':'"],
      ['works:object[]{title:string:"Open}', 'never closed'],
      ['works:object[]{title:string', "the '{' after works:object[] is never closed"],
      ['works:object[]{title}', "'works.title' has no type"],
      ['works:object[]{title:}', "'works.title' has no type"],
      ['works:object[]{}', 'works has empty braces'],
      ['works:object[]{title:string,}', 'works has an empty field between its commas'],
      ['works:object[]{title:string,title:integer}', "the field 'works.title' is given twice"],
      ['works:string{title:string}', "only object and object[] take fields in braces, not 'string' (works)"],
      ['works:object[]{title:strin}', "unknown type 'strin' (works.title)"],
      ['works:object[]{9title:string}', "'works.9title' is not a field name"],
      ['works:object[]{constructor:string}', "'constructor' cannot be a field name (works.constructor)"],
      ['works:object{a:string}x', "'x' follows the '}' that closes works's fields"],
      ['works:object}', "'}' without its '{'"],
      ['a:object{b:object{c:object{d:object{e:string}}}}', 'a.b.c.d nests braces deeper than 3 levels'],
    ];
    for (const [source, why] of cases) {
      const e = refusal(() => parseField('--output', source), source);
      expect(e.code, source).toBe('OPTION_INVALID');
      expect(e.message, source).toContain(`--output '${source}'`);
      expect(e.message, source).toContain(why);
      expect(e.hint, source).toBeTruthy();
    }
    expect(refusal(() => parseField('--output', 'w:object[]{t:string:a: b}')).hint).toContain('t:<type>:"a: b"');
  });

  it('a kind that holds only strings refuses an object with fields', () => {
    const fields = parseFields('--arg', ['topic:object{a:string}']);
    expect(refusal(() => requireTypes('--arg', fields, ['string'], 'prompt arguments are strings')).code).toBe(
      'OPTION_INVALID',
    );
  });
});

describe('the field specs the docs show', () => {
  it('every --input, --output, --param and --arg in add --help and the README parses', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const specs = [...`${toolSpec.examples}\n${readme}`.matchAll(/--(input|output|param|arg) '([^']+)'/g)];
    expect(specs.some((m) => m[2]!.includes('{'))).toBe(true);
    // The grammar's own patterns (name:type[?]…) are not examples.
    for (const [, flag, spec] of specs.filter((m) => !m[2]!.includes('[?]')))
      expect(() => parseField(`--${flag}`, spec!), spec).not.toThrow();
  });
});
