/**
 * What each definition file holds, remembered between runs: `add` needs the MCP name and exports
 * of every definition (collisions, the server prefix, naming habits) and `list` the facts of its
 * inventory, and parsing a thousand files to learn what the last run already learnt made both grow
 * with the project. A fact is stored under a hash of the cache format, mcp-scaffold's version,
 * what it is about (the reader and its layouts) and the file's whole text, so an edited file,
 * another version or another layout is simply a miss and is parsed as before. Facts do not depend
 * on which project holds the file, so `init` finds what its own starter tool defines without
 * loading ts-morph.
 *
 * Reading and hashing every file is itself most of a warm run, so each file's path is also
 * remembered with its stat (device, inode, size, mtime and ctime in ns) and the hash of its text.
 * A stat equal to the one recorded answers without reading, but only when the file's times are
 * well before the moment the record was taken: a file changed in the same timestamp tick as it
 * was recorded could keep its stat, so such a "racy" record is checked by content, as git checks
 * its index. ctime cannot be set by a program, so a file replaced, renamed over, copied with its
 * mtime kept or re-pointed through a link changes the stat.
 *
 * One file per user (in the user's cache folder, readable by them only), keeping the MAX_ENTRIES
 * most recently used; a missing, unreadable or corrupt cache is ignored, and writing it may fail
 * without consequence. `MCP_SCAFFOLD_CACHE=0` turns it off.
 */

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { DiskHost } from '../engine/host.js';
import type { Tree } from '../engine/tree.js';

const FORMAT = 3;
const MAX_ENTRIES = 20_000;
/**
 * How long before a record was taken a file's times must be for its stat alone to be trusted:
 * above the coarsest timestamp granularity in use (2 s on FAT) and small clock steps.
 */
const RACY_NS = 3_000_000_000n;

/** A fact on disk: `at` is when a run last used it, for keeping the most recent. */
type StoredEntry = { value: unknown; at: number };

/** What was known of a path: its stat, when that was taken (ns), and the hash of its text. */
interface StoredFile {
  stat: string;
  taken: string;
  hash: string;
  at: number;
}

interface CacheFile {
  format: number;
  version: string;
  entries: Record<string, StoredEntry>;
  files: Record<string, StoredFile>;
}

/** One kind of fact: what `key` names (a reader and its layouts), how to check a stored value. */
export interface FactKind<T> {
  key: string;
  valid: (value: unknown) => value is T;
}

let version: string | undefined;
function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
  return version;
}

/** The user's cache folder for mcp-scaffold (MCP_SCAFFOLD_CACHE_DIR overrides it). */
export function cacheDir(): string {
  if (process.env.MCP_SCAFFOLD_CACHE_DIR) return path.resolve(process.env.MCP_SCAFFOLD_CACHE_DIR);
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(base, 'mcp-scaffold');
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');
const nowNs = () => BigInt(Date.now()) * 1_000_000n;

/** The user's cache, loaded once per run. */
export class DefinitionsCache {
  private readonly stored: CacheFile;
  private readonly used = new Map<string, unknown>();
  private readonly usedFiles = new Map<string, StoredFile>();
  private readonly kindKeys = new Map<string, string>();
  private dirty = false;

  private constructor(private readonly file: string | undefined) {
    this.stored = file ? readCache(file) : emptyCache();
  }

  private static readonly loaded = new Map<string, DefinitionsCache>();

  /** Forgets the caches loaded in this process: the next lookup reads the cache file again. */
  static forget(): void {
    DefinitionsCache.loaded.clear();
  }

  /** The cache for the tree's project; an in-memory one (nothing persisted) off disk or when turned off. */
  static of(tree: Tree): DefinitionsCache {
    if (!(tree.host instanceof DiskHost) || process.env.MCP_SCAFFOLD_CACHE === '0')
      return new DefinitionsCache(undefined);
    // The format in the name: builds of another format beside this one do not overwrite its file.
    const file = path.join(cacheDir(), `definitions-${FORMAT}.json`);
    let cache = DefinitionsCache.loaded.get(file);
    if (!cache) {
      cache = new DefinitionsCache(file);
      DefinitionsCache.loaded.set(file, cache);
    }
    return cache;
  }

  /** What `kind` says of the file with this text, computing it with `read` on a miss. */
  lookup<T>(kind: FactKind<T>, text: string, read: () => T): T {
    return this.byHash(kind, sha(text), read);
  }

  /**
   * What `kind` says of the tree's file `rel`, or undefined when there is no such file: from its
   * stat where that can be trusted, else from its text (computing it with `read` on a miss).
   */
  ofFile<T>(tree: Tree, rel: string, kind: FactKind<T>, read: (text: string) => T): T | undefined {
    if (!this.file || tree.isPlanned(rel)) {
      const text = tree.read(rel);
      return text === undefined ? undefined : this.file ? this.lookup(kind, text, () => read(text)) : read(text);
    }
    const abs = path.join(tree.root, rel);
    const taken = nowNs();
    const stat = statOf(abs);
    const known = this.usedFiles.get(abs) ?? this.stored.files[abs];
    if (stat && known && known.stat === stat.key && stat.latest + RACY_NS < BigInt(known.taken)) {
      const value = this.known(kind, known.hash);
      if (value !== undefined) {
        if (!this.usedFiles.has(abs)) this.usedFiles.set(abs, known);
        return value;
      }
    }
    const text = tree.read(rel);
    if (text === undefined) return undefined;
    const hash = sha(text);
    // The stat taken before the read: a change after it gives the next run another stat.
    if (stat && !this.usedFiles.has(abs)) {
      this.usedFiles.set(abs, { stat: stat.key, taken: String(taken), hash, at: 0 });
      this.dirty = true;
    }
    return this.byHash(kind, hash, () => read(text));
  }

  /** The fact of this kind about the text with this hash, if this run or the stored cache has it. */
  private known<T>(kind: FactKind<T>, hash: string): T | undefined {
    const key = `${this.kindKey(kind)}.${hash}`;
    if (this.used.has(key)) return this.used.get(key) as T;
    const stored = this.stored.entries[key]?.value;
    if (stored === undefined || !kind.valid(stored)) return undefined;
    this.used.set(key, stored);
    return stored;
  }

  private byHash<T>(kind: FactKind<T>, hash: string, read: () => T): T {
    const found = this.known(kind, hash);
    if (found !== undefined) return found;
    const value = read();
    this.used.set(`${this.kindKey(kind)}.${hash}`, value);
    this.dirty = true;
    return value;
  }

  private kindKey(kind: FactKind<unknown>): string {
    let key = this.kindKeys.get(kind.key);
    if (!key) {
      key = sha(`${FORMAT}\0${packageVersion()}\0${kind.key}`).slice(0, 12);
      this.kindKeys.set(kind.key, key);
    }
    return key;
  }

  /** Writes what was used so far, when anything was new (atomically: a reader never sees half a file). */
  save(): void {
    if (!this.file || !this.dirty) return;
    this.dirty = false;
    const now = Date.now();
    const data: CacheFile = {
      format: FORMAT,
      version: packageVersion(),
      entries: Object.fromEntries([
        ...[...this.used].map(([key, value]) => [key, { value, at: now }] as const),
        ...recent(this.stored.entries, this.used, MAX_ENTRIES - this.used.size),
      ]),
      files: Object.fromEntries([
        ...[...this.usedFiles].map(([abs, file]) => [abs, { ...file, at: now }] as const),
        ...recent(this.stored.files, this.usedFiles, MAX_ENTRIES - this.usedFiles.size),
      ]),
    };
    try {
      mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
      renameSync(tmp, this.file);
    } catch {
      // A cache that cannot be written only costs the next run its parse.
    }
  }
}

/** The stored records not used this run, most recent first, at most `room` of them. */
function recent<T extends { at: number }>(
  stored: Record<string, T>,
  used: Map<string, unknown>,
  room: number,
): [string, T][] {
  return Object.entries(stored)
    .filter(([key, entry]) => !used.has(key) && typeof entry?.at === 'number')
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, Math.max(0, room));
}

/** The stat a record compares, and the later of the file's mtime and ctime (ns). */
function statOf(abs: string): { key: string; latest: bigint } | undefined {
  try {
    const s = statSync(abs, { bigint: true, throwIfNoEntry: false });
    if (!s?.isFile()) return undefined;
    const latest = s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs;
    return { key: `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`, latest };
  } catch {
    return undefined;
  }
}

const emptyCache = (): CacheFile => ({ format: FORMAT, version: '', entries: {}, files: {} });

function readCache(file: string): CacheFile {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<CacheFile>;
    const fresh = data?.format === FORMAT && data.version === packageVersion();
    const isRecord = (v: unknown): v is Record<string, never> => !!v && typeof v === 'object' && !Array.isArray(v);
    if (!fresh || !isRecord(data.entries) || !isRecord(data.files)) return emptyCache();
    // A file record must be whole to be compared; anything else is treated as unknown.
    const files = Object.fromEntries(
      Object.entries(data.files as Record<string, Partial<StoredFile>>).filter(
        ([, f]) =>
          typeof f?.stat === 'string' &&
          typeof f.hash === 'string' &&
          typeof f.taken === 'string' &&
          /^\d+$/.test(f.taken),
      ),
    ) as Record<string, StoredFile>;
    return { ...(data as CacheFile), files };
  } catch {
    return emptyCache();
  }
}
