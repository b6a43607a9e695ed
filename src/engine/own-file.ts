/**
 * Reading a file that mcp-scaffold itself keeps in a project (its journal, its lock): the project
 * may hold anything at that name (a cloned repository carries what it likes), so it is read as
 * input. A link is not followed, a pipe is not waited on, a folder is not read, and no more than
 * a bound is read: anything but a regular file is refused with the caller's error.
 */

import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { ScaffoldError } from './errors.js';

/** How a file in the way is described: "a folder", "a symbolic link". */
export function whatIsAt(st: { isDirectory(): boolean; isSymbolicLink(): boolean }): string {
  return st.isDirectory() ? 'a folder' : st.isSymbolicLink() ? 'a symbolic link' : 'not a regular file';
}

export interface OwnFileRead {
  /** At most this many bytes are read. */
  maxBytes: number;
  /** A larger file is refused (else only its first `maxBytes` are read). */
  whole: boolean;
  /** The error for a file that is not what mcp-scaffold writes there, as `what` it is. */
  refuse: (what: string) => ScaffoldError;
}

/** The file's bytes, or undefined when nothing is at `file`. */
export function readOwnFile(file: string, opts: OwnFileRead): Buffer | undefined {
  const st = lstatSync(file, { throwIfNoEntry: false });
  if (st === undefined) return undefined;
  if (!st.isFile()) throw opts.refuse(whatIsAt(st));
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined; // gone since the look
    throw opts.refuse(code === 'ELOOP' ? 'a symbolic link' : `a file that cannot be read (${code})`);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) throw opts.refuse('not a regular file');
    if (opened.size > opts.maxBytes && opts.whole) {
      throw opts.refuse(`a file of ${opened.size} bytes, larger than any mcp-scaffold writes`);
    }
    const bytes = Buffer.alloc(Math.min(opened.size, opts.maxBytes));
    let got = 0;
    for (let n = 1; n > 0 && got < bytes.length; got += n) n = readSync(fd, bytes, got, bytes.length - got, got);
    return bytes.subarray(0, got);
  } catch (e) {
    if (e instanceof ScaffoldError) throw e;
    throw opts.refuse(`a file that cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  } finally {
    closeSync(fd);
  }
}
