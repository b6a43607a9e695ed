/**
 * The journal and the lock read as input: a journal no flush could have written (not JSON, empty,
 * a folder, a link, a pipe, too large, cut short, with bytes no entry names, a path out of the
 * project by `..`, by an absolute path or through a link, into .git or node_modules, a temp that
 * is not the flush's, a mode with setuid, a bad hash, unknown fields) is refused with
 * JOURNAL_INVALID naming the file and the way out, and nothing changes, inside the project or
 * outside it. A lock file that is not one (a folder, a link, a pipe, a huge file) is LOCK_INVALID
 * at once, never a wait forever.
 */

import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScaffoldError } from '../../src/engine/errors.js';
import { flush, recoverInterruptedFlush } from '../../src/engine/flush.js';
import { JOURNAL_FILE, type Journal, newJournal, readJournal, sha256, writeJournal } from '../../src/engine/journal.js';
import { journalBytes, tempName } from '../../src/engine/journal-format.js';
import { acquireLock, LOCK_FILE } from '../../src/engine/lock.js';
import { tempDir } from '../helpers/temp.js';

/** Every entry below `dir` (links not followed) with its mode and bytes. */
function state(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).sort().map((rel) => {
    const abs = path.join(dir, rel);
    const st = statSync(abs, { throwIfNoEntry: false });
    if (!st) return `${rel} (dangling)`;
    if (!st.isFile()) return `${rel} ${st.isDirectory() ? 'dir' : 'other'}`;
    // A sparse file of a gigabyte is told by its size and time, not read.
    if (st.size > 2 ** 20) return `${rel} ${st.size} ${st.mtimeMs}`;
    return `${rel} ${(st.mode & 0o7777).toString(8)} ${readFileSync(abs).toString('base64')}`;
  });
}

const NEW = Buffer.from('new content\n');

/** A project whose `a.txt` holds what an interrupted flush put there, and a folder beside it that must not change. */
function scene() {
  const outside = tempDir({ 'victim.txt': 'new content\n', 'keep/x.txt': 'x\n' });
  const root = tempDir({ 'a.txt': 'new content\n', 'src/index.ts': 'index\n' });
  symlinkSync(outside, path.join(root, 'out'));
  mkdirSync(path.join(root, 'node_modules'));
  symlinkSync(outside, path.join(root, 'node_modules/pkg'));
  return { root, outside };
}

/** A journal as a flush of pid 4242 writes it, with `entry` (fields over the ones of a.txt). */
function journalWith(entry: Record<string, unknown> = {}, head: Record<string, unknown> = {}): Journal {
  return {
    ...newJournal(
      [],
      [
        {
          path: 'a.txt',
          tmp: tempName(4242, 0),
          old: Buffer.from('old\n'),
          mode: 0o644,
          newHash: sha256(NEW),
          ...entry,
        } as Journal['entries'][number],
      ],
    ),
    pid: 4242,
    ...head,
  };
}

/** Each hostile journal: how it is laid in the project. */
const HOSTILE: [name: string, lay: (root: string, outside: string) => void][] = [
  ['garbage', (root) => writeFileSync(path.join(root, JOURNAL_FILE), '\x00\xff{not json')],
  ['empty', (root) => writeFileSync(path.join(root, JOURNAL_FILE), '')],
  ['JSON of another shape', (root) => writeFileSync(path.join(root, JOURNAL_FILE), '{}\n')],
  ['a folder', (root) => mkdirSync(path.join(root, JOURNAL_FILE))],
  [
    'a link to a journal outside',
    (root, outside) => {
      writeJournal(outside, journalWith());
      symlinkSync(path.join(outside, JOURNAL_FILE), path.join(root, JOURNAL_FILE));
    },
  ],
  ['a link to nothing', (root) => symlinkSync('/nonexistent/journal', path.join(root, JOURNAL_FILE))],
  ['a named pipe', (root) => expect(spawnSync('mkfifo', [path.join(root, JOURNAL_FILE)]).status).toBe(0)],
  [
    'over a gigabyte',
    (root) => {
      const fd = openSync(path.join(root, JOURNAL_FILE), 'w');
      writeFileSync(fd, journalBytes(journalWith()));
      closeSync(fd);
      spawnSync('truncate', ['-s', '1100M', path.join(root, JOURNAL_FILE)]);
    },
  ],
  [
    'cut short',
    (root) => {
      const bytes = journalBytes(journalWith());
      writeFileSync(path.join(root, JOURNAL_FILE), bytes.subarray(0, bytes.length - 2));
    },
  ],
  [
    'cut in its header',
    (root) => writeFileSync(path.join(root, JOURNAL_FILE), journalBytes(journalWith()).subarray(0, 40)),
  ],
  [
    'bytes no entry names',
    (root) => writeFileSync(path.join(root, JOURNAL_FILE), Buffer.concat([journalBytes(journalWith()), NEW])),
  ],
  ['a path with ..', (root) => writeJournal(root, journalWith({ path: '../victim.txt' }))],
  ['a path with .. inside', (root) => writeJournal(root, journalWith({ path: 'src/../../victim.txt' }))],
  ['an absolute path', (root, outside) => writeJournal(root, journalWith({ path: path.join(outside, 'victim.txt') }))],
  [
    'a path through a link out',
    (root) => writeJournal(root, journalWith({ path: 'out/victim.txt', tmp: `out/${tempName(4242, 0)}` })),
  ],
  [
    'a path into node_modules',
    (root) =>
      writeJournal(
        root,
        journalWith({ path: 'node_modules/pkg/victim.txt', tmp: `node_modules/pkg/${tempName(4242, 0)}` }),
      ),
  ],
  [
    'a path into .git',
    (root) =>
      writeJournal(root, journalWith({ path: '.git/hooks/pre-commit', tmp: `.git/hooks/${tempName(4242, 0)}` })),
  ],
  ['a backslash path', (root) => writeJournal(root, journalWith({ path: '..\\victim.txt' }))],
  ['a path naming the lock', (root) => writeJournal(root, journalWith({ path: LOCK_FILE }))],
  ['a temp out of the project', (root) => writeJournal(root, journalWith({ tmp: '../victim.txt' }))],
  ['a temp in another folder', (root) => writeJournal(root, journalWith({ tmp: `src/${tempName(4242, 0)}` }))],
  ['a temp of another run', (root) => writeJournal(root, journalWith({ tmp: tempName(99, 0) }))],
  ['a temp that is a file of the project', (root) => writeJournal(root, journalWith({ tmp: 'src' }))],
  ['a setuid mode', (root) => writeJournal(root, journalWith({ mode: 0o4755 }))],
  ['a mode for a new file', (root) => writeJournal(root, journalWith({ old: null, mode: 0o755 }))],
  ['a hash that is no sha256', (root) => writeJournal(root, journalWith({ newHash: 'x' }))],
  ['a field no flush writes', (root) => writeJournal(root, journalWith({ extra: 1 }))],
  ['a host with escapes', (root) => writeJournal(root, journalWith({}, { host: '\u001b[31mred' }))],
  ['a folder it did not make for a file', (root) => writeJournal(root, journalWith({}, { dirs: ['src'] }))],
  [
    'a folder out through a link',
    (root) =>
      writeJournal(
        root,
        journalWith({ path: 'out/keep/a.txt', tmp: `out/keep/${tempName(4242, 0)}` }, { dirs: ['out/keep'] }),
      ),
  ],
  [
    'the same file twice',
    (root) => {
      const j = journalWith();
      writeJournal(root, { ...j, entries: [j.entries[0]!, { ...j.entries[0]!, tmp: tempName(4242, 1) }] });
    },
  ],
];

describe('a journal no flush could have written', () => {
  it.each(HOSTILE)('%s: JOURNAL_INVALID naming the file and the way out; nothing changes', async (_name, lay) => {
    const { root, outside } = scene();
    lay(root, outside);
    const [inBefore, outBefore] = [state(root), state(outside)];
    for (const dryRun of [true, false]) {
      const error = await recoverInterruptedFlush(root, { dryRun }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ScaffoldError);
      expect(error).toMatchObject({ code: 'JOURNAL_INVALID', exitCode: 1 });
      const { message, hint } = error as ScaffoldError;
      expect(message).toMatch(
        /^\.mcp-scaffold\.journal is not a journal mcp-scaffold can undo from: .+; nothing was changed\.$/,
      );
      expect(hint).toContain('mcp-scaffold recover --discard');
      expect(state(root)).toEqual(inBefore);
      expect(state(outside)).toEqual(outBefore);
    }
    // A flush over it refuses as well, before writing a byte.
    await expect(
      flush(root, [{ path: 'b.txt', action: 'create', before: undefined, after: 'b\n' }]),
    ).rejects.toMatchObject({
      code: 'JOURNAL_INVALID',
    });
    expect(state(root)).toEqual(inBefore);
    expect(state(outside)).toEqual(outBefore);
  });

  it('one a flush wrote, its temp left beside it, is undone: the old bytes and mode back, the temp gone', async () => {
    const { root, outside } = scene();
    writeFileSync(path.join(root, tempName(4242, 0)), NEW);
    writeJournal(root, journalWith({ mode: 0o640 }));
    const outBefore = state(outside);
    expect(readJournal(root)?.entries).toHaveLength(1);
    expect(await recoverInterruptedFlush(root)).toHaveLength(1);
    expect(readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('old\n');
    expect(statSync(path.join(root, 'a.txt')).mode & 0o7777).toBe(0o640);
    expect(readdirSync(root).filter((n) => n.includes('mcp-scaffold'))).toEqual([]);
    expect(state(outside)).toEqual(outBefore);
  });
});

describe('a flush writes no setuid, setgid or sticky bit', () => {
  it('a file with them keeps its permissions without them, and its journal holds none', async () => {
    const root = tempDir({ 'run.sh': 'old\n' });
    chmodSync(path.join(root, 'run.sh'), 0o4755);
    await flush(root, [{ path: 'run.sh', action: 'update', before: 'old\n', after: 'new\n' }]);
    expect(statSync(path.join(root, 'run.sh')).mode & 0o7777).toBe(0o755);
  });
});

describe('a lock file that is not one', () => {
  it.each<[string, (file: string) => void]>([
    ['a folder', (file) => mkdirSync(file)],
    ['a link', (file) => symlinkSync('/nonexistent/lock', file)],
    ['a named pipe', (file) => expect(spawnSync('mkfifo', [file]).status).toBe(0)],
  ])('%s: LOCK_INVALID at once, naming it; nothing written', async (what, lay) => {
    const root = tempDir({ 'a.txt': 'a\n' });
    lay(path.join(root, LOCK_FILE));
    const before = state(root);
    const error = await acquireLock(root, { waitMs: 60_000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'LOCK_INVALID' });
    expect((error as ScaffoldError).message).toBe(
      `${LOCK_FILE} is ${what === 'a link' ? 'a symbolic link' : what === 'a folder' ? 'a folder' : 'not a regular file'}, not a lock file mcp-scaffold makes; nothing was written.`,
    );
    expect((error as ScaffoldError).hint).toContain(path.join(root, LOCK_FILE));
    expect(state(root)).toEqual(before);
  });

  it('a huge or garbled one is read only in part, judged unreadable: LOCKED after the wait, not a hang', async () => {
    const root = tempDir();
    const file = path.join(root, LOCK_FILE);
    writeFileSync(file, '{"pid": -1, "host": "x"}');
    spawnSync('truncate', ['-s', '3G', file]);
    const error = await acquireLock(root, { waitMs: 200 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'LOCKED' });
    expect((error as ScaffoldError).message).toContain('a run whose lock file cannot be read');
  });

  it('a holder that is no process (pid -1, 0) is unreadable, never signalled', async () => {
    for (const pid of [-1, 0, 1.5, 2 ** 40]) {
      const root = tempDir();
      writeFileSync(path.join(root, LOCK_FILE), JSON.stringify({ pid, host: 'x', started: 'y' }));
      const error = await acquireLock(root, { waitMs: 0 }).catch((e: unknown) => e);
      expect((error as ScaffoldError).message, String(pid)).toContain('a run whose lock file cannot be read');
    }
  });
});
