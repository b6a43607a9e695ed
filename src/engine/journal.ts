/**
 * The flush's journal: before the first file is put in place, what every target held (its bytes
 * and mode, or that it was new), where its temp file goes, and which folders the flush creates.
 * It is written atomically and made durable before any target is touched, so a run that dies part way leaves a journal the next run
 * undoes from; a flush that completes removes it.
 *
 * On disk: its JSON on the first line, each target's old bytes after it as they are, the entry
 * saying where they lie (version 2). The bytes of an entry point of thousands of imports once
 * held base64 in the JSON cost an `add` a second and a third copy of the file that stayed in the
 * heap to the end of the run. A journal of version 1 (all JSON, old bytes in base64), left by an
 * earlier mcp-scaffold, is still read.
 */

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmdirSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fsyncDir, removeIfThere, replaceAtomically, writeNewFileSynced } from './durable.js';

export const JOURNAL_FILE = '.mcp-scaffold.journal';

export interface JournalEntry {
  /** Relative to the (real) project root, forward slashes. */
  path: string;
  /** The temp file the new content is written to, beside the target. */
  tmp: string;
  /** The target's bytes before the flush, or null when it was new. */
  old: Buffer | null;
  mode: number | null;
  /** sha256 of the new content: undo touches only a target that still holds what the flush put there. */
  newHash: string;
}

export interface Journal {
  version: 2;
  pid: number;
  host: string;
  started: string;
  /** Folders the flush creates, outermost first. */
  dirs: string[];
  entries: JournalEntry[];
}

/** An entry as stored: where its old bytes lie after the first line (offset and length), or null. */
type StoredEntry = Omit<JournalEntry, 'old'> & { old: [at: number, length: number] | null };

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

/** The journal as written: its JSON line, then the old bytes of its entries in order. */
function journalBytes(journal: Journal): Buffer {
  let at = 0;
  const entries = journal.entries.map((e): StoredEntry => {
    const old: StoredEntry['old'] = e.old === null ? null : [at, e.old.length];
    at += e.old?.length ?? 0;
    return { ...e, old };
  });
  const olds = journal.entries.flatMap((e) => (e.old === null ? [] : [e.old]));
  return Buffer.concat([Buffer.from(`${JSON.stringify({ ...journal, entries })}\n`), ...olds]);
}

/**
 * The journal a run left, if any. A journal is written whole or not at all, so it always parses;
 * one that does not (its old bytes out of its bounds) throws, as one that is not JSON does.
 */
export function readJournal(root: string): Journal | undefined {
  const file = path.join(root, JOURNAL_FILE);
  if (!existsSync(file)) return undefined;
  const bytes = readFileSync(file);
  const end = bytes.indexOf(0x0a);
  // Version 1 is JSON alone, which has no raw line break.
  if (end < 0) {
    const v1 = JSON.parse(bytes.toString('utf8')) as Omit<Journal, 'entries'> & {
      entries?: (Omit<JournalEntry, 'old'> & { old: string | null })[];
    };
    const entries = v1.entries?.map((e) => ({ ...e, old: e.old === null ? null : Buffer.from(e.old, 'base64') }));
    return { ...v1, ...(entries ? { entries } : {}) } as Journal;
  }
  const header = JSON.parse(bytes.subarray(0, end).toString('utf8')) as Omit<Journal, 'entries'> & {
    entries: StoredEntry[];
  };
  const body = bytes.subarray(end + 1);
  const entries = header.entries.map((e): JournalEntry => {
    if (e.old === null) return { ...e, old: null };
    const [at, length] = e.old;
    if (!Number.isSafeInteger(at) || !Number.isSafeInteger(length) || at < 0 || length < 0 || at + length > body.length)
      throw new Error(`${JOURNAL_FILE}: the old bytes of ${e.path} lie outside it`);
    return { ...e, old: body.subarray(at, at + length) };
  });
  return { ...header, entries };
}

/** A journal being written when its run died: only the lock holder writes one, so any other is stale. */
export function removeJournalTemps(root: string): void {
  for (const name of readdirSync(root)) {
    if (name.startsWith(`${JOURNAL_FILE}.`) && name.endsWith('.tmp')) removeIfThere(path.join(root, name));
  }
}

export function removeJournal(root: string): void {
  removeIfThere(path.join(root, JOURNAL_FILE));
  fsyncDir(root);
}

function readOrUndefined(abs: string): Buffer | undefined {
  try {
    return readFileSync(abs);
  } catch {
    return undefined;
  }
}

/** Puts one target back as the journal says it was; what could not be put back, or undefined. */
function undoEntry(root: string, entry: JournalEntry): string | undefined {
  const abs = path.join(root, entry.path);
  removeIfThere(path.join(root, entry.tmp));
  const now = readOrUndefined(abs);
  const old = entry.old ?? undefined;
  if (now === undefined ? old === undefined : old?.equals(now)) return undefined;
  if (now !== undefined && sha256(now) !== entry.newHash) {
    return `${entry.path} (changed by something else since; left as it is)`;
  }
  if (old === undefined) unlinkSync(abs);
  else replaceAtomically(abs, old, entry.mode ?? undefined, path.join(root, `${entry.tmp}.undo`));
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
