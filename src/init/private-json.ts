/**
 * Small JSON records kept in the user's cache folder between runs (what the registry and npm
 * answered): written to a temp file and renamed, in a folder only this user can enter, file 0600.
 * A record is trusted only when it is the user's own and open to no one else, so that another
 * user cannot plant an answer; anything else (missing, unreadable, not JSON, foreign) is a miss.
 * Writing may fail without consequence: the next run asks again.
 */

import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { cacheDir } from '../startup/cache-dir.js';

/** The folder of these records, or undefined when `MCP_SCAFFOLD_CACHE=0` keeps nothing. */
export function recordsDir(): string | undefined {
  return process.env.MCP_SCAFFOLD_CACHE === '0' ? undefined : cacheDir();
}

/** Owned by this user, and `others` bits clear (Windows has no such modes). */
function privateTo(stats: { uid: number; mode: number }, others: number): boolean {
  const uid = process.getuid?.();
  return uid === undefined || (stats.uid === uid && (stats.mode & others) === 0);
}

/** The record at `file`, parsed, or undefined. */
export function readRecord(file: string): unknown {
  let fd: number | undefined;
  try {
    if (!privateTo(statSync(path.dirname(file)), 0o022)) return undefined;
    fd = openSync(file, 'r');
    if (!privateTo(fstatSync(fd), 0o077)) return undefined;
    return JSON.parse(readFileSync(fd, 'utf8')) as unknown;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes the record atomically (temp file, rename); a failure leaves the old one or none. */
export function writeRecord(file: string, value: unknown): void {
  const dir = path.dirname(file);
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
    writeFileSync(tmp, `${JSON.stringify(value)}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}
