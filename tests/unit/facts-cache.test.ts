/**
 * The cache of what definition files hold, as `list` and `add` read it through files on disk:
 * the inventory from cached facts equals the one read in memory (where nothing is cached), and a
 * file's record by stat answers only while the stat says the file is the one recorded. Records
 * are forged where a test needs one older or racier than a test can wait for.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DiskHost, MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { promptLayout } from '../../src/kinds/prompt/layout.js';
import { resourceLayout } from '../../src/kinds/resource/layout.js';
import { serviceLayout } from '../../src/kinds/service/layout.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { existingDefinitions } from '../../src/registration/definitions.js';
import { DefinitionsCache } from '../../src/registration/definitions-cache.js';
import { fileStat, type Stat } from '../../src/registration/file-stat.js';
import { inventory, placeholdersOf } from '../../src/registration/inventory.js';
import {
  parseStored,
  rememberedReading,
  type StoredHeader,
  storedText,
} from '../../src/registration/remembered-reading.js';
import { testsOf } from '../../src/registration/target.js';
import { cachedProject } from '../helpers/projects.js';
import { readIndexRecords, writeIndexRecords } from '../helpers/stat-index-file.js';
import { writeFiles } from '../helpers/temp.js';

const LAYOUTS = [toolLayout, resourceLayout, promptLayout];
const TOOLS = 'src/mcp-server/tools/definitions';
const L = (...lines: string[]) => `${lines.join('\n')}\n`;
const tool = (exportName: string, name: string) =>
  L(
    "import { tool, z } from '@cyanheads/mcp-ts-core';",
    `export const ${exportName} = tool('${name}', { description: 'TODO: say what it does', input: z.object({}), handler: () => ({}) });`,
  );

/** Tools inline, an alias, resources through a barrel, an unregistered tool, a dangling import, a service. */
const FILES: Record<string, string> = {
  'package.json': '{ "name": "acme-mcp-server", "type": "module" }\n',
  'src/index.ts': L(
    "import { createApp } from '@cyanheads/mcp-ts-core';",
    `import { acmeGetItemTool } from './mcp-server/tools/definitions/acme-get-item.tool.js';`,
    `import { aliasTool } from './mcp-server/tools/definitions/alias.tool.js';`,
    `import { goneTool } from './mcp-server/tools/definitions/gone.tool.js';`,
    "import { allResources } from './mcp-server/resources/definitions/index.js';",
    "import { initAcmeService } from './services/acme/acme-service.js';",
    'await createApp({',
    '  tools: [acmeGetItemTool, aliasTool, goneTool],',
    '  resources: allResources,',
    '  setup() {',
    '    initAcmeService();',
    '  },',
    '});',
  ),
  [`${TOOLS}/acme-get-item.tool.ts`]: tool('acmeGetItemTool', 'acme_get_item'),
  [`${TOOLS}/acme-list-items.tool.ts`]: tool('acmeListItemsTool', 'acme_list_items'),
  [`${TOOLS}/alias.tool.ts`]: L(
    "import { acmeListItemsTool } from './acme-list-items.tool.js';",
    'export const aliasTool = acmeListItemsTool;',
  ),
  [`${TOOLS}/unregistered.tool.ts`]: tool('unregisteredTool', 'acme_unregistered'),
  'src/mcp-server/resources/definitions/index.ts': L(
    "import { acmeItemResource } from './acme-item.resource.js';",
    'export const allResources = [acmeItemResource];',
  ),
  'src/mcp-server/resources/definitions/acme-item.resource.ts': L(
    "import { resource } from '@cyanheads/mcp-ts-core';",
    "export const acmeItemResource = resource('acme://{id}', { name: 'acme-item', handler: () => ({}) });",
  ),
  'src/services/acme/acme-service.ts': 'export function initAcmeService(): void {}\n',
  'tests/tools/acme-get-item.tool.test.ts': '// a test\n',
};

const inventoryOf = (tree: Tree) => {
  const inv = inventory(tree, LAYOUTS, { services: serviceLayout });
  const placeholders = inv.definitions.map((d) => placeholdersOf(inv, d.file));
  return { ...inv, placeholders, existing: existingDefinitions(tree, toolLayout) };
};
const plain = (files: Record<string, string>) => inventoryOf(new Tree(new MemoryHost(files)));

const at = cachedProject(FILES);

/** A run in a new process: the cache as the last run left it on disk. */
const run = () => {
  DefinitionsCache.forget();
  const tree = new Tree(new DiskHost(at.root));
  return { ...inventoryOf(tree), tree };
};
const withoutTree = ({ tree: _, ...rest }: ReturnType<typeof run>) => rest;
/** The same files on disk with the cache turned off. */
function plainOnDisk() {
  process.env.MCP_SCAFFOLD_CACHE = '0';
  try {
    return withoutTree(run());
  } finally {
    delete process.env.MCP_SCAFFOLD_CACHE;
  }
}

const cacheFiles = (prefix: string) =>
  readdirSync(at.cache)
    .filter((f) => f.startsWith(prefix))
    .map((f) => path.join(at.cache, f));
type FileRecord = { stat: Stat | null; taken: number; hash: string; value: unknown };
/** Rewrites every file record of the project's stat indexes (one per kind of fact): `edit` gets the record and the file's absolute path. */
function forge(edit: (record: FileRecord, abs: string) => void): void {
  const indexes = cacheFiles('files-');
  expect(indexes.length).toBeGreaterThan(1);
  for (const index of indexes) {
    const data = readIndexRecords(index);
    for (const [rel, record] of Object.entries(data.records))
      edit(record as unknown as FileRecord, path.join(at.root, rel));
    writeIndexRecords(index, data);
  }
}
/** Every record taken an hour from now: trusted by stat alone, whatever the file's times. */
const trustAll = () => forge((r) => (r.taken = Date.now() + 3_600_000));
/** A whole-second mtime, the same for every file given it: one that can be put back exactly. */
const oneTime = (file: string) => utimesSync(file, 1_700_000_000, 1_700_000_000);
/** Past the coarse clock that stamps file times: a change now gets other times than the record. */
const tick = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30);
const abs = (rel: string) => path.join(at.root, rel);
const GET_ITEM = `${TOOLS}/acme-get-item.tool.ts`;
const LIST_ITEMS = `${TOOLS}/acme-list-items.tool.ts`;

describe('the facts cache', () => {
  it('gives the inventory the in-memory path gives: cold, warm, and trusted by stat', () => {
    const expected = plain(FILES);
    expect(expected.definitions.length).toBeGreaterThan(3);
    expect(expected.dangling).toHaveLength(1);
    expect(withoutTree(run())).toEqual(expected); // cold: parses, records
    expect(withoutTree(run())).toEqual(expected); // warm: files recorded just now, checked by content
    trustAll();
    expect(withoutTree(run())).toEqual(expected); // by stat alone
  });

  it('answers a trusted record without reading the file, and a racy one by its content', () => {
    run();
    // Forge every cached fact of the tool that names it, in the user-wide facts and in the stat
    // indexes' records alike: a run that uses them says so.
    for (const file of [...cacheFiles('facts-'), ...cacheFiles('files-')])
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll('acme_get_item', 'acme_get_forged'));
    trustAll();
    const names = () => run().definitions.map((d) => d.name);
    const existing = () => run().existing.map((d) => d.name);
    expect(names()).toContain('acme_get_forged');
    expect(existing()).toContain('acme_get_forged');
    // Trusted by stat, a record answers from its own index: the user-wide facts are not even read.
    const facts = cacheFiles('facts-');
    for (const file of facts) renameSync(file, `${file}.away`);
    const addsRead = () => {
      DefinitionsCache.forget();
      return existingDefinitions(new Tree(new DiskHost(at.root)), toolLayout).map((d) => d.name);
    };
    expect(readsOf(() => expect(addsRead()).toContain('acme_get_forged'))).toBe(0);
    for (const file of facts) renameSync(`${file}.away`, file);
    // Racy: taken within the file's timestamp window, so the text is read and hashed; the text's
    // hash is not the forged entries' (they are stored under the true text's hash, and hold lies),
    // so this shows only that the record's stat is not what answers.
    forge((r) => (r.taken = Date.now()));
    expect(names()).toContain('acme_get_forged');
  });

  it('takes a stat index of another format, or a record whose fact is missing or malformed, for a miss', () => {
    const expected = plain(FILES);
    run();
    // Trusted records that lie, in an index of the last format: not one of them is believed.
    trustAll();
    for (const file of cacheFiles('files-')) {
      writeIndexRecords(file, { ...readIndexRecords(file), format: 3 });
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll('acme_get_item', 'acme_get_forged'));
    }
    expect(withoutTree(run())).toEqual(expected);
    for (const value of [undefined, null, { names: 'x', exports: [1] }]) {
      run();
      trustAll();
      forge((r) => (r.value = value));
      expect(withoutTree(run()), JSON.stringify(value)).toEqual(expected);
    }
  });

  it('neither believes nor keeps a record that is not whole, checked only when looked up', () => {
    const expected = plain(FILES);
    run();
    trustAll();
    for (const file of cacheFiles('files-')) {
      const data = readIndexRecords(file);
      expect(data.records[GET_ITEM]).toBeDefined();
      const { hash: _, ...noHash } = data.records[GET_ITEM]!;
      data.records[GET_ITEM] = { ...noHash, value: [1, 'acme_forged', 'forged'] };
      Object.assign(data.records, { 'src/junk.ts': 'junk', 'src/none.ts': null });
      writeIndexRecords(file, data);
    }
    expect(withoutTree(run())).toEqual(expected);
    // The run read acme-get-item again and wrote its index: the broken records are gone from it
    // once it is written whole (it was: the file it had read held them).
    for (const file of cacheFiles('files-')) {
      const { records } = readIndexRecords(file);
      expect(Object.keys(records)).not.toContain('src/junk.ts');
      expect(Object.keys(records)).not.toContain('src/none.ts');
      expect(records[GET_ITEM]?.hash).toEqual(expect.any(String));
    }
  });

  it('reads a file again whose stat matches a racy record but whose text changed (same size, same times)', () => {
    run();
    const text = readFileSync(abs(GET_ITEM), 'utf8').replace('acme_get_item', 'acme_got_item');
    const times = statSync(abs(GET_ITEM));
    writeFileSync(abs(GET_ITEM), text);
    utimesSync(abs(GET_ITEM), times.atime, times.mtime);
    // As if the edit had kept the whole stat (inside one tick of the clock): the record is racy.
    forge((r, file) => {
      if (file !== abs(GET_ITEM)) return;
      r.stat = fileStat(file);
      r.taken = statSync(file).ctimeMs + 1;
    });
    expect(run().definitions.map((d) => d.name)).toContain('acme_got_item');
    expect(withoutTree(run())).toEqual(plain({ ...FILES, [GET_ITEM]: text }));
  });

  it('never serves the old facts of a file edited, renamed over or copied over, with its size and mtime kept', () => {
    // Same length as acme_get_item: only the inode, ctime (or both) tell the files apart.
    const other = tool('acmeGetItemTool', 'acme_got_item');
    const edits: [string, () => void][] = [
      ['edited in place', () => writeFileSync(abs(GET_ITEM), other)],
      [
        'renamed over',
        () => {
          writeFileSync(abs(`${GET_ITEM}.new`), other);
          oneTime(abs(`${GET_ITEM}.new`));
          renameSync(abs(`${GET_ITEM}.new`), abs(GET_ITEM));
        },
      ],
      [
        'copied over',
        () => {
          writeFileSync(abs('other.ts'), other);
          copyFileSync(abs('other.ts'), abs(GET_ITEM));
          unlinkSync(abs('other.ts'));
        },
      ],
    ];
    for (const [what, edit] of edits) {
      writeFiles(at.root, FILES);
      oneTime(abs(GET_ITEM));
      run();
      trustAll();
      tick();
      edit();
      oneTime(abs(GET_ITEM));
      expect(statSync(abs(GET_ITEM)).size).toBe(FILES[GET_ITEM]!.length);
      expect(withoutTree(run()), what).toEqual(plain({ ...FILES, [GET_ITEM]: other }));
      expect(withoutTree(run()), what).toEqual(plainOnDisk());
    }
  });

  it('follows a link to the file it points at now, not the one it pointed at when recorded', () => {
    mkdirSync(abs('elsewhere'));
    writeFileSync(abs('elsewhere/a.ts'), tool('acmeListItemsTool', 'acme_list_a'));
    writeFileSync(abs('elsewhere/b.ts'), tool('acmeListItemsTool', 'acme_list_b'));
    oneTime(abs('elsewhere/a.ts'));
    oneTime(abs('elsewhere/b.ts'));
    unlinkSync(abs(LIST_ITEMS));
    symlinkSync(abs('elsewhere/a.ts'), abs(LIST_ITEMS));
    // The alias tool's import leads through the link: its target's facts are what is listed.
    expect(JSON.stringify(withoutTree(run()))).toContain('acme_list_a');
    trustAll();
    tick();
    unlinkSync(abs(LIST_ITEMS));
    symlinkSync(abs('elsewhere/b.ts'), abs(LIST_ITEMS));
    const cached = withoutTree(run());
    expect(JSON.stringify(cached)).toContain('acme_list_b');
    expect(cached).toEqual(plainOnDisk());
  });

  it('keeps nothing of a file the plan writes: the tree says what it holds', () => {
    run();
    trustAll();
    DefinitionsCache.forget();
    const tree = new Tree(new DiskHost(at.root));
    tree.write(GET_ITEM, tool('acmeGetItemTool', 'acme_get_planned'));
    expect(existingDefinitions(tree, toolLayout).map((d) => d.name)).toContain('acme_get_planned');
  });
});

/** What `list` reads of the project (its inventory, each definition's test and placeholders), through `tree`. */
function listing(tree: Tree) {
  const inv = inventory(tree, LAYOUTS, { services: serviceLayout });
  const testOf = testsOf(tree, LAYOUTS, serviceLayout);
  return {
    ...inv,
    definitions: inv.definitions.map((d) => ({ ...d, test: testOf(d), placeholders: placeholdersOf(inv, d.file) })),
  };
}
let readings = 0;
/** A run in a new process of the remembered listing; `readings` counts the times it was read, not remembered. */
const remembered = () => {
  DefinitionsCache.forget();
  return rememberedReading(at.root, 'listing', (tree) => {
    readings++;
    return listing(tree);
  });
};
/** The listing with the cache off: read, never remembered. */
function listingOff() {
  process.env.MCP_SCAFFOLD_CACHE = '0';
  try {
    return remembered();
  } finally {
    delete process.env.MCP_SCAFFOLD_CACHE;
  }
}
type Stored = { reads: { taken: number; texts: [string, string][] } };
function forgeReading(edit: (data: Stored) => void): void {
  const [file] = cacheFiles('reading-');
  const stored = parseStored(readFileSync(file!, 'utf8'))!;
  const data = stored.header as Stored & StoredHeader;
  edit(data);
  writeFileSync(file!, storedText(data, stored.resultJson));
}
/** The remembered stats taken an hour from now: each file vouched for by its stat alone. */
const trustReading = () => forgeReading((d) => (d.reads.taken = Date.now() + 3_600_000));
/** Counts the project files read (by the cache's records or the reading, alike). */
function readsOf(run: () => unknown): number {
  const spy = vi.spyOn(DiskHost.prototype, 'read');
  try {
    run();
    return spy.mock.calls.filter(([rel]) => !path.isAbsolute(rel)).length;
  } finally {
    spy.mockRestore();
  }
}
const INDEX = 'src/index.ts';
const BARREL = 'src/mcp-server/resources/definitions/index.ts';

describe('the remembered reading (what list prints)', () => {
  it('is the same off, cold, warm, trusted by stat and corrupt; warm, nothing is read again', () => {
    readings = 0;
    const expected = listingOff();
    expect(readings).toBe(1);
    expect(existsSync(at.cache)).toBe(false);
    expect(expected.definitions.some((d) => d.test !== null)).toBe(true);
    expect(remembered()).toEqual(expected); // cold: read and remembered
    expect(readings).toBe(2);
    const [file] = cacheFiles('reading-');
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    // Warm: the files were written just now, so each is checked by its text; then by its stat.
    expect(remembered()).toEqual(expected);
    trustReading();
    expect(readsOf(() => expect(remembered()).toEqual(expected))).toBe(0);
    expect(readings).toBe(2);
    writeFileSync(file!, '\u0000not json');
    expect(remembered()).toEqual(expected); // corrupt: read again
    expect(readings).toBe(3);
    expect(remembered()).toEqual(expected);
    expect(readings).toBe(3);
  });

  it('is read again after each change that keeps every file it read the same size and mtime', () => {
    const same = (text: string, from: string, to: string) => {
      expect(to.length).toBe(from.length);
      return text.replaceAll(from, to);
    };
    const changes: [string, () => void][] = [
      ['an entry point edited', () => writeFileSync(abs(INDEX), same(FILES[INDEX]!, 'goneTool', 'gon2Tool'))],
      [
        'a barrel swapped by a rename',
        () => {
          writeFileSync(abs(`${BARREL}.new`), same(FILES[BARREL]!, '[acmeItemResource]', '[/*acmeItemRsrc*/]'));
          oneTime(abs(`${BARREL}.new`));
          renameSync(abs(`${BARREL}.new`), abs(BARREL));
        },
      ],
      [
        'a new definition file, the entry point unchanged',
        () => writeFiles(at.root, { [`${TOOLS}/acme-new.tool.ts`]: tool('acmeNewTool', 'acme_new') }),
      ],
      ['a test file added', () => writeFiles(at.root, { 'tests/tools/acme-list-items.tool.test.ts': '// a test\n' })],
      ['a definition file removed', () => unlinkSync(abs(LIST_ITEMS))],
    ];
    for (const [what, change] of changes) {
      rmSync(at.root, { recursive: true, force: true });
      writeFiles(at.root, FILES);
      for (const rel of [INDEX, BARREL]) oneTime(abs(rel));
      const before = remembered();
      trustReading();
      tick();
      change();
      for (const rel of [INDEX, BARREL]) oneTime(abs(rel));
      const after = listingOff();
      expect(after, what).not.toEqual(before);
      const count = readings;
      expect(remembered(), what).toEqual(after);
      expect(readings, what).toBe(count + 1);
    }
  });

  it('follows a linked entry point to the file it points at now', () => {
    const other = FILES[INDEX]!.replaceAll('goneTool', 'gon2Tool');
    writeFiles(at.root, { 'elsewhere/a.ts': FILES[INDEX]!, 'elsewhere/b.ts': other });
    for (const rel of ['elsewhere/a.ts', 'elsewhere/b.ts']) oneTime(abs(rel));
    unlinkSync(abs(INDEX));
    symlinkSync(abs('elsewhere/a.ts'), abs(INDEX));
    const before = remembered();
    trustReading();
    tick();
    unlinkSync(abs(INDEX));
    symlinkSync(abs('elsewhere/b.ts'), abs(INDEX));
    const after = listingOff();
    expect(JSON.stringify(after)).toContain('gon2Tool');
    expect(after).not.toEqual(before);
    expect(remembered()).toEqual(after);
  });

  it('checks by its text a file whose stat is the one remembered but too close to when it was taken', () => {
    remembered();
    const text = FILES[INDEX]!.replaceAll('goneTool', 'gon2Tool');
    const times = statSync(abs(INDEX));
    writeFileSync(abs(INDEX), text);
    utimesSync(abs(INDEX), times.atime, times.mtime);
    // As if the edit had kept the whole stat (inside one tick of the clock): the record is racy.
    const s = statSync(abs(INDEX));
    forgeReading((d) => {
      d.reads.taken = s.ctimeMs + 1;
      d.reads.texts = d.reads.texts.map(([folder, block]) => [
        folder,
        folder === 'src'
          ? block.replace(
              /(^|\/)index\.ts\/([^/]*)\/[^/]*\//,
              `$1index.ts/$2/${[s.dev, s.ino, s.size, s.mtimeMs, s.ctimeMs].join(',')}/`,
            )
          : block,
      ]);
    });
    expect(JSON.stringify(remembered())).toContain('gon2Tool');
    expect(remembered()).toEqual(listingOff());
  });
});
