/**
 * `remove` over the registration shapes `add` writes into: adding a definition and removing it
 * again gives back the project byte for byte, for tools, resources and prompts, in the entry
 * point, in barrels (arrays, re-exports, export lists), spread groups and conditional spreads.
 * And the refusals: a use that is no registration stops the removal with file and line.
 */

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planRemove } from '../../src/commands/remove.js';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { KINDS as ALL_KINDS } from '../../src/kinds/index.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { serviceLayout } from '../../src/kinds/service/layout.js';
import { inventory } from '../../src/registration/inventory.js';
import { biomeCheck } from '../helpers/biome.js';
import { FEATURES_0_10 } from '../helpers/framework.js';
import { FRESH_INDEX, memoryProject, PACKAGE_JSON, VITEST_CONFIG } from '../helpers/projects.js';
import { CREATE_APP, inlineIndex, REMOVAL_SHAPES } from '../helpers/removal-shapes.js';
import {
  barrelPath,
  existing,
  fixture,
  fromEntry,
  imp,
  KINDS,
  type KindSpec,
  L,
  NEW,
  runAddIn,
} from '../helpers/shapes.js';
import { tempDir } from '../helpers/temp.js';

const projectOn = (host: MemoryHost) => ({ tree: new Tree(host), project: memoryProject(host) });

const LAYOUTS = ALL_KINDS.flatMap((k) => (k.layout ? [k.layout] : []));
const SHAPES = REMOVAL_SHAPES;

/** Adds the NEW definition of `k` to `files`, flushes, then removes it again. */
function addThenRemove(k: KindSpec, files: Record<string, string>) {
  const host = new MemoryHost(files);
  const added = runAddIn(k, host);
  expect(added.problems).toEqual([]);
  host.flush(added.tree.changes());
  const tree = new Tree(host);
  const change = planRemove(tree, LAYOUTS, k.kind, NEW(k).mcpName);
  return { host, tree, change };
}

describe.each(KINDS)('remove $kind', (k) => {
  it.each(SHAPES)('%s: add then remove gives the project back byte for byte', (_label, files) => {
    const start = fixture(files);
    const { host, tree, change } = addThenRemove(k, start);
    expect(change.problems).toEqual([]);
    expect(change.warnings).toEqual([]);
    host.flush(tree.changes());
    expect(host.snapshot()).toEqual(new MemoryHost(start).snapshot());
    const inv = inventory(new Tree(host), LAYOUTS, { services: serviceLayout });
    expect(inv.dangling).toEqual([]);
    expect(inv.definitions.every((d) => d.registered)).toBe(true);
  });

  it('takes out the last definition of its kind, leaving an empty array', () => {
    const d = existing(k)[0]!;
    const start = fixture(
      {
        'src/index.ts': L(
          CREATE_APP,
          imp(d.exportName, fromEntry(d)),
          '',
          `await createApp({ ${k.key}: [${d.exportName}] });`,
          '',
        ),
      },
      [d],
    );
    const tree = new Tree(new MemoryHost(start));
    const change = planRemove(tree, LAYOUTS, k.kind, d.exportName);
    expect(change.problems).toEqual([]);
    expect(tree.read('src/index.ts')).toBe(L(CREATE_APP, '', `await createApp({ ${k.key}: [] });`, ''));
    expect(tree.changes().map((c) => `${c.action} ${c.path}`)).toEqual(['update src/index.ts', `delete ${d.path}`]);
  });

  it('refuses, with file and line, a use that is no registration; nothing is planned', () => {
    const d = existing(k)[0]!;
    const start = fixture({
      'src/index.ts': inlineIndex,
      'src/util/names.ts': L(
        imp(d.exportName, `../mcp-server/${k.key}/definitions/${d.base}.js`),
        '',
        `export const first = ${d.exportName}.name;`,
        '',
      ),
    });
    const tree = new Tree(new MemoryHost(start));
    const change = planRemove(tree, LAYOUTS, k.kind, d.mcpName);
    expect(change.problems.map((p) => p.code)).toEqual(['REFERENCE_UNSUPPORTED']);
    expect(change.problems[0]!.details).toEqual([expect.objectContaining({ path: 'src/util/names.ts', line: 3 })]);
    expect(tree.changes()).toEqual([]);
  });
});

describe('remove service', () => {
  const BASE = { 'package.json': PACKAGE_JSON, 'src/index.ts': FRESH_INDEX, 'vitest.config.ts': VITEST_CONFIG };

  it('add then remove: its folder, its test and the setup() call go, and the entry point is as it was', () => {
    const host = new MemoryHost(BASE);
    const { tree, project: p } = projectOn(host);
    const added = addServiceGenerator(tree, p, { name: 'ncbi', devcheck: false }, FEATURES_0_10);
    expect(added.problems).toEqual([]);
    host.flush(tree.changes());
    const again = new Tree(host);
    const change = planRemove(again, LAYOUTS, 'service', 'ncbi');
    expect(change.problems).toEqual([]);
    expect(again.changes().map((c) => `${c.action} ${c.path}`)).toEqual([
      'update src/index.ts',
      'delete src/services/ncbi/ncbi-service.ts',
      'delete src/services/ncbi/types.ts',
      'delete tests/services/ncbi/ncbi-service.test.ts',
    ]);
    expect(again.read('src/index.ts')).toBe(FRESH_INDEX);
  });

  it('refuses while a handler still reaches the service, naming the line', () => {
    const host = new MemoryHost(BASE);
    const { tree, project: p } = projectOn(host);
    addServiceGenerator(tree, p, { name: 'ncbi', devcheck: false }, FEATURES_0_10);
    host.flush(tree.changes());
    host.write(
      'src/mcp-server/tools/definitions/uses.ts',
      L(
        "import { getNcbiService } from '../../../services/ncbi/ncbi-service.js';",
        '',
        'export const s = () => getNcbiService();',
        '',
      ),
    );
    const change = planRemove(new Tree(host), LAYOUTS, 'service', 'ncbi');
    expect(change.problems[0]!.details).toEqual([
      expect.objectContaining({ path: 'src/mcp-server/tools/definitions/uses.ts', line: 3 }),
    ]);
  });
});

describe('remove: what it is told', () => {
  it('NOT_FOUND names the definitions there are', () => {
    const tree = new Tree(new MemoryHost(fixture({ 'src/index.ts': inlineIndex })));
    expect(() => planRemove(tree, LAYOUTS, 'tool', 'acme_nothing')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
  });
});

describe('remove: the layout Biome gives what is left', () => {
  const BARREL_IMPORT = L(
    'import {',
    '  acmeAlphaOneTool,',
    '  acmeDeltaFourTool,',
    '  acmeGammaThreeTool,',
    "} from './mcp-server/tools/definitions/index.js';",
  );

  it('an import laid out over lines that fits on one once a name is out goes back to one line', () => {
    const tool = KINDS.find((k) => k.kind === 'tool')!;
    const files = fixture(
      {
        'src/index.ts': L(
          CREATE_APP,
          BARREL_IMPORT,
          '',
          'await createApp({ tools: [acmeAlphaOneTool, acmeDeltaFourTool, acmeGammaThreeTool] });',
          '',
        ),
        [barrelPath(tool)]: L(
          "export { acmeAlphaOneTool } from './acme-alpha-one.tool.js';",
          "export { acmeDeltaFourTool } from './acme-delta-four.tool.js';",
          "export { acmeGammaThreeTool } from './acme-gamma-three.tool.js';",
          '',
        ),
      },
      existing(tool, ['alpha-one', 'delta-four', 'gamma-three']),
    );
    const root = tempDir(files);
    // The start is as Biome has it: three names do not fit on one line.
    expect(biomeCheck(root, ['src/index.ts']).diagnostics).toEqual([]);
    const host = new MemoryHost(files);
    const tree = new Tree(host);
    expect(planRemove(tree, LAYOUTS, 'tool', 'acme_delta_four').problems).toEqual([]);
    host.flush(tree.changes());
    const index = host.snapshot()['src/index.ts']!;
    expect(index).toContain(
      "import { acmeAlphaOneTool, acmeGammaThreeTool } from './mcp-server/tools/definitions/index.js';\n",
    );
    writeFileSync(path.join(root, 'src/index.ts'), index);
    const { diagnostics, wanted } = biomeCheck(root, ['src/index.ts']);
    expect(diagnostics, JSON.stringify(wanted)).toEqual([]);
  });
});
