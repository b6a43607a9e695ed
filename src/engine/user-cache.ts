/**
 * The user's cache folder and the files kept in it between runs (a project's cache, init's kept
 * registry answer): trusted only when the folder and the file are this user's own and open to no
 * one else, since another user must not be able to plant an answer; written to a temp file and
 * renamed, in a folder only this user can enter. Failing to write costs only a later miss.
 */

import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** `$MCP_SCAFFOLD_CACHE_DIR`, else `$XDG_CACHE_HOME/mcp-scaffold`, else `~/.cache/mcp-scaffold`. */
export function cacheDir(): string {
  if (process.env.MCP_SCAFFOLD_CACHE_DIR) return path.resolve(process.env.MCP_SCAFFOLD_CACHE_DIR);
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(base, 'mcp-scaffold');
}

/** The cache folder, or undefined when `MCP_SCAFFOLD_CACHE=0` says to keep nothing between runs. */
export function keptCacheDir(): string | undefined {
  return process.env.MCP_SCAFFOLD_CACHE === '0' ? undefined : cacheDir();
}

/** Owned by this user, and the `others` mode bits clear. (Windows has no such modes.) */
export function privateTo(stats: { uid: number; mode: number }, others: number): boolean {
  const uid = process.getuid?.();
  return uid === undefined || (stats.uid === uid && (stats.mode & others) === 0);
}

/**
 * The bytes of the file at `file` and its mtime, or undefined when it is missing, unreadable or
 * not private; `read` reads the open file (a copy of its own unless told otherwise).
 */
export function readPrivateFile(
  file: string,
  read: (fd: number) => Buffer = (fd) => readFileSync(fd),
): { bytes: Buffer; mtimeMs: number } | undefined {
  let fd: number | undefined;
  try {
    if (!privateTo(statSync(path.dirname(file)), 0o022)) return undefined;
    fd = openSync(file, 'r');
    const stats = fstatSync(fd);
    if (!privateTo(stats, 0o077)) return undefined;
    return { bytes: read(fd), mtimeMs: stats.mtimeMs };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes `data` to `file` atomically (file 0600, folder 0700); false when it could not. */
export function writePrivateFile(file: string, data: string | Uint8Array): boolean {
  const dir = path.dirname(file);
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
    writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
    return true;
  } catch {
    rmSync(tmp, { force: true });
    return false;
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the files in `dir` older (by mtime) than `maxAgeMs(name)` says, Infinity keeping one:
 * caches of copies no longer run, of projects gone, of formats no longer read, and stray temps.
 */
export function removeOld(dir: string, maxAgeMs: (name: string) => number): void {
  const now = Date.now();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const limit = maxAgeMs(name);
    if (limit === Number.POSITIVE_INFINITY) continue;
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > limit) rmSync(file, { force: true });
    } catch {
      // Removed meanwhile by another run.
    }
  }
}
