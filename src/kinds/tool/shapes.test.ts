/**
 * The shape of a tool from its verb and flags, its annotations, typed fields, the service method
 * it calls (added to the service when missing), enrichment and placeholders: all in memory. That
 * the written code type-checks and lints on each framework line for every field type is
 * tests/generators/field-types-typecheck.test.ts's job; that it passes its tests,
 * tests/e2e/framework-matrix.test.ts's.
 */

import { describe, expect, it } from 'vitest';
import { FEATURES_0_10, FEATURES_0_12 } from '../../../tests/helpers/framework.js';
import { FRESH_SERVER, project } from '../../../tests/helpers/projects.js';
import { refusal } from '../../../tests/helpers/refusal.js';
import type { FrameworkFeatures } from '../../project/framework-features.js';
import { isPlaceholder } from '../../text/placeholders.js';
import { addServiceGenerator } from '../service/generator.js';
import { TOTAL_COUNT_WHY } from './bodies.js';
import { type AddToolOptions, addToolGenerator } from './generator.js';
import { chooseShape } from './shape.js';

const DEFS = 'src/mcp-server/tools/definitions';
const SERVICE = 'src/services/ncbi/ncbi-service.ts';
const BASE = FRESH_SERVER;

function run(files: Record<string, string>, options: AddToolOptions, features: FrameworkFeatures = FEATURES_0_12) {
  const { tree, project: p } = project(files);
  const result = addToolGenerator(tree, p, { devcheck: false, ...options }, features);
  const file = (name: string) => tree.read(`${DEFS}/${name.replaceAll('_', '-')}.tool.ts`) ?? '';
  const test = (name: string) => tree.read(`tests/tools/${name.replaceAll('_', '-')}.tool.test.ts`) ?? '';
  return { tree, result, file: file(options.name), test: test(options.name) };
}

function withService(): Record<string, string> {
  const { tree, project: p } = project(BASE);
  addServiceGenerator(tree, p, { name: 'ncbi', devcheck: false }, FEATURES_0_12);
  return { ...BASE, ...Object.fromEntries(tree.changes().map((c) => [c.path, c.after])) };
}

describe('chooseShape', () => {
  it.each([
    [['search', 'articles'], 'search'],
    [['find', 'items'], 'search'],
    [['list', 'studies'], 'search'],
    [['query', 'records'], 'search'],
    [['fetch', 'article'], 'fetch'],
    [['get', 'item'], 'fetch'],
    [['lookup', 'gene'], 'fetch'],
    [['read', 'file'], 'fetch'],
    [['create', 'draft'], 'write'],
    [['update', 'item'], 'write'],
    [['set', 'flag'], 'write'],
    [['delete', 'item'], 'write'],
    [['remove', 'tag'], 'write'],
    [['summarize', 'text'], 'search'],
  ])('%j → %s', (words, shape) => {
    expect(chooseShape(words, false).shape).toBe(shape);
  });

  it('a flag that says the tool changes state makes it a write tool whatever the verb', () => {
    expect(chooseShape(['find', 'items'], true)).toMatchObject({ shape: 'write', verbWrites: false });
    expect(chooseShape(['delete', 'item'], false)).toMatchObject({ verbWrites: true, verbDestroys: true });
    expect(chooseShape(['create', 'item'], false)).toMatchObject({ verbCreates: true, verbDestroys: false });
  });
});

describe('bodies that fit the verb', () => {
  it('search: query and limit in, a list out; enrichment echo, total and an empty-result notice', () => {
    const { file, test, result } = run(BASE, { name: 'demo_search_items' });
    expect(result.problems).toEqual([]);
    expect(file).toContain("    query: z.string().describe('Text to match against item titles.'),");
    expect(file).toContain("    items: z.array(Item.describe('One matching item.')).describe(");
    expect(file).toContain('  enrichment: {\n    effectiveQuery: z.string()');
    expect(file).toContain(`    ctx.enrich.echo(query);\n    ${TOTAL_COUNT_WHY}\n    ctx.enrich.total(items.length);`);
    expect(file).toContain('      ctx.enrich.notice(`Nothing matched "${query}"');
    expect(file).toContain("reason: 'empty_query'");
    expect(file).toContain('      items: items.map((item) => ({ id: item.id, title: item.title })),');
    expect(test).toContain("import { createMockContext, getEnrichment } from '@cyanheads/mcp-ts-core/testing';");
    expect(test).toContain(
      [
        '    const enrichment = getEnrichment(ctx);',
        "    expect(enrichment).toMatchObject({ effectiveQuery: 'example-query' });",
        '    expect(enrichment).toMatchObject({ totalCount: expect.any(Number) });',
      ].join('\n'),
    );
    expect(test).toContain("parse({ query: '   ', limit: 2 })");
  });

  it('fetch: an id in, one record out, no search body', () => {
    const { file } = run(BASE, { name: 'demo_get_item' });
    expect(file).toContain("    id: z.string().describe('Identifier of the record to fetch.'),");
    expect(file).toContain('    const id = input.id;');
    expect(file).toContain('      id: record.id,\n      title: record.title,');
    expect(file).not.toContain('query');
    expect(file).not.toContain('enrich');
  });

  it('write (--no-read-only --idempotent): the fields it changes in, what changed out', () => {
    const { file } = run(BASE, { name: 'demo_update_item', readOnly: false, idempotent: true });
    expect(file).toContain('    readOnlyHint: false,\n    destructiveHint: false,\n    idempotentHint: true,');
    expect(file).toContain('    title: z.string().optional().describe(');
    expect(file).toContain("    changed: z.array(z.string()).describe('Names of the fields the call changed.'),");
    expect(file).toContain("    const changed = Object.keys(input).filter((key) => key !== 'id');");
    expect(file).not.toContain('query');
  });

  it('a write verb alone is not read-only, and the note says so; --read-only is kept, with a warning', () => {
    const plain = run(BASE, { name: 'demo_create_draft' });
    expect(plain.file).toContain('    readOnlyHint: false,');
    expect(plain.result.notes).toContain(
      'readOnlyHint: false, as the verb "create" changes state (pass --read-only if it does not).',
    );
    const kept = run(BASE, { name: 'demo_create_draft', readOnly: true });
    expect(kept.file).toContain('    readOnlyHint: true,');
    expect(kept.result.warnings).toContain(
      '--read-only kept, though the verb "create" reads as a change: check the annotation.',
    );
  });
});

describe('annotations', () => {
  it('--task is not read-only unless --read-only says so', () => {
    const task = run(BASE, { name: 'demo_rebuild_index', task: true }, FEATURES_0_10);
    expect(task.file).toContain('    readOnlyHint: false,');
    expect(task.result.notes).toContain('readOnlyHint: false, as a task tool (pass --read-only if it does not).');
    const readOnly = run(BASE, { name: 'demo_rebuild_index', task: true, readOnly: true }, FEATURES_0_10);
    expect(readOnly.file).toContain('    readOnlyHint: true,');
  });

  it('--service is open-world unless --no-open-world', () => {
    const files = withService();
    expect(run(files, { name: 'demo_search_articles', service: 'ncbi' }).file).toContain('    openWorldHint: true,');
    const closed = run(files, { name: 'demo_search_articles', service: 'ncbi', openWorld: false });
    expect(closed.file).toContain('    openWorldHint: false,');
    expect(closed.result.notes.join('\n')).not.toContain('openWorldHint');
  });

  it('a destructive verb is destructive and asks first where the framework can; --no-confirm writes a write tool', () => {
    const asks = run(BASE, { name: 'demo_delete_item' });
    expect(asks.file).toContain('return ctx.requestInput({');
    expect(asks.result.notes[0]).toBe(
      'The tool is destructive, so it asks the user first where the framework can (pass --no-confirm for one that does not).',
    );
    const plain = run(BASE, { name: 'demo_delete_item', confirm: false });
    expect(plain.file).toContain('    readOnlyHint: false,\n    destructiveHint: true,');
    expect(plain.file).not.toContain('requestInput');
    expect(plain.result.warnings).toEqual([]);
    const notDestructive = run(BASE, { name: 'demo_delete_item', destructive: false });
    expect(notDestructive.file).toContain('    destructiveHint: false,');
  });

  it('--destructive where the framework cannot ask: a write tool, and a warning that it does not ask', () => {
    const none = { ...FEATURES_0_10, elicit: false, requestInput: false };
    const { file, result } = run(BASE, { name: 'demo_purge_cache', destructive: true }, none);
    expect(file).toContain('    destructiveHint: true,');
    expect(result.warnings[0]).toMatch(
      /^The destructive tool does not ask the user first: --confirm needs a way to ask the user/,
    );
  });

  it('--confirm with --no-destructive: OPTION_INVALID, never a silent change', () => {
    expect(refusal(() => run(BASE, { name: 'demo_delete_item', confirm: true, destructive: false })).message).toBe(
      '--confirm contradicts --no-destructive: a tool that asks first is destructive.',
    );
  });
});

describe('typed fields', () => {
  const typed = {
    name: 'demo_find_articles',
    input: ['query:string:Text to match', 'limit:integer?:At most this many', 'sort:enum(relevance|date)?'],
    output: ['articles:object[]:The matches', 'titles:string[]', 'page:integer?:Page shown'],
  };

  it('write described zod fields: optional, integer, enum, arrays; a placeholder where no text was given', () => {
    const { file } = run(BASE, typed);
    expect(file).toContain("    query: z.string().describe('Text to match'),");
    // A number input is bounded: a limit of -1 is refused by the schema, not sliced by.
    expect(file).toContain("    limit: z.number().int().min(1).max(100).optional().describe('At most this many'),");
    expect(file).toContain(
      "    sort: z.enum(['relevance', 'date']).optional().describe('TODO: Sort: say what it holds.'),",
    );
    expect(file).toContain("    articles: z.array(z.record(z.string(), z.unknown())).describe('The matches'),");
    expect(file).toContain("    titles: z.array(z.string()).describe('TODO: Titles: say what it holds.'),");
    expect(file).toContain('    const limit = input.limit ?? 10;');
    expect(file).toContain(
      '      articles: items.map((item) => ({ ...item })),\n      titles: items.map((item) => item.title),',
    );
    // What nothing fills is marked as the stand-in it is.
    expect(file).toContain('      // STAND-IN: nothing fills page yet: return the real value.\n      page: 0,');
  });

  it('every number input is bounded, by what its name says it is', () => {
    const input = [
      'limit:integer:L.',
      'page:integer?:P.',
      'offset:integer?:O.',
      'score:number:S.',
      'sizes:integer[]?:Z.',
    ];
    const { file } = run(BASE, { name: 'demo_search_items', input });
    expect(file).toContain("    limit: z.number().int().min(1).max(100).describe('L.'),");
    expect(file).toContain("    page: z.number().int().min(1).max(10_000).optional().describe('P.'),");
    expect(file).toContain("    offset: z.number().int().min(0).max(1_000_000).optional().describe('O.'),");
    expect(file).toContain("    score: z.number().min(-1_000_000).max(1_000_000).describe('S.'),");
    expect(file).toContain(
      "    sizes: z.array(z.number().int().min(-1_000_000).max(1_000_000)).optional().describe('Z.'),",
    );
  });

  it('an optional list of enums or records is broken one call a line, as Biome lays it out', () => {
    const { file } = run(BASE, { name: 'demo_update_item', input: ['tags:enum(a|b)[]?:Tags', 'ids:string[]?:Ids'] });
    expect(file).toContain(
      "    tags: z\n      .array(z.enum(['a', 'b']))\n      .optional()\n      .describe('Tags'),\n    ids: z.array(z.string()).optional().describe('Ids'),",
    );
  });

  it('format() renders every output field, and the test passes valid input and checks each', () => {
    const { file, test } = run(BASE, typed);
    expect(file).toContain(
      "    lines.push(`**articles:** ${result.articles.map((o) => JSON.stringify(o)).join('; ')}`);",
    );
    expect(file).toContain("    lines.push(`**titles:** ${result.titles.join(', ')}`);");
    expect(file).toContain("    lines.push(`**page:** ${result.page ?? '(none)'}`);");
    // Too wide for one line: one entry a line, as Biome lays it out.
    expect(test).toContain("parse({\n      query: 'example-query',\n      limit: 2,\n      sort: 'relevance',\n    })");
    for (const name of ['articles', 'titles', 'page'])
      expect(test).toContain(`expect(text).toContain('**${name}:**');`);
  });

  it('an output named error (the framework’s failure field) or a bad type: OPTION_INVALID', () => {
    expect(refusal(() => run(BASE, { name: 'demo_get_item', output: ['error:string'] })).message).toContain(
      "error is the framework's field",
    );
    expect(refusal(() => run(BASE, { name: 'demo_get_item', input: ['id:uuid'] })).code).toBe('OPTION_INVALID');
  });

  it('an output that shares an input’s name and type echoes it', () => {
    const { file } = run(BASE, {
      name: 'demo_set_flags',
      input: ['id:string', 'flags:string[]'],
      output: ['id:string', 'flags:string[]', 'ok:boolean'],
    });
    expect(file).toContain('      id: input.id,\n      flags: input.flags,\n      ok: changed.length > 0,');
  });
});

describe('--service: the method that fits the verb', () => {
  it('search calls search(query, limit, ctx); fetch calls fetchRecord(id, ctx); the service is left as it is', () => {
    const files = withService();
    const search = run(files, { name: 'demo_search_articles', service: 'ncbi' });
    expect(search.file).toContain('    const items = await getNcbiService().search(query, limit, ctx);');
    const fetch = run(files, { name: 'demo_fetch_article', service: 'ncbi' });
    expect(fetch.file).toContain('    const record = await getNcbiService().fetchRecord(id, ctx);');
    for (const r of [search, fetch]) expect(r.tree.changes().some((c) => c.path === SERVICE)).toBe(false);
  });

  it('a write tool adds its method stub to the service class once; a second tool on it adds nothing', () => {
    const { tree, project: p } = project(withService());
    const first = addToolGenerator(
      tree,
      p,
      { name: 'demo_update_record', service: 'ncbi', devcheck: false },
      FEATURES_0_12,
    );
    expect(first.notes).toContain(
      'Added a stub of NcbiService.updateRecord() to src/services/ncbi/ncbi-service.ts: the upstream call is yours to write.',
    );
    const service = tree.read(SERVICE)!;
    expect(service).toContain('  updateRecord(changes: Record<string, unknown>, ctx: Context): Promise<string[]> {');
    expect(service.match(/updateRecord\(/g)).toHaveLength(1);
    expect(tree.read(`${DEFS}/demo-update-record.tool.ts`)).toContain(
      '    const changed = await getNcbiService().updateRecord(input, ctx);',
    );
    const second = addToolGenerator(
      tree,
      p,
      { name: 'demo_update_title', service: 'ncbi', devcheck: false },
      FEATURES_0_12,
    );
    expect(second.notes.join('\n')).not.toContain('Added a stub');
    expect(tree.read(SERVICE)!.match(/updateRecord\(/g)).toHaveLength(1);
  });

  it('a service written before search() existed gets the stub, ahead of the class’s closing brace', () => {
    const files = withService();
    const old = files[SERVICE]!.replace(/\n {2}\/\*\* Records matching[\s\S]*?\n {2}}\n/, '\n');
    expect(old).not.toContain('search(');
    const { tree, result } = run({ ...files, [SERVICE]: old }, { name: 'demo_search_articles', service: 'ncbi' });
    expect(result.problems).toEqual([]);
    expect(tree.read(SERVICE)).toMatch(
      /\n {2}search\(query: string, limit: number, ctx: Context\): Promise<\{ id: string; title: string \}\[\]> \{\n[\s\S]*\n {2}}\n}\n\nlet instance/,
    );
  });

  it('a method of that name with other parameters: SERVICE_MISSING with the file and line, nothing changed', () => {
    const files = withService();
    const odd = files[SERVICE]!.replace('search(query: string, limit: number, ctx: Context)', 'search(ctx: Context)');
    const e = refusal(() => run({ ...files, [SERVICE]: odd }, { name: 'demo_search_articles', service: 'ncbi' }));
    expect(e.code).toBe('SERVICE_MISSING');
    expect(e.message).toMatch(
      /^src\/services\/ncbi\/ncbi-service\.ts:\d+: NcbiService\.search is not a method taking \(query: string, limit: number, ctx: Context\)/,
    );
  });
});

describe('every input read, whatever its type', () => {
  it('a search without a required string: its inputs as criteria, no blank query, no empty_query', () => {
    const { file, test } = run(BASE, { name: 'demo_search_items', input: ['kind:enum(a|b)', 'tags:string[]?'] });
    expect(file).toContain(
      [
        '    const limit = 10;',
        '    const criteria = { kind: input.kind, tags: input.tags };',
        "    ctx.log.info('Searching', { criteria, limit });",
        '    // STAND-IN: made-up results: search your data here (a service method, an API call).',
        "    const items = [{ id: 'item-1', title: JSON.stringify(criteria) }].slice(0, limit);",
        `    ${TOTAL_COUNT_WHY}`,
        '    ctx.enrich.total(items.length);',
      ].join('\n'),
    );
    expect(file).not.toContain("const query = '';");
    expect(file).not.toContain('empty_query');
    expect(test).not.toContain('empty_query');
  });

  it('an optional query is read (blank is allowed), and the other inputs go in the criteria with it', () => {
    const { file } = run(BASE, {
      name: 'demo_search_items',
      input: ['query:string?:Text to match', 'limit:integer?', 'year:integer?', 'open:boolean'],
    });
    expect(file).toContain(
      [
        "    const query = input.query?.trim() ?? '';",
        '    const limit = input.limit ?? 10;',
        '    const criteria = { query, year: input.year, open: input.open };',
      ].join('\n'),
    );
    expect(file).toContain('    ctx.enrich.echo(query);');
    expect(file).not.toContain('empty_query');
  });

  it('an optional query alone with its limit: search(query, limit, ctx), as the plain search', () => {
    const { file } = run(withService(), {
      name: 'demo_search_items',
      service: 'ncbi',
      input: ['q:string?:Text to match', 'limit:integer?'],
    });
    expect(file).toContain("    const query = input.q?.trim() ?? '';\n    const limit = input.limit ?? 10;");
    expect(file).toContain('    const items = await getNcbiService().search(query, limit, ctx);');
  });

  it('an id is not a free-text query: it is a criterion of searchBy(criteria, limit, ctx), stub added once', () => {
    const { tree, project: p } = project(withService());
    const options = { service: 'ncbi', devcheck: false, input: ['authorId:string:Whose works'] };
    const first = addToolGenerator(tree, p, { ...options, name: 'demo_list_author_works' }, FEATURES_0_12);
    const file = tree.read(`${DEFS}/demo-list-author-works.tool.ts`)!;
    expect(file).toContain('    const criteria = { authorId: input.authorId };');
    expect(file).toContain('    const items = await getNcbiService().searchBy(criteria, limit, ctx);');
    expect(file).not.toContain('search(');
    expect(first.notes).toContain(
      'Added a stub of NcbiService.searchBy() to src/services/ncbi/ncbi-service.ts: the upstream call is yours to write.',
    );
    expect(tree.read(SERVICE)).toContain(
      [
        '  searchBy(',
        '    criteria: Record<string, unknown>,',
        '    limit: number,',
        '    ctx: Context,',
        '  ): Promise<{ id: string; title: string }[]> {',
        "    ctx.log.info('Searching', { criteria, limit });",
      ].join('\n'),
    );
    const second = addToolGenerator(tree, p, { ...options, name: 'demo_list_author_books' }, FEATURES_0_12);
    expect(second.notes.join('\n')).not.toContain('Added a stub');
    expect(tree.read(SERVICE)!.match(/searchBy\(/g)).toHaveLength(1);
  });

  it('a fetch with more than its id: the id and the rest as criteria, to fetchRecordBy(criteria, ctx)', () => {
    const { tree, file } = run(withService(), {
      name: 'demo_get_item',
      service: 'ncbi',
      input: ['id:string', 'fields:string[]?'],
    });
    expect(file).toContain(
      [
        '    const id = input.id;',
        '    const criteria = { id, fields: input.fields };',
        "    ctx.log.info('Fetching', { criteria });",
        '    const record = await getNcbiService().fetchRecordBy(criteria, ctx);',
      ].join('\n'),
    );
    expect(tree.read(SERVICE)).toContain(
      [
        '  fetchRecordBy(',
        '    criteria: Record<string, unknown>,',
        '    ctx: Context,',
        '  ): Promise<{ id: string; title: string } | undefined> {',
        "    ctx.log.info('Fetching record', { criteria });",
        '    // STAND-IN: a made-up record: fetch it upstream here (undefined when there is none).',
        "    const record = { id: 'rec-1', title: `Record for ${JSON.stringify(criteria)}` };",
        '    return Promise.resolve(record);',
      ].join('\n'),
    );
  });

  it('a fetch without a required string: a stand-in record made from the criteria, and not_found', () => {
    const { file } = run(BASE, { name: 'demo_get_item', input: ['n:number'] });
    expect(file).toContain(
      [
        '    const criteria = { n: input.n };',
        "    ctx.log.info('Fetching', { criteria });",
        '    // STAND-IN: a made-up record: look it up here (undefined when there is none).',
        '    const record: { id: string; title: string } | undefined = {',
        "      id: 'record-1',",
        '      title: `Record for ${JSON.stringify(criteria)}`,',
        '    };',
        '    if (!record) {',
        "      throw ctx.fail('not_found', 'No record matches the criteria.', ctx.recoveryFor('not_found'));",
        '    }',
      ].join('\n'),
    );
    expect(file).toContain("      reason: 'not_found',\n      code: JsonRpcErrorCode.NotFound,");
    expect(file).not.toContain("const id = '';");
  });

  it('criteria too wide for one line: one entry a line, as Biome lays it out', () => {
    const input = ['first_long_field_name:string?', 'second_long_field_name:number?', 'third_long_field:boolean'];
    const { file } = run(BASE, { name: 'demo_search_items', input });
    expect(file).toContain(
      [
        '    const criteria = {',
        '      first_long_field_name: input.first_long_field_name,',
        '      second_long_field_name: input.second_long_field_name,',
        '      third_long_field: input.third_long_field,',
        '    };',
      ].join('\n'),
    );
  });
});

describe('not_found on a fetch', () => {
  it('where the framework has no ctx.fail, the error factory raises it, imported from /errors', () => {
    const { file } = run(BASE, { name: 'demo_get_item' }, { ...FEATURES_0_12, fail: false });
    expect(file).toContain("import { JsonRpcErrorCode, notFound } from '@cyanheads/mcp-ts-core/errors';");
    expect(file).toContain("      throw notFound(`No record ${id}.`, { reason: 'not_found' });");
    expect(file).not.toContain('throw ctx.fail(');
    expect(run(BASE, { name: 'demo_get_item' }).file).toContain(
      "      throw ctx.fail('not_found', `No record ${id}.`, ctx.recoveryFor('not_found'));",
    );
  });

  it('a destructive write reports the record it was asked to act on, and marks the change it did not make', () => {
    const { file } = run(BASE, { name: 'demo_purge_article', confirm: false, input: ['pmid:string:PubMed id.'] });
    expect(file).toContain(
      [
        '    // STAND-IN: nothing is changed yet: purge here, then say what changed.',
        '    const changed = Object.keys(input);',
      ].join('\n'),
    );
    expect(file).toContain('      id: input.pmid,\n      changed,');
  });
});

describe('placeholders', () => {
  it('the description derived from the name is marked; one given with --description is not', () => {
    const { file } = run(BASE, { name: 'demo_get_item' });
    const description = /\n {2}description: '([^']*)',/.exec(file)![1]!;
    expect(isPlaceholder(description)).toBe(true);
    expect(description).toBe('TODO: Get item. Say what it returns and when to use it.');
    expect(run(BASE, { name: 'demo_get_item', description: 'Get one item by id.' }).file).toContain(
      "  description: 'Get one item by id.',",
    );
  });
});

describe('objects typed with braces', () => {
  const works =
    'works:object[]{title:string:Display title,year:integer?,kind:enum(book|essay),author:object{name:string}}:The works';

  it('each object is a named, described z.object; the handler fills it; format() and the test reach every field', () => {
    const { file, test, result } = run(BASE, {
      name: 'demo_list_works',
      input: ['query:string:Text to match', 'filter:object{year:integer?,tags:string[]}?:Narrows the works'],
      output: [works, 'totalCount:integer:How many matched'],
    });
    expect(result.problems).toEqual([]);
    expect(file).toContain(
      [
        'const FilterSchema = z.object({',
        "  year: z.number().int().min(-1_000_000).max(1_000_000).optional().describe('TODO: Year: say what it holds.'),",
      ].join('\n'),
    );
    expect(file).toContain(
      [
        'const WorksItemAuthorSchema = z.object({',
        "  name: z.string().describe('TODO: Name: say what it holds.'),",
        '});',
        '',
        'const WorksItemSchema = z.object({',
        "  title: z.string().describe('Display title'),",
      ].join('\n'),
    );
    expect(file).toContain("  author: WorksItemAuthorSchema.describe('TODO: Author: say what it holds.'),");
    expect(file).toContain("works: z.array(WorksItemSchema.describe('One entry of works.')).describe('The works'),");
    expect(file).toContain("filter: FilterSchema.optional().describe('Narrows the works'),");
    // The stand-in items fill what a search has (the title) and empty values for the rest.
    expect(file).toContain("kind: 'book' as const, author: { name: '' }");
    expect(file).toContain('for (const entry of result.works) {');
    expect(file).toContain('author: ${JSON.stringify(entry.author)}');
    expect(test).toContain("filter: { year: 2, tags: ['example-tags'] }");
    expect(test).toContain('  expect(text).toContain(String(entry.title));');
    expect(test).not.toContain('String(entry.author)');
  });
});
