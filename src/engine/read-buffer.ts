/**
 * One buffer that the bundles and their code caches are read into in turn, rather than a new one
 * per file. On these machines the first touch of a fresh page of memory is what reading costs
 * (measured: a 4.3 MB copy into new memory 11 ms, into memory touched before 0.25 ms), and an
 * add reads four such files (1–4 MB each). Each read's bytes are used up before the next read: a
 * bundle becomes a string, a cache is deserialized by vm.Script as it compiles. The caches of a
 * large project and its entry point are read through it too (readSharedText, and the disk host),
 * into pages the bundles already touched: at 3,000 tools those three files (2.2 MB) took 18 ms
 * to read as text through readFileSync, 10 ms this way. The caches an `add` writes go out through
 * it as well (sharedUtf8).
 *
 * The launcher and the CLI's bundle each hold a copy of this module (both bundle it); a
 * registered symbol on the global object lets the two share the buffer.
 */

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const KEY = Symbol.for('mcp-scaffold.read-buffer');
/**
 * Reserved at the first read: pages are paid for only once written, so room for the largest
 * bundle costs address space, not memory, and the buffer never has to move.
 */
const RESERVE = 8 * 1024 * 1024;

type Holder = { [KEY]?: Buffer };

/** The shared buffer, with room for `size` bytes. */
function sharedBuffer(size: number): Buffer {
  const holder = globalThis as Holder;
  let buffer = holder[KEY];
  if (!buffer || buffer.length < size) {
    buffer = Buffer.allocUnsafeSlow(Math.max(size, RESERVE));
    holder[KEY] = buffer;
  }
  return buffer;
}

/** The bytes of the open file `fd`, in the shared buffer: they hold until the next use of it. */
export function readShared(fd: number): Buffer {
  const size = fstatSync(fd).size;
  const buffer = sharedBuffer(size);
  let length = 0;
  while (length < size) {
    const n = readSync(fd, buffer, length, size - length, length);
    if (n === 0) break; // shortened meanwhile: what is there (a cache's length check refuses it)
    length += n;
  }
  return buffer.subarray(0, length);
}

/** The bytes of the file at `file`, in the shared buffer (as readShared). */
export function readSharedFile(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    return readShared(fd);
  } finally {
    closeSync(fd);
  }
}

/** The text of the file at `file` as UTF-8 (malformed bytes replaced, as readFileSync's 'utf8' does), read through the shared buffer. */
export function readSharedText(file: string): string {
  return readSharedFile(file).toString('utf8');
}

/**
 * `text` as UTF-8 in the shared buffer, for a write that uses the bytes at once (they hold until
 * the next use of it): a cache an `add` writes at 3,000 tools (the next registration reading,
 * 880 KB) went through a Buffer of its own, on pages touched for the first time. A text in parts
 * is written part after part, each encoded on its own (so a part should not end inside a surrogate
 * pair): joined, V8 would first copy the whole of it into one string.
 */
export function sharedUtf8(text: string | readonly string[]): Buffer {
  if (typeof text === 'string') {
    const buffer = sharedBuffer(Buffer.byteLength(text));
    return buffer.subarray(0, buffer.write(text, 0, 'utf8'));
  }
  let length = 0;
  for (const part of text) length += Buffer.byteLength(part);
  const buffer = sharedBuffer(length);
  let at = 0;
  for (const part of text) at += buffer.write(part, at, 'utf8');
  return buffer.subarray(0, at);
}
