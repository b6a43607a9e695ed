/**
 * The crash-safe flush on a real disk: a failure at each of its steps (permission denied, a full
 * disk after half the bytes) leaves the project byte-identical and says so; the state a kill
 * leaves at each step is undone by the next run; a failed undo is reported as such; modes are
 * kept; one writer at a time; symlinks out of the project are refused before any write.
 */

import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { containedPaths } from '../../src/engine/containment.js';
import { type FaultKind, flushFaults } from '../../src/engine/durable.js';
import { ScaffoldError } from '../../src/engine/errors.js';
import { flush, PlanOutdatedError, recoverInterruptedFlush } from '../../src/engine/flush.js';
import { DiskHost } from '../../src/engine/host.js';
import { JOURNAL_FILE, newJournal, readJournal, sha256, writeJournal } from '../../src/engine/journal.js';
import { acquireLock, LOCK_FILE } from '../../src/engine/lock.js';
import { tempFolderName } from '../../src/engine/new-folder.js';
import { withSignalsHeld } from '../../src/engine/signals.js';
import { type FileChange, Tree } from '../../src/engine/tree.js';
import { flushProject, INDEX, README } from '../helpers/flush-project.js';
import { tempDir } from '../helpers/temp.js';

/** Every file and folder below `root` with its bytes, as sorted lines (folders end in `/`). */
function state(root: string): string[] {
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .map((e) => {
      const abs = path.join(e.parentPath, e.name);
      const rel = path.relative(root, abs).replaceAll('\\', '/');
      if (e.isDirectory()) return `${rel}/`;
      if (e.isSymbolicLink()) return `${rel} -> link`;
      return `${rel} ${(statSync(abs).mode & 0o777).toString(8)} ${readFileSync(abs).toString('base64')}`;
    })
    .sort();
}

const project = flushProject;

/** Every step a flush of `count` changes goes through. */
const steps = (count: number) => [
  'journal',
  ...Array.from({ length: count }, (_, i) => `write:${i}`),
  ...Array.from({ length: count }, (_, i) => `rename:${i}`),
  'commit',
];

async function flushError(root: string, changes: readonly FileChange[]): Promise<ScaffoldError> {
  try {
    await flush(root, changes);
  } catch (e) {
    expect(e).toBeInstanceOf(ScaffoldError);
    return e as ScaffoldError;
  }
  throw new Error('the flush did not fail');
}

/** A pid no process has (a child that has exited); the last one given is `deadPid.last`. */
function deadPid(): number {
  deadPid.last = Number(
    spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout,
  );
  return deadPid.last;
}
deadPid.last = 0;

afterEach(() => {
  delete flushFaults.at;
});

describe('flush', () => {
  it('refuses before any write when a planned file changed on disk meanwhile', async () => {
    const { root, changes } = project();
    writeFileSync(path.join(root, 'README.md'), 'edited in an editor\n');
    writeFileSync(path.join(root, 'src/existing/new.ts'), 'appeared\n');
    const before = state(root);
    const error = await flushError(root, changes);
    expect(error.code).toBe('CONFLICT');
    expect(error.details).toEqual([
      { path: 'README.md', message: 'changed since it was read' },
      { path: 'src/existing/new.ts', message: 'now exists' },
    ]);
    expect(state(root)).toEqual(before);
  });

  it('writes every change, creating folders, keeping the mode of a replaced file, leaving no trace', async () => {
    const { root, changes } = project();
    expect(changes.map((c) => `${c.action} ${c.path}`)).toEqual([
      'update README.md',
      'create src/existing/new.ts',
      'update src/index.ts',
      'create src/mcp-server/tools/definitions/a.tool.ts',
      'create tests/tools/a.tool.test.ts',
    ]);
    expect(await flush(root, changes)).toEqual([]);
    for (const c of changes) expect(readFileSync(path.join(root, c.path), 'utf8')).toBe(c.after);
    expect(statSync(path.join(root, 'README.md')).mode & 0o777).toBe(0o751);
    expect(state(root).filter((l) => /mcp-scaffold/.test(l))).toEqual([]);
  });

  describe.each<FaultKind>(['eacces', 'enospc'])('a %s fault', (kind) => {
    it.each(steps(5))('at %s leaves the project byte-identical and says so', async (step) => {
      const { root, changes } = project();
      const before = state(root);
      flushFaults.at = (s) => (s === step ? kind : undefined);
      const error = await flushError(root, changes);
      expect(error.code).toBe('WRITE_FAILED');
      expect(error.exitCode).toBe(1);
      expect(error.message).toBe(
        step === 'journal'
          ? 'Writing 5 file(s) failed before any was changed; nothing was written.'
          : 'Writing 5 file(s) failed part way; every change was rolled back.',
      );
      const code = kind === 'eacces' ? 'EACCES' : 'ENOSPC';
      expect(error.details[0]!.message).toContain(code);
      if (step.startsWith('write:') || step.startsWith('rename:')) {
        expect(error.details[0]!.path).toBe(changes[Number(step.split(':')[1])]!.path);
      }
      expect(state(root)).toEqual(before);
    });
  });

  it.each(steps(5))('the state a kill at %s leaves is undone by the next run, which says so', async (step) => {
    const { root, changes } = project();
    const before = state(root);
    const crashed = tempDir();
    // What the disk holds at that step, as a killed run would leave it (its lock included).
    flushFaults.at = (s) => {
      if (s === step) cpSync(root, crashed, { recursive: true });
      return undefined;
    };
    await flush(root, changes);
    const lock = path.join(crashed, LOCK_FILE);
    writeFileSync(lock, JSON.stringify({ pid: Number(deadPid()), host: hostname(), started: 'then' }));
    const interrupted = state(crashed);
    expect(interrupted.some((l) => l.startsWith(JOURNAL_FILE)) || step === 'journal').toBe(true);
    const warnings = await recoverInterruptedFlush(crashed);
    if (step === 'journal') expect(warnings).toEqual([]);
    else
      expect(warnings[0]).toMatch(
        /^An earlier run \(pid \d+, started .*\) was interrupted while writing 5 file\(s\); its changes were undone: README\.md, /,
      );
    expect(state(crashed)).toEqual(before);
  });

  it('a journal puts back old bytes as they were: not UTF-8, line breaks, empty; and one of version 1 too', async () => {
    const old = {
      'bin.dat': Buffer.from([0xff, 0x0a, 0x00, 0xfe, 0x0a]),
      'text.txt': Buffer.from('one\ntwo\n'),
      'empty.txt': Buffer.alloc(0),
    };
    for (const version of [1, 2]) {
      const root = tempDir({});
      for (const [rel, bytes] of Object.entries(old)) writeFileSync(path.join(root, rel), bytes);
      const before = state(root);
      // As a flush left them when it died after placing each new content, and a new file.
      const placed = Object.keys(old).map((rel, i) => ({ rel, tmp: `.mcp-scaffold-1-${i}.tmp`, now: `new ${rel}` }));
      for (const p of placed) writeFileSync(path.join(root, p.rel), p.now);
      writeFileSync(path.join(root, 'added.txt'), 'added');
      const entries = [
        ...placed.map((p) => ({
          path: p.rel,
          tmp: p.tmp,
          old: old[p.rel as keyof typeof old],
          mode: 0o644,
          newHash: sha256(Buffer.from(p.now)),
        })),
        {
          path: 'added.txt',
          tmp: '.mcp-scaffold-1-9.tmp',
          old: null,
          mode: null,
          newHash: sha256(Buffer.from('added')),
        },
      ];
      const head = { pid: 1, host: hostname(), started: new Date().toISOString(), dirs: [] };
      if (version === 2) {
        writeJournal(root, { ...newJournal([], entries), ...head });
        expect(readJournal(root)?.entries.map((e) => e.old)).toEqual(entries.map((e) => e.old));
      } else {
        const v1 = {
          version: 1,
          ...head,
          entries: entries.map((e) => ({ ...e, old: e.old?.toString('base64') ?? null })),
        };
        writeFileSync(path.join(root, JOURNAL_FILE), JSON.stringify(v1));
      }
      expect(await recoverInterruptedFlush(root)).toHaveLength(1);
      expect(state(root), `version ${version}`).toEqual(before);
    }
  });

  /** A journal as a flush of this process leaves it for `a.txt`, whose old content was `old`. */
  const journalOfA = () =>
    newJournal(
      [],
      [
        {
          path: 'a.txt',
          tmp: `.mcp-scaffold-${process.pid}-0.tmp`,
          old: Buffer.from('old'),
          mode: 0o644,
          newHash: sha256(Buffer.from('new')),
        },
      ],
    );

  it('a journal whose old bytes lie outside it is refused, not undone from', () => {
    const root = tempDir({ 'a.txt': 'new' });
    writeJournal(root, journalOfA());
    const file = path.join(root, JOURNAL_FILE);
    writeFileSync(file, readFileSync(file).subarray(0, -1));
    expect(() => readJournal(root)).toThrow(/lie outside it/);
    expect(() => readJournal(root)).toThrow(expect.objectContaining({ code: 'JOURNAL_INVALID' }));
  });

  it('a dry run only says that an interrupted run is pending, and writes nothing', async () => {
    const root = tempDir({ 'a.txt': 'new' });
    writeJournal(root, journalOfA());
    const before = state(root);
    expect(await recoverInterruptedFlush(root, { dryRun: true })).toEqual([
      `An earlier run was interrupted while writing; the next run that writes undoes it (${JOURNAL_FILE}).`,
    ]);
    expect(state(root)).toEqual(before);
  });

  it('a dry run over a journal no flush wrote refuses it as the run would: JOURNAL_INVALID, nothing written', async () => {
    const root = tempDir({ [JOURNAL_FILE]: '{}' });
    const before = state(root);
    await expect(recoverInterruptedFlush(root, { dryRun: true })).rejects.toMatchObject({ code: 'JOURNAL_INVALID' });
    expect(state(root)).toEqual(before);
  });

  it('an undo that cannot put a file back is ROLLBACK_FAILED listing it, exit 2, the journal kept', async () => {
    const { root, changes } = project();
    flushFaults.at = (s) => {
      if (s !== 'rename:3') return undefined;
      // README.md is already in place: a folder where it was makes its restore fail.
      rmSync(path.join(root, 'README.md'));
      mkdirSync(path.join(root, 'README.md/x'), { recursive: true });
      return 'eacces';
    };
    const error = await flushError(root, changes);
    expect(error.code).toBe('ROLLBACK_FAILED');
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(
      /^Writing 5 file\(s\) failed part way, and putting them back failed too: left as they are: README\.md \(/,
    );
    expect(error.message).not.toContain('src/index.ts');
    expect(existsSync(path.join(root, JOURNAL_FILE))).toBe(true);
    expect(readFileSync(path.join(root, 'src/index.ts'), 'utf8')).toBe(INDEX);
    // The next run tries again, and says again what it cannot do.
    await expect(recoverInterruptedFlush(root)).rejects.toMatchObject({ code: 'ROLLBACK_FAILED' });
    rmSync(path.join(root, 'README.md'), { recursive: true });
    expect(await recoverInterruptedFlush(root)).toHaveLength(1);
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toBe(README);
    expect(existsSync(path.join(root, JOURNAL_FILE))).toBe(false);
  });

  it('an undo leaves a file something else changed since, and says so', async () => {
    const { root, changes } = project();
    flushFaults.at = (s) => {
      if (s !== 'rename:2') return undefined;
      writeFileSync(path.join(root, 'README.md'), 'saved by an editor meanwhile\n');
      return 'eacces';
    };
    const error = await flushError(root, changes);
    expect(error.code).toBe('ROLLBACK_FAILED');
    expect(error.message).toContain('README.md (changed by something else since; left as it is)');
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toBe('saved by an editor meanwhile\n');
  });

  it('rolls back when the disk itself refuses a write', async () => {
    const root = tempDir({ 'src/index.ts': INDEX, blocker: 'a file where a folder must go\n' });
    const tree = new Tree(new DiskHost(root));
    tree.write('src/index.ts', 'changed\n');
    tree.write('src/new/deep/a.ts', 'a\n');
    tree.write('zz/new/b.ts', 'b\n');
    // Last, a write under a path whose parent is a file: the folder cannot be made (ENOTDIR).
    const changes = [
      ...tree.changes(),
      { path: 'blocker/x.ts', action: 'create' as const, before: undefined, after: 'x\n' },
    ];
    const before = state(root);
    const error = await flushError(root, changes);
    expect(error.code).toBe('WRITE_FAILED');
    expect(state(root)).toEqual(before);
  });

  it('writes into a folder there already, empty, as it makes a new one: the same files, modes and folders', async () => {
    const made = path.join(tempDir(), 'demo');
    const empty = path.join(tempDir(), 'demo');
    mkdirSync(empty);
    for (const root of [made, empty]) expect(await flush(root, NEW_SERVER)).toEqual([]);
    expect(state(made)).toEqual(state(empty));
    expect(state(made)).toContain('src/mcp-server/tools/definitions/');
    expect(statSync(made).mode).toBe(statSync(empty).mode);
  });
});

/** A new server's files (all of them created), as init plans them. */
const NEW_SERVER: FileChange[] = [
  { path: 'package.json', action: 'create', before: undefined, after: '{}\n' },
  { path: 'src/index.ts', action: 'create', before: undefined, after: INDEX },
  { path: 'src/mcp-server/tools/definitions/a.tool.ts', action: 'create', before: undefined, after: 'a\n' },
  { path: 'tests/tools/a.tool.test.ts', action: 'create', before: undefined, after: 'test\n' },
];

/** Every step the flush of a new folder goes through. */
const newFolderSteps = (count: number) => [...Array.from({ length: count }, (_, i) => `write:${i}`), 'commit'];

describe('a folder that does not exist yet: made whole in one rename', () => {
  it('is made with every file, and nothing beside it (its parents made too)', async () => {
    const parent = tempDir();
    const root = path.join(parent, 'a/b/demo');
    expect(await flush(root, NEW_SERVER)).toEqual([]);
    for (const c of NEW_SERVER) expect(readFileSync(path.join(root, c.path), 'utf8')).toBe(c.after);
    expect(readdirSync(path.join(parent, 'a/b'))).toEqual(['demo']);
    expect(state(root).filter((l) => /mcp-scaffold/.test(l))).toEqual([]);
  });

  describe.each<FaultKind>(['eacces', 'enospc'])('a %s fault', (kind) => {
    it.each(newFolderSteps(NEW_SERVER.length))('at %s: nothing written, no folder made, and says so', async (step) => {
      const parent = tempDir();
      const root = path.join(parent, 'x/demo');
      flushFaults.at = (s) => (s === step ? kind : undefined);
      const error = await flushError(root, NEW_SERVER);
      expect(error.code).toBe('WRITE_FAILED');
      expect(error.message).toBe('Writing 4 file(s) failed before any was in place; nothing was written.');
      expect(error.details[0]!.message).toContain(kind === 'eacces' ? 'EACCES' : 'ENOSPC');
      expect(readdirSync(parent)).toEqual([]);
    });
  });

  it.each(newFolderSteps(NEW_SERVER.length))(
    'a kill at %s leaves no folder, only a temp beside it, which the next run removes and names',
    async (step) => {
      const parent = tempDir();
      const root = path.join(parent, 'demo');
      const crashed = tempDir();
      flushFaults.at = (s) => {
        if (s === step) cpSync(parent, crashed, { recursive: true });
        return undefined;
      };
      await flush(root, NEW_SERVER);
      // As a killed run leaves it: the temp folder of a pid no process has.
      const [temp] = readdirSync(crashed);
      expect(temp).toMatch(new RegExp(`^\\.mcp-scaffold-new-[0-9a-f]{8}-${process.pid}\\.demo$`));
      const dead = temp!.replace(`-${process.pid}.`, `-${deadPid()}.`);
      renameSync(path.join(crashed, temp!), path.join(crashed, dead));
      expect(await recoverInterruptedFlush(path.join(crashed, 'demo'), { dryRun: true })).toHaveLength(1);
      expect(readdirSync(crashed)).toEqual([dead]);
      const warnings = await recoverInterruptedFlush(path.join(crashed, 'demo'));
      expect(warnings).toEqual([
        `An earlier run (pid ${deadPid.last}) was interrupted while creating demo; what it had written was removed (${dead}).`,
      ]);
      expect(readdirSync(crashed)).toEqual([]);
    },
  );

  it("a live run's temp folder, or one for another target, is left alone", async () => {
    const parent = tempDir();
    mkdirSync(path.join(parent, tempFolderName('demo', process.pid)));
    mkdirSync(path.join(parent, tempFolderName('other', Number(deadPid()))));
    expect(await recoverInterruptedFlush(path.join(parent, 'demo'))).toEqual([]);
    expect(readdirSync(parent)).toHaveLength(2);
  });

  it('a target another run made meanwhile is not written into: CONFLICT, the plan outdated', async () => {
    const parent = tempDir();
    const root = path.join(parent, 'demo');
    flushFaults.at = (s) => {
      if (s === 'commit') {
        mkdirSync(root);
        writeFileSync(path.join(root, 'theirs.txt'), 'theirs\n');
      }
      return undefined;
    };
    const error = await flushError(root, NEW_SERVER);
    expect(error).toBeInstanceOf(PlanOutdatedError);
    expect(error.code).toBe('CONFLICT');
    expect(readdirSync(parent)).toEqual(['demo']);
    expect(state(root)).toEqual([`theirs.txt 644 ${Buffer.from('theirs\n').toString('base64')}`]);
  });
});

describe('the lock', () => {
  it('a second writer waits, then refuses with LOCKED naming the holder', async () => {
    const root = tempDir();
    const lock = await acquireLock(root);
    const started = Date.now();
    const error = await acquireLock(root, { waitMs: 300 }).catch((e: ScaffoldError) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(error).toMatchObject({ code: 'LOCKED' });
    expect((error as ScaffoldError).message).toContain(`pid ${process.pid} on ${hostname()}`);
    lock.release();
    (await acquireLock(root)).release();
    expect(readdirSync(root)).toEqual([]);
  });

  it('a flush refuses while another run holds the lock, nothing written', async () => {
    const { root, changes } = project();
    const before = state(root);
    const lock = await acquireLock(root);
    const during = state(root);
    const error = await flushError(root, changes).finally(() => lock.release());
    expect(error.code).toBe('LOCKED');
    expect(during.filter((l) => !l.startsWith(LOCK_FILE))).toEqual(before);
    expect(state(root)).toEqual(before);
  }, 20_000);

  it('a lock left by a dead run is taken over', async () => {
    const root = tempDir();
    writeFileSync(
      path.join(root, LOCK_FILE),
      JSON.stringify({ pid: Number(deadPid()), host: hostname(), started: 'x' }),
    );
    const lock = await acquireLock(root, { waitMs: 0 });
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });
});

describe('signals during the flush', () => {
  it('SIGTERM is held until the work is done', async () => {
    const order: string[] = [];
    const listener = () => order.push('signal');
    process.on('SIGTERM', listener);
    try {
      await withSignalsHeld(() => {
        process.kill(process.pid, 'SIGTERM');
        for (let i = 0; i < 1e6; i++);
        order.push('work done');
      });
    } finally {
      process.off('SIGTERM', listener);
    }
    expect(order).toEqual(['work done', 'signal']);
  });
});

describe('containment', () => {
  /** A project whose `link` (relative path) is a symlink to a folder or file outside it. */
  function linked(link: string, kind: 'dir' | 'file') {
    const outside = tempDir({ 'index.ts': INDEX });
    const root = tempDir({ 'README.md': README });
    mkdirSync(path.dirname(path.join(root, link)), { recursive: true });
    symlinkSync(kind === 'dir' ? outside : path.join(outside, 'index.ts'), path.join(root, link));
    return { root, outside };
  }

  it.each([
    ['src/index.ts', 'file', 'src/index.ts'],
    ['src/mcp-server/tools/definitions/a.tool.ts', 'file', 'src/mcp-server/tools/definitions/a.tool.ts'],
    ['src/mcp-server/tools/definitions', 'dir', 'src/mcp-server/tools/definitions/a.tool.ts'],
    ['tests/tools', 'dir', 'tests/tools/a.tool.test.ts'],
    ['src', 'dir', 'src/index.ts'],
  ] as const)('a link at %s (%s) is refused, OUTSIDE_PROJECT, nothing written anywhere', async (link, kind, write) => {
    const { root, outside } = linked(link, kind);
    const [inBefore, outBefore] = [state(root), state(outside)];
    const changes: FileChange[] = [
      { path: 'README.md', action: 'update', before: README, after: 'new\n' },
      {
        path: write,
        action: kind === 'file' ? 'update' : 'create',
        before: kind === 'file' ? INDEX : undefined,
        after: 'x\n',
      },
    ].sort((a, b) => (a.path < b.path ? -1 : 1)) as FileChange[];
    expect(() => new DiskHost(root).verify(changes.map((c) => c.path))).toThrow(ScaffoldError);
    const error = await flushError(root, changes);
    expect(error.code).toBe('OUTSIDE_PROJECT');
    expect(error.details).toEqual([
      { path: write, message: expect.stringContaining('leads outside the project, to ') },
    ]);
    expect(error.message).toBe(`${write} leads outside the project through a symbolic link; nothing was written.`);
    expect(state(root)).toEqual(inBefore);
    expect(state(outside)).toEqual(outBefore);
  });

  it('a link to nothing is refused too', async () => {
    const root = tempDir({ 'README.md': README });
    mkdirSync(path.join(root, 'src'));
    symlinkSync('/nonexistent/mcp-scaffold/elsewhere', path.join(root, 'src/index.ts'));
    const error = await flushError(root, [{ path: 'src/index.ts', action: 'create', before: undefined, after: 'x\n' }]);
    expect(error.code).toBe('OUTSIDE_PROJECT');
    expect(error.details[0]!.message).toBe('src/index.ts is a link to nothing');
    expect(existsSync('/nonexistent/mcp-scaffold')).toBe(false);
  });

  it('paths that share missing folders resolve as each would alone, links and links to nothing included', () => {
    const { root, outside } = linked('src/out', 'dir');
    symlinkSync('/nonexistent/mcp-scaffold/elsewhere', path.join(root, 'gone'));
    const inside = ['a/b/c/one.ts', 'a/b/c/two.ts', 'a/b/three.ts', 'a/four.ts', 'README.md'];
    expect(containedPaths(root, inside)).toEqual(inside.map((rel) => containedPaths(root, [rel])[0]));
    expect(containedPaths(root, inside)[1]).toBe(path.join(realpathSync(root), 'a/b/c/two.ts'));
    const leaving = ['src/out/x/y/one.ts', 'src/out/x/y/two.ts', 'src/out/x/three.ts', 'gone/p/q.ts', 'gone/p/r.ts'];
    const error = (() => {
      try {
        containedPaths(root, leaving);
      } catch (e) {
        return e as ScaffoldError;
      }
      throw new Error('not refused');
    })();
    const real = realpathSync(outside);
    expect(error.details).toEqual([
      { path: leaving[0], message: `leads outside the project, to ${path.join(real, 'x/y/one.ts')}` },
      { path: leaving[1], message: `leads outside the project, to ${path.join(real, 'x/y/two.ts')}` },
      { path: leaving[2], message: `leads outside the project, to ${path.join(real, 'x/three.ts')}` },
      { path: leaving[3], message: 'gone is a link to nothing' },
      { path: leaving[4], message: 'gone is a link to nothing' },
    ]);
  });

  it('a link that stays inside the project is written through: the link stays a link', async () => {
    const root = tempDir({ 'src/main.ts': INDEX });
    symlinkSync('main.ts', path.join(root, 'src/index.ts'));
    await flush(root, [{ path: 'src/index.ts', action: 'update', before: INDEX, after: 'x\n' }]);
    expect(readFileSync(path.join(root, 'src/main.ts'), 'utf8')).toBe('x\n');
    expect(state(root)).toContain('src/index.ts -> link');
  });
});
