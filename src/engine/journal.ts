/**
 * The flush's journal: before the first file is put in place, what every target held (its bytes
 * and mode, or that it was new), where its temp file goes, and which folders the flush creates.
 * It is written atomically and made durable before any target is touched, so a run that dies part
 * way leaves a journal the next run undoes from; a flush that completes removes it. Its format,
 * and what a journal read from a project must be to be undone from: journal-format.ts.
 */

import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { containedPaths } from './containment.js';
import { fsyncDir, removeIfThere, replaceAtomically, writeNewFileSynced } from './durable.js';
import { ScaffoldError } from './errors.js';
import {
  JOURNAL_FILE,
  JOURNAL_MAX_BYTES,
  type Journal,
  type JournalEntry,
  journalBytes,
  journalInvalid,
  parseJournal,
} from './journal-format.js';
import { readOwnFile } from './own-file.js';

export { JOURNAL_FILE, type Journal, type JournalEntry } from './journal-format.js';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function newJournal(dirs: string[], entries: JournalEntry[]): Journal {
  return { version: 2, pid: process.pid, host: hostname(), started: new Date().toISOString(), dirs, entries };
}

/**
 * Writes the journal whole (a temp, fsynced, renamed). Its name in `root` is not yet durable: the
 * caller fsyncs `root` before it touches a target, together with the fsyncs it has to wait for anyway.
 */
export function writeJournal(root: string, journal: Journal, step?: string): void {
  const file = path.join(root, JOURNAL_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeNewFileSynced(tmp, journalBytes(journal), undefined, step);
  } catch (e) {
    removeIfThere(tmp);
    throw e;
  }
  renameSync(tmp, file);
}

/** What is at the journal's name, without following a link: undefined when nothing is. */
export function journalEntryType(root: string): 'file' | 'other' | undefined {
  const st = lstatSync(path.join(root, JOURNAL_FILE), { throwIfNoEntry: false });
  return st === undefined ? undefined : st.isFile() ? 'file' : 'other';
}

/** The journal file's bytes, refused (JOURNAL_INVALID) unless a regular file of a size a flush writes. */
function readJournalFile(file: string): Buffer | undefined {
  const bytes = readOwnFile(file, {
    maxBytes: JOURNAL_MAX_BYTES,
    whole: true,
    refuse: (what) => journalInvalid(JOURNAL_FILE, `it is ${what}`),
  });
  if (bytes?.length === 0) throw journalInvalid(JOURNAL_FILE, 'it is empty');
  return bytes;
}

/**
 * Every path the journal names, resolved through the links there are now, inside the project:
 * an entry that leads out (`..` was refused by the schema; a link was not) refuses the journal.
 */
function assertContained(root: string, journal: Journal): void {
  try {
    containedPaths(root, [...journal.entries.map((e) => e.path), ...journal.dirs]);
  } catch (e) {
    if (!(e instanceof ScaffoldError)) throw e;
    throw journalInvalid(JOURNAL_FILE, 'it names files outside the project', e.details);
  }
}

/**
 * The journal a run left in `root`, if any, checked as input: in the shape a flush writes and
 * naming only files inside the project. Anything else is JOURNAL_INVALID, and nothing was changed.
 */
export function readJournal(root: string): Journal | undefined {
  const bytes = readJournalFile(path.join(root, JOURNAL_FILE));
  if (bytes === undefined) return undefined;
  const journal = parseJournal(bytes);
  assertContained(root, journal);
  return journal;
}

/** A journal being written when its run died: only the lock holder writes one, so any other is stale. */
export function removeJournalTemps(root: string): void {
  for (const name of readdirSync(root)) {
    if (!name.startsWith(`${JOURNAL_FILE}.`) || !name.endsWith('.tmp')) continue;
    // A folder of that name is not ours to remove; writing the journal then fails, and says so.
    const st = lstatSync(path.join(root, name), { throwIfNoEntry: false });
    if (st && !st.isDirectory()) removeIfThere(path.join(root, name));
  }
}

export function removeJournal(root: string): void {
  removeIfThere(path.join(root, JOURNAL_FILE));
  fsyncDir(root);
}

/** What undoing an entry does: nothing (it holds its old content), put its old bytes back, remove it, or leave it. */
export type UndoAction = 'none' | 'restore' | 'remove' | 'left';

export interface UndoStep {
  path: string;
  action: UndoAction;
  /** Why it is left, for `left`; for `restore`, whether the file is missing now. */
  reason?: string;
  missing?: boolean;
}

/** The target's bytes now; a folder, a pipe or the like is no file to read (a pipe would never end). */
function readNow(abs: string): Buffer | undefined | 'other' {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(abs, { throwIfNoEntry: false });
  } catch {
    return undefined; // ENOTDIR and the like: not there
  }
  if (st !== undefined && !st.isFile()) return 'other';
  try {
    return readFileSync(abs);
  } catch {
    return undefined;
  }
}

/** What undoing `entry` would do to its target as it is now. */
function stepOf(root: string, entry: JournalEntry): UndoStep {
  const now = readNow(path.join(root, entry.path));
  const old = entry.old ?? undefined;
  if (now === 'other')
    return { path: entry.path, action: 'left', reason: 'something other than a file is there now; left as it is' };
  if (now === undefined ? old === undefined : old?.equals(now)) return { path: entry.path, action: 'none' };
  if (now !== undefined && sha256(now) !== entry.newHash) {
    return { path: entry.path, action: 'left', reason: 'changed by something else since; left as it is' };
  }
  return old === undefined
    ? { path: entry.path, action: 'remove' }
    : { path: entry.path, action: 'restore', missing: now === undefined };
}

/** What undoing `journal` would do, entry by entry, last first (the order of the undo), writing nothing. */
export function planUndo(root: string, journal: Journal): UndoStep[] {
  return [...journal.entries].reverse().map((e) => stepOf(root, e));
}

/** The temps a flush of `entry` leaves beside its target: its new content, and the old one an undo was writing. */
export function entryTemps(entry: JournalEntry): string[] {
  return [entry.tmp, `${entry.tmp}.undo`];
}

/** Puts one target back as the journal says it was; what could not be put back, or undefined. */
function undoEntry(root: string, entry: JournalEntry): string | undefined {
  for (const tmp of entryTemps(entry)) removeIfThere(path.join(root, tmp));
  const step = stepOf(root, entry);
  const abs = path.join(root, entry.path);
  if (step.action === 'left') return `${entry.path} (${step.reason})`;
  if (step.action === 'remove') unlinkSync(abs);
  else if (step.action === 'restore') {
    replaceAtomically(abs, entry.old!, entry.mode ?? undefined, path.join(root, `${entry.tmp}.undo`));
  }
  return undefined;
}

/**
 * Undoes a flush from its journal: temp files removed, replaced files restored byte for byte with
 * their modes, new files removed, created folders removed when empty. Returns what is left undone.
 */
export function undoJournal(root: string, journal: Journal): string[] {
  const left: string[] = [];
  for (const entry of [...journal.entries].reverse()) {
    try {
      const problem = undoEntry(root, entry);
      if (problem) left.push(problem);
    } catch (e) {
      left.push(`${entry.path} (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  for (const dir of [...journal.dirs].reverse()) {
    try {
      rmdirSync(path.join(root, dir));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // Gone already, or holding files that are not the flush's: either way not ours to remove.
      if (code !== 'ENOENT' && code !== 'ENOTEMPTY' && code !== 'EEXIST') left.push(`${dir}/ (${code})`);
    }
  }
  for (const dir of new Set(journal.entries.map((e) => path.dirname(path.join(root, e.path))))) fsyncDir(dir);
  return left;
}

/** Removes the journal's temps (never undoing anything), then the journal itself. */
export function discardJournal(root: string, journal: Journal | undefined): void {
  for (const entry of journal?.entries ?? []) {
    for (const tmp of entryTemps(entry)) removeIfThere(path.join(root, tmp));
  }
  removeJournalTemps(root);
  removeJournal(root);
}
