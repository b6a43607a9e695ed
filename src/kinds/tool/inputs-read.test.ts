/**
 * A search-, list- or fetch-shaped body reads every input it is given (issue 38: a search given
 * an optional query wrote `const query = ''` and ignored all five of its inputs). Each shape is
 * generated, in memory, with several sets of --input, alone and on a service, and the handler
 * must name every input: `input.<name>`, or the whole `input` passed on.
 */

import { describe, expect, it } from 'vitest';
import { FEATURES_0_10, FEATURES_0_12 } from '../../../tests/helpers/framework.js';
import { FRESH_SERVER, project } from '../../../tests/helpers/projects.js';
import { addServiceGenerator } from '../service/generator.js';
import { addToolGenerator } from './generator.js';

const INPUT_SETS: string[][] = [
  ['query:string?:Text to match'],
  ['query:string?:Text', 'authorId:string', 'year:integer?', 'open:boolean', 'kind:enum(a|b)', 'tags:string[]?'],
  ['authorId:string:Whose works', 'limit:integer?:At most'],
  ['id:string:Which one'],
  ['id:string', 'include:enum(full|brief)?'],
  ['limit:integer:At most'],
  ['term:string', 'limit:integer', 'offset:integer?', 'sort:enum(date|score)?'],
  ['filter:object{year:integer?,kinds:string[]}?:Narrows it', 'q:string'],
  ['ids:string[]', 'since:number?'],
];

/** Verbs of each shape: search and list are searches, fetch and get fetches. */
const VERBS = ['search', 'list', 'find', 'fetch', 'get'];

/** The handler's body: after `handler(input, ctx) {`, up to the format() that follows it. */
function handlerOf(definition: string): string {
  const head = 'handler(input, ctx) {';
  const start = definition.indexOf(head);
  expect(start, definition).toBeGreaterThan(0);
  return definition.slice(start + head.length, definition.indexOf('format: (result)', start));
}

function servedFiles(): Record<string, string> {
  const { tree, project: p } = project(FRESH_SERVER);
  addServiceGenerator(tree, p, { name: 'acme', devcheck: false }, FEATURES_0_12);
  return { ...FRESH_SERVER, ...Object.fromEntries(tree.changes().map((c) => [c.path, c.after])) };
}

describe('every input a search, list or fetch is given is read by its handler', () => {
  const served = servedFiles();
  for (const features of [FEATURES_0_10, FEATURES_0_12]) {
    for (const onService of [false, true]) {
      it.each(VERBS)(`%s, ${onService ? 'on a service' : 'alone'} (framework ${features.version})`, (verb) => {
        for (const input of INPUT_SETS) {
          const { tree, project: p } = project(onService ? served : FRESH_SERVER);
          const name = `demo_${verb}_works`;
          const result = addToolGenerator(
            tree,
            p,
            { name, input, devcheck: false, ...(onService ? { service: 'acme' } : {}) },
            features,
          );
          expect(result.problems, input.join(' ')).toEqual([]);
          const handler = handlerOf(tree.read(`src/mcp-server/tools/definitions/demo-${verb}-works.tool.ts`)!);
          for (const field of input.map((i) => i.slice(0, i.indexOf(':')).replace(/\?$/, ''))) {
            const read = new RegExp(`\\binput\\.${field}\\b`).test(handler) || /\(input, ctx\)/.test(handler);
            expect(read, `${name} with ${input.join(' ')} does not read ${field}:\n${handler}`).toBe(true);
          }
          expect(handler, input.join(' ')).not.toMatch(/const query = '';/);
        }
      });
    }
  }
});

describe('an identifier is never searched as free text', () => {
  const served = servedFiles();
  const handlerFor = (name: string, input: string[]) => {
    const { tree, project: p } = project(served);
    expect(
      addToolGenerator(tree, p, { name, input, service: 'acme', devcheck: false }, FEATURES_0_12).problems,
    ).toEqual([]);
    return handlerOf(tree.read(`src/mcp-server/tools/definitions/${name.replaceAll('_', '-')}.tool.ts`)!);
  };

  it.each(['authorKey', 'author_key', 'authorId', 'isbn', 'slug'])(
    'a list by %s passes it as a criterion, not as the query',
    (id) => {
      const handler = handlerFor('demo_list_author_works', [`${id}:string:Whose works`, 'limit:integer?:At most']);
      expect(handler).toContain(`const criteria = { ${id}: input.${id} };`);
      expect(handler).toContain('.searchBy(criteria, limit, ctx)');
      expect(handler).not.toMatch(/empty_query|\.search\(/);
    },
  );

  it('a fetch by a key reads it as the id; a search for text still takes its query', () => {
    expect(handlerFor('demo_get_work', ['workKey:string:Which work'])).toContain('.fetchRecord(id, ctx)');
    expect(handlerFor('demo_search_works', ['words:string:Text', 'limit:integer?'])).toContain(
      '.search(query, limit, ctx)',
    );
  });
});
