/**
 * A file's stat as the caches compare it (definitions-cache.ts, remembered-reading.ts): device,
 * inode, size, mtime and ctime, the times in ms with their fractions (a double keeps them to a
 * quarter of a µs). A record may vouch for a file's text only when its stat is still the file's
 * and the file's times were well before the moment the record was taken: a file changed in the
 * same clock tick as it was recorded could keep its stat, so a "racy" record is checked by
 * content, as git checks its index. ctime cannot be set by a program, so a file replaced, renamed
 * over, copied with its mtime kept or re-pointed through a link changes the stat.
 *
 * Numbers, not BigInts: the ns of `{ bigint: true }` cost a warm `add` at 3,000 definitions more
 * than its stat calls themselves (a BigInt per field and one string per file to compare them).
 */

import { statSync } from 'node:fs';

export type Stat = [dev: number, ino: number, size: number, mtime: number, ctime: number];

/**
 * How long before a record was taken a file's times must be for its stat alone to be trusted:
 * above the coarsest timestamp granularity in use (2 s on FAT) and small clock steps.
 */
const RACY_MS = 3000;

/** The stat of the regular file at `abs` (links followed); null when there is none or it is something else. */
export function fileStat(abs: string): Stat | null {
  try {
    const s = statSync(abs, { throwIfNoEntry: false });
    return s?.isFile() ? [s.dev, s.ino, s.size, s.mtimeMs, s.ctimeMs] : null;
  } catch {
    return null;
  }
}

/** Whether the file's times are well before `taken` (ms): a stat recorded then can vouch for its text. */
export function settledBefore(stat: Stat, taken: number): boolean {
  return Math.max(stat[3], stat[4]) + RACY_MS < taken;
}

/** Whether a record of `recorded`, taken at `taken` (ms), vouches for a file whose stat is `now`. */
export function vouches(now: Stat, recorded: Stat | null, taken: number): boolean {
  if (!recorded) return false;
  for (let i = 0; i < 5; i++) if (now[i] !== recorded[i]) return false;
  return settledBefore(now, taken);
}

/** A stat as stored: five finite numbers. */
export function isStat(v: unknown): v is Stat {
  if (!Array.isArray(v) || v.length !== 5) return false;
  for (let i = 0; i < 5; i++) if (!Number.isFinite(v[i])) return false;
  return true;
}
