/**
 * Runs the CLI's bundle with a V8 code cache of its own, kept in the user's cache folder. Node's
 * compile cache holds only what V8 compiles before a script runs, so every function a run calls
 * was compiled again on every run; a cache made when the run ends holds those too. The cache
 * names the commands whose code it holds, and the first run of another one makes it again with
 * its code added: after a few commands it is written no more. Bun, a run with caches off
 * (MCP_SCAFFOLD_CACHE=0) and a dry run keep none. Built as its own small bundle (dist/launch.cjs).
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';
import { DAY_MS, keptCacheDir, readPrivateFile, removeOld, writePrivateFile } from '../engine/user-cache.js';

/** A cache names at most this many commands: a run of yet another one leaves it as it is. */
const MAX_COMMANDS = 12;
/** Caches of other bundles, Nodes or flags no run used for this long are removed when one is written. */
const KEPT_MS = 14 * DAY_MS;

interface Kept {
  commands: string[];
  data: Buffer;
}

/** A cache file: a JSON line (the CRC-32 of V8's data, the commands), then the data, which V8 trusts as code. */
function decode(bytes: Buffer): Kept | undefined {
  const newline = bytes.indexOf(10);
  if (newline < 0) return undefined;
  try {
    const head = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as { crc?: unknown; commands?: unknown };
    const data = bytes.subarray(newline + 1);
    const { commands } = head;
    if (!Array.isArray(commands) || !commands.every((c) => typeof c === 'string')) return undefined;
    return head.crc === crc32(data) ? { commands, data } : undefined;
  } catch {
    return undefined;
  }
}

const encode = (commands: string[], data: Buffer) =>
  Buffer.concat([Buffer.from(`${JSON.stringify({ crc: crc32(data), commands })}\n`), data]);

/** The command a run names (`add`, `list`; '' for none), as the cache records it. */
function commandOf(argv: readonly string[]): string {
  const word = argv[2] ?? '';
  return /^[a-z][a-z-]{0,31}$/.test(word) ? word : '';
}

/** Where the cache of this bundle's text, this Node and these flags is kept (V8 refuses a cache made under other flags). */
function cacheFile(dir: string, source: string): string {
  const flags = `${process.execArgv.join(' ')}\0${process.env.NODE_OPTIONS ?? ''}`;
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return path.join(dir, 'code', `${process.version}-${process.arch}-${hex(crc32(source))}-${hex(crc32(flags))}.v8`);
}

/** Loads the CommonJS bundle at `bundle` for the run of `argv`; its exports. */
export function loadBundle(bundle: string, argv: readonly string[]): Record<string, unknown> {
  const dir = keptCacheDir();
  const canCache =
    dir !== undefined && !process.versions.bun && typeof vm.Script.prototype.createCachedData === 'function';
  if (!canCache) return createRequire(bundle)(bundle) as Record<string, unknown>;
  const source = readFileSync(bundle, 'utf8');
  const file = cacheFile(dir, source);
  const kept = decode(readPrivateFile(file)?.bytes ?? Buffer.alloc(0));
  // The wrapper's line is line 0, so that stack traces give the bundle's own lines and columns.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {\n${source}\n})`, {
    filename: bundle,
    lineOffset: -1,
    ...(kept ? { cachedData: kept.data } : {}),
  });
  const command = commandOf(argv);
  const commands = kept && !script.cachedDataRejected ? kept.commands : [];
  const write = !commands.includes(command) && commands.length < MAX_COMMANDS && !argv.includes('--dry-run');
  if (write) {
    process.once('exit', () => {
      try {
        if (writePrivateFile(file, encode([...commands, command], script.createCachedData()))) {
          removeOld(path.dirname(file), (name) => (name === path.basename(file) ? Number.POSITIVE_INFINITY : KEPT_MS));
        }
      } catch {
        // A cache not written costs the next run its compiling, nothing more.
      }
    });
  }
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
  return module.exports;
}
