/**
 * The flush into an existing project: all of it or none of it, even across a crash. Under the
 * project's lock: an interrupted earlier flush is undone first; every path is checked to stay in
 * the project; every planned file is re-read (a file changed since planning refuses the flush);
 * then a journal of what is replaced is written, each new content goes to a temp file beside its
 * target, the journal and the temps are made durable together, each temp is put in place right
 * after its target is checked once more (place.ts: an edit saved meanwhile by another program puts
 * everything back, and the plan is made again), the renames made durable together, and the
 * journal is removed (that made durable too). A failure at any step puts every file back from the
 * journal; a kill leaves the journal for the next run.
 */

import { closeSync, mkdirSync, readFileSync, realpathSync, rmdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FileChange } from './changes.js';
import { containedPaths } from './containment.js';
import { missingDirs, removeEmptyDirs } from './dirs.js';
import { fsyncTogether, removeIfThere, strikeAt, writeNewFile } from './durable.js';
import { PlanOutdatedError, ScaffoldError } from './errors.js';
import {
  entryTemps,
  JOURNAL_FILE,
  type Journal,
  type JournalEntry,
  newJournal,
  removeJournal,
  sha256,
  undoJournal,
  writeJournal,
} from './journal.js';
import { FILE_MODE_BITS, tempName } from './journal-format.js';
import { acquireLock, type Lock } from './lock.js';
import { ChangedBeforePlacing, type Placed, place, putBack } from './place.js';
import { recoverUnderLock, recoveryWarning, rollbackFailed } from './recovery.js';
import { markWriting, markWritten } from './run-state.js';
import { withSignalsHeld } from './signals.js';

interface Target {
  change: FileChange;
  /** The real absolute path written. */
  abs: string;
  old: Buffer | undefined;
  mode: number | undefined;
  bytes: Buffer;
}

const posix = (p: string) => p.split(path.sep).join('/');

function readTarget(change: FileChange, abs: string): Target {
  let old: Buffer | undefined;
  let mode: number | undefined;
  try {
    old = readFileSync(abs);
    // Never setuid, setgid or sticky: a written file loses them, as a write by its owner does.
    mode = statSync(abs).mode & FILE_MODE_BITS;
  } catch {
    old = undefined;
  }
  return { change, abs, old, mode, bytes: Buffer.from(change.after, 'utf8') };
}

/**
 * Refuses the whole flush, before any write, when a file changed on disk since it was planned
 * (an editor saved it, another run wrote it): writing would silently drop that change.
 */
function assertUnchangedSincePlanned(targets: readonly Target[]): void {
  // Compared as bytes first: the text of an entry point of thousands of imports, made here, would
  // stay in the heap to the end of the run (a Buffer's memory goes at the next collection). Bytes
  // that are not UTF-8 read as the text they decode to, as before.
  const moved = targets.filter((t) =>
    t.old === undefined || t.change.before === undefined
      ? t.old !== undefined || t.change.before !== undefined
      : !t.old.equals(Buffer.from(t.change.before, 'utf8')) && t.old.toString('utf8') !== t.change.before,
  );
  if (moved.length === 0) return;
  throw new PlanOutdatedError(
    'CONFLICT',
    `${moved.map((t) => t.change.path).join(', ')} changed on disk while the change was being planned; nothing was written.`,
    {
      hint: 'Run the command again.',
      details: moved.map((t) => ({
        path: t.change.path,
        message: t.change.before === undefined ? 'now exists' : 'changed since it was read',
      })),
    },
  );
}

function planJournal(realRoot: string, targets: readonly Target[]): Journal {
  // Outermost first: each folder is made after its parent.
  const dirs = [...new Set(targets.flatMap((t) => missingDirs(path.dirname(t.abs))))].sort(
    (a, b) => a.length - b.length,
  );
  const entries: JournalEntry[] = targets.map((t, i) => ({
    path: posix(path.relative(realRoot, t.abs)),
    tmp: posix(path.relative(realRoot, path.join(path.dirname(t.abs), tempName(process.pid, i)))),
    old: t.old ?? null,
    mode: t.mode ?? null,
    newHash: sha256(t.bytes),
  }));
  return newJournal(
    dirs.map((d) => posix(path.relative(realRoot, d))),
    entries,
  );
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Each new content written to its temp, left open for the fsync; `at` names the change being written. */
function writeTemps(realRoot: string, journal: Journal, targets: readonly Target[], at: { path?: string }): number[] {
  const fds: number[] = [];
  try {
    targets.forEach((t, i) => {
      at.path = t.change.path;
      if (t.change.action !== 'delete')
        fds.push(writeNewFile(path.join(realRoot, journal.entries[i]!.tmp), t.bytes, `write:${i}`, t.mode));
    });
  } catch (e) {
    for (const fd of fds) closeSync(fd);
    throw e;
  }
  return fds;
}

/**
 * The journal's name in the root and every temp made durable in one round: none of them is
 * ordered before another, only all of them before the first rename (a temp left by a crash
 * before then, journal or not, touched no target).
 */
async function syncBeforeRenames(realRoot: string, fds: readonly number[]): Promise<void> {
  try {
    strikeAt('sync', 'fsync', realRoot);
    await fsyncTogether(fds, [realRoot]);
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}

/** Every folder whose entries the flush changed: the targets' own, and the parents of those it made. */
function changedDirs(realRoot: string, journal: Journal, targets: readonly Target[]): Set<string> {
  return new Set([
    ...targets.map((t) => path.dirname(t.abs)),
    ...journal.dirs.map((d) => path.dirname(path.join(realRoot, d))),
  ]);
}

/** What the flush planned for target `i`, as place.ts puts it in place. */
function placeTarget(realRoot: string, entry: JournalEntry, t: Target) {
  return {
    path: t.change.path,
    abs: t.abs,
    tmp: path.join(realRoot, entry.tmp),
    undoTmp: path.join(realRoot, `${entry.tmp}.undo`),
    deletes: t.change.action === 'delete',
    old: t.old,
    mode: t.mode,
    bytes: t.bytes,
  };
}

/** A failure of the flush whose files are already put back as they now are: the journal's old bytes would lose that. */
class AlreadyPutBack extends Error {
  constructor(readonly error: ScaffoldError) {
    super(error.message);
  }
}

/**
 * A target changed on disk while the flush was writing (another program saved it): every file
 * was put back as it now is, the temps and the journal removed, and the plan is to be made again.
 */
function changedWhileWriting(realRoot: string, journal: Journal, placed: Placed[], path_: string, what: string) {
  const left = putBack(placed);
  if (left.length > 0) {
    return rollbackFailed(`${path_} ${what}, and putting the files back failed`, left);
  }
  for (const entry of journal.entries) for (const tmp of entryTemps(entry)) removeIfThere(path.join(realRoot, tmp));
  removeEmptyDirs(journal.dirs.map((d) => path.join(realRoot, d)));
  removeJournal(realRoot);
  return new PlanOutdatedError(
    'CONFLICT',
    `${path_} ${what} while the change was being written; every file was put back as it now is, and nothing was written.`,
    { hint: 'Run the command again.', details: [{ path: path_, message: what }] },
  );
}

/** Each temp put in place, its target checked right before and right after; `at` names the change at work. */
function placeAll(realRoot: string, journal: Journal, targets: readonly Target[], at: { path?: string }): void {
  const placed: Placed[] = [];
  targets.forEach((t, i) => {
    at.path = t.change.path;
    let done: Placed;
    try {
      done = place(placeTarget(realRoot, journal.entries[i]!, t), `rename:${i}`);
    } catch (e) {
      if (!(e instanceof ChangedBeforePlacing)) throw e;
      throw new AlreadyPutBack(changedWhileWriting(realRoot, journal, placed, e.path, e.what));
    }
    placed.push(done);
    if (done.late) {
      throw new AlreadyPutBack(
        changedWhileWriting(realRoot, journal, placed, t.change.path, 'changed as it was replaced'),
      );
    }
  });
  at.path = undefined;
}

/** Temps written and made durable, then put in place, the renames made durable; `at` names the change at work. */
async function putInPlace(
  realRoot: string,
  journal: Journal,
  targets: readonly Target[],
  at: { path?: string },
): Promise<void> {
  for (const dir of journal.dirs) mkdirSync(path.join(realRoot, dir));
  const fds = writeTemps(realRoot, journal, targets, at);
  at.path = undefined;
  await syncBeforeRenames(realRoot, fds);
  // A deleted file goes in the same pass as the renames: the journal holds its bytes for the undo.
  placeAll(realRoot, journal, targets, at);
  // All renames durable before the journal's removal is: a crash in between is undone whole.
  await fsyncTogether([], changedDirs(realRoot, journal, targets));
  strikeAt('commit', 'unlink', path.join(realRoot, JOURNAL_FILE));
}

function rolledBack(count: number, at: string | undefined, cause: unknown, left: string[]): ScaffoldError {
  const details = at ? [{ path: at, message: messageOf(cause) }] : [{ message: messageOf(cause) }];
  if (left.length === 0) {
    return new ScaffoldError(
      'WRITE_FAILED',
      `Writing ${count} file(s) failed part way; every change was rolled back.`,
      {
        hint: 'Check permissions and free space, then run the command again.',
        details,
        cause,
      },
    );
  }
  return rollbackFailed(`Writing ${count} file(s) failed part way, and putting them back failed too`, left, {
    details,
    cause,
  });
}

/** The flush itself, with the lock held. */
async function flushUnderLock(root: string, changes: readonly FileChange[]): Promise<void> {
  const realRoot = realpathSync(root);
  const abs = containedPaths(
    root,
    changes.map((c) => c.path),
  );
  const targets = changes.map((c, i) => readTarget(c, abs[i]!));
  assertUnchangedSincePlanned(targets);
  const journal = planJournal(realRoot, targets);
  try {
    writeJournal(realRoot, journal, 'journal');
  } catch (cause) {
    throw new ScaffoldError(
      'WRITE_FAILED',
      `Writing ${changes.length} file(s) failed before any was changed; nothing was written.`,
      {
        hint: 'Check permissions and free space, then run the command again.',
        details: [{ path: JOURNAL_FILE, message: messageOf(cause) }],
        cause,
      },
    );
  }
  const at: { path?: string } = {};
  try {
    await putInPlace(realRoot, journal, targets, at);
  } catch (cause) {
    if (cause instanceof AlreadyPutBack) throw cause.error;
    const left = undoJournal(realRoot, journal);
    if (left.length === 0) removeJournal(realRoot);
    throw rolledBack(changes.length, at.path, cause, left);
  }
  removeJournal(realRoot);
  removeEmptiedDirs(realRoot, targets);
}

/** Folders a deletion left empty (a removed service's own folder) go too; the root stays. */
function removeEmptiedDirs(realRoot: string, targets: readonly Target[]): void {
  const dirs = new Set(targets.filter((t) => t.change.action === 'delete').map((t) => path.dirname(t.abs)));
  for (const start of dirs) {
    for (let dir = start; dir.startsWith(`${realRoot}${path.sep}`); dir = path.dirname(dir)) {
      try {
        rmdirSync(dir);
      } catch {
        break; // not empty (or gone): nothing above it is empty either
      }
    }
  }
}

/**
 * Writes `changes` into the existing folder `root` (made when only its parents exist, and removed
 * again if nothing could be written); the warnings to say (an earlier interrupted run that was undone).
 */
export async function flushJournaled(root: string, changes: readonly FileChange[]): Promise<string[]> {
  const createdRoot = missingDirs(root);
  mkdirSync(root, { recursive: true });
  let lock: Lock;
  try {
    lock = await acquireLock(root);
  } catch (e) {
    removeEmptyDirs(createdRoot);
    throw e;
  }
  // The lock is let go (and a root made for nothing removed) before a held signal takes effect.
  return withSignalsHeld(async () => {
    let written = false;
    markWriting();
    try {
      const recovery = recoverUnderLock(root);
      await flushUnderLock(root, changes);
      written = true;
      markWritten();
      return recovery ? [recoveryWarning(recovery)] : [];
    } finally {
      lock.release();
      if (!written) removeEmptyDirs(createdRoot);
    }
  });
}
