/**
 * `remove` and `rename` walk the entry point and barrels of the registration index on their facts
 * (src/registration/known-files.ts) and every other file on its parse. Over the registration
 * shapes `add` writes into and the registration patterns real servers use: the plan made on facts
 * is the plan made on parses, byte for byte; the registration index and reference facts derived
 * for the text written are those read off it; and the definitions derived for the project left
 * are those an inventory reads. On a project on disk, a second remove or rename plans from what
 * the first one left in the project cache without loading the parser, as the plain run plans.
 */

import { describe, expect, it, vi } from 'vitest';
import { planRemove } from '../../src/commands/remove.js';
import { planRename } from '../../src/commands/rename.js';
import { DiskHost, MemoryHost } from '../../src/engine/host.js';
import { ProjectCache } from '../../src/engine/project-cache.js';
import { Tree } from '../../src/engine/tree.js';
import { KINDS as ALL_KINDS, serviceLayoutOf } from '../../src/kinds/index.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { lineWidthOf } from '../../src/project/formatter.js';
import { definitionsAfter, foundDefinitions } from '../../src/registration/found-definitions.js';
import { KnownFiles } from '../../src/registration/known-files.js';
import { MovedOnFacts } from '../../src/registration/moved-files.js';
import { NeedsParse } from '../../src/registration/references.js';
import { planRegistration } from '../../src/registration/register.js';
import { indexRegistration } from '../../src/registration/registration-index.js';
import { planRemoval } from '../../src/registration/removal.js';
import { findTarget } from '../../src/registration/target.js';
import { ownRenames } from '../../src/ts/bindings.js';
import { moduleCandidates } from '../../src/ts/modules.js';
import { readMoveFacts } from '../../src/ts/move-facts.js';
import { readReferenceFacts } from '../../src/ts/reference-facts.js';
import { applyEdits } from '../../src/ts/text-edits.js';
import { parseSource, tsMorph } from '../../src/ts/ts-morph.js';
import { cachedProject } from '../helpers/projects.js';
import { KEYS, NEW as PATTERN_NEW, PATTERNS } from '../helpers/registration-patterns.js';
import { REMOVAL_SHAPES } from '../helpers/removal-shapes.js';
import { existing, fixture, KINDS, L, NEW, runAddIn } from '../helpers/shapes.js';

// The real tsMorph, watched: a warm plan must not call it.
vi.mock('../../src/ts/ts-morph.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/ts/ts-morph.js')>();
  return { ...actual, tsMorph: vi.fn(actual.tsMorph) };
});

const LAYOUTS = ALL_KINDS.flatMap((k) => (k.layout ? [k.layout] : []));
const SERVICES = serviceLayoutOf(ALL_KINDS);
/** Each shape with each kind's new definition added by `add`, as a project in memory. */
const SHAPE_CASES = KINDS.flatMap((k) =>
  REMOVAL_SHAPES.map(([label, files]) => {
    const host = new MemoryHost(fixture(files));
    const added = runAddIn(k, host);
    host.flush(added.tree.changes());
    return { name: `${k.kind}, ${label}`, files: host.snapshot(), kind: k.kind, mcpName: NEW(k).mcpName };
  }),
);

const snake = (exportName: string) =>
  exportName
    .replace(/Tool$/, '')
    .replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
    .replace(/^_/, '');

/**
 * A registration pattern with a definition file for every tool it imports, and the new tool
 * registered: a project a remove or rename can be planned in.
 */
function patternProject(files: Record<string, string>, group: string | undefined): Record<string, string> {
  const tree = new Tree(new MemoryHost(files));
  const all = { ...files };
  const defFile = (name: string) =>
    `${L(
      "import { tool, z } from '@cyanheads/mcp-ts-core';",
      '',
      `export const ${name} = tool('acme_${snake(name)}', {`,
      "  description: 'Does a thing.',",
      '  input: z.object({}),',
      '  handler: () => ({}),',
      '});',
    )}\n`;
  for (const [file, text] of Object.entries(files)) {
    for (const m of text.matchAll(/(?:import|export) \{ ([^}]+) \} from '([^']+\.tool\.js)'/g)) {
      const target = moduleCandidates(file, m[2]!)[0]!;
      const name = m[1]!.split(' as ')[0]!.trim();
      all[target] ??= defFile(name);
    }
  }
  const reg = PATTERN_NEW;
  all[reg.file] = defFile(reg.exportName);
  const plan = planRegistration(tree, toolLayout, reg, { ...KEYS, ...(group ? { group } : {}) });
  for (const [file, p] of plan.edits) all[file] = applyEdits(p.text, p.edits);
  return all;
}

const PATTERN_CASES = PATTERNS.map((p) => ({
  name: `pattern: ${p.name}`,
  files: patternProject(p.files, p.group),
  kind: 'tool',
  mcpName: 'acme_acme_find_items',
}));
const CASES = [...SHAPE_CASES, ...PATTERN_CASES];

const onParse = (tree: Tree) => KnownFiles.none(tree);

/** The files a plan leaves: every file of the project, with the plan's changes made. */
function written(files: Record<string, string>, tree: Tree): Record<string, string> {
  const out = { ...files };
  for (const c of tree.changes()) {
    if (c.action === 'delete') delete out[c.path];
    else out[c.path] = c.after;
  }
  return out;
}

/** Checks what the known files derived against what a parse of the text written reads. */
function expectDerived(known: KnownFiles, after: Record<string, string>): number {
  const { index, refs } = known.derived;
  if (index) expect(index).toEqual(indexRegistration(new Tree(new MemoryHost(after)), toolLayout, undefined));
  for (const [file, facts] of refs) expect(facts).toEqual(readReferenceFacts(parseSource(file, after[file]!)));
  return (index ? 1 : 0) + refs.size;
}

describe('remove on facts', () => {
  let derived = 0;
  let followed = 0;

  it.each(CASES)('plans as on parses, and derives what it reads: $name', ({ files, kind, mcpName }) => {
    let known: KnownFiles | undefined;
    const withFacts = new Tree(new MemoryHost(files));
    const change = planRemove(withFacts, LAYOUTS, kind, mcpName, SERVICES, (t, l) => {
      known = KnownFiles.of(t, l);
      return known;
    });
    const parsed = new Tree(new MemoryHost(files));
    expect(change).toEqual(planRemove(parsed, LAYOUTS, kind, mcpName, SERVICES, onParse));
    expect(withFacts.changes()).toEqual(parsed.changes());
    if (kind === 'tool') derived += expectDerived(known!, written(files, withFacts));

    // What the project defines once it is flushed, derived where the plan followed every reference.
    const tree = new Tree(new MemoryHost(files));
    const before = foundDefinitions(tree, LAYOUTS, SERVICES).result;
    const target = findTarget(tree, LAYOUTS, kind, mcpName, SERVICES, before);
    const plan = planRemoval(tree, target, lineWidthOf(tree));
    const after = plan.followed && definitionsAfter(before, tree, LAYOUTS, SERVICES, tree.plannedPaths());
    if (after) {
      followed++;
      expect(after).toEqual(foundDefinitions(tree, LAYOUTS, SERVICES).result);
    }
  });

  it('derived for most of them', () => {
    expect(derived).toBeGreaterThan(CASES.length / 2);
    expect(followed).toBeGreaterThan(CASES.length / 2);
  });

  it('refuses a use in a known file as on parses, with file and line', () => {
    const { files } = SHAPE_CASES.find((c) => c.name === 'tool, inline arrays in createApp')!;
    const text = `${files['src/index.ts']}console.log(${NEW(KINDS[0]!).exportName}.name);\n`;
    const project = { ...files, 'src/index.ts': text };
    const change = planRemove(new Tree(new MemoryHost(project)), LAYOUTS, 'tool', NEW(KINDS[0]!).mcpName, SERVICES);
    expect(change.problems[0]!.details).toEqual([expect.objectContaining({ path: 'src/index.ts' })]);
    expect(change).toEqual(
      planRemove(new Tree(new MemoryHost(project)), LAYOUTS, 'tool', NEW(KINDS[0]!).mcpName, SERVICES, onParse),
    );
  });
});

describe('rename on facts', () => {
  let derived = 0;
  let relaid = 0;
  // One name keeps the import's place in Biome's order, the other moves it to the end; the long
  // one makes one-line arrays too wide for their line, laid out again one element per line.
  const TARGETS = ['acme_find_all_items', 'zz_top_items', 'acme_find_every_item_in_the_catalog_by_its_words'];

  it.each(CASES.flatMap((c) => TARGETS.map((to) => ({ ...c, to }))))(
    'plans as on parses, and derives what it reads: $name, to $to',
    ({ files, kind, mcpName, to }) => {
      let known: KnownFiles | undefined;
      const withFacts = new Tree(new MemoryHost(files));
      const change = planRename(withFacts, LAYOUTS, kind, mcpName, to, SERVICES, (t, l) => {
        known = KnownFiles.of(t, l);
        return known;
      });
      const parsed = new Tree(new MemoryHost(files));
      expect(change).toEqual(planRename(parsed, LAYOUTS, kind, mcpName, to, SERVICES, onParse));
      expect(withFacts.changes()).toEqual(parsed.changes());
      if (kind === 'tool') derived += expectDerived(known!, written(files, withFacts));
      const lines = (text: string | undefined) => text?.split('\n').length ?? 0;
      const index = withFacts.changes().find((c) => c.path === 'src/index.ts');
      if (index && lines(index.after) > lines(index.before) + 1) relaid++;
    },
  );

  it('derived for most of them', () => {
    expect(derived).toBeGreaterThan(CASES.length);
  });

  it('laid an entry point out again where the long name does not fit its line', () => {
    expect(relaid).toBeGreaterThan(0);
  });
});

/** The shapes on disk: each kind's barrel and inline registrations, the new definition with a test of its own. */
const DISK_CASES = SHAPE_CASES.filter((c) => /inline arrays|a barrel array by name|re-exports/.test(c.name));

describe.each(DISK_CASES)('$name: remembered between runs', ({ files, kind, mcpName }) => {
  const at = cachedProject(files);
  const k = KINDS.find((x) => x.kind === kind)!;
  const other = existing(k)[0]!.mcpName;
  const next = (name: string) => (kind === 'resource' ? `${name}-next` : `${name}_next`);

  /** A plan in a new process on the project on disk; flushed and committed unless `dry`. */
  async function run(plan: (tree: Tree) => unknown, dry = false) {
    ProjectCache.forget();
    const tree = new Tree(new DiskHost(at.root));
    const change = plan(tree);
    const changes = tree.changes();
    if (!dry) {
      await tree.host.flush(changes);
      ProjectCache.of(tree)?.commit(changes);
    }
    return { change, changes: changes.map((c) => [c.action, c.path, c.after]) };
  }

  /** What the project defines, as the next run finds it; and as it is read with the cache off. */
  function definitions() {
    ProjectCache.forget();
    vi.mocked(tsMorph).mockClear();
    const remembered = foundDefinitions(new Tree(new DiskHost(at.root)), LAYOUTS, SERVICES).result;
    const parsed = vi.mocked(tsMorph).mock.calls.length > 0;
    process.env.MCP_SCAFFOLD_CACHE = '0';
    ProjectCache.forget();
    const plain = foundDefinitions(new Tree(new DiskHost(at.root)), LAYOUTS, SERVICES).result;
    delete process.env.MCP_SCAFFOLD_CACHE;
    return { remembered, parsed, plain };
  }

  it.each([
    ['remove', (name: string) => (tree: Tree) => planRemove(tree, LAYOUTS, kind, name, SERVICES)],
    ['rename', (name: string) => (tree: Tree) => planRename(tree, LAYOUTS, kind, name, next(name), SERVICES)],
  ] as const)('%s: what it leaves is remembered, and the next one plans without the parser', async (_l, planOf) => {
    await run(planOf(mcpName));
    const found = definitions();
    expect(found.remembered).toEqual(found.plain);
    expect(found.parsed).toBe(false);
    vi.mocked(tsMorph).mockClear();
    const warm = await run(planOf(other), true);
    expect(tsMorph).not.toHaveBeenCalled();
    process.env.MCP_SCAFFOLD_CACHE = '0';
    expect(await run(planOf(other), true)).toEqual(warm);
  });
});

describe('move facts', () => {
  const TEXTS = [
    L("import { tool } from '@cyanheads/mcp-ts-core';", '', "export const aTool = tool('a', {});", ''),
    L(
      '/** aTool: the first. */',
      'export const aTool = 1;',
      'export const bTool = aTool-1;',
      "console.log({ aTool }, 'aTool');",
      '',
    ),
    L('function aTool(): void;', 'function aTool(x?: number) {', '  return x;', '}', 'export { aTool };', ''),
  ];

  it('leave to the parse a name the rename gives that the file does not export of its own', () => {
    const text = "export { aTool } from './a.tool.js';\n";
    const map = {
      files: new Map([['src/x.ts', 'src/y.ts']]),
      exports: new Map([['src/x.ts', new Map([['aTool', 'bTool']])]]),
    };
    const moved = new MovedOnFacts('src/x.ts', readMoveFacts(parseSource('src/x.ts', text)), text, map);
    expect(() => moved.ownEdits()).toThrow(NeedsParse);
  });

  it.each(TEXTS)('tell where renaming an own export renames a name, as its parse does: %#', (text) => {
    const sf = parseSource('src/x.ts', text);
    const facts = readMoveFacts(sf);
    expect(facts.own.length).toBeGreaterThan(0);
    for (const [name, starts] of facts.own) expect(starts).toEqual(ownRenames(sf, name).map((id) => id.getStart()));
  });
});
