/**
 * The package.json inside an `npm pack` tarball (`package/package.json`), so that
 * `--framework-version ./x.tgz` chooses the starter code by the version it really holds. A .tgz is
 * a gzipped ustar archive: 512-byte headers, each followed by its file's blocks.
 */

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8');
}

export interface TarEntry {
  path: string;
  body: Buffer;
}

/** The regular files of an (uncompressed) tar archive, in order. */
export function* tarEntries(archive: Buffer): Generator<TarEntry> {
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    const name = field(header, 0, 100);
    if (name === '') return;
    const prefix = field(header, 345, 155);
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = field(header, 156, 1);
    const body = offset + BLOCK;
    if (type === '0' || type === '') {
      yield { path: prefix ? `${prefix}/${name}` : name, body: archive.subarray(body, body + size) };
    }
    offset = body + Math.ceil(size / BLOCK) * BLOCK;
  }
}

/** The text of the entry at `wanted` (`package/package.json`), or undefined when absent. */
export function readTarEntry(archive: Buffer, wanted: string): string | undefined {
  for (const entry of tarEntries(archive)) if (entry.path === wanted) return entry.body.toString('utf8');
  return undefined;
}

/** name and version from a packed package's package.json; throws when the file is no such tarball. */
export function tarballPackage(file: string): { name: string; version: string } {
  const text = readTarEntry(gunzipSync(readFileSync(file)), 'package/package.json');
  if (text === undefined) throw new Error('it holds no package/package.json');
  const pkg = JSON.parse(text) as { name?: unknown; version?: unknown };
  if (typeof pkg.name !== 'string' || typeof pkg.version !== 'string') {
    throw new Error('its package.json has no name or version');
  }
  return { name: pkg.name, version: pkg.version };
}
