/**
 * `add test` planned in memory: where the test goes (the project's test layout), what it imports,
 * what it checks for each kind, and the refusals (a test already there, an unknown name).
 */

import { describe, expect, it } from 'vitest';
import { planAddTest } from '../../src/commands/add-test.js';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { KINDS as ALL_KINDS } from '../../src/kinds/index.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { SAMPLE_HELPER_FILE } from '../../src/kinds/test/sample-helper.js';
import { sampleArgument } from '../../src/kinds/test/service-calls.js';
import { upgradeGenerator } from '../../src/upgrade/plan.js';
import { FEATURES_0_10, FEATURES_0_11, FEATURES_0_12 } from '../helpers/framework.js';
import { FRESH_INDEX, memoryProject, PACKAGE_JSON, VITEST_CONFIG } from '../helpers/projects.js';
import { existing, fixture, KINDS } from '../helpers/shapes.js';

const LAYOUTS = ALL_KINDS.flatMap((k) => (k.layout ? [k.layout] : []));

describe.each(KINDS)('add test for a $kind', (k) => {
  const d = existing(k)[0]!;

  it('writes tests/<kind>s/<file>.test.ts, importing the definition through the @/ alias', () => {
    const tree = new Tree(new MemoryHost(fixture({ 'src/index.ts': "await createApp({ name: 'acme' });\n" })));
    // The fixture gives each kind the same name: the kind must be said.
    expect(() => planAddTest(tree, LAYOUTS, d.mcpName)).toThrow(expect.objectContaining({ code: 'OPTION_INVALID' }));
    const change = planAddTest(tree, LAYOUTS, d.mcpName, { kind: k.kind });
    expect(change.problems).toEqual([]);
    const file = `tests/${k.key}/${d.base}.test.ts`;
    expect(tree.changes().map((c) => `${c.action} ${c.path}`)).toEqual([
      `create ${SAMPLE_HELPER_FILE}`,
      `create ${file}`,
    ]);
    const text = tree.read(file)!;
    expect(text).toContain(`import { ${d.exportName} } from '@/mcp-server/${k.key}/definitions/${d.base}.js';`);
    // Inputs come from the definition's own schemas at test time, not from a template's sample,
    // through the server's one shared helper (a relative import: \`@/\` is for src/).
    expect(text).toMatch(/inputOf\(\w+\.(input|params|args)\)/);
    expect(text).toMatch(/^import \{ (\w+, )*inputOf(, \w+)* \} from '\.\.\/helpers\/sample-input\.js';$/m);
    expect(text).not.toContain('function sample(');
    expect(tree.read(SAMPLE_HELPER_FILE)).toContain('z.toJSONSchema(schema');
    const checks = { tool: '.output.parse(result)', resource: 'definition.uriTemplate', prompt: '.generate(' };
    expect(text).toContain(checks[k.kind as keyof typeof checks]);
    // An app resource's output is typed never: the test reads it as optional, so it type-checks.
    if (k.kind === 'resource') expect(text).toContain('(definition as { output?: z.ZodType | undefined }).output');
    expect(change.data.test).toMatchObject({ kind: k.kind, file });
  });

  it('refuses when the definition has a test already (ALREADY_EXISTS), unless --force', () => {
    const file = `tests/${k.key}/${d.base}.test.ts`;
    const files = fixture({ 'src/index.ts': "await createApp({ name: 'acme' });\n", [file]: '// hand-written\n' });
    const tree = new Tree(new MemoryHost(files));
    expect(planAddTest(tree, LAYOUTS, d.exportName).problems.map((p) => p.code)).toEqual(['ALREADY_EXISTS']);
    // A hand-written test is not what mcp-scaffold wrote: --force alone keeps it, naming its line.
    expect(planAddTest(tree, LAYOUTS, d.exportName, { force: true }).problems).toEqual([
      expect.objectContaining({
        code: 'EDITED_SINCE_GENERATED',
        path: file,
        line: 1,
        details: [{ path: file, line: 1, message: 'would discard: // hand-written' }],
      }),
    ]);
    const again = new Tree(new MemoryHost(files));
    expect(planAddTest(again, LAYOUTS, d.exportName, { force: true, overwriteEdited: true }).problems).toEqual([]);
    expect(again.read(file)).not.toBe('// hand-written\n');
  });
});

describe('add test for a service', () => {
  /** The test add test writes for the ncbi service that add service made (without its own test). */
  const serviceTestOf = (storage: boolean) => {
    const host = new MemoryHost({
      'package.json': PACKAGE_JSON,
      'src/index.ts': FRESH_INDEX,
      'vitest.config.ts': VITEST_CONFIG,
    });
    const tree = new Tree(host);
    const opts = { name: 'ncbi', devcheck: false, test: false, storage };
    addServiceGenerator(tree, memoryProject(host), opts, FEATURES_0_10);
    host.flush(tree.changes());
    const again = new Tree(host);
    expect(planAddTest(again, LAYOUTS, 'ncbi', { kind: 'service' }).problems).toEqual([]);
    return again.read('tests/services/ncbi/ncbi-service.test.ts')!;
  };

  it('calls init…() and get…(), and calls each public method with arguments made from its parameter types', () => {
    const text = serviceTestOf(false);
    // Made with what its init takes (no storage without --storage), its upstream stubbed.
    expect(text).toContain('    initNcbiService(parseConfig());\n');
    expect(text).not.toContain('createInMemoryStorage');
    expect(text).toContain("    vi.stubGlobal('fetch', upstream);\n");
    expect(text).toContain('    vi.unstubAllGlobals();\n');
    expect(text).toContain("const result = await getNcbiService().fetchRecord('example', ctx);");
    expect(text).toContain("const result = await getNcbiService().search('example', 1, ctx);");
    expect(text).toContain('expect(result).toBeDefined();');
    // The private helpers are not called.
    expect(text).not.toMatch(/\.(load|storageContext)\(/);
  });

  it('a service made with --storage: the test gives it the in-memory storage, as setup() gives it the storage', () => {
    const text = serviceTestOf(true);
    expect(text).toContain('    initNcbiService(parseConfig(), createInMemoryStorage());\n');
    expect(text).toContain(
      "import { createInMemoryStorage, createMockContext } from '@cyanheads/mcp-ts-core/testing';",
    );
  });
});

describe('add test: sample arguments for service methods', () => {
  it.each([
    ['string', "'example'"],
    ['number', '1'],
    ['boolean', 'true'],
    ['Context', 'ctx'],
    ['string[]', '[]'],
    ['readonly number[]', '[]'],
    ['Array<{ id: string }>', '[]'],
    ["'asc' | 'desc'", "'asc'"],
  ])('%s → %s', (type, sample) => {
    expect(sampleArgument(type)).toBe(sample);
  });

  it.each(['RecordId', '{ id: string }', "'asc' | number", 'Map<string, number>', 'RequestContext'])(
    'none for %s: the method is only checked to be there',
    (type) => {
      expect(sampleArgument(type)).toBeUndefined();
    },
  );

  it('a method with a parameter of another type is not called; optional trailing ones are left out', () => {
    const host = new MemoryHost(
      fixture({
        'src/index.ts': "await createApp({ name: 'acme', setup() { initShopService(); } });\n",
        'src/services/shop/shop-service.ts': [
          'export class ShopService {',
          '  price(sku: Sku): number { return sku.length; }',
          "  list(limit: number, order?: 'asc' | 'desc'): string[] { return []; }",
          '  clear(): void {}',
          '}',
          'export function initShopService(): void {}',
          'export function getShopService(): ShopService { return new ShopService(); }',
          '',
        ].join('\n'),
      }),
    );
    const tree = new Tree(host);
    expect(planAddTest(tree, LAYOUTS, 'shop', { kind: 'service' }).problems).toEqual([]);
    const text = tree.read('tests/services/shop/shop-service.test.ts')!;
    expect(text).toContain("expect(typeof getShopService().price).toBe('function');");
    expect(text).toContain('const result = await getShopService().list(1);');
    expect(text).toMatch(/\n {4}await getShopService\(\)\.clear\(\);/);
    expect(text).not.toContain('createMockContext');
  });
});

describe('add test: names', () => {
  it('NOT_FOUND for a name no definition has', () => {
    const tree = new Tree(new MemoryHost(fixture({ 'src/index.ts': "await createApp({ name: 'acme' });\n" })));
    expect(() => planAddTest(tree, LAYOUTS, 'acme_nothing')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});

describe('add test: one shared sample helper per server', () => {
  const TOOL = existing(KINDS[0]!)[0]!;
  const PROMPT = existing(KINDS[2]!)[0]!;
  const planned = (files: Record<string, string>) => {
    const host = new MemoryHost(fixture({ 'src/index.ts': "await createApp({ name: 'acme' });\n", ...files }));
    return { host, tree: new Tree(host) };
  };

  it('the first add test writes it; the next ones import it and leave it as it is', () => {
    const { host, tree } = planned({});
    expect(planAddTest(tree, LAYOUTS, TOOL.exportName).problems).toEqual([]);
    host.flush(tree.changes());
    const helper = host.snapshot()[SAMPLE_HELPER_FILE]!;
    expect(helper).toMatch(/^export function inputOf\(/m);
    const again = new Tree(host);
    expect(planAddTest(again, LAYOUTS, PROMPT.exportName).warnings).toEqual([]);
    expect(again.changes().map((c) => `${c.action} ${c.path}`)).toEqual([
      `create tests/prompts/${PROMPT.base}.test.ts`,
    ]);
    expect(again.read(`tests/prompts/${PROMPT.base}.test.ts`)).toContain(
      "import { inputOf } from '../helpers/sample-input.js';",
    );
  });

  it('an edited helper is never written over; a name the test imports that it lacks is a warning', () => {
    const edited = '// mine\nexport function inputOf(): unknown {\n  return {};\n}\n';
    const { tree } = planned({ [SAMPLE_HELPER_FILE]: edited });
    const kept = planAddTest(tree, LAYOUTS, TOOL.exportName);
    expect(kept.warnings).toEqual([]);
    expect(tree.read(SAMPLE_HELPER_FILE)).toBe(edited);
    const without = planned({ [SAMPLE_HELPER_FILE]: '// emptied\n' });
    const warned = planAddTest(without.tree, LAYOUTS, TOOL.exportName, { force: true });
    expect(warned.warnings).toEqual([
      expect.stringMatching(
        /^tests\/helpers\/sample-input\.ts does not export `inputOf`, which tests\/tools\/.+ imports: it was kept as it is\./,
      ),
    ]);
    expect(without.tree.read(SAMPLE_HELPER_FILE)).toBe('// emptied\n');
  });

  it('a test in a mirror of src/ imports it by its own relative path', () => {
    const { tree } = planned({ 'tests/mcp-server/tools/definitions/other.tool.test.ts': '// mirrored\n' });
    planAddTest(tree, LAYOUTS, TOOL.exportName);
    const text = tree.read(`tests/mcp-server/tools/definitions/${TOOL.base}.test.ts`)!;
    expect(text).toContain("import { inputOf } from '../../../helpers/sample-input.js';");
  });

  it('an upgrade across every line leaves it as it is: no codemod has anything in it to rewrite', () => {
    const { host, tree } = planned({});
    planAddTest(tree, LAYOUTS, TOOL.exportName);
    host.flush(tree.changes());
    const helper = host.snapshot()[SAMPLE_HELPER_FILE]!;
    const pkg = { name: 'acme', dependencies: { '@cyanheads/mcp-ts-core': '^0.10.17' } };
    host.write('package.json', `${JSON.stringify(pkg)}\n`);
    const upgrade = new Tree(host);
    const out = upgradeGenerator(upgrade, {
      from: '0.10.17',
      target: { range: '^0.12.3', version: '0.12.3', nodeEngine: '>=24.0.0' },
      dropTasks: true,
      adoptTsconfigSplit: false,
      install: true,
    });
    expect(out.problems).toEqual([]);
    expect(upgrade.read(SAMPLE_HELPER_FILE)).toBe(helper);
  });

  it('a test that carries its own pasted copy of the helper is left as it is', () => {
    const pasted = `import { z } from '@cyanheads/mcp-ts-core';\nfunction sample(schema: unknown): unknown {\n  return schema;\n}\nconst inputOf = (schema: z.ZodType) => sample(z.toJSONSchema(schema));\n`;
    const { tree } = planned({ 'tests/tools/older.tool.test.ts': pasted });
    planAddTest(tree, LAYOUTS, TOOL.exportName);
    expect(tree.changes().map((c) => c.path)).not.toContain('tests/tools/older.tool.test.ts');
  });
});

describe('add test: what the tool test does for what its handler needs, by framework line', () => {
  const CONFIRM = [
    "import { tool, z } from '@cyanheads/mcp-ts-core';",
    "import { getCatalogService } from '@/services/catalog/catalog-service.js';",
    "export const demoPurgeItemTool = tool('demo_purge_item', {",
    '  input: z.object({ id: z.string() }),',
    '  output: z.object({ id: z.string() }),',
    '  async handler(input, ctx) {',
    '    ASK',
    '    await getCatalogService().purge(input.id, ctx);',
    '    return { id: input.id };',
    '  },',
    '});',
    '',
  ].join('\n');
  const SERVICE =
    'export class CatalogService {}\nexport function initCatalogService(): void {}\nexport function getCatalogService() {}\n';

  const testOf = (ask: string, features: typeof FEATURES_0_10) => {
    const host = new MemoryHost({
      'package.json': PACKAGE_JSON,
      'vitest.config.ts': VITEST_CONFIG,
      'src/index.ts':
        "import { demoPurgeItemTool } from './mcp-server/tools/definitions/demo-purge-item.tool.js';\nawait createApp({ tools: [demoPurgeItemTool] });\n",
      'src/mcp-server/tools/definitions/demo-purge-item.tool.ts': CONFIRM.replace('ASK', ask),
      'src/services/catalog/catalog-service.ts': SERVICE,
    });
    const tree = new Tree(host);
    expect(planAddTest(tree, LAYOUTS, 'demo_purge_item', { features: () => features }).problems).toEqual([]);
    return tree.read('tests/tools/demo-purge-item.tool.test.ts')!;
  };

  it('up to 0.11: a mock elicit that accepts, and the services it calls made as their init takes', () => {
    const text = testOf("const answer = await ctx.elicit?.('Sure?', z.object({ ok: z.boolean() }));", FEATURES_0_11);
    expect(text).toContain('elicit: acceptElicitation');
    expect(text).not.toContain('expectInputRequired');
    expect(text).toContain("import { initCatalogService } from '@/services/catalog/catalog-service.js';");
    // initCatalogService() takes nothing: the test passes nothing.
    expect(text).toContain('    initCatalogService();\n');
    expect(text).not.toMatch(/parseConfig|createInMemoryStorage/);
  });

  it('0.12: the first round asked through expectInputRequired, the next answered through inputResponses', () => {
    const text = testOf('return ctx.requestInput({});', FEATURES_0_12);
    expect(text).toContain('const asked = await expectInputRequired(');
    expect(text).toContain('inputResponses: answersTo(asked.inputRequests),');
    expect(text).toContain('requestState: asked.requestState,');
    expect(text).not.toContain('elicit:');
  });

  it('a task tool gets a mock with progress where the line has it', () => {
    const task = (f: typeof FEATURES_0_10) => testOf('// task: true', f);
    expect(task(FEATURES_0_10)).toContain('progress: true');
    expect(task(FEATURES_0_12)).not.toContain('progress');
  });
});
