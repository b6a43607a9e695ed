import { describe, expect, it } from 'vitest';
import { parseField, parseFields, requireTypes } from '../../src/kinds/fields.js';
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
