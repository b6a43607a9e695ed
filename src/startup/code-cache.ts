/**
 * Runs one of the build's CommonJS bundles (the CLI, ts-morph) the way Node runs a CommonJS file,
 * but through `vm.Script` with V8's code cache: what V8 compiled in an earlier run (parsed and
 * compiled functions, bytecode) is read back instead of compiled again, which is most of what
 * loading TypeScript's 9 MB costs.
 *
 * The cache is made after a run, at exit, so that it holds the functions that run compiled
 * lazily; it records which uses (`add tool`, `list`) it has seen, and a run of a new use rewrites
 * it with that use's functions added. One file per bundle in the user's cache folder
 * (`v8-code-cache/<bundle>-<hash of its path>.bin`, folder 0700, file 0600, written to a temp
 * file and renamed; one not used for a month is removed). It
 * is read only when it is the user's own, not writable by others, whole (length and CRC-32 of
 * the data), and keyed to this Node (version, V8, platform, arch) and this bundle (the id the
 * build writes on its first line): anything else, or V8 refusing it, is a miss, and the run
 * compiles as without cache and writes a new one. `MCP_SCAFFOLD_CACHE=0` keeps nothing.
 */

import { createHash } from 'node:crypto';
import { utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { underStartFlags } from '../engine/lean-vm.js';
import { readShared, readSharedFile } from '../engine/read-buffer.js';
import { COMMONJS_WRAPPER, parseBundleHeader } from './bundle.js';
import { keptCacheDir } from './cache-dir.js';
import { DAY_MS, readPrivateFile, removeOld, writePrivateFile } from './private-file.js';

const FORMAT = 2;
const MAGIC = 'mcp-scaffold v8 code cache\n';

interface Header {
  format: number;
  key: string;
  uses: string[];
  length: number;
  /** `crc32:<hex>` of the data (`sha256:<hex>` on a Node without zlib.crc32, before 20.15). */
  check: string;
}

/** The folder of the code caches, or undefined when caches are off. */
export function codeCacheDir(): string | undefined {
  const dir = keptCacheDir();
  return dir && path.join(dir, 'v8-code-cache');
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * What tells a whole cache from one truncated or with flipped bits. The file can only have been
 * written by this user (readCache checks), so the check guards against accidents, not against
 * someone who could write a matching sum as easily as any other: CRC-32 finds every burst of up
 * to 32 bits and all but 2^-32 of the rest, at a third of SHA-256's cost on megabytes.
 */
const checksum = (data: Buffer): string =>
  typeof zlib.crc32 === 'function' ? `crc32:${zlib.crc32(data).toString(16)}` : `sha256:${sha256(data)}`;

/**
 * The cache file of the bundle at `bundle`: one per installed copy (by its path), so that two
 * versions installed side by side do not take turns replacing each other's cache.
 */
export function cacheFileOf(dir: string, bundle: string): string {
  return path.join(dir, `${path.basename(bundle)}-${sha256(bundle).slice(0, 16)}.bin`);
}

type NodeIdentity = Pick<NodeJS.Process, 'version' | 'platform' | 'arch'> & { versions: { v8: string } };

/** What a cache must be made for: this Node (or `node`) and the bundle with this id. */
export function cacheKey(id: string, node: NodeIdentity = process): string {
  const { version, versions, platform, arch } = node;
  return sha256(`${FORMAT}\0${version}\0${versions.v8}\0${platform}\0${arch}\0${id}`);
}

/**
 * The cache at `file` made for `key`: its data and the uses it has seen, or undefined. With
 * `shared`, the data is a view into the shared read buffer (read-buffer.ts), good until the next read.
 */
export function readCache(file: string, key: string, shared = false): { data: Buffer; uses: string[] } | undefined {
  const read = shared ? readPrivateFile(file, readShared) : readPrivateFile(file);
  if (!read) return undefined;
  const { bytes, mtimeMs } = read;
  try {
    const headerEnd = bytes.indexOf(10, MAGIC.length);
    if (headerEnd < 0 || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
    const header = JSON.parse(bytes.toString('utf8', MAGIC.length, headerEnd)) as Partial<Header>;
    const data = bytes.subarray(headerEnd + 1);
    const whole = header.format === FORMAT && header.key === key && header.length === data.length;
    if (!whole || !Array.isArray(header.uses) || header.check !== checksum(data)) return undefined;
    // A cache in use is touched once a day, so that clearing out the old ones (below) spares it.
    if (Date.now() - mtimeMs > DAY_MS) utimesSync(file, new Date(), new Date());
    return { data, uses: header.uses.filter((u): u is string => typeof u === 'string') };
  } catch {
    return undefined; // not JSON, or removed meanwhile: a miss
  }
}

/** Writes a cache atomically, in a folder only this user can enter; failing costs only the next run's compile. */
export function writeCache(file: string, key: string, data: Buffer, uses: string[]): void {
  const header: Header = { format: FORMAT, key, uses, length: data.length, check: checksum(data) };
  const bytes = Buffer.concat([Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`), data]);
  if (writePrivateFile(file, bytes)) clearOut(path.dirname(file));
}

/** Removes the caches of copies not run for a month (an npx run leaves its own copy each version) and stray temp files. */
const clearOut = (dir: string) =>
  removeOld(dir, (name) =>
    name.endsWith('.bin') ? 30 * DAY_MS : name.endsWith('.tmp') ? DAY_MS : Number.POSITIVE_INFINITY,
  );

const COMMANDS = new Set(['init', 'add', 'list', 'remove', 'rename', 'upgrade']);
/** Uses past this many do not rewrite the cache any more. */
const MAX_USES = 16;

/** What this run is for, as the caches count uses: the command's words (`add tool`, `list`), whatever options stand before. */
function currentUse(): string {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => COMMANDS.has(a));
  const next = args[at + 1];
  if (at < 0) return '';
  return args[at] === 'add' && next && !next.startsWith('-') ? `add ${next}` : args[at]!;
}

/**
 * The script to compile for the file `bytes`: the build's bundle is one already (header, then the
 * code in the CommonJS wrapper), decoded in one copy; any other CommonJS file is wrapped here.
 */
function scriptSource(bytes: Buffer, encoding: 'latin1' | 'utf8' | undefined): string {
  if (encoding) return bytes.toString(encoding);
  return `${COMMONJS_WRAPPER[0]}${bytes.toString('utf8')}${COMMONJS_WRAPPER[1]}`;
}

/**
 * Runs the CommonJS bundle at `file` and returns its `module.exports`, with V8's code cache when
 * there is a good one; a file without the build's header runs without one. Each `yield` is a
 * point between long stretches (reading, compiling, running) where the caller may let the event
 * loop turn.
 */
function* bundleSteps(file: string): Generator<void, unknown> {
  const bytes = readSharedFile(file);
  const header = parseBundleHeader(bytes);
  const source = scriptSource(bytes, header?.encoding);
  const dir = header && codeCacheDir();
  const cacheFile = dir ? cacheFileOf(dir, file) : undefined;
  const key = header ? cacheKey(header.id) : '';
  yield;
  // Read into the buffer the bundle was read into (its text is a string now), right before the
  // compile that consumes it, with no pause between in which another read could reuse the buffer.
  const cached = cacheFile ? readCache(cacheFile, key, true) : undefined;
  // Compiled, and its cache made, under the flags every run starts with: the cache is checked against them.
  const script = underStartFlags(
    () => new vm.Script(source, { filename: file, ...(cached ? { cachedData: cached.data } : {}) }),
  );
  const kept = cached && !script.cachedDataRejected ? cached.uses : undefined;
  const use = currentUse();
  if (cacheFile && !kept?.includes(use) && (kept?.length ?? 0) < MAX_USES) {
    // At exit, so that the functions this run compiled lazily are in it.
    process.once('exit', () =>
      writeCache(
        cacheFile,
        key,
        underStartFlags(() => script.createCachedData()),
        [...(kept ?? []), use],
      ),
    );
  }
  yield;
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** Runs the CommonJS bundle at `file` (see bundleSteps) and returns its `module.exports`. */
export function runBundle(file: string): unknown {
  const steps = bundleSteps(file);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** runBundle, awaiting `pause` between its long stretches (for init's early look-up, src/startup/launch.ts). */
export async function runBundlePausing(file: string, pause: () => Promise<void>): Promise<unknown> {
  const steps = bundleSteps(file);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}
