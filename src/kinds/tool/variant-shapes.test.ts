/**
 * `--confirm`, `--task` and `--app` with `--service` and typed `--input`/`--output` fields: the
 * variant's steps around the shaped body, on each framework line, in memory. That the written
 * code type-checks, lints and passes its tests for real is tests/e2e/framework-matrix.test.ts's job.
 */

import { describe, expect, it } from 'vitest';
import { FEATURES_0_10, FEATURES_0_11, FEATURES_0_12 } from '../../../tests/helpers/framework.js';
import { FRESH_SERVER, project } from '../../../tests/helpers/projects.js';
import { refusal } from '../../../tests/helpers/refusal.js';
import { withNcbiService } from '../../../tests/helpers/services.js';
import type { FrameworkFeatures } from '../../project/framework-features.js';
import { type AddToolOptions, addToolGenerator } from './generator.js';

const DEFS = 'src/mcp-server/tools/definitions';
const RES = 'src/mcp-server/resources/definitions';
const SERVICE = 'src/services/ncbi/ncbi-service.ts';
const BASE = FRESH_SERVER;
const withService = () => withNcbiService(BASE);

function run(files: Record<string, string>, options: AddToolOptions, features: FrameworkFeatures, suffix = 'tool') {
  const { tree, project: p } = project(files);
  const result = addToolGenerator(tree, p, { devcheck: false, ...options }, features);
  const base = options.name.replaceAll('_', '-');
  return {
    tree,
    result,
    file: tree.read(`${DEFS}/${base}.${suffix}.ts`) ?? '',
    test: tree.read(`tests/tools/${base}.${suffix}.test.ts`) ?? '',
    service: tree.read(SERVICE) ?? '',
  };
}

const TYPED_WRITE = {
  input: ['draftId:string:Which draft', 'reason:string?:Why it goes'],
  output: ['draftId:string:The draft', 'removed:boolean:Whether it went', 'tags:string[]:Tags it had'],
};

describe.each([
  ['0.10 (ctx.elicit)', FEATURES_0_10, 'elicit'],
  ['0.11 (ctx.elicit)', FEATURES_0_11, 'elicit'],
  ['0.12 (ctx.requestInput)', FEATURES_0_12, 'requestInput'],
] as const)('--confirm on %s', (_line, features, api) => {
  it('with --service: asks first, then calls the write method the verb picks (a stub added once)', () => {
    const { file, test, service, result } = run(
      withService(),
      { name: 'demo_delete_article', confirm: true, service: 'ncbi' },
      features,
    );
    expect(file).toContain('const Confirmation = z.object({');
    expect(file).toContain('    readOnlyHint: false,\n    destructiveHint: true,');
    expect(file).toContain('    openWorldHint: true,');
    expect(file).toContain("import { getNcbiService } from '@/services/ncbi/ncbi-service.js';");
    // The question names the record; the service is called only after the yes.
    const ask = api === 'elicit' ? 'await ctx.elicit(question, Confirmation)' : 'return ctx.requestInput({';
    expect(file).toContain(ask);
    expect(file).toContain('Delete article ${input.id}? This cannot be undone.');
    expect(file.indexOf(ask)).toBeLessThan(file.indexOf('await getNcbiService().deleteRecord(input, ctx)'));
    expect(file).toContain('  async handler(input, ctx) {');
    expect(service.match(/\n {2}deleteRecord\(/g)).toHaveLength(1);
    expect(result.notes.join('\n')).toContain(`The tool asks through ctx.${api}`);
    // The test answers yes for the main calls, and checks each answer that is not a yes.
    expect(test).toContain("it.each(NOT_YES)('fails with not_confirmed when the user %s'");
    expect(test).toContain('initNcbiService(parseConfig());');
    expect(test).toContain("vi.spyOn(getNcbiService(), 'deleteRecord').mockResolvedValue(['example-result']);");
    if (api === 'elicit') {
      expect(file).not.toContain('requestInput');
      expect(test).toContain('const ctx = mockContext({ elicit: userAnswers(YES) });');
      expect(test).toContain("it('fails with confirmation_unavailable when the client cannot ask'");
      expect(test).toContain("import type { ElicitResult } from '@cyanheads/mcp-ts-core';");
    } else {
      expect(file).toContain("import { inputRequired, tool, z } from '@cyanheads/mcp-ts-core';");
      expect(file).not.toContain('ctx.elicit');
      expect(test).toContain('const ctx = mockContext({ inputResponses: YES });');
      expect(test).toContain('expectInputRequired(() => demoDeleteArticleTool.handler(input, ctx))');
      expect(test).toContain("message: expect.stringContaining('example-id')");
    }
  });

  it('a destructive verb with --service asks by default, without a warning', () => {
    const { file, result } = run(withService(), { name: 'demo_remove_tag', service: 'ncbi' }, features);
    expect(file).toContain('const Confirmation = z.object({');
    expect(file).toContain('getNcbiService().removeRecord(input, ctx)');
    expect(result.warnings).toEqual([]);
    expect(result.notes[0]).toMatch(/^The tool is destructive, so it asks the user first/);
  });

  it('with typed fields: the fields as typed, the question names the key input, format() renders each output', () => {
    const { file, test } = run(BASE, { name: 'demo_remove_draft', confirm: true, ...TYPED_WRITE }, features);
    expect(file).toContain("    draftId: z.string().describe('Which draft'),");
    expect(file).toContain("    reason: z.string().optional().describe('Why it goes'),");
    expect(file).toContain("    removed: z.boolean().describe('Whether it went'),");
    expect(file).toContain('Remove draft ${input.draftId}? This cannot be undone.');
    for (const name of ['draftId', 'removed', 'tags']) expect(file).toContain(`lines.push(\`**${name}:** `);
    expect(test).toContain("expect(text).toContain('**removed:**');");
    expect(test).toContain("draftId: 'example-draft-id'");
    // The typed write tool has no query: no empty_query test.
    expect(test).not.toContain('empty_query');
  });
});

describe('--task', () => {
  it('with --service on 0.10/0.11: task: true, progress around the search the verb picks', () => {
    for (const features of [FEATURES_0_10, FEATURES_0_11]) {
      const { file, test, service } = run(
        withService(),
        { name: 'demo_search_archive', task: true, service: 'ncbi' },
        features,
      );
      expect(file).toContain('  task: true,\n  input: z.object({');
      expect(file).toContain('    await ctx.progress?.setTotal(1);');
      expect(file).toContain('const items = await getNcbiService().search(query, limit, ctx);');
      expect(file.indexOf('getNcbiService().search(')).toBeLessThan(file.indexOf('await ctx.progress?.increment();'));
      expect(file).toContain('    readOnlyHint: false,');
      expect(service).toMatch(/\n {2}search\(query: string, limit: number, ctx: Context\)/);
      expect(test).toContain("it('reports its progress as it works'");
      expect(test).toContain('const ctx = mockContext({ progress: true });');
      expect(test).toContain("import { beforeEach, describe, expect, it, vi } from 'vitest';");
    }
  });

  it('with typed fields: the fields as typed', () => {
    const { file } = run(
      BASE,
      { name: 'demo_sync_items', task: true, input: ['since:string:Start date'], output: ['synced:integer:How many'] },
      FEATURES_0_11,
    );
    expect(file).toContain("    since: z.string().describe('Start date'),");
    expect(file).toContain("    synced: z.number().int().describe('How many'),");
    expect(file).toContain('  task: true,');
  });

  it('around a body without an error contract: the criteria read, the mock on one line, as Biome has it', () => {
    const { file, test } = run(
      BASE,
      { name: 'demo_sync_items', task: true, input: ['n:number?:How many'] },
      FEATURES_0_11,
    );
    expect(file).toContain('    const criteria = { n: input.n };');
    expect(test).toContain(
      '\nconst mockContext = (options: MockContextOptions = {}) => createMockContext({ ...options });\n',
    );
  });

  it('on 0.12 (no tasks): FRAMEWORK_UNSUPPORTED, and the service is left as it was', () => {
    const files = withService();
    const { tree, project: p } = project(files);
    const e = refusal(() =>
      addToolGenerator(
        tree,
        p,
        { name: 'demo_rebuild_index', task: true, service: 'ncbi', devcheck: false },
        FEATURES_0_12,
      ),
    );
    expect(e.code).toBe('FRAMEWORK_UNSUPPORTED');
    expect(tree.read(SERVICE)).toBe(files[SERVICE]);
  });
});

describe('--app', () => {
  it('with --service: an appTool with the fetch the verb picks, JSON first, and a UI resource showing every field', () => {
    const { file, test, tree } = run(
      withService(),
      { name: 'demo_show_article', app: true, service: 'ncbi' },
      FEATURES_0_12,
      'app-tool',
    );
    expect(file).toContain("import { appTool, z } from '@cyanheads/mcp-ts-core';");
    expect(file).toContain("const UI_RESOURCE_URI = 'ui://demo-show-article/app.html';");
    expect(file).toContain("export const demoShowArticleTool = appTool('demo_show_article', {");
    expect(file).toContain('  resourceUri: UI_RESOURCE_URI,');
    expect(file).toContain('const record = await getNcbiService().fetchRecord(id, ctx);');
    expect(file).toContain("      { type: 'text', text: JSON.stringify(result) },");
    expect(test).toContain("it('gives the UI its JSON first'");
    expect(test).toContain("const resourceUri = 'ui://demo-show-article/app.html';");
    const ui = tree.read(`${RES}/demo-show-article-ui.app-resource.ts`) ?? '';
    expect(ui).toContain("export const demoShowArticleUiResource = appResource('ui://demo-show-article/app.html', {");
    expect(ui).toContain('Object.entries(data)');
    expect(ui).not.toContain('data.rows');
    expect(tree.read('src/index.ts')).toMatch(/resources: \[[^\]]*demoShowArticleUiResource/);
  });

  it('with typed fields on a search verb: the fields as typed, and no enrichment (the JSON block is the result)', () => {
    const { file } = run(
      BASE,
      {
        name: 'demo_list_items',
        app: true,
        input: ['query:string:Text to match'],
        output: ['items:string[]:Names', 'total:integer:How many'],
      },
      FEATURES_0_11,
      'app-tool',
    );
    expect(file).toContain("    items: z.array(z.string()).describe('Names'),");
    expect(file).toContain('      total: items.length,');
    expect(file).not.toContain('enrichment');
    expect(file).not.toContain('ctx.enrich');
  });
});

it('two variants with --service: still OPTION_INVALID', () => {
  const { tree, project: p } = project(withService());
  const e = refusal(() =>
    addToolGenerator(
      tree,
      p,
      { name: 'demo_x', app: true, task: true, service: 'ncbi', devcheck: false },
      FEATURES_0_11,
    ),
  );
  expect(e.code).toBe('OPTION_INVALID');
});

it('each variant writes lines within the line width as written (no formatter needed for names of ordinary length)', () => {
  // The test's import of the definition is laid out as every kind's is (the formatter's job).
  const wide = (text: string) => text.split('\n').filter((l) => l.length > 100 && !l.startsWith('import {'));
  const cases: [AddToolOptions, FrameworkFeatures, string][] = [
    [{ name: 'demo_purge_archived_cache', confirm: true, service: 'ncbi' }, FEATURES_0_10, 'tool'],
    [{ name: 'demo_purge_archived_cache', confirm: true, service: 'ncbi' }, FEATURES_0_12, 'tool'],
    [{ name: 'demo_rebuild_search_index', task: true, service: 'ncbi' }, FEATURES_0_10, 'tool'],
    [{ name: 'demo_show_archived_article', app: true, service: 'ncbi' }, FEATURES_0_12, 'app-tool'],
  ];
  for (const [options, features, suffix] of cases) {
    const { file, test } = run(withService(), options, features, suffix);
    expect(wide(file), options.name).toEqual([]);
    expect(wide(test), options.name).toEqual([]);
  }
});
