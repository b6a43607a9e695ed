/**
 * What the file system would refuse, found while planning: a folder (or a file where a folder must
 * be) in the way of a planned write, a file name over 255 bytes, a path over the system's limit.
 * Without this the flush finds them half-way (EISDIR, ENOTDIR, ENAMETOOLONG).
 */

import path from 'node:path';
import { type ErrorDetail, ScaffoldError } from './errors.js';
import type { Host } from './host.js';

/** Bytes in one file name: 255 on Linux, macOS and Windows file systems alike. */
const MAX_NAME_BYTES = 255;
/** Bytes in a whole path: PATH_MAX on Linux, 1024 on macOS; Windows without long paths, 260. */
const MAX_PATH_BYTES = process.platform === 'darwin' ? 1024 : process.platform === 'win32' ? 260 : 4096;

function inTheWay(host: Host, rel: string): string | undefined {
  if (host.isDirectory(rel)) return 'a folder is where the file would be written';
  const parts = rel.split('/');
  for (let i = 1; i < parts.length; i++) {
    const dir = parts.slice(0, i).join('/');
    if (!host.isDirectory(dir) && host.read(dir) !== undefined) return `${dir} is a file, not a folder`;
  }
  return undefined;
}

function tooLong(root: string, rel: string): string | undefined {
  const long = rel.split('/').find((part) => Buffer.byteLength(part) > MAX_NAME_BYTES);
  if (long)
    return `the name ${long.slice(0, 40)}… is ${Buffer.byteLength(long)} bytes (the file system allows ${MAX_NAME_BYTES})`;
  const bytes = Buffer.byteLength(path.join(root, rel));
  return bytes >= MAX_PATH_BYTES ? `the path is ${bytes} bytes (the system allows ${MAX_PATH_BYTES - 1})` : undefined;
}

/** Throws, naming every target at once, when any planned write would be refused by the file system. */
export function assertWritableTargets(host: Host, paths: readonly string[]): void {
  const blocked: ErrorDetail[] = [];
  const long: ErrorDetail[] = [];
  for (const rel of paths) {
    const way = inTheWay(host, rel);
    if (way) blocked.push({ path: rel, message: way });
    const length = tooLong(host.root, rel);
    if (length) long.push({ path: rel, message: length });
  }
  if (blocked.length > 0) {
    throw new ScaffoldError(
      'ALREADY_EXISTS',
      `${blocked.map((d) => d.path).join(', ')}: something is in the way of the write; nothing was written.`,
      {
        hint: 'Move the folder or file out of the way, or choose another name.',
        details: [...blocked, ...long],
      },
    );
  }
  if (long.length > 0) {
    throw new ScaffoldError(
      'NAME_INVALID',
      `${long.map((d) => d.path).join(', ')}: too long for the file system; nothing was written.`,
      {
        hint: 'Choose a shorter name (or --file-name), or work in a folder nearer the root.',
        details: long,
      },
    );
  }
}
