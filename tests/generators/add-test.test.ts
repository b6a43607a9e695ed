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
    expect(change.data.test).toMatchObject({ kind: k.kind, file });
  });

  it('refuses when the definition has a test already (ALREADY_EXISTS), unless --force', () => {
    const file = `tests/${k.key}/${d.base}.test.ts`;
    const files = fixture({ 'src/index.ts': "await createApp({ name: 'acme' });\n", [file]: '// hand-written\n' });
    const tree = new Tree(new MemoryHost(files));
    expect(planAddTest(tree, LAYOUTS, d.exportName).problems.map((p) => p.code)).toEqual(['ALREADY_EXISTS']);
    expect(planAddTest(tree, LAYOUTS, d.exportName, { force: true }).problems).toEqual([]);
    expect(tree.read(file)).not.toBe('// hand-written\n');
  });
});

describe('add test for a service', () => {
  it('calls init…() and get…(), and checks each public method of its class', () => {
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
    expect(text).toContain("expect(typeof service.fetchRecord).toBe('function');");
  });
});

describe('add test: names', () => {
  it('NOT_FOUND for a name no definition has', () => {
    const tree = new Tree(new MemoryHost(fixture({ 'src/index.ts': "await createApp({ name: 'acme' });\n" })));
    expect(() => planAddTest(tree, LAYOUTS, 'acme_nothing')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});
