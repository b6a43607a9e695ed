import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ScaffoldError } from '../../src/engine/errors.js';
import { flush, flushHooks } from '../../src/engine/flush.js';
import { DiskHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { tempDir } from '../helpers/temp.js';

/** Every file and folder below `root`, as sorted relative paths (folders end in `/`). */
function listing(root: string): string[] {
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .map((e) => {
      const rel = path.relative(root, path.join(e.parentPath, e.name)).replaceAll('\\', '/');
      return e.isDirectory() ? `${rel}/` : rel;
    })
    .sort();
}

const INDEX = '\ufeff#!/usr/bin/env node\r\n// ünïcödé 😀 日本\r\nawait createApp({ tools: [] });\r\n';
const README = 'readme\n';

function project() {
  const root = tempDir({ 'src/index.ts': INDEX, 'README.md': README, 'src/existing/keep.ts': 'keep\n' });
  const tree = new Tree(new DiskHost(root));
  tree.write('src/index.ts', 'await createApp({ tools: [aTool] });\n');
  tree.write('README.md', 'new readme\n');
  tree.write('src/mcp-server/tools/definitions/a.tool.ts', 'export const aTool = 1;\n');
  tree.write('src/existing/new.ts', 'new\n');
  tree.write('tests/tools/a.tool.test.ts', 'test\n');
  return { root, changes: tree.changes() };
}

afterEach(() => {
  delete flushHooks.beforeWrite;
});

describe('flush', () => {
  it('refuses before any write when a planned file changed on disk meanwhile', () => {
    const { root, changes } = project();
    const before = listing(root);
    writeFileSync(path.join(root, 'README.md'), 'edited in an editor\n');
    writeFileSync(path.join(root, 'src/existing/new.ts'), 'appeared\n');
    let error: unknown;
    try {
      flush(root, changes);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScaffoldError);
    expect((error as ScaffoldError).code).toBe('CONFLICT');
    expect((error as ScaffoldError).details).toEqual([
      { path: 'README.md', message: 'changed since it was read' },
      { path: 'src/existing/new.ts', message: 'now exists' },
    ]);
    expect(listing(root)).toEqual([...before, 'src/existing/new.ts'].sort());
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toBe('edited in an editor\n');
    expect(readFileSync(path.join(root, 'src/index.ts'), 'utf8')).toBe(INDEX);
  });

  it('writes every change, creating folders', () => {
    const { root, changes } = project();
    expect(changes.map((c) => `${c.action} ${c.path}`)).toEqual([
      'update README.md',
      'create src/existing/new.ts',
      'update src/index.ts',
      'create src/mcp-server/tools/definitions/a.tool.ts',
      'create tests/tools/a.tool.test.ts',
    ]);
    flush(root, changes);
    for (const c of changes) expect(readFileSync(path.join(root, c.path), 'utf8')).toBe(c.after);
  });

  it.each([1, 2, 3, 4])('rolls everything back when write #%i (0-based) fails', (failAt) => {
    const { root, changes } = project();
    const before = listing(root);
    const written: string[] = [];
    flushHooks.beforeWrite = (change, index) => {
      if (index === failAt) throw new Error(`disk full at ${change.path}`);
      written.push(change.path);
    };
    let error: unknown;
    try {
      flush(root, changes);
    } catch (e) {
      error = e;
    }
    expect(written).toHaveLength(failAt);
    expect(error).toBeInstanceOf(ScaffoldError);
    expect((error as ScaffoldError).code).toBe('WRITE_FAILED');
    expect((error as ScaffoldError).message).toBe('Writing 5 file(s) failed part way; every change was rolled back.');
    expect(((error as ScaffoldError).cause as Error).message).toBe(`disk full at ${changes[failAt]!.path}`);
    // The cause reaches the user (and --json) without --verbose: which file, what the disk said.
    expect((error as ScaffoldError).details).toEqual([
      { path: changes[failAt]!.path, message: `disk full at ${changes[failAt]!.path}` },
    ]);
    // Same files and folders as before, updated files restored byte for byte.
    expect(listing(root)).toEqual(before);
    expect(readFileSync(path.join(root, 'src/index.ts'))).toEqual(Buffer.from(INDEX, 'utf8'));
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toBe(README);
    expect(existsSync(path.join(root, 'src/mcp-server'))).toBe(false);
    expect(existsSync(path.join(root, 'tests'))).toBe(false);
    expect(existsSync(path.join(root, 'src/existing/keep.ts'))).toBe(true);
  });

  it('rolls back when the disk itself refuses a write', () => {
    const root = tempDir({ 'src/index.ts': INDEX, blocker: 'a file where a folder must go\n' });
    const tree = new Tree(new DiskHost(root));
    tree.write('src/index.ts', 'changed\n');
    tree.write('src/new/deep/a.ts', 'a\n');
    tree.write('zz/new/b.ts', 'b\n');
    // Last, a write under a path whose parent is a file: mkdir fails with ENOTDIR.
    const changes = [
      ...tree.changes(),
      { path: 'blocker/x.ts', action: 'create' as const, before: undefined, after: 'x\n' },
    ];
    const before = listing(root);
    expect(() => flush(root, changes)).toThrow('Writing 4 file(s) failed part way; every change was rolled back.');
    expect(listing(root)).toEqual(before);
    expect(readFileSync(path.join(root, 'src/index.ts'), 'utf8')).toBe(INDEX);
  });

  it('creates the root itself when missing and removes it again on rollback', () => {
    const parent = tempDir();
    const root = path.join(parent, 'new-server');
    const changes = [
      { path: 'package.json', action: 'create' as const, before: undefined, after: '{}\n' },
      { path: 'src/index.ts', action: 'create' as const, before: undefined, after: 'x\n' },
    ];
    flushHooks.beforeWrite = (_c, index) => {
      if (index === 1) throw new Error('boom');
    };
    expect(() => flush(root, changes)).toThrow(ScaffoldError);
    expect(existsSync(root)).toBe(false);
    expect(listing(parent)).toEqual([]);
  });
});
