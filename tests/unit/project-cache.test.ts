/**
 * The project cache (src/engine/project-cache.ts) as `list` and `add` read through it on disk:
 * the inventory from cached facts equals the one read in memory (where nothing is cached), a
 * file's record answers by its stat only while the stat says the file is the one recorded, a
 * remembered reading answers only while every answer it got still holds, and nothing is written
 * until the command saves. Records are forged where a test needs one older or racier than a
 * test can wait for.
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
import { ProjectCache } from '../../src/engine/project-cache.js';
import { Tree } from '../../src/engine/tree.js';
import { promptLayout } from '../../src/kinds/prompt/layout.js';
import { resourceLayout } from '../../src/kinds/resource/layout.js';
import { serviceLayout } from '../../src/kinds/service/layout.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { existingDefinitions } from '../../src/registration/definitions.js';
import { type Inventory, inventory, placeholdersOf } from '../../src/registration/inventory.js';
import { testsOf } from '../../src/registration/target.js';
import { cachedProject } from '../helpers/projects.js';
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

/** The project's cache file: one per project. */
function cacheFile(): string {
  const dir = path.join(at.cache, 'projects');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  expect(files).toHaveLength(1);
  return path.join(dir, files[0]!);
}

/** A run in a new process: the cache as the last run left it on disk, written again at its end as `list` does. */
const run = () => {
  ProjectCache.forget();
  const tree = new Tree(new DiskHost(at.root));
  const inv = inventoryOf(tree);
  ProjectCache.of(tree)!.save();
  return { ...inv, tree };
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

type Stat = [number, number, number, number, number];
/** A file's record: the hash of its text, when its stat was taken, then the stat (none when not taken). */
type FileRecord = [hash: string, taken: number, ...stat: Stat | []];
/** The cache file as sections: its header, then each section's key and value. */
type Stored = { header: string; sections: Map<string, unknown> };
function readStored(): Stored {
  const [header, ...lines] = readFileSync(cacheFile(), 'utf8').trimEnd().split('\n');
  const sections = new Map(
    lines.map((line) => {
      const tab = line.indexOf('\t');
      return [JSON.parse(line.slice(0, tab)) as string, JSON.parse(line.slice(tab + 1)) as unknown];
    }),
  );
  return { header: header!, sections };
}
const writeStored = ({ header, sections }: Stored) =>
  writeFileSync(
    cacheFile(),
    `${[header, ...[...sections].map(([key, value]) => `${JSON.stringify(key)}\t${JSON.stringify(value)}`)].join('\n')}\n`,
  );
const filesIn = (stored: Stored) => stored.sections.get('files') as Record<string, FileRecord>;
/** Rewrites every file record of the project's cache: `edit` gets the record and the file's absolute path. */
function forge(edit: (record: FileRecord, abs: string) => void): void {
  const data = readStored();
  expect(Object.keys(filesIn(data)).length).toBeGreaterThan(1);
  for (const [rel, record] of Object.entries(filesIn(data))) edit(record, path.join(at.root, rel));
  writeStored(data);
}
/** Every record taken an hour from now: trusted by stat alone, whatever the file's times. */
const trustAll = () => forge((r) => (r[1] = Date.now() + 3_600_000));
const statOf = (file: string): Stat => {
  const s = statSync(file);
  return [s.dev, s.ino, s.size, s.mtimeMs, s.ctimeMs];
};
/** A whole-second mtime, the same for every file given it: one that can be put back exactly. */
const oneTime = (file: string) => utimesSync(file, 1_700_000_000, 1_700_000_000);
/** Past the coarse clock that stamps file times: a change now gets other times than the record. */
const tick = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30);
const abs = (rel: string) => path.join(at.root, rel);
const GET_ITEM = `${TOOLS}/acme-get-item.tool.ts`;
const LIST_ITEMS = `${TOOLS}/acme-list-items.tool.ts`;

/**
 * Writes `text` over `rel` keeping its times, and records its stat as taken just after its ctime:
 * as if the edit had kept the whole stat, inside one tick of the clock, so the record is racy.
 */
function rewriteRacily(rel: string, text: string): void {
  const times = statSync(abs(rel));
  writeFileSync(abs(rel), text);
  utimesSync(abs(rel), times.atime, times.mtime);
  forge((r, file) => {
    if (file === abs(rel)) r.splice(1, r.length, statSync(file).ctimeMs + 1, ...statOf(file));
  });
}

/** Counts the project files read (by the cache's records or a reading, alike). */
function readsOf(run: () => unknown): number {
  const spy = vi.spyOn(DiskHost.prototype, 'read');
  try {
    run();
    return spy.mock.calls.filter(([rel]) => !path.isAbsolute(rel)).length;
  } finally {
    spy.mockRestore();
  }
}

describe('the facts of files', () => {
  it('give the inventory the in-memory path gives: cold, warm, and trusted by stat', () => {
    const expected = plain(FILES);
    expect(expected.definitions.length).toBeGreaterThan(3);
    expect(expected.dangling).toHaveLength(1);
    expect(withoutTree(run())).toEqual(expected); // cold: parses, records
    expect(statSync(cacheFile()).mode & 0o777).toBe(0o600);
    expect(withoutTree(run())).toEqual(expected); // warm: files recorded just now, checked by content
    trustAll();
    expect(withoutTree(run())).toEqual(expected); // by stat alone
  });

  it('answer by a trusted record without reading the file, and by its content where the record is racy', () => {
    run();
    // Forge every cached fact of the tool that names it: a run that uses them says so.
    writeFileSync(cacheFile(), readFileSync(cacheFile(), 'utf8').replaceAll('acme_get_item', 'acme_get_forged'));
    trustAll();
    const names = () => run().definitions.map((d) => d.name);
    expect(names()).toContain('acme_get_forged');
    expect(run().existing.map((d) => d.name)).toContain('acme_get_forged');
    const addsRead = () => {
      ProjectCache.forget();
      return existingDefinitions(new Tree(new DiskHost(at.root)), toolLayout).map((d) => d.name);
    };
    expect(readsOf(() => expect(addsRead()).toContain('acme_get_forged'))).toBe(0);
    // Racy: taken within the file's timestamp window, so the text is read and hashed; the text's
    // hash is the record's (the forged facts are stored under the true text's hash), so this
    // shows only that the record's stat is not what answers.
    forge((r) => (r[1] = Date.now()));
    expect(readsOf(() => expect(names()).toContain('acme_get_forged'))).toBeGreaterThan(0);
  });

  it('take a cache of another format or version, or a record whose fact is missing or malformed, for a miss', () => {
    const expected = plain(FILES);
    run();
    trustAll();
    const lie = readFileSync(cacheFile(), 'utf8').replaceAll('acme_get_item', 'acme_get_forged');
    for (const other of [{ format: 99 }, { version: '0.0.0-other' }, { root: '/elsewhere' }]) {
      const [header, ...rest] = lie.split('\n');
      writeFileSync(cacheFile(), [JSON.stringify({ ...JSON.parse(header!), ...other }), ...rest].join('\n'));
      expect(withoutTree(run()), JSON.stringify(other)).toEqual(expected);
    }
    for (const value of [undefined, null, { names: 'x', exports: [1] }]) {
      run();
      trustAll();
      const data = readStored();
      for (const [key, facts] of data.sections) {
        if (!key.startsWith('facts:')) continue;
        for (const hash of Object.keys(facts as object)) (facts as Record<string, unknown>)[hash] = value;
      }
      writeStored(data);
      expect(withoutTree(run()), JSON.stringify(value)).toEqual(expected);
    }
  });

  it('neither believe nor keep a record that is not whole, nor a path that leads outside the project', () => {
    const expected = plain(FILES);
    run();
    trustAll();
    const data = readStored();
    filesIn(data)[GET_ITEM] = filesIn(data)[GET_ITEM]!.slice(1) as unknown as FileRecord;
    Object.assign(filesIn(data), { 'src/junk.ts': 'junk', 'src/none.ts': null });
    writeStored(data);
    expect(withoutTree(run())).toEqual(expected);
    const files = filesIn(readStored());
    expect(Object.keys(files)).not.toContain('src/junk.ts');
    expect(Object.keys(files)).not.toContain('src/none.ts');
    expect(files[GET_ITEM]?.[0]).toEqual(expect.any(String));
    // A record keyed by a path out of the project: every record is refused, none read by.
    const outside = readStored();
    filesIn(outside)['../outside.ts'] = files[GET_ITEM]!;
    writeStored(outside);
    expect(withoutTree(run())).toEqual(expected);
    expect(Object.keys(filesIn(readStored()))).not.toContain('../outside.ts');
  });

  it('are read again for a file whose stat matches a racy record but whose text changed (same size, same times)', () => {
    run();
    const text = readFileSync(abs(GET_ITEM), 'utf8').replace('acme_get_item', 'acme_got_item');
    rewriteRacily(GET_ITEM, text);
    expect(run().definitions.map((d) => d.name)).toContain('acme_got_item');
    expect(withoutTree(run())).toEqual(plain({ ...FILES, [GET_ITEM]: text }));
  });

  it('are never the old ones of a file edited, renamed over or copied over, with its size and mtime kept', () => {
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

  it('follow a link to the file it points at now, not the one it pointed at when recorded', () => {
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

  it('are not kept of a file the plan writes: the tree says what it holds', () => {
    run();
    trustAll();
    ProjectCache.forget();
    const tree = new Tree(new DiskHost(at.root));
    tree.write(GET_ITEM, tool('acmeGetItemTool', 'acme_get_planned'));
    expect(existingDefinitions(tree, toolLayout).map((d) => d.name)).toContain('acme_get_planned');
  });
});

describe('what a run learns', () => {
  it('is written only when the command saves or commits, never while it plans', () => {
    ProjectCache.forget();
    const tree = new Tree(new DiskHost(at.root));
    inventoryOf(tree);
    expect(existsSync(at.cache)).toBe(false);
    ProjectCache.of(tree)!.commit([]);
    expect(Object.keys(filesIn(readStored())).length).toBeGreaterThan(1);
  });

  it('takes in, at the commit, the facts the plan knew of what it wrote, and forgets what it deleted', () => {
    run();
    ProjectCache.forget();
    const tree = new Tree(new DiskHost(at.root));
    const cache = ProjectCache.of(tree)!;
    const text = tool('acmeNewTool', 'acme_new');
    const file = `${TOOLS}/acme-new.tool.ts`;
    const kind = { key: 'test-kind', valid: (v: unknown): v is string => typeof v === 'string' };
    cache.expect(file, text, kind, 'known without parsing');
    writeFileSync(abs(file), text);
    unlinkSync(abs(LIST_ITEMS));
    cache.commit([
      { path: file, action: 'create', before: undefined, after: text },
      { path: LIST_ITEMS, action: 'delete', before: FILES[LIST_ITEMS], after: '' },
    ]);
    const stored = readStored();
    const files = filesIn(stored);
    expect(files[file]).toEqual([expect.any(String), 0]);
    expect(stored.sections.get('facts:test-kind')).toEqual({ [files[file]![0]]: 'known without parsing' });
    expect(files[LIST_ITEMS]).toBeUndefined();
    ProjectCache.forget();
    const next = new Tree(new DiskHost(at.root));
    expect(ProjectCache.of(next)!.facts(next, file, kind, () => 'parsed')).toBe('known without parsing');
  });

  it('is kept nowhere with MCP_SCAFFOLD_CACHE=0', () => {
    expect(plainOnDisk()).toEqual(plain(FILES));
    expect(existsSync(at.cache)).toBe(false);
  });

  it('removes, once a day, the caches of projects no run wrote for two months', () => {
    run();
    const dir = path.dirname(cacheFile());
    const old = path.join(dir, 'old.json');
    const recent = path.join(dir, 'recent.json');
    writeFileSync(old, '{}');
    writeFileSync(recent, '{}');
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3_600_000);
    utimesSync(old, daysAgo(61), daysAgo(61));
    utimesSync(recent, daysAgo(59), daysAgo(59));
    writeFileSync(abs(GET_ITEM), tool('acmeGetItemTool', 'acme_get_other'));
    run(); // swept already today: the old one stays
    expect(existsSync(old)).toBe(true);
    utimesSync(path.join(dir, '.swept'), daysAgo(2), daysAgo(2));
    writeFileSync(abs(GET_ITEM), FILES[GET_ITEM]!);
    run();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });
});

/** What `list` reads of the project (its inventory, each definition's test and placeholders), through `tree`. */
function listing(tree: Tree): Inventory {
  const inv = inventory(tree, LAYOUTS, { services: serviceLayout });
  const testOf = testsOf(tree, LAYOUTS, serviceLayout);
  return {
    ...inv,
    definitions: inv.definitions.map((d) => ({ ...d, test: testOf(d), placeholders: placeholdersOf(inv, d.file) })),
  };
}
const isListing = (v: unknown): v is Inventory => typeof v === 'object' && v !== null && 'definitions' in v;
let readings = 0;
/** A run in a new process of the remembered listing, saved as `list` saves it; `readings` counts the times it was read, not remembered. */
const remembered = () => {
  ProjectCache.forget();
  const cache = ProjectCache.forRoot(at.root);
  const { result } = cache.reading(
    'listing',
    (tree) => {
      readings++;
      return listing(tree);
    },
    isListing,
  );
  cache.save();
  return result;
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
const INDEX = 'src/index.ts';
const BARREL = 'src/mcp-server/resources/definitions/index.ts';

describe('a remembered reading (what list prints)', () => {
  it('is the same off, cold, warm, trusted by stat and corrupt; warm, nothing is read again', () => {
    readings = 0;
    const expected = listingOff();
    expect(readings).toBe(1);
    expect(existsSync(at.cache)).toBe(false);
    expect(expected.definitions.some((d) => (d as unknown as { test: unknown }).test !== null)).toBe(true);
    expect(remembered()).toEqual(expected); // cold: read and remembered
    expect(readings).toBe(2);
    // Warm: the files were written just now, so each is checked by its text; then by its stat.
    expect(remembered()).toEqual(expected);
    trustAll();
    expect(readsOf(() => expect(remembered()).toEqual(expected))).toBe(0);
    expect(readings).toBe(2);
    writeFileSync(cacheFile(), '\u0000not json');
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
      trustAll();
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
    trustAll();
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
    rewriteRacily(INDEX, FILES[INDEX]!.replaceAll('goneTool', 'gon2Tool'));
    expect(JSON.stringify(remembered())).toContain('gon2Tool');
    expect(remembered()).toEqual(listingOff());
  });
});

describe('a reading remembered for the project a plan leaves', () => {
  /** What the reading asks: every file below src/ and tests/, and the text of one of them. */
  const read = (tree: Tree) => ({
    files: [...tree.listFiles('src'), ...tree.listFiles('tests')],
    index: tree.read(INDEX),
  });
  const isResult = (v: unknown): v is ReturnType<typeof read> => typeof v === 'object' && v !== null;
  let readings = 0;
  /** The reading in a new process, and the cache it is in. */
  const reading = () => {
    ProjectCache.forget();
    const cache = ProjectCache.forRoot(at.root);
    const found = cache.reading(
      'files',
      (tree) => {
        readings++;
        return read(tree);
      },
      isResult,
    );
    return { ...found, cache };
  };
  /** A plan that empties a folder (the flush takes it away), makes a file in a new one and edits another. */
  function plan(): Tree {
    const tree = new Tree(new DiskHost(at.root));
    tree.delete('src/services/acme/acme-service.ts');
    tree.write('src/lib/new/helper.ts', 'export const x = 1;\n');
    tree.write(INDEX, `${FILES[INDEX]}// edited\n`);
    return tree;
  }

  it('is the plan’s reading after the flush: the next run reads nothing again, and gets what a reading gets', async () => {
    readings = 0;
    reading().cache.save();
    const { planned, cache } = reading();
    expect(readings).toBe(1);
    const tree = plan();
    planned!(tree, read(tree));
    const changes = tree.changes();
    await tree.host.flush(changes);
    expect(existsSync(abs('src/services'))).toBe(false);
    cache.commit(changes);
    const next = reading().result;
    expect(readings).toBe(1);
    process.env.MCP_SCAFFOLD_CACHE = '0';
    expect(next).toEqual(reading().result);
    delete process.env.MCP_SCAFFOLD_CACHE;
    // A file made since in a folder the plan made is seen: the reading is read again.
    writeFiles(at.root, { 'src/lib/new/other.ts': '// more\n' });
    expect(reading().result.files).toContain('src/lib/new/other.ts');
    expect(readings).toBe(3);
  });

  it('is not remembered when the flush made other changes than the plan held, or on a dry run', async () => {
    readings = 0;
    reading().cache.save();
    const { planned, cache } = reading();
    const tree = plan();
    planned!(tree, read(tree));
    tree.write('src/lib/late.ts', '// written after the reading was derived\n');
    const changes = tree.changes();
    await tree.host.flush(changes);
    cache.commit(changes);
    expect(reading().result.files).toContain('src/lib/late.ts');
    expect(readings).toBe(2);
    // A dry run commits nothing: the next run reads what the project holds.
    const dry = reading();
    dry.planned!(plan(), read(plan()));
    expect(reading().result).toEqual(dry.result);
  });
});
