/**
 * Writing a file so that a crash leaves either the old or the new content, never a mix: the bytes
 * go to a temp file beside the target, are fsynced, and the temp is renamed into place. Also the
 * test seam for faults at each step of a flush.
 */

import {
  appendFileSync,
  close,
  closeSync,
  fchmodSync,
  fsync,
  fsyncSync,
  mkdir,
  open,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

export type FaultKind = 'eacces' | 'enospc' | 'kill' | 'sigterm' | 'sigint' | 'sighup' | 'append';

/**
 * Test seam: the fault to inject at a step of a flush (`before`, `journal`, `sync`, `write:<i>`,
 * `rename:<i>`, `commit`, counting the changes from 0; `after`, once the result is out), from
 * `flushFaults.at` or, for a spawned CLI, from MCP_SCAFFOLD_TEST_FAULT=`<kind>@<step>`, several
 * separated by commas.
 */
export const flushFaults: { at?: (step: string) => FaultKind | undefined } = {};

export function faultAt(step: string): FaultKind | undefined {
  const fromHook = flushFaults.at?.(step);
  if (fromHook) return fromHook;
  for (const spec of process.env.MCP_SCAFFOLD_TEST_FAULT?.split(',') ?? []) {
    const [kind, at] = spec.split('@');
    if (at === step) return kind as FaultKind;
  }
  return undefined;
}

function errnoError(code: 'EACCES' | 'ENOSPC', op: string, file: string): NodeJS.ErrnoException {
  const text = code === 'EACCES' ? 'permission denied' : 'no space left on device';
  return Object.assign(new Error(`${code}: ${text}, ${op} '${file}'`), { code });
}

/**
 * Acts out a fault: an error is thrown, a kill ends the process, a signal is sent to ourselves,
 * or a line is appended to `file` (another program saving it just then).
 */
function injectFault(kind: FaultKind | undefined, op: string, file: string): void {
  if (kind === 'eacces') throw errnoError('EACCES', op, file);
  if (kind === 'enospc') throw errnoError('ENOSPC', op, file);
  if (kind === 'kill') process.kill(process.pid, 'SIGKILL');
  if (kind === 'sigterm') process.kill(process.pid, 'SIGTERM');
  if (kind === 'sigint') process.kill(process.pid, 'SIGINT');
  if (kind === 'sighup') process.kill(process.pid, 'SIGHUP');
  if (kind === 'append') appendFileSync(file, '// saved by another program\n');
}

/**
 * Writes `bytes` to a new file (refusing to reuse one) with `mode`, and returns it open, not yet
 * fsynced. A fault at `step` strikes after half the bytes are written, as a full disk or a kill would.
 */
export function writeNewFile(file: string, bytes: Uint8Array, step?: string, mode?: number): number {
  const fault = faultBeforeOpen(file, step);
  return fill(openSync(file, 'wx', mode ?? 0o666), file, bytes, fault, mode);
}

/**
 * writeNewFile for many files at once: each is created on the thread pool, where a file system that
 * is slow to create files creates several together. Returns the fds in order; on a failure every
 * file opened is closed and the first failure is thrown.
 */
export async function writeNewFiles(
  files: readonly { file: string; bytes: Uint8Array; step?: string; mode?: number }[],
): Promise<number[]> {
  // Every one settles before this returns, a refused one too: no open is still under way when the
  // caller removes the folder they are in.
  const results = await Promise.allSettled(
    files.map(async ({ file, bytes, step, mode }) => {
      const fault = faultBeforeOpen(file, step);
      return fill(await openAsync(file, 'wx', mode ?? 0o666), file, bytes, fault, mode);
    }),
  );
  const fds = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r) => r.status === 'rejected');
  if (!failed) return fds;
  for (const fd of fds) closeSync(fd);
  throw failed.reason;
}

/** Folders made (each after its parent, those of one depth together on the thread pool). */
export async function makeDirs(dirs: Iterable<string>): Promise<void> {
  const byDepth = new Map<number, string[]>();
  for (const dir of new Set(dirs)) {
    const depth = dir.split(path.sep).length;
    byDepth.set(depth, [...(byDepth.get(depth) ?? []), dir]);
  }
  for (const depth of [...byDepth.keys()].sort((a, b) => a - b)) {
    await Promise.all(byDepth.get(depth)!.map((dir) => mkdirAsync(dir)));
  }
}

/** The fault planned for writing `file` at `step`; one that refuses the open strikes now. */
function faultBeforeOpen(file: string, step: string | undefined): FaultKind | undefined {
  const fault = step ? faultAt(step) : undefined;
  if (fault === 'eacces') injectFault(fault, 'open', file);
  return fault;
}

/** Writes a new file's bytes to its open `fd` (the fault halfway), closing it on failure. */
function fill(fd: number, file: string, bytes: Uint8Array, fault: FaultKind | undefined, mode?: number): number {
  try {
    // The mode given to open is masked by the umask; a replaced file keeps exactly its own.
    if (mode !== undefined) fchmodSync(fd, mode);
    const cut = fault ? bytes.length >> 1 : bytes.length;
    writeFully(fd, bytes.subarray(0, cut));
    if (fault) injectFault(fault, 'write', file);
    writeFully(fd, bytes.subarray(cut));
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  return fd;
}

/** writeNewFile, then fsynced and closed. */
export function writeNewFileSynced(file: string, bytes: Uint8Array, mode: number | undefined, step?: string): void {
  const fd = writeNewFile(file, bytes, step, mode);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function writeFully(fd: number, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

/** Acts out the fault planned for `step`, if any, as the operation `op` on `file` would meet it. */
export function strikeAt(step: string, op: string, file: string): void {
  injectFault(faultAt(step), op, file);
}

/** Makes a rename or removal in `dir` durable. Some file systems refuse to fsync a folder: fine. */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not supported here (or the folder is gone): nothing more can be done.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

// The callback API on the thread pool, as fs/promises would do it, without loading fs/promises.
const fsyncAsync = promisify(fsync);
const openAsync = promisify(open);
const closeAsync = promisify(close);
const mkdirAsync = promisify(mkdir);

/** fsyncDir, on the thread pool with the others. */
async function fsyncDirAsync(dir: string): Promise<void> {
  let fd: number | undefined;
  try {
    fd = await openAsync(dir, 'r');
    await fsyncAsync(fd);
  } catch {
    // Some file systems refuse to fsync a folder: nothing more can be done.
  } finally {
    if (fd !== undefined) await closeAsync(fd);
  }
}

/**
 * fsyncs the open files `fds` and the folders `dirs` all at once, on the thread pool: the file
 * system commits them together, where one after the other each waits for its own commit. Use it
 * only for fsyncs not ordered among themselves. Every one is waited for before a failure is
 * thrown, so no fd is closed while its fsync is still under way.
 */
export async function fsyncTogether(fds: Iterable<number>, dirs: Iterable<string> = []): Promise<void> {
  const results = await Promise.allSettled([
    ...[...fds].map((fd) => fsyncAsync(fd)),
    ...[...new Set(dirs)].map(fsyncDirAsync),
  ]);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Atomically replaces `file` with `bytes`: a temp beside it, fsynced, renamed, the folder fsynced.
 * A fault planned for `step` strikes while the temp is written.
 */
export function replaceAtomically(
  file: string,
  bytes: Uint8Array,
  mode: number | undefined,
  tmp: string,
  step?: string,
): void {
  removeIfThere(tmp);
  try {
    writeNewFileSynced(tmp, bytes, mode, step);
    renameSync(tmp, file);
  } catch (e) {
    removeIfThere(tmp);
    throw e;
  }
  fsyncDir(path.dirname(file));
}

/** Removes a file; one that is not there (or whose folder is not one) is no error. */
export function removeIfThere(file: string): void {
  try {
    unlinkSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
  }
}
