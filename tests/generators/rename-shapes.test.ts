/**
 * `rename` over the registration shapes: the MCP name, the file, the export and every import,
 * barrel entry and re-export follow; the project then lists the definition under its new name
 * with nothing dangling, Biome finds nothing to change, and renaming back gives the project back
 * byte for byte. Refusals: a new name already bound where the export is imported.
 */

import { describe, expect, it } from 'vitest';
import { planRename } from '../../src/commands/rename.js';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { KINDS as ALL_KINDS } from '../../src/kinds/index.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { serviceLayout } from '../../src/kinds/service/layout.js';
import { inventory } from '../../src/registration/inventory.js';
import { KnownFiles } from '../../src/registration/known-files.js';
import { resortImports } from '../../src/ts/import-resort.js';
import { parseSource } from '../../src/ts/ts-morph.js';
import { biomeCheck } from '../helpers/biome.js';
import { FEATURES_0_10 } from '../helpers/framework.js';
import { FRESH_INDEX, memoryProject, PACKAGE_JSON, VITEST_CONFIG } from '../helpers/projects.js';
import {
  barrelPath,
  existing,
  fixture,
  fromBarrel,
  fromEntry,
  imp,
  KINDS,
  type KindSpec,
  L,
  NEW,
  runAddIn,
  SORTED_KINDS,
} from '../helpers/shapes.js';
import { tempDir } from '../helpers/temp.js';

const LAYOUTS = ALL_KINDS.flatMap((k) => (k.layout ? [k.layout] : []));
const TOOL = KINDS.find((k) => k.kind === 'tool')!;
const CREATE_APP = "import { createApp } from '@cyanheads/mcp-ts-core';";
const names = (k: KindSpec) => existing(k).map((d) => d.exportName);

const inlineIndex = L(
  CREATE_APP,
  ...SORTED_KINDS.flatMap((k) => existing(k).map((d) => imp(d.exportName, fromEntry(d)))),
  '',
  'await createApp({',
  "  name: 'acme',",
  ...KINDS.map((k) => `  ${k.key}: [${names(k).join(', ')}],`),
  '});',
  '',
);
const barrelIndex = L(
  CREATE_APP,
  ...SORTED_KINDS.map((k) => imp(k.all, `./mcp-server/${k.key}/definitions/index.js`)),
  '',
  'await createApp({',
  "  name: 'acme',",
  ...KINDS.map((k) => `  ${k.key}: [...${k.all}],`),
  '});',
  '',
);
const barrel = (k: KindSpec) =>
  L(
    ...existing(k).map((d) => imp(d.exportName, fromBarrel(d))),
    '',
    ...existing(k).map((d) => `export { ${d.exportName} } from '${fromBarrel(d)}';`),
    '',
    `export const ${k.all} = [${names(k).join(', ')}];`,
    '',
  );
const SHAPES: [string, Record<string, string>][] = [
  ['inline arrays in createApp', { 'src/index.ts': inlineIndex }],
  [
    'barrels with re-exports, spread',
    { 'src/index.ts': barrelIndex, ...Object.fromEntries(KINDS.map((k) => [barrelPath(k), barrel(k)])) },
  ],
];

/** Biome over every file of the host, written to a temp folder. */
function expectBiomeClean(host: MemoryHost, files: string[]): void {
  const dir = tempDir(host.snapshot());
  expect(biomeCheck(dir, files).diagnostics).toEqual([]);
}

describe.each(KINDS)('rename $kind', (k) => {
  it.each(SHAPES)('%s: renamed everywhere, listed under the new name; renaming back restores it', (_l, files) => {
    const start = fixture(files);
    const host = new MemoryHost(start);
    const added = runAddIn(k, host);
    host.flush(added.tree.changes());
    const before = host.snapshot();
    const d = NEW(k);
    const tree = new Tree(host);
    const change = planRename(tree, LAYOUTS, k.kind, d.mcpName, 'acme_zap_things');
    expect(change.problems).toEqual([]);
    expect(change.warnings).toEqual([]);
    const newFile = d.path.replace('acme-find-items', 'acme-zap-things');
    expect(tree.read(d.path)).toBeUndefined();
    expect(tree.read(newFile)).toContain(`export const acmeZapThings${k.Suffix} =`);
    host.flush(tree.changes());
    const inv = inventory(new Tree(host), LAYOUTS, { services: serviceLayout });
    expect(inv.dangling).toEqual([]);
    const renamed = inv.definitions.find((x) => x.file === newFile)!;
    expect(renamed).toMatchObject({
      // A resource's name keeps its kebab-case.
      name: k.kind === 'resource' ? 'acme-zap-things' : 'acme_zap_things',
      exportName: `acmeZapThings${k.Suffix}`,
      registered: true,
    });
    expect(inv.definitions.some((x) => x.name === d.mcpName)).toBe(false);
    const testFile = `tests/${k.key}/acme-zap-things.${k.ext}.test.ts`;
    expect(host.read(testFile)).toContain(`acmeZapThings${k.Suffix}`);
    expectBiomeClean(host, [
      ...(change.data.renamed ? (change.data.renamed as { edited: string[] }).edited : []),
      newFile,
      testFile,
    ]);

    const back = new Tree(host);
    expect(planRename(back, LAYOUTS, k.kind, 'acme_zap_things', d.mcpName).problems).toEqual([]);
    host.flush(back.changes());
    expect(host.snapshot()).toEqual(before);
  });

  it('refuses a new name another definition of the kind already has (ALREADY_EXISTS)', () => {
    const start = fixture({ 'src/index.ts': inlineIndex.replace("  name: 'acme',", "  name: 'acme',\n  // x") });
    const other = existing(k)[1]!;
    const d = existing(k)[0]!;
    const tree = new Tree(new MemoryHost(start));
    const to = other.mcpName;
    expect(() => planRename(tree, LAYOUTS, k.kind, d.mcpName, to)).toThrow(
      expect.objectContaining({ code: 'ALREADY_EXISTS' }),
    );
  });

  it('refuses the name it has already, in any spelling that converts to it (OPTION_INVALID, not ALREADY_EXISTS)', () => {
    const d = existing(k)[0]!;
    const tree = new Tree(new MemoryHost(fixture({ 'src/index.ts': inlineIndex })));
    const camel = d.mcpName.replace(/[_-](\w)/g, (_, c: string) => c.toUpperCase());
    for (const same of [d.mcpName, camel]) {
      expect(() => planRename(tree, LAYOUTS, k.kind, d.mcpName, same)).toThrow(
        expect.objectContaining({ code: 'OPTION_INVALID', message: expect.stringContaining('nothing to rename') }),
      );
    }
    expect(tree.changes()).toEqual([]);
  });
});

describe('rename: a namesake of another kind', () => {
  it("keeps the other kind's MCP name (the framework's starter tool and prompt share theirs)", () => {
    const tree = new Tree(new MemoryHost(fixture({ 'src/index.ts': inlineIndex })));
    const tool = existing(KINDS.find((k) => k.kind === 'tool')!)[0]!;
    const prompt = inventory(tree, LAYOUTS).definitions.find((d) => d.kind === 'prompt' && d.name === tool.mcpName)!;
    expect(prompt).toBeDefined();
    const promptBefore = tree.read(prompt.file);
    expect(planRename(tree, LAYOUTS, 'tool', tool.mcpName, 'acme_zap_things').problems).toEqual([]);
    expect(tree.read(prompt.file)).toBe(promptBefore);
    const names = inventory(tree, LAYOUTS).definitions.map((d) => `${d.kind} ${d.name}`);
    expect(names).toContain(`prompt ${tool.mcpName}`);
    expect(names).toContain('tool acme_zap_things');
  });
});

/** FRESH_INDEX with its imports in Biome's order, as a server's own index has them. */
const SORTED_INDEX = FRESH_INDEX.replace(
  /^import \{ echoTool \}[\s\S]*?echo\.prompt\.js';\n/m,
  L(
    "import { echoPrompt } from './mcp-server/prompts/definitions/echo.prompt.js';",
    "import { echoResource } from './mcp-server/resources/definitions/echo.resource.js';",
    "import { echoAppUiResource } from './mcp-server/resources/definitions/echo-app-ui.app-resource.js';",
    "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
    "import { echoAppTool } from './mcp-server/tools/definitions/echo-app.app-tool.js';",
  ),
);

describe('rename service', () => {
  // A sorted index is parsed again to keep its imports in order: that parse must not change the
  // text under the one the walk reads, or a second pass of the walk finds nothing to rename.
  it.each([
    ['an index in no order', FRESH_INDEX],
    ["an index in Biome's order", SORTED_INDEX],
  ])('on %s: moves its folders and renames its class, init and get everywhere; back again restores it', (_, index) => {
    expect(resortImports(parseSource('src/index.ts', index)).length > 0).toBe(index === FRESH_INDEX);
    const host = new MemoryHost({
      'package.json': PACKAGE_JSON,
      'src/index.ts': index,
      'vitest.config.ts': VITEST_CONFIG,
    });
    const tree = new Tree(host);
    expect(
      addServiceGenerator(tree, memoryProject(host), { name: 'ncbi', devcheck: false }, FEATURES_0_10).problems,
    ).toEqual([]);
    host.flush(tree.changes());
    const before = host.snapshot();
    const t = new Tree(host);
    const change = planRename(t, LAYOUTS, 'service', 'ncbi', 'pub-med');
    expect(change.problems).toEqual([]);
    expect(t.changes().map((c) => `${c.action} ${c.path}`)).toEqual(
      [
        'update src/index.ts',
        'create src/services/pub-med/pub-med-service.ts',
        'create src/services/pub-med/types.ts',
        'create tests/services/pub-med/pub-med-service.test.ts',
        'delete src/services/ncbi/ncbi-service.ts',
        'delete src/services/ncbi/types.ts',
        'delete tests/services/ncbi/ncbi-service.test.ts',
      ].sort((a, b) => (a.split(' ')[1]! < b.split(' ')[1]! ? -1 : 1)),
    );
    expect(t.read('src/index.ts')).toContain('initPubMedService(');
    expect(t.read('src/services/pub-med/pub-med-service.ts')).toContain('export class PubMedService');
    expect(t.read('tests/services/pub-med/pub-med-service.test.ts')).toContain('pub-med/pub-med-service.js');
    host.flush(t.changes());
    const inv = inventory(new Tree(host), LAYOUTS, { services: serviceLayout });
    // FRESH_INDEX imports starter definitions this fixture does not have: only services count here.
    expect(inv.dangling.filter((d) => d.kind === 'service')).toEqual([]);
    expect(inv.definitions.find((d) => d.kind === 'service')).toMatchObject({ name: 'pub-med', registered: true });
    const back = new Tree(host);
    expect(planRename(back, LAYOUTS, 'service', 'pub-med', 'ncbi').problems).toEqual([]);
    host.flush(back.changes());
    expect(host.snapshot()).toEqual(before);
  });
});

/**
 * Renames acme_find_items to `to` in `files` and back: src/index.ts holds `laidOut` in between,
 * which Biome passes, and comes back byte for byte.
 */
function renamedThereAndBack(
  files: Record<string, string>,
  to: string,
  laidOut: string,
  known?: (t: Tree) => KnownFiles,
): void {
  const host = new MemoryHost(files);
  const tree = new Tree(host);
  expect(planRename(tree, LAYOUTS, 'tool', 'acme_find_items', to, undefined, known).problems).toEqual([]);
  host.flush(tree.changes());
  expect(host.snapshot()['src/index.ts']).toContain(laidOut);
  const { diagnostics, wanted } = biomeCheck(tempDir(host.snapshot()), ['src/index.ts']);
  expect(diagnostics, JSON.stringify(wanted)).toEqual([]);

  const back = new Tree(host);
  expect(planRename(back, LAYOUTS, 'tool', to, 'acme_find_items', undefined, known).problems).toEqual([]);
  host.flush(back.changes());
  expect(host.snapshot()['src/index.ts']).toBe(files['src/index.ts']);
}

describe('rename: the layout Biome gives the arrays it changes', () => {
  const FILES = fixture(
    {
      'src/index.ts': L(
        CREATE_APP,
        "import { acmeEchoTool } from './mcp-server/tools/definitions/acme-echo.tool.js';",
        "import { acmeFindItemsTool } from './mcp-server/tools/definitions/acme-find-items.tool.js';",
        "import { acmeGetThingTool } from './mcp-server/tools/definitions/acme-get-thing.tool.js';",
        "import { acmeListThingsTool } from './mcp-server/tools/definitions/acme-list-things.tool.js';",
        '',
        'await createApp({',
        "  name: 'acme',",
        '  tools: [acmeEchoTool, acmeGetThingTool, acmeListThingsTool, acmeFindItemsTool],',
        '});',
        '',
      ),
    },
    existing(TOOL, ['echo', 'find-items', 'list-things', 'get-thing']),
  );
  const LONG = 'acme_find_every_item_in_the_catalog_by_the_words_of_its_title';

  it('an array too wide once renamed goes one element per line; renamed back, it joins again', () => {
    renamedThereAndBack(
      FILES,
      LONG,
      L(
        '  tools: [',
        '    acmeEchoTool,',
        '    acmeGetThingTool,',
        '    acmeListThingsTool,',
        '    acmeFindEveryItemInTheCatalogByTheWordsOfItsTitleTool,',
        '  ],',
      ),
    );
  });
});

describe('rename: the layout Biome gives the import braces it changes', () => {
  const FILES = fixture(
    {
      'src/index.ts': L(
        CREATE_APP,
        "import { acmeEchoTool, acmeFindItemsTool } from './mcp-server/tools/definitions/index.js';",
        '',
        'await createApp({',
        "  name: 'acme',",
        '  tools: [acmeEchoTool, acmeFindItemsTool],',
        '});',
        '',
      ),
      [barrelPath(TOOL)]: L(
        "export { acmeEchoTool } from './acme-echo.tool.js';",
        "export { acmeFindItemsTool } from './acme-find-items.tool.js';",
        '',
      ),
    },
    existing(TOOL, ['echo', 'find-items']),
  );
  const LONG = 'acme_find_every_item_in_the_catalog_by_its_words';

  it.each([
    ['on facts', undefined],
    ['on parses', (t: Tree) => KnownFiles.none(t)],
  ] as const)('braces too wide once renamed go one name per line; renamed back, they join (%s)', (_label, known) => {
    renamedThereAndBack(
      FILES,
      LONG,
      L(
        'import {',
        '  acmeEchoTool,',
        '  acmeFindEveryItemInTheCatalogByItsWordsTool,',
        "} from './mcp-server/tools/definitions/index.js';",
      ),
      known,
    );
  });
});
