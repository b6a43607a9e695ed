/**
 * The order of the flush's steps that its crash guarantees rest on, seen on a real disk at each
 * step: the journal is whole and no target touched when the temps are made durable together;
 * every target holds its new content, the journal still there, before the journal goes; a fault
 * or a kill at the temps' fsync leaves every file as it was. And the fsyncs issued together wait
 * for each other before a failure is told.
 */

import { spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { flushFaults, fsyncTogether } from '../../src/engine/durable.js';
import { ScaffoldError } from '../../src/engine/errors.js';
import { flush, recoverInterruptedFlush } from '../../src/engine/flush.js';
import { DiskHost } from '../../src/engine/host.js';
import { JOURNAL_FILE, readJournal } from '../../src/engine/journal.js';
import { LOCK_FILE } from '../../src/engine/lock.js';
import { type FileChange, Tree } from '../../src/engine/tree.js';
import { tempDir } from '../helpers/temp.js';

/** Every file below `root` with its bytes, sorted. */
function state(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((rel) => statSync(path.join(root, rel)).isFile())
    .map((rel) => `${rel.replaceAll('\\', '/')} ${readFileSync(path.join(root, rel), 'base64')}`)
    .sort();
}

function project() {
  const root = tempDir({ 'src/index.ts': 'await createApp({ tools: [] });\n', 'README.md': 'readme\n' });
  const tree = new Tree(new DiskHost(root));
  tree.write('src/index.ts', 'await createApp({ tools: [aTool] });\n');
  tree.write('README.md', 'new readme\n');
  tree.write('src/mcp-server/tools/definitions/a.tool.ts', 'export const aTool = 1;\n');
  return { root, changes: tree.changes() };
}

const read = (root: string, rel: string) =>
  existsSync(path.join(root, rel)) ? readFileSync(path.join(root, rel), 'utf8') : undefined;

/** What the disk holds at a step: the journal's entries, and which targets hold their new content. */
function seen(root: string, changes: readonly FileChange[]) {
  const journal = readJournal(root);
  return {
    journal: journal?.entries.map((e) => e.path),
    temps: journal?.entries.map((e) => read(root, e.tmp)),
    placed: changes.map((c) => read(root, c.path) === c.after),
  };
}

afterEach(() => {
  delete flushFaults.at;
});

describe('the order of the flush', () => {
  it('goes journal, temps, their fsync together, renames, commit; the journal whole before a target is touched', async () => {
    const { root, changes } = project();
    const steps: string[] = [];
    const at: Record<string, ReturnType<typeof seen>> = {};
    flushFaults.at = (step) => {
      steps.push(step);
      at[step] = seen(root, changes);
      return undefined;
    };
    await flush(root, changes);
    expect(steps).toEqual([
      // Nothing written yet: where a stop signal already sent is taken.
      'before',
      'journal',
      'write:0',
      'write:1',
      'write:2',
      'sync',
      'rename:0',
      'rename:1',
      'rename:2',
      'commit',
    ]);
    const paths = changes.map((c) => c.path);
    // At the fsync of the temps: the journal lists every target, every temp is whole, none is placed.
    expect(at.sync).toEqual({ journal: paths, temps: changes.map((c) => c.after), placed: [false, false, false] });
    // Before the journal goes: every target holds its new content, the journal still there.
    expect(at.commit!.journal).toEqual(paths);
    expect(at.commit!.placed).toEqual([true, true, true]);
    expect(existsSync(path.join(root, JOURNAL_FILE))).toBe(false);
  });

  it('a fault at the fsync of the temps leaves every file as it was, the journal gone with the temps', async () => {
    const { root, changes } = project();
    const before = state(root);
    flushFaults.at = (step) => (step === 'sync' ? 'eacces' : undefined);
    const error = await flush(root, changes).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ScaffoldError);
    expect((error as ScaffoldError).code).toBe('WRITE_FAILED');
    expect((error as ScaffoldError).message).toBe('Writing 3 file(s) failed part way; every change was rolled back.');
    expect(state(root)).toEqual(before);
  });

  it('a kill at the fsync of the temps leaves the journal, and the next run puts every file back', async () => {
    const { root, changes } = project();
    const before = state(root);
    const crashed = tempDir();
    flushFaults.at = (step) => {
      if (step === 'sync') cpSync(root, crashed, { recursive: true });
      return undefined;
    };
    await flush(root, changes);
    const dead = Number(
      spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout,
    );
    writeFileSync(path.join(crashed, LOCK_FILE), JSON.stringify({ pid: dead, host: hostname(), started: 'then' }));
    expect(existsSync(path.join(crashed, JOURNAL_FILE))).toBe(true);
    const warnings = await recoverInterruptedFlush(crashed);
    expect(warnings[0]).toMatch(/was interrupted while writing 3 file\(s\); its changes were undone/);
    expect(state(crashed)).toEqual(before);
  });
});

describe('fsyncTogether', () => {
  it('waits for every fsync, then throws the failure of one', async () => {
    const dir = tempDir({ 'a.txt': 'a\n' });
    const good = openSync(path.join(dir, 'a.txt'), 'r+');
    // No process has that many files open: an fd that is no file.
    const gone = 999_999;
    try {
      await expect(fsyncTogether([good, gone], [dir, path.join(dir, 'missing')])).rejects.toMatchObject({
        code: 'EBADF',
      });
      await expect(fsyncTogether([good], [dir, path.join(dir, 'missing')])).resolves.toBeUndefined();
    } finally {
      closeSync(good);
    }
  });
});
