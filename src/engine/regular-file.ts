/**
 * Reading a project's file only when it is a regular file. A FIFO where a source file should be
 * blocks a plain read until some writer comes, which may be never; a device may never end. The
 * file is opened without blocking and judged by what the open handle is, so a swap between a
 * check and the read cannot slip one in.
 */

import { closeSync, constants, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { ScaffoldError } from './errors.js';

/**
 * The bytes of the regular file at `abs` (`rel` names it in messages); undefined when there is
 * none, or a folder, or it cannot be read. Anything else there is refused (CONFLICT).
 */
export function readRegularFile(abs: string, rel: string): Buffer | undefined {
  // A missing file (each one of a new server) is told without an exception: they cost.
  if (!statSync(abs, { throwIfNoEntry: false })) return undefined;
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return undefined;
    if (!stat.isFile()) {
      throw new ScaffoldError(
        'CONFLICT',
        `${rel} is not a regular file (a FIFO, socket or device): mcp-scaffold reads only regular files; nothing was written.`,
        {
          hint: `Replace ${rel} with the file it should be, or move it out of the project.`,
          details: [{ path: rel, message: 'not a regular file' }],
        },
      );
    }
    return readFileSync(fd);
  } catch (e) {
    if (e instanceof ScaffoldError) throw e;
    return undefined;
  } finally {
    closeSync(fd);
  }
}
