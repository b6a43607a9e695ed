/**
 * Small JSON records kept in the user's cache folder between runs (what the registry and npm
 * answered): written to a temp file and renamed, in a folder only this user can enter, file 0600.
 * A record is trusted only when it is the user's own and open to no one else, so that another
 * user cannot plant an answer; anything else (missing, unreadable, not JSON, foreign) is a miss.
 * Writing may fail without consequence: the next run asks again.
 */

import { cacheDir } from '../startup/cache-dir.js';
import { readPrivateFile, writePrivateFile } from '../startup/private-file.js';

/** The folder of these records, or undefined when `MCP_SCAFFOLD_CACHE=0` keeps nothing. */
export function recordsDir(): string | undefined {
  return process.env.MCP_SCAFFOLD_CACHE === '0' ? undefined : cacheDir();
}

/** The record at `file`, parsed, or undefined. */
export function readRecord(file: string): unknown {
  const read = readPrivateFile(file);
  try {
    return read && (JSON.parse(read.bytes.toString('utf8')) as unknown);
  } catch {
    return undefined;
  }
}

/** Writes the record atomically (temp file, rename); a failure leaves the old one or none. */
export function writeRecord(file: string, value: unknown): void {
  writePrivateFile(file, `${JSON.stringify(value)}\n`);
}
