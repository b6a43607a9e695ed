/**
 * One writer at a time per project: a lock file created with O_EXCL in the project's root, holding
 * who took it. A lock whose holder is dead (same host, pid gone) is taken over; a live holder is
 * waited for a few seconds, then the run refuses with LOCKED, naming the holder. The lock file is
 * read from the project, so it is input: read without following a link, a few bytes at most, its
 * holder checked by a schema; a folder, a link or a pipe in its place is LOCK_INVALID.
 */

import { closeSync, lstatSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { ScaffoldError } from './errors.js';
import { readOwnFile } from './own-file.js';
import { isAlive } from './pids.js';

export const LOCK_FILE = '.mcp-scaffold.lock';

export interface LockHolder {
  pid: number;
  host: string;
  started: string;
}

export interface Lock {
  readonly file: string;
  release(): void;
}

/** A lock file still unreadable after this long was left by a run that died while making it. */
const UNREADABLE_GRACE_MS = 10_000;

/**
 * Creates `file` exclusively with `content`; false when it already exists. Not fsynced: the lock
 * keeps live runs apart, and they all see it through the page cache. After a power loss one not
 * fsynced is either whole (judged by its pid exactly as one fsynced would be), empty (unreadable,
 * and older than the grace below by the time the machine is back: taken over), or gone. The
 * journal, not the lock, is what a crash leaves to undo.
 */
function createExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, content);
  } catch (e) {
    // An empty lock would hold every other run off until it is judged stale.
    closeSync(fd);
    unlinkSync(file);
    throw e;
  }
  closeSync(fd);
  return true;
}

/** The lock file cannot be made (a full disk, a read-only folder): nothing was written. */
function cannotLock(file: string, cause: unknown): ScaffoldError {
  return new ScaffoldError('WRITE_FAILED', 'Could not take the lock on the project; nothing was written.', {
    hint: 'Check permissions and free space, then run the command again.',
    details: [{ path: path.basename(file), message: cause instanceof Error ? cause.message : String(cause) }],
    cause,
  });
}

/** A holder as a run writes it; its words are said back to people, so printable ASCII only. */
const HOLDER = z.object({
  pid: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  host: z
    .string()
    .max(255)
    .regex(/^[\x20-\x7e]*$/),
  started: z
    .string()
    .max(64)
    .regex(/^[\x20-\x7e]*$/),
});

/** Who holds the lock, judged from `text`, the lock file's content as read once. */
function parseHolder(text: string): LockHolder | 'unreadable' {
  try {
    const holder = HOLDER.safeParse(JSON.parse(text));
    return holder.success ? holder.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** A lock file is a line of JSON: more than this is not one of ours (and is not read further). */
const LOCK_MAX_BYTES = 4096;

/** LOCK_INVALID: something that is no lock file of ours is at the lock's name; nothing was written. */
function lockInvalid(file: string, what: string): ScaffoldError {
  return new ScaffoldError(
    'LOCK_INVALID',
    `${path.basename(file)} is ${what}, not a lock file mcp-scaffold makes; nothing was written.`,
    {
      hint: `If no mcp-scaffold run is going on, delete ${file} (mcp-scaffold only ever makes it a small file).`,
      details: [{ path: path.basename(file), message: what }],
    },
  );
}

/** The lock file's content (its first few KiB), or undefined when it is gone; LOCK_INVALID when no file of ours. */
function readLockText(file: string): string | undefined {
  return readOwnFile(file, {
    maxBytes: LOCK_MAX_BYTES,
    whole: false,
    refuse: (what) => lockInvalid(file, what),
  })?.toString('utf8');
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function isStale(file: string, holder: LockHolder | 'unreadable'): boolean {
  if (holder === 'unreadable') return ageMs(file) > UNREADABLE_GRACE_MS;
  return holder.host === hostname() && !isAlive(holder.pid);
}

/**
 * Removes a stale lock. Two runs may find it stale at once: the one that makes the breaker file
 * re-reads the lock and removes it only if it still is the stale one, so a fresh lock taken by
 * the other run in between is never removed.
 */
function breakStale(file: string, seen: string): void {
  const breaker = `${file}.break`;
  if (!createExclusive(breaker, String(process.pid))) {
    const st = lstatSync(breaker, { throwIfNoEntry: false });
    if (st?.isDirectory()) throw lockInvalid(breaker, 'a folder');
    if (ageMs(breaker) > UNREADABLE_GRACE_MS) unlinkSync(breaker);
    return;
  }
  try {
    if (readLockText(file) === seen) unlinkSync(file);
  } finally {
    unlinkSync(breaker);
  }
}

function describeHolder(holder: LockHolder | 'unreadable'): string {
  return holder === 'unreadable'
    ? 'a run whose lock file cannot be read'
    : `pid ${holder.pid} on ${holder.host}, since ${holder.started}`;
}

function lockedError(file: string, holder: LockHolder | 'unreadable', waitedMs: number): ScaffoldError {
  return new ScaffoldError(
    'LOCKED',
    `Another mcp-scaffold run is writing this project (${describeHolder(holder)}); waited ${Math.round(waitedMs / 1000)} s, nothing was written.`,
    {
      hint: `Run the command again once it is done. If no run is going on, delete ${file}.`,
      details: [{ path: path.basename(file), message: describeHolder(holder) }],
    },
  );
}

/** Takes the project's lock, waiting up to `waitMs` for a live holder to let go. */
export async function acquireLock(root: string, opts: { waitMs?: number; pollMs?: number } = {}): Promise<Lock> {
  const file = path.join(root, LOCK_FILE);
  const waitMs = opts.waitMs ?? 5_000;
  const pollMs = opts.pollMs ?? 50;
  const me: LockHolder = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  const content = `${JSON.stringify(me)}\n`;
  const start = Date.now();
  for (;;) {
    let created: boolean;
    try {
      created = createExclusive(file, content);
    } catch (e) {
      throw cannotLock(file, e);
    }
    if (created) return { file, release: () => releaseIfOurs(file, content) };
    // Gone since (its holder let go): try again.
    const text = readLockText(file);
    if (text === undefined) continue;
    const holder = parseHolder(text);
    if (isStale(file, holder)) {
      breakStale(file, text);
      continue;
    }
    if (Date.now() - start >= waitMs) throw lockedError(file, holder, Date.now() - start);
    await sleep(pollMs);
  }
}

function releaseIfOurs(file: string, content: string): void {
  let text: string | undefined;
  try {
    text = readLockText(file);
  } catch {
    return; // not ours any more, whatever it is
  }
  if (text === content) unlinkSync(file);
}
