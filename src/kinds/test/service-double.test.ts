/**
 * How a test stands in for a service: the init call it makes from the parameter types, and the
 * value a spied method answers, made from its declared result.
 */

import { describe, expect, it } from 'vitest';
import { refusal } from '../../../tests/helpers/refusal.js';
import { MemoryHost } from '../../engine/host.js';
import { Tree } from '../../engine/tree.js';
import { methodAnswer, serviceInitCall, spyCode } from './service-double.js';

const FILE = 'src/services/books/books-service.ts';

const treeOf = (service: string, types = '') =>
  new Tree(new MemoryHost({ [FILE]: service, 'src/services/books/types.ts': types }));

describe('serviceInitCall', () => {
  it.each([
    ['', 'initBooksService()', [], false],
    ['config: AppConfig', 'initBooksService(parseConfig())', ['parseConfig'], false],
    [
      'config: AppConfig, storage: StorageService',
      'initBooksService(parseConfig(), createInMemoryStorage())',
      ['parseConfig', 'createInMemoryStorage'],
      true,
    ],
  ])('(%s): %s', (params, code, names, storage) => {
    const init = serviceInitCall(
      treeOf(`export function initBooksService(${params}): void {}\n`),
      FILE,
      'initBooksService',
    );
    expect(init.code).toBe(code);
    expect(init.imports.flatMap((i) => i.names)).toEqual(names);
    expect(init.storage).toBe(storage);
  });

  it('a parameter a test cannot make: UNSUPPORTED_LAYOUT, with the file and line', () => {
    const tree = treeOf('\nexport function initBooksService(config: AppConfig, http: HttpClient): void {}\n');
    const e = refusal(() => serviceInitCall(tree, FILE, 'initBooksService'));
    expect(e.code).toBe('UNSUPPORTED_LAYOUT');
    expect(e.message).toBe(`${FILE}:2: initBooksService() takes http: HttpClient, which a test cannot make.`);
  });
});

describe('methodAnswer', () => {
  const SERVICE = `import type { BookRecord } from './types.js';
export class BooksService {
  search(query: string): Promise<BookRecord[]> { return Promise.resolve([]); }
  fetchRecord(id: string): Promise<BookRecord | undefined> { return Promise.resolve(undefined); }
  count(): number { return 0; }
  kinds(): Promise<Array<'book' | 'paper'>> { return Promise.resolve([]); }
  raw(): Promise<Map<string, string>> { return Promise.resolve(new Map()); }
  untyped() { return 1; }
}
`;
  const TYPES = 'export interface BookRecord {\n  id: string;\n  year: number;\n  note?: string;\n}\n';
  const answer = (method: string) => methodAnswer(treeOf(SERVICE, TYPES), FILE, method);

  it('a record of the interface its types.ts declares, its optional fields left out', () => {
    expect(answer('fetchRecord')).toEqual({
      value: {
        object: [
          ['id', "'example-id'"],
          ['year', '1'],
        ],
      },
      async: true,
    });
    expect(spyCode('getBooksService', 'search', answer('search')!, '    ', 100)).toBe(
      "vi.spyOn(getBooksService(), 'search').mockResolvedValue([{ id: 'example-id', year: 1 }]);",
    );
  });

  it('a plain value for a method that returns no promise, a literal for a union of them', () => {
    expect(spyCode('getBooksService', 'count', answer('count')!, '    ', 100)).toBe(
      "vi.spyOn(getBooksService(), 'count').mockReturnValue(1);",
    );
    expect(answer('kinds')).toEqual({ value: { array: ["'book'"] }, async: true });
  });

  it('none for a type it cannot see into, no declared result, or no such method', () => {
    expect(answer('raw')).toBeUndefined();
    expect(answer('untyped')).toBeUndefined();
    expect(answer('missing')).toBeUndefined();
  });

  it('broken as Biome breaks it when the line would be too wide', () => {
    expect(spyCode('getBooksService', 'search', answer('search')!, '    ', 60)).toBe(
      [
        "vi.spyOn(getBooksService(), 'search').mockResolvedValue([",
        "      { id: 'example-id', year: 1 },",
        '    ]);',
      ].join('\n'),
    );
  });
});
