/**
 * Where the build leaves the CLI's bundle (`dist/cli.bundle.cjs`, made by scripts/build-bundle.mjs
 * from tsc's output) and how a bundle is told apart: its first line holds its id, a SHA-256 of the
 * rest, so a cache or a help page made for one bundle is never taken for another. The rest is the
 * bundled code inside Node's CommonJS wrapper: the whole file is the script V8 compiles.
 */

import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';

/** A bundle's first line: its id, then how to read it (`latin1` when it is all ASCII, which reads fastest). */
const HEADER = /^\/\/ mcp-scaffold script ([0-9a-f]{64}) (latin1|utf8)\n/;

/** Node's own CommonJS wrapper, so that a bundle sees what a CommonJS file sees; the build writes the bundle inside it. */
export const COMMONJS_WRAPPER = ['(function (exports, require, module, __filename, __dirname) { ', '\n});'] as const;

export interface BundleHeader {
  id: string;
  encoding: 'latin1' | 'utf8';
}

/** The first line a bundle starts with. */
export const bundleHeader = ({ id, encoding }: BundleHeader) => `// mcp-scaffold script ${id} ${encoding}\n`;

/** The header at the start of `head` (the bundle's first bytes); undefined for a file the build did not write. */
export function parseBundleHeader(head: Buffer): BundleHeader | undefined {
  const m = HEADER.exec(head.toString('latin1', 0, 100));
  return m ? { id: m[1]!, encoding: m[2] as BundleHeader['encoding'] } : undefined;
}

/** The id of the bundle at `file`, reading only its first line. */
export function readBundleId(file: string): string | undefined {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(100);
    return parseBundleHeader(head.subarray(0, readSync(fd, head, 0, head.length, 0)))?.id;
  } finally {
    closeSync(fd);
  }
}

/**
 * The CLI's bundle in `dist`, if it is there and not older than tsc's output: a `tsc` run after
 * the last full build leaves a bundle of older code, which must not run in its place.
 */
export function currentBundle(dist: string): string | undefined {
  const bundle = path.join(dist, 'cli.bundle.cjs');
  try {
    return statSync(bundle).mtimeMs >= statSync(path.join(dist, 'cli/main.js')).mtimeMs ? bundle : undefined;
  } catch {
    return undefined;
  }
}

declare const __MCP_SCAFFOLD_BUNDLE__: boolean | undefined;

/** Whether this code runs from the bundle (the build defines the constant there), not from dist/'s modules. */
export const inBundle = (): boolean => typeof __MCP_SCAFFOLD_BUNDLE__ !== 'undefined';
