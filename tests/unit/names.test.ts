import { describe, expect, it } from 'vitest';
import type { ScaffoldError } from '../../src/engine/errors.js';
import { promptSpec } from '../../src/kinds/prompt/spec.js';
import { toolSpec } from '../../src/kinds/tool/spec.js';
import { type Names, parseName, safeIdentifier, titleCase } from '../../src/text/names.js';
import { refusal } from '../helpers/refusal.js';

function names(raw: string, words: string[], convertedFrom: Names['convertedFrom']): Names {
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const camel = words.map((w, i) => (i === 0 ? w : cap(w))).join('');
  return {
    raw,
    words,
    snake: words.join('_'),
    kebab: words.join('-'),
    camel,
    pascal: cap(camel),
    convertedFrom,
  };
}

const refused = (raw: string) => refusal(() => parseName(raw), `parseName(${JSON.stringify(raw)}) was accepted`);

const HINT =
  'A tool name must use snake_case letters and digits starting with a letter, e.g. acme_find_items (kebab-case and camelCase are converted), at most 64 characters.';

describe('parseName', () => {
  it('accepts snake_case as is', () => {
    expect(parseName('acme_find_items')).toEqual({
      raw: 'acme_find_items',
      words: ['acme', 'find', 'items'],
      snake: 'acme_find_items',
      kebab: 'acme-find-items',
      camel: 'acmeFindItems',
      pascal: 'AcmeFindItems',
      convertedFrom: undefined,
    });
    expect(parseName('echo')).toEqual(names('echo', ['echo'], undefined));
    expect(parseName('get_v2_items')).toEqual(names('get_v2_items', ['get', 'v2', 'items'], undefined));
    expect(parseName('a1_2b')).toEqual(names('a1_2b', ['a1', '2b'], undefined));
  });

  it('converts kebab-case', () => {
    expect(parseName('acme-find-items')).toEqual(names('acme-find-items', ['acme', 'find', 'items'], 'kebab-case'));
    expect(parseName('get-v2-items')).toEqual(names('get-v2-items', ['get', 'v2', 'items'], 'kebab-case'));
  });

  it('converts camelCase', () => {
    expect(parseName('acmeFindItems')).toEqual(names('acmeFindItems', ['acme', 'find', 'items'], 'camelCase'));
  });

  it('converts PascalCase', () => {
    expect(parseName('AcmeFindItems')).toEqual(names('AcmeFindItems', ['acme', 'find', 'items'], 'PascalCase'));
  });

  it('keeps acronyms together', () => {
    expect(parseName('parseHTMLDoc')).toEqual(names('parseHTMLDoc', ['parse', 'html', 'doc'], 'camelCase'));
    expect(parseName('HTMLParser')).toEqual(names('HTMLParser', ['html', 'parser'], 'PascalCase'));
    expect(parseName('getURL')).toEqual(names('getURL', ['get', 'url'], 'camelCase'));
  });

  it('keeps digits with the word they follow, so camel and snake round-trip', () => {
    expect(parseName('getV2Items')).toEqual(names('getV2Items', ['get', 'v2', 'items'], 'camelCase'));
    expect(parseName('getItemsV2')).toEqual(names('getItemsV2', ['get', 'items', 'v2'], 'camelCase'));
    expect(parseName('parseHTML5Doc')).toEqual(names('parseHTML5Doc', ['parse', 'html5', 'doc'], 'camelCase'));
    expect(parseName('item2Name')).toEqual(names('item2Name', ['item2', 'name'], 'camelCase'));
    // The camelCase of a converted name parses back to the same snake name.
    for (const raw of ['getV2Items', 'parseHTML5Doc', 'item2Name', 'sha256Sum', 'acme_v2_find']) {
      const once = parseName(raw);
      expect(parseName(once.camel).snake).toBe(once.snake);
    }
  });

  it('accepts exactly 64 characters and refuses 65', () => {
    const ok = `a${'_b'.repeat(31)}_`.slice(0, 63) + 'c';
    expect(ok.length).toBe(64);
    expect(parseName(ok).snake).toBe(ok);
    const tooLong = 'a'.repeat(65);
    const e = refused(tooLong);
    expect(e.code).toBe('NAME_INVALID');
    expect(e.message).toBe(`Invalid tool name "${tooLong}": it is 65 characters long.`);
    expect(e.hint).toBe(HINT);
  });

  it('measures the length after conversion', () => {
    // 63 characters of camelCase become 66 of snake_case.
    const camel = `find${'AbC'.repeat(19)}Xy`;
    expect(camel.length).toBe(63);
    expect(refused(camel).message).toBe(
      `Invalid tool name "${camel}": it is ${parseName(camel, 'x', 1000).snake.length} characters long.`,
    );
  });

  it.each([
    ['', 'it is empty', null],
    ['   ', 'it is empty', null],
    [' find_items', 'it has leading or trailing white space', 'find_items'],
    ['find_items\n', 'it has leading or trailing white space', 'find_items'],
    ['find items', 'it contains " "', 'find_items'],
    ['find.items', 'it contains "."', 'find_items'],
    ['find!', 'it contains "!"', 'find'],
    ['find@items', 'it contains "@"', 'find_items'],
    ['café', 'it contains "é"', 'cafe'],
    ['2fast', 'it starts with a digit', null],
    ['9_lives', 'it starts with a digit', null],
    ['tools/find', 'it looks like a path', 'tools_find'],
    ['..', 'it looks like a path', null],
    ['a..b', 'it looks like a path', 'a_b'],
    ['find\\items', 'it looks like a path', 'find_items'],
    ['acme-find_items', 'it mixes "-" and "_"', 'acme_find_items'],
    ['acme_findItems', 'it has capitals beside "_" (snake_case is lower case)', 'acme_find_items'],
    ['Acme-Find', 'it has capitals beside "-" (kebab-case is lower case)', 'acme_find'],
    ['find_items_', 'it has an empty word ("_" at an end, or two in a row)', 'find_items'],
    ['find__items', 'it has an empty word ("_" at an end, or two in a row)', 'find_items'],
    ['_find', 'it has an empty word ("_" at an end, or two in a row)', 'find'],
    ['-find', 'it has an empty word ("-" at an end, or two in a row)', 'find'],
    ['FIND_ITEMS', 'it has capitals beside "_" (snake_case is lower case)', 'find_items'],
    ['acme_café', 'it contains "é"', 'acme_cafe'],
  ])('refuses %j with NAME_INVALID: %s, proposing %s', (raw, why, form) => {
    const e = refused(raw);
    expect(e.code).toBe('NAME_INVALID');
    const proposal = form === null ? '.' : `; did you mean ${form}?`;
    expect(e.message).toBe(`Invalid tool name ${JSON.stringify(raw)}: ${why}${proposal}`);
    expect(e.hint).toBe(HINT);
    expect(e.exitCode).toBe(1);
  });

  it('proposes the accepted form of a refused name (acme find items → acme_find_items)', () => {
    expect(refused('acme find items').message).toBe(
      'Invalid tool name "acme find items": it contains " "; did you mean acme_find_items?',
    );
    expect(() => parseName('ncbi client!', 'service name')).toThrow(/did you mean ncbi_client\?$/);
  });

  it('names what is being parsed and its limit in the messages', () => {
    try {
      parseName('a b', 'prompt name', 10);
      expect.unreachable();
    } catch (e) {
      expect((e as ScaffoldError).message).toBe('Invalid prompt name "a b": it contains " "; did you mean a_b?');
      expect((e as ScaffoldError).hint).toBe(
        'A prompt name must use snake_case letters and digits starting with a letter, e.g. acme_find_items (kebab-case and camelCase are converted), at most 10 characters.',
      );
    }
  });
});

describe('titleCase', () => {
  it('capitalizes each word', () => {
    expect(titleCase(['find', 'v2', 'items'])).toBe('Find V2 Items');
  });
});

describe('safeIdentifier', () => {
  it.each([
    ['delete', 'deleteDef'],
    ['class', 'classDef'],
    ['await', 'awaitDef'],
    ['arguments', 'argumentsDef'],
    ['undefined', 'undefinedDef'],
    ['tool', 'toolDef'],
    ['appTool', 'appToolDef'],
    ['z', 'zDef'],
    ['createApp', 'createAppDef'],
    ['JsonRpcErrorCode', 'JsonRpcErrorCodeDef'],
  ])('suffixes the reserved word %s (a tool file imports tool, appTool, z; the entry point createApp)', (id, safe) => {
    expect(safeIdentifier(id, 'Def', toolSpec.reservedNames)).toBe(safe);
  });

  it("a kind's reserved names are its own: a prompt may be exported as tool", () => {
    expect(safeIdentifier('tool', 'Def', promptSpec.reservedNames)).toBe('tool');
    expect(safeIdentifier('prompt', 'Def', promptSpec.reservedNames)).toBe('promptDef');
  });

  it('takes a custom suffix and leaves ordinary names alone', () => {
    expect(safeIdentifier('delete', 'Tool')).toBe('deleteTool');
    expect(safeIdentifier('deleteTool')).toBe('deleteTool');
    expect(safeIdentifier('findItemsTool')).toBe('findItemsTool');
    expect(safeIdentifier('Delete')).toBe('Delete');
  });
});
