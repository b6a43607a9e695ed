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
import { sampleArgument } from '../../src/kinds/test/service-calls.js';
import { FEATURES_0_10 } from '../helpers/framework.js';
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
    expect(tree.changes().map((c) => `${c.action} ${c.path}`)).toEqual([`create ${file}`]);
    const text = tree.read(file)!;
    expect(text).toContain(`import { ${d.exportName} } from '@/mcp-server/${k.key}/definitions/${d.base}.js';`);
    // Inputs come from the definition's own schemas at test time, not from a template's sample.
    expect(text).toContain('z.toJSONSchema(schema');
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
  it('calls init…() and get…(), and calls each public method with arguments made from its parameter types', () => {
    const host = new MemoryHost({
      'package.json': PACKAGE_JSON,
      'src/index.ts': FRESH_INDEX,
      'vitest.config.ts': VITEST_CONFIG,
    });
    const tree = new Tree(host);
    addServiceGenerator(tree, memoryProject(host), { name: 'ncbi', devcheck: false, test: false }, FEATURES_0_10);
    host.flush(tree.changes());
    const again = new Tree(host);
    expect(planAddTest(again, LAYOUTS, 'ncbi', { kind: 'service' }).problems).toEqual([]);
    const text = again.read('tests/services/ncbi/ncbi-service.test.ts')!;
    expect(text).toContain('initNcbiService(parseConfig(), createInMemoryStorage());');
    expect(text).toContain("const result = await getNcbiService().fetchRecord('example', ctx);");
    expect(text).toContain("const result = await getNcbiService().search('example', 1, ctx);");
    expect(text).toContain('expect(result).toBeDefined();');
    // The private helpers are not called.
    expect(text).not.toMatch(/\.(load|storageContext)\(/);
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
