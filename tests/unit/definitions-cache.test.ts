import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskHost, MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { promptLayout } from '../../src/kinds/prompt/layout.js';
import { resourceLayout } from '../../src/kinds/resource/layout.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { definitionsKind, existingDefinitions, packDefinitions } from '../../src/registration/definitions.js';
import { DefinitionsCache, parseShardText, sha } from '../../src/registration/definitions-cache.js';
import { parseIndexText } from '../../src/registration/stat-index.js';
import { cachedProject } from '../helpers/projects.js';
import { EXISTING, fixture, L } from '../helpers/shapes.js';
import { readIndexRecords } from '../helpers/stat-index-file.js';

const LAYOUTS = [toolLayout, resourceLayout, promptLayout];

/** The shapes fixture, plus definition files of the forms the reader treats specially. */
const FILES = fixture({
  // Renamed builder, a const holding the name, a second definition in one file.
  'src/mcp-server/tools/definitions/acme-renamed.tool.ts': L(
    "import { tool as defineTool, z } from '@cyanheads/mcp-ts-core';",
    "const NAME = 'acme_renamed';",
    'export const acmeRenamedTool = defineTool(NAME, { input: z.object({}), handler: () => ({}) });',
    "export const acmeOtherTool = defineTool('acme_other', { input: z.object({}), handler: () => ({}) });",
    '',
  ),
  // Exports without a builder, and one that does not parse: both still have exports.
  'src/mcp-server/tools/definitions/helpers.tool.ts': 'export function helper() {}\nexport { helper as alias };\n',
  'src/mcp-server/tools/definitions/broken.tool.ts': 'export const brokenTool = tool(\n',
  'src/mcp-server/resources/definitions/acme-named.app-resource.ts': L(
    "import { appResource } from '@cyanheads/mcp-ts-core';",
    "export const acmeNamedAppResource = appResource('ui://acme/{id}', { name: 'acme-named' });",
    '',
  ),
});

/** existingDefinitions of every kind, read through `tree`. */
const everyKind = (tree: Tree) => LAYOUTS.map((layout) => existingDefinitions(tree, layout));
/** The plain path: in memory, where nothing is cached. */
const plain = everyKind(new Tree(new MemoryHost(FILES)));

const at = cachedProject(FILES);

const onDisk = () => everyKind(new Tree(new DiskHost(at.root)));
/** The cache's files of facts (one per layout read here), and its stat index of the project. */
const factFiles = () =>
  readdirSync(at.cache)
    .filter((f) => f.startsWith('facts-'))
    .map((f) => path.join(at.cache, f));
type Records = { format: number; version: string; records: Record<string, { value: unknown; at: number }> };
/** A cache file's shard, with the records appended to it merged in. */
const shardOf = (file: string) => {
  const { appended: _, ...data } = parseShardText(readFileSync(file, 'utf8'))!;
  return data as Records;
};
/** Rewrites every file of facts with `edit`, whole. */
function rewrite(edit: (data: Records) => unknown): void {
  for (const file of factFiles()) writeFileSync(file, JSON.stringify(edit(shardOf(file))));
}
/** A second run: the cache as the last one left it on disk. */
const nextRun = () => {
  DefinitionsCache.forget();
  return onDisk();
};

describe('the definitions cache', () => {
  it('gives what the plain path gives, written cold and read back warm', () => {
    expect(plain.flat().length).toBeGreaterThan(EXISTING.length);
    expect(onDisk()).toEqual(plain);
    expect(factFiles()).toHaveLength(LAYOUTS.length);
    // A stat index of the project per kind of fact: a run reads only the kinds it asks.
    expect(readdirSync(at.cache).filter((f) => f.startsWith('files-'))).toHaveLength(LAYOUTS.length);
    for (const f of readdirSync(at.cache)) expect(statSync(path.join(at.cache, f)).mode & 0o777).toBe(0o600);
    expect(nextRun()).toEqual(plain);
  });

  it('answers a warm run from the cache file, without parsing', () => {
    onDisk();
    rewrite((data) => {
      // Every name (and URI and export) after the count of definitions.
      for (const entry of Object.values(data.records) as { value: unknown[] }[])
        entry.value = entry.value.map((v, i) => (i === 0 ? v : 'from_cache'));
      return data;
    });
    const names = (defs: ReturnType<typeof onDisk>) => new Set(defs.flat().map((d) => d.name));
    expect(names(nextRun())).toEqual(new Set(['from_cache']));
    // Entries are keyed by text, not by project: the same files elsewhere are answered too.
    const elsewhere = `${at.root}-copy`;
    cpSync(at.root, elsewhere, { recursive: true });
    expect(names(everyKind(new Tree(new DiskHost(elsewhere))))).toEqual(new Set(['from_cache']));
  });

  it('parses a file again once its text changed', () => {
    onDisk();
    const file = 'src/mcp-server/tools/definitions/acme-get-item.tool.ts';
    const text = FILES[file]!.replace("'acme_get_item'", "'acme_got_item'");
    writeFileSync(path.join(at.root, file), text);
    const expected = everyKind(new Tree(new MemoryHost({ ...FILES, [file]: text })));
    expect(expected).not.toEqual(plain);
    expect(nextRun()).toEqual(expected);
  });

  it('ignores a corrupt cache file and writes a sound one', () => {
    onDisk();
    for (const f of readdirSync(at.cache)) writeFileSync(path.join(at.cache, f), '{"format":1,"records":{"x":');
    expect(nextRun()).toEqual(plain);
    for (const f of factFiles()) expect(shardOf(f).records).toBeTypeOf('object');
    expect(nextRun()).toEqual(plain);
  });

  it("ignores a cache of another version, and entries that are not this format's", () => {
    onDisk();
    const lying = (records: Records['records'], value: unknown) =>
      Object.fromEntries(Object.keys(records).map((k) => [k, { value, at: Date.now() }]));
    const wrongNames = { names: [{ name: 'not_this' }], exports: ['notThis'] };
    rewrite((data) => ({ ...data, version: '0.0.0-old', records: lying(data.records, wrongNames) }));
    expect(nextRun()).toEqual(plain);
    rewrite((data) => ({ ...data, records: lying(data.records, { names: 'x', exports: [1] }) }));
    expect(nextRun()).toEqual(plain);
  });

  it('hashes a long text as its bytes say, however often and in whichever string it comes (the last few are kept)', () => {
    const direct = (t: string) => createHash('sha256').update(t).digest('base64url');
    const base = 'import { x } from "./x.js";\n'.repeat(2_000);
    const texts = [base, `${base}y`, `y${base.slice(1)}`, base.slice(0, -1), 'short'];
    for (let round = 0; round < 3; round++)
      for (const text of texts) {
        // The same content in a string of its own: equal, not the same object.
        const copy = [...text].join('');
        expect(sha(text)).toBe(direct(text));
        expect(sha(copy)).toBe(direct(text));
      }
  });

  it('writes nothing with MCP_SCAFFOLD_CACHE=0', () => {
    process.env.MCP_SCAFFOLD_CACHE = '0';
    expect(onDisk()).toEqual(plain);
    expect(existsSync(at.cache)).toBe(false);
  });

  describe('files, as records are added', () => {
    const kind = definitionsKind(toolLayout);
    const indexFile = () => readdirSync(at.cache).find((f) => f.startsWith('files-'));
    const lines = () => readFileSync(path.join(at.cache, indexFile()!), 'utf8').split('\n').length;
    /** One run that remembers one generated definition, as an `add` does. */
    const addRun = (i: number) => {
      DefinitionsCache.forget();
      const tree = new Tree(new DiskHost(at.root));
      const cache = DefinitionsCache.of(tree);
      cache.remember(
        tree,
        `src/mcp-server/tools/definitions/t${i}.tool.ts`,
        kind,
        `text ${i}`,
        packDefinitions(toolLayout, [{ name: `t_${i}` }], [`t${i}Tool`]),
      );
      cache.save();
    };

    it("append a run's records, and are written whole once the appended would pass a quarter of the records (64 at least)", () => {
      addRun(0);
      expect(lines()).toBe(1);
      const seen: number[] = [];
      for (let i = 1; i <= 70; i++) {
        addRun(i);
        seen.push(lines());
      }
      // Appended one line per run up to 64, then written whole (one line) and appended to again.
      expect(seen.slice(0, 64)).toEqual(Array.from({ length: 64 }, (_, i) => i + 2));
      expect(seen[64]).toBe(1);
      expect(seen.at(-1)).toBe(6);
      const { records } = readIndexRecords(path.join(at.cache, indexFile()!));
      expect(Object.keys(records).sort()).toEqual(
        Array.from({ length: 71 }, (_, i) => `src/mcp-server/tools/definitions/t${i}.tool.ts`).sort(),
      );
    });

    it('skip a line cut short or not a record, and use the lines after it', () => {
      addRun(0);
      addRun(1);
      const file = path.join(at.cache, indexFile()!);
      const [base, appended] = readFileSync(file, 'utf8').split('\n');
      writeFileSync(
        file,
        [base, appended!.slice(0, 20), '["__proto__",{"polluted":true}]', '[1,2]', 'x', appended].join('\n'),
      );
      const parsed = parseIndexText(readFileSync(file, 'utf8'), JSON.parse(base!).format, JSON.parse(base!).version);
      expect(parsed.columns).toBeDefined();
      expect(parsed.lines).toBe(5);
      expect([...parsed.appended.keys()]).toContain('src/mcp-server/tools/definitions/t1.tool.ts');
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
      // The next run finds t1 as remembered, and adds its own.
      addRun(2);
      expect(Object.keys(readIndexRecords(file).records)).toEqual(
        expect.arrayContaining([1, 2].map((i) => `src/mcp-server/tools/definitions/t${i}.tool.ts`)),
      );
    });

    it('are written whole, private, where the file went away meanwhile (an append never makes one)', () => {
      addRun(0);
      DefinitionsCache.forget();
      const tree = new Tree(new DiskHost(at.root));
      const cache = DefinitionsCache.of(tree);
      cache.remember(
        tree,
        'src/mcp-server/tools/definitions/t1.tool.ts',
        kind,
        'text 1',
        packDefinitions(toolLayout, [], []),
      );
      rmSync(path.join(at.cache, indexFile()!));
      cache.save();
      expect(lines()).toBe(1);
      expect(statSync(path.join(at.cache, indexFile()!)).mode & 0o777).toBe(0o600);
    });
  });
});
