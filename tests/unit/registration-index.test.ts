import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DiskHost, MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { DefinitionsCache } from '../../src/registration/definitions-cache.js';
import { derivedIndex } from '../../src/registration/derived-index.js';
import { planFromIndex, planRegistration } from '../../src/registration/register.js';
import { indexRegistration } from '../../src/registration/registration-index.js';
import {
  parseStored,
  rememberedReadingWithNext,
  type StoredHeader,
  storedText,
} from '../../src/registration/remembered-reading.js';
import { tsMorph } from '../../src/ts/ts-morph.js';
import { expectDerivedIndex } from '../helpers/derived-index.js';
import { cachedProject } from '../helpers/projects.js';
import { KEYS, NEW, PATTERNS } from '../helpers/registration-patterns.js';

// The real tsMorph, watched: a warm plan must not call it.
vi.mock('../../src/ts/ts-morph.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/ts/ts-morph.js')>();
  return { ...actual, tsMorph: vi.fn(actual.tsMorph) };
});

const UNDERIVED = [
  'no tools key yet',
  'an empty array in a one-line object that outgrows the line width',
  'an empty barrel under a header comment',
];
const names = ['aaTool', 'mmTool', 'zzTool', 'acmeFindItemsTool'];
const fileOf = (exportName: string) =>
  `src/mcp-server/tools/definitions/${exportName.replace(/Tool$/, '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.tool.ts`;

describe('the registration index derived from an edit', () => {
  it.each(PATTERNS)('is the index read off the text written: $name', ({ name, files, group }) => {
    const options = { ...KEYS, ...(group ? { group } : {}) };
    let derivedCount = 0;
    for (const first of names) {
      // Two adds in a row: the second plans from the derived index, as the next run would.
      const one = expectDerivedIndex(files, toolLayout, { exportName: first, file: fileOf(first) }, options);
      if (one.derived) derivedCount++;
      const second = names.find((n) => n !== first)!;
      expectDerivedIndex(one.written, toolLayout, { exportName: second, file: fileOf(second) }, options);
      if (one.derived) {
        // What the second add plans from the derived index is what it plans from a fresh reading.
        const tree = new Tree(new MemoryHost(one.written));
        const reg = { exportName: second, file: fileOf(second) };
        expect(planFromIndex(tree, one.derived, toolLayout, reg, options)).toEqual(
          planRegistration(new Tree(new MemoryHost(one.written)), toolLayout, reg, options),
        );
      }
    }
    // A new `tools` key, a one-line array broken over lines and a first import written above a
    // file's first statement are not described by their edits: those files are read again.
    expect(derivedCount > 0).toBe(!UNDERIVED.includes(name));
  });

  it('is not derived when an edit replaces text it does not describe', () => {
    const { files } = PATTERNS.find((p) => p.name === 'no tools key yet')!;
    const tree = new Tree(new MemoryHost(files));
    const index = indexRegistration(tree, toolLayout, undefined);
    const plan = planFromIndex(tree, index, toolLayout, NEW, KEYS);
    expect(plan.edits.size).toBeGreaterThan(0);
    expect(derivedIndex(index, plan.edits, new Map())).toBeUndefined();
  });
});

describe('the registration index remembered between runs', () => {
  const at = cachedProject(
    PATTERNS.find((p) => p.name === 'a barrel `as const` with re-exports beside its imports and a sorted export list')!
      .files,
  );
  const reg = { exportName: 'mmTool', file: 'src/mcp-server/tools/definitions/mm.tool.ts' };
  /** A run in a new process, on the project on disk. */
  const plan = () => {
    DefinitionsCache.forget();
    return planRegistration(new Tree(new DiskHost(at.root)), toolLayout, reg, KEYS);
  };
  const readings = () => readdirSync(at.cache).filter((f) => /^reading-.*\.json$/.test(f));

  it('plans as a fresh reading does, without parsing, and keeps the index of what it writes', () => {
    const cold = plan();
    expect(readings().length).toBe(2);
    vi.mocked(tsMorph).mockClear();
    expect(plan()).toEqual(cold);
    expect(tsMorph).not.toHaveBeenCalled();
  });

  it('reads the files again when a remembered position does not fit the text', () => {
    const cold = plan();
    for (const name of readings()) {
      const file = path.join(at.cache, name);
      const stored = parseStored(readFileSync(file, 'utf8'))!;
      const index = JSON.parse(stored.resultJson);
      // The last entry's end inside its name: the new entry would be written into it.
      for (const target of index.targets) if (target.type === 'array') target.array.elements.at(-1)[1] -= 2;
      writeFileSync(file, storedText(stored.header as StoredHeader, JSON.stringify(index)));
    }
    vi.mocked(tsMorph).mockClear();
    expect(plan()).toEqual(cold);
    expect(tsMorph).toHaveBeenCalled();
  });

  it('reads the files again from a cache file that is not JSON', () => {
    const cold = plan();
    for (const name of readings()) writeFileSync(path.join(at.cache, name), '{"format":');
    expect(plan()).toEqual(cold);
  });
});

describe('a reading remembered with room for the next', () => {
  const at = cachedProject({ 'a.txt': 'one' });
  const read = (tree: Tree) => ({ text: tree.read('a.txt') ?? '' });
  const valid = (v: unknown): v is { text: string } => typeof (v as { text?: unknown })?.text === 'string';
  const run = () => {
    DefinitionsCache.forget();
    return rememberedReadingWithNext(at.root, 'k', read, valid);
  };
  const stored = () =>
    Object.fromEntries(
      readdirSync(at.cache)
        .filter((f) => /^reading-.*\.json$/.test(f))
        .map((f) => [f.endsWith('-next.json') ? 'next' : 'first', readFileSync(path.join(at.cache, f), 'utf8')]),
    );
  /** The record of a.txt in a stored reading: `name/hash/stat/`. */
  const record = (text: string | undefined) => /a\.txt\/[^/]*\/[^/]*\//.exec(text ?? '')?.[0];

  it('is not stored again with new stats when the run stores the next one; without a next one it is', () => {
    run().rememberNext!(new Map([['a.txt', 'two']]), { text: 'two' });
    // The project as that command leaves it: the next reading holds a.txt by its text, no stat.
    writeFileSync(path.join(at.root, 'a.txt'), 'two');
    const before = stored();
    expect(record(before.next)).toMatch(/\/\/$/);
    const second = run();
    expect(second.result).toEqual({ text: 'two' });
    expect(stored()).toEqual(before);
    second.rememberNext!(new Map([['a.txt', 'three']]), { text: 'three' });
    const after = stored();
    expect(after.next).toBe(before.next);
    expect(after.first).not.toBe(before.first);
    expect(JSON.parse(parseStored(after.first!)!.resultJson)).toEqual({ text: 'three' });

    // A command that derives no next reading: the one it used is stored with the stat it took.
    const third = run();
    expect(third.result).toEqual({ text: 'two' });
    third.rememberNext!(new Map(), undefined);
    expect(record(stored().next)).toMatch(/\/\d+,\d+,3,[\d.]+,[\d.]+\/$/);
    expect(stored().first).toBe(after.first);
  });

  it('a command that changes nothing stores the reading it used with its stats, and no next one', () => {
    run().rememberNext!(new Map([['a.txt', 'two']]), { text: 'two' });
    writeFileSync(path.join(at.root, 'a.txt'), 'two');
    const before = stored();
    run().rememberNext!(new Map(), { text: 'two' });
    const after = stored();
    expect(after.first).toBe(before.first);
    expect(record(after.next)).toMatch(/\/\d+,\d+,3,[\d.]+,[\d.]+\/$/);
  });
});
