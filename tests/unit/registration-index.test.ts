import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DiskHost, MemoryHost } from '../../src/engine/host.js';
import { ProjectCache } from '../../src/engine/project-cache.js';
import { Tree } from '../../src/engine/tree.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { derivedIndex } from '../../src/registration/derived-index.js';
import { planFromIndex, planRegistration } from '../../src/registration/register.js';
import { indexRegistration } from '../../src/registration/registration-index.js';
import { applyEdits } from '../../src/ts/text-edits.js';
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
  /** A plan in a new process, on the project on disk, and its cache saved as after a run. */
  const plan = () => {
    ProjectCache.forget();
    const tree = new Tree(new DiskHost(at.root));
    const planned = planRegistration(tree, toolLayout, reg, KEYS);
    ProjectCache.of(tree)!.save();
    return planned;
  };
  const cacheFile = () => {
    const dir = path.join(at.cache, 'projects');
    return path.join(dir, readdirSync(dir).find((f) => f.endsWith('.json'))!);
  };

  it('plans as a fresh reading does, without parsing', () => {
    const cold = plan();
    vi.mocked(tsMorph).mockClear();
    expect(plan()).toEqual(cold);
    expect(tsMorph).not.toHaveBeenCalled();
  });

  it('is derived for the text the flush writes: the next plan is made without parsing', async () => {
    ProjectCache.forget();
    const tree = new Tree(new DiskHost(at.root));
    for (const [file, p] of planRegistration(tree, toolLayout, reg, KEYS).edits)
      tree.write(file, applyEdits(p.text, p.edits));
    const changes = tree.changes();
    await tree.host.flush(changes);
    ProjectCache.of(tree)!.commit(changes);
    const other = { exportName: 'zzTool', file: 'src/mcp-server/tools/definitions/zz.tool.ts' };
    ProjectCache.forget();
    vi.mocked(tsMorph).mockClear();
    const warm = planRegistration(new Tree(new DiskHost(at.root)), toolLayout, other, KEYS);
    expect(tsMorph).not.toHaveBeenCalled();
    process.env.MCP_SCAFFOLD_CACHE = '0';
    expect(warm).toEqual(planRegistration(new Tree(new DiskHost(at.root)), toolLayout, other, KEYS));
  });

  it('reads the files again from a cache file that is not JSON', () => {
    const cold = plan();
    writeFileSync(cacheFile(), '{"format":');
    vi.mocked(tsMorph).mockClear();
    expect(plan()).toEqual(cold);
    expect(tsMorph).toHaveBeenCalled();
  });
});
