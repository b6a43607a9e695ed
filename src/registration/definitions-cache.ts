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
 * remembered with its stat, the hash of its text and the fact itself; a stat that vouches for the
 * file (file-stat.ts: the one recorded, and well before the record was taken) answers without
 * reading it.
 *
 * Per user, in the user's cache folder (readable by them only): a file of facts per kind of fact
 * and a stat index per project and kind (stat-index.ts: so a warm run whose files all keep their
 * stat reads only the index of the kind it asks, never the user-wide facts), each keeping its
 * MAX_ENTRIES most recently used records when written whole; what a run adds is appended, and the
 * file written whole once the appended lines are many (appendRoom). A missing, unreadable or
 * corrupt file is ignored, and writing one may fail without consequence. `MCP_SCAFFOLD_CACHE=0`
 * turns it off.
 */

import { createHash } from 'node:crypto';
import { closeSync, constants, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { DiskHost } from '../engine/host.js';
import type { Tree } from '../engine/tree.js';
import { keptCacheDir } from '../startup/cache-dir.js';
import { DAY_MS, removeOld, writePrivateFile } from '../startup/private-file.js';
import { fileStat } from './file-stat.js';
import { appendedLines, appendRoom, eachAppendedLine, StatIndex } from './stat-index.js';

const FORMAT = 7;
const MAX_ENTRIES = 20_000;

/** A fact on disk: `at` is when a run last used it, for keeping the most recent. */
type StoredEntry = { value: unknown; at: number };

/** The stat index of one project for one kind of fact (stat-index.ts), and the prefix that makes its paths absolute. */
interface Index {
  records: StatIndex;
  prefix: string;
}

/**
 * One file of the cache: its records as parsed, which of them this run used, whether to write it.
 * A stored record is checked when it is looked up (a run looks up a few of a user's facts, and a
 * warm one each of its index's records once), never all of them on load.
 */
interface Shard<T> {
  file: string;
  stored: Record<string, unknown>;
  valid: (v: unknown) => v is T;
  used: Map<string, T>;
  /** The records this run made (among those used): what the next save writes. */
  added: Map<string, T>;
  /** Whether the file held a whole shard of this format, and how many records were appended to it since it was last written whole. */
  whole: boolean;
  appended: number;
  /** How many records the whole shard held. */
  size: number;
}

/** One kind of fact: what `key` names (a reader and its layouts), how to check a stored value. */
export interface FactKind<T> {
  key: string;
  valid: (value: unknown) => value is T;
}

let version: string | undefined;
/** mcp-scaffold's version: what the cache has learnt holds for this version only. */
export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
  return version;
}

export { cacheDir } from '../startup/cache-dir.js';

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * The last long texts hashed, with their hashes. An `add` hashes its entry point's text up to
 * four times (its remembered reading's check, the index's, the next reading's, the derived
 * index's): 372 KB each at 3,000 tools, where comparing two equal texts costs a tenth of it.
 */
const hashed: { text: string; hash: string }[] = [];
const LONG = 16 * 1024;

/** The hash a text is known by in the cache. */
export function sha(text: string): string {
  if (text.length < LONG) return digest(text);
  for (const r of hashed) if (r.text === text) return r.hash;
  const hash = digest(text);
  hashed.unshift({ text, hash });
  if (hashed.length > 4) hashed.pop();
  return hash;
}

/**
 * The user's cache, loaded once per run. It is kept in shards, so that a run reads only what it
 * may use: one file of facts per kind of fact (what `add` reads is a tenth of what `list` does),
 * one index of stats per project.
 */
export class DefinitionsCache {
  private readonly kinds = new Map<string, Shard<StoredEntry>>();
  /** By root, then by kind. */
  private readonly indexes = new Map<string, Map<string, Index>>();

  private constructor(private readonly dir: string | undefined) {}

  private static readonly loaded = new Map<string, DefinitionsCache>();

  /** Forgets the caches loaded in this process: the next lookup reads the cache files again. */
  static forget(): void {
    DefinitionsCache.loaded.clear();
  }

  /** The cache for the tree's project; an in-memory one (nothing persisted) off disk or when turned off. */
  static of(tree: Tree): DefinitionsCache {
    const dir = tree.host instanceof DiskHost ? keptCacheDir() : undefined;
    if (!dir) return new DefinitionsCache(undefined);
    let cache = DefinitionsCache.loaded.get(dir);
    if (!cache) {
      cache = new DefinitionsCache(dir);
      DefinitionsCache.loaded.set(dir, cache);
    }
    return cache;
  }

  /** Where a file of this name lies in the cache folder; undefined when nothing is persisted. */
  fileNamed(name: string): string | undefined {
    return this.dir && path.join(this.dir, name);
  }

  /** The project's files whose text this run knows by their stat records: path → hash of the text. */
  recordedFiles(root: string): Map<string, string> {
    const files = new Map<string, string>();
    for (const index of this.indexes.get(root)?.values() ?? [])
      index.records.eachUsed((rel, hash) => {
        if (!files.has(rel)) files.set(rel, hash);
      });
    return files;
  }

  /** What `kind` says of the file with this text, computing it with `read` on a miss. */
  lookup<T>(kind: FactKind<T>, text: string, read: () => T): T {
    return this.byHash(kind, sha(text), read);
  }

  /**
   * Records what `kind` says of the text this run writes to the project's file `rel`, known
   * without reading it off a parse (a generated definition): the next run that finds that text
   * there need not parse it. Recorded with no stat, the record is believed by its text's hash.
   */
  remember<T>(tree: Tree, rel: string, kind: FactKind<T>, text: string, value: T): void {
    if (!this.dir) return;
    this.index(tree.root, kind).records.made(rel, { stat: null, taken: 0, hash: sha(text), value, at: 0, own: true });
  }

  /**
   * What `kind` says of the tree's file `rel`, or undefined when there is no such file: from its
   * stat where that can be trusted, else from its text (computing it with `read` on a miss).
   */
  ofFile<T>(tree: Tree, rel: string, kind: FactKind<T>, read: (text: string) => T): T | undefined {
    if (!this.dir || tree.isPlanned(rel)) {
      const text = tree.read(rel);
      return text === undefined ? undefined : this.dir ? this.lookup(kind, text, () => read(text)) : read(text);
    }
    const { records, prefix } = this.index(tree.root, kind);
    const taken = Date.now();
    // Tree paths are normalised and relative: the root's prefix makes them absolute, no join needed.
    const stat = fileStat(prefix + rel);
    const vouched = stat ? records.vouched(rel, stat, kind.valid) : undefined;
    if (vouched !== undefined) return vouched;
    const text = tree.read(rel);
    if (text === undefined) return undefined;
    const hash = sha(text);
    // A record `remember`ed is of this very text when its hash says so, with a stat or not yet.
    const own = records.ownValue(rel, hash, kind.valid);
    const value = own !== undefined ? own : this.byHash(kind, hash, () => read(text));
    // The stat taken before the read: a change after it gives the next run another stat.
    if (stat && !records.isUsed(rel)) {
      records.made(rel, { stat, taken, hash, value, at: 0, ...(own !== undefined ? { own: true } : {}) });
    }
    return value;
  }

  /** The fact of this kind about the text with this hash, if this run or the stored cache has it. */
  private known<T>(kind: FactKind<T>, hash: string): T | undefined {
    const shard = this.facts(kind);
    const used = shard.used.get(hash);
    if (used) return used.value as T;
    const stored = storedRecord(shard, hash);
    if (!stored || stored.value === undefined || !kind.valid(stored.value)) return undefined;
    shard.used.set(hash, stored);
    return stored.value;
  }

  private byHash<T>(kind: FactKind<T>, hash: string, read: () => T): T {
    const found = this.known(kind, hash);
    if (found !== undefined) return found;
    const value = read();
    made(this.facts(kind), hash, { value, at: 0 });
    return value;
  }

  /** The shard of facts of this kind, named by a hash of the format, the version and the kind. */
  private facts(kind: FactKind<unknown>): Shard<StoredEntry> {
    let shard = this.kinds.get(kind.key);
    if (!shard) {
      const name = sha(`${FORMAT}\0${packageVersion()}\0${kind.key}`).slice(0, 16);
      shard = loadShard<StoredEntry>(path.join(this.dir ?? '', `facts-${name}.json`), isEntry);
      this.kinds.set(kind.key, shard);
    }
    return shard;
  }

  /** The stat index of the project at `root` for this kind of fact (paths in it relative to the root). */
  private index(root: string, kind: FactKind<unknown>): Index {
    let byKind = this.indexes.get(root);
    if (!byKind) {
      byKind = new Map();
      this.indexes.set(root, byKind);
    }
    let index = byKind.get(kind.key);
    if (!index) {
      const abs = path.resolve(root);
      const name = sha(`${FORMAT}\0${abs}\0${kind.key}`).slice(0, 16);
      const file = path.join(this.dir ?? '', `files-${name}.json`);
      index = {
        records: new StatIndex(file, FORMAT, packageVersion(), Date.now()),
        prefix: abs.endsWith(path.sep) ? abs : abs + path.sep,
      };
      byKind.set(kind.key, index);
    }
    return index;
  }

  /**
   * Writes what each file of the cache has new: appended to it as lines (one record each), or,
   * once the lines would be too many (appendRoom) or the file is not whole, the whole file written
   * anew, atomically. An `add` at 3,000 definitions adds one record: writing it cost more than all
   * else the cache does in that run.
   */
  save(): void {
    if (!this.dir) return;
    const now = Date.now();
    for (const byKind of this.indexes.values()) {
      for (const { records } of byKind.values()) {
        records.save(now, MAX_ENTRIES, { append: appendCache, whole: writeCacheFile });
      }
    }
    for (const shard of this.kinds.values() as Iterable<Shard<{ at: number }>>) {
      if (shard.added.size === 0) continue;
      const lines = appendedLines(shard.added, now);
      if (shard.whole && lines.count <= appendRoom(shard.size, shard.appended) && appendCache(shard.file, lines.text))
        shard.appended += lines.count;
      else writeWhole(shard, now);
      shard.added.clear();
    }
  }
}

/** The shard written whole: the records this run used (stamped now), then the most recent of the others. */
function writeWhole(shard: Shard<{ at: number }>, now: number): void {
  const records: Record<string, unknown> = {};
  // forEach: a for-of over a Map makes an entry per record (a thousand, without the optimising compiler).
  shard.used.forEach((record, key) => {
    record.at = now;
    records[key] = record;
  });
  const others = recent(shard, MAX_ENTRIES - shard.used.size);
  for (const [key, record] of others) records[key] = record;
  if (writeCacheFile(shard.file, JSON.stringify({ format: FORMAT, version: packageVersion(), records }))) {
    shard.whole = true;
    shard.appended = 0;
    shard.size = shard.used.size + others.length;
  }
}

/**
 * Appends `text` (lines, each after a line break: appendedLines) to an existing file of the
 * cache; a line cut short by a kill or a full disk is then only a line that does not parse.
 * Never creates the file, nor writes through a link; false when it could not write them all.
 */
function appendCache(file: string, text: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0));
    return writeSync(fd, text) === Buffer.byteLength(text);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The stored records not used this run, most recent first, at most `room` of them. */
function recent<T extends { at: number }>(shard: Shard<T>, room: number): [string, T][] {
  return (Object.entries(shard.stored) as [string, T][])
    .filter(([key, entry]) => !shard.used.has(key) && shard.valid(entry))
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, Math.max(0, room));
}

const isEntry = (v: unknown): v is StoredEntry =>
  !!v && typeof v === 'object' && 'value' in v && typeof (v as StoredEntry).at === 'number';

/**
 * The shard's stored record under `key` when it is whole (an own property: `constructor` is no
 * record). A broken one has the shard written whole at the next save, which keeps none.
 */
function storedRecord<T>(shard: Shard<T>, key: string): T | undefined {
  const record = Object.hasOwn(shard.stored, key) ? shard.stored[key] : undefined;
  if (shard.valid(record)) return record;
  if (record !== undefined) shard.whole = false;
  return undefined;
}

/**
 * A shard's file: the whole shard on the first line (`{format, version, records}`), then the
 * records appended since, one per line (`[key, record]`), a later one of a key standing for it;
 * a line that is not one is skipped. Undefined when the first line is not a shard.
 */
export function parseShardText(
  text: string,
): { format: unknown; version: unknown; records: Record<string, unknown>; appended: number } | undefined {
  const end = text.indexOf('\n');
  let data: { format?: unknown; version?: unknown; records?: unknown };
  try {
    data = JSON.parse(end < 0 ? text : text.slice(0, end));
  } catch {
    return undefined;
  }
  const records = data?.records;
  if (!records || typeof records !== 'object' || Array.isArray(records)) return undefined;
  const out = { format: data.format, version: data.version, records: records as Record<string, unknown>, appended: 0 };
  out.appended = eachAppendedLine(text, end, (key, record) => {
    // An own property as JSON.parse makes them: an assignment to `__proto__` would not be one.
    if (key !== '__proto__') out.records[key] = record;
  });
  return out;
}

/** A shard as stored: its records when its file is one of this format and version; else none. */
function loadShard<T>(file: string, valid: (v: unknown) => v is T): Shard<T> {
  const shard: Shard<T> = {
    file,
    stored: {},
    valid,
    used: new Map(),
    added: new Map(),
    whole: false,
    appended: 0,
    size: 0,
  };
  let parsed: ReturnType<typeof parseShardText>;
  try {
    parsed = parseShardText(readFileSync(file, 'utf8'));
  } catch {
    // Missing or unreadable: as if empty.
  }
  if (!parsed || parsed.format !== FORMAT || parsed.version !== packageVersion()) return shard;
  shard.stored = parsed.records;
  shard.whole = true;
  shard.appended = parsed.appended;
  for (const _ in shard.stored) shard.size++;
  return shard;
}

/** A record this run made: used from now on, and written by the next save. */
function made<T>(shard: Shard<T>, key: string, record: T): void {
  shard.used.set(key, record);
  shard.added.set(key, record);
}

/** Files of this cache (and list's remembered readings) not written for this long are removed. */
const KEPT_MS = 60 * DAY_MS;
/** The file whose mtime says when the cache folder was last cleared out. */
const SWEPT = '.swept';

/**
 * Writes a file of the cache, atomically (a reader never sees half a file), readable by
 * the user only. A cache that cannot be written only costs the next run its work: no failure.
 * Once a day the write also clears out files no run has written for two months (projects gone,
 * formats no longer read): a project left unchanged that long pays one cold run.
 */
export function writeCacheFile(file: string, text: string | readonly string[]): boolean {
  if (!writePrivateFile(file, typeof text === 'string' ? text : text.join(''))) return false;
  const dir = path.dirname(file);
  const marker = path.join(dir, SWEPT);
  const swept = statSync(marker, { throwIfNoEntry: false });
  if (swept && Date.now() - swept.mtimeMs < DAY_MS) return true;
  if (!writePrivateFile(marker, '')) return true;
  removeOld(dir, (name) =>
    /^(files|facts|reading)-[\w-]+\.json$/.test(name)
      ? KEPT_MS
      : name.endsWith('.tmp')
        ? DAY_MS
        : Number.POSITIVE_INFINITY,
  );
  return true;
}
