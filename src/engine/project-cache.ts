/**
 * What a project's files were last seen to hold, kept between runs so that `add` and `list` need
 * not parse what an earlier run already read: for each file, its stat, the hash of its text and
 * the facts read off it; for each reading (where a kind is registered, what `list` prints), its
 * result and every answer the project gave it.
 *
 * One plain JSON file per project in the user's cache folder, loaded once per run. Planning only
 * reads it: what a run learns is kept in memory and written, whole, by `commit` after the flush
 * succeeded (or by `save` for `list`), never on a dry run. A stat vouches for a file's text only
 * when the file's times were well before the stat was taken, as git treats "racy" index entries;
 * otherwise the text is read and its hash compared. A missing, corrupt or foreign cache file is
 * ignored; `MCP_SCAFFOLD_CACHE=0` keeps nothing.
 */

import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DiskHost, type HostEntry } from './host.js';
import { type FileChange, Tree } from './tree.js';
import { keptCacheDir, readPrivateFile, removeOld, writePrivateFile } from './user-cache.js';
import { VERSION } from './version.js';

const FORMAT = 1;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A project's cache no run wrote for this long is removed (checked once a day). */
const KEPT_MS = 60 * DAY_MS;
/**
 * How long before its stat was taken a file's times must be for the stat alone to vouch for its
 * text: above the coarsest timestamp granularity in use (2 s on FAT) and small clock steps.
 */
const RACY_MS = 3000;

/** The hash a text is known by. */
export const sha = (text: string): string => createHash('sha256').update(text).digest('base64url');

/** One kind of fact read off a file: its key in a record, and how a stored value is checked. */
export interface FactKind<T> {
  key: string;
  valid: (value: unknown) => value is T;
}

type Stat = [dev: number, ino: number, size: number, mtime: number, ctime: number];

interface FileRecord {
  /** The file's stat when it was seen, and when that was (ms); null when not taken. */
  stat: Stat | null;
  taken: number;
  hash: string;
  facts: Record<string, unknown>;
}

/** What a reading asked of the project, and the answers it got. */
interface Reads {
  /** Files read: the hash of each one's text, null where there was none. */
  texts: Record<string, string | null>;
  /** Folders listed: a hash of their entries. */
  lists: Record<string, string>;
  /** Whether there was a folder, or a file, at a path. */
  dirs: Record<string, boolean>;
  files: Record<string, boolean>;
}

interface StoredReading {
  reads: Reads;
  result: unknown;
}

interface Stored {
  format: number;
  version: string;
  root: string;
  files: Record<string, FileRecord>;
  readings: Record<string, StoredReading>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStat = (v: unknown): v is Stat => Array.isArray(v) && v.length === 5 && v.every(Number.isFinite);
/** A project path as the tree writes it: relative, no `.` or `..` segment, so a stored one cannot lead outside. */
const isProjectPath = (p: string) =>
  p !== '' && !path.isAbsolute(p) && !p.split(/[\\/]/).some((s) => s === '..' || s === '.' || s === '');

function isRecord(v: unknown): v is FileRecord {
  return (
    isObject(v) &&
    (v.stat === null || isStat(v.stat)) &&
    typeof v.taken === 'number' &&
    typeof v.hash === 'string' &&
    isObject(v.facts)
  );
}

const valuesAre = (v: unknown, ok: (x: unknown) => boolean) =>
  isObject(v) && Object.entries(v).every(([k, x]) => isProjectPath(k) && ok(x));

function isReads(v: unknown): v is Reads {
  const isBool = (x: unknown) => typeof x === 'boolean';
  return (
    isObject(v) &&
    valuesAre(v.texts, (x) => x === null || typeof x === 'string') &&
    valuesAre(v.lists, (x) => typeof x === 'string') &&
    valuesAre(v.dirs, isBool) &&
    valuesAre(v.files, isBool)
  );
}

/** The regular file's stat (links followed); null when there is none or it is something else. */
function fileStat(abs: string): Stat | null {
  try {
    const s = statSync(abs, { throwIfNoEntry: false });
    return s?.isFile() ? [s.dev, s.ino, s.size, s.mtimeMs, s.ctimeMs] : null;
  } catch {
    return null;
  }
}

const sameStat = (a: Stat, b: Stat) => a.every((x, i) => x === b[i]);
/** Whether a record's stat vouches for the file's text: the same stat, and times well before it was taken. */
const vouches = (now: Stat, r: FileRecord) =>
  r.stat !== null && sameStat(now, r.stat) && Math.max(now[3], now[4]) + RACY_MS < r.taken;

const entriesHash = (entries: HostEntry[]) =>
  sha(
    entries
      .map((e) => `${e.type}:${e.name}`)
      .sort()
      .join('\0'),
  );

/** The project's folder, with each question a reading asks of it and its answer written down. */
class RecordingHost extends DiskHost {
  readonly reads: Reads = { texts: {}, lists: {}, dirs: {}, files: {} };

  constructor(
    root: string,
    private readonly cache: ProjectCache,
  ) {
    super(root);
  }

  override read(rel: string): string | undefined {
    const { record, text } = this.cache.current(rel);
    this.reads.texts[rel] ??= record?.hash ?? null;
    return record && text === undefined ? super.read(rel) : text;
  }

  override isFile(rel: string): boolean {
    const is = super.isFile(rel);
    this.reads.files[rel] ??= is;
    return is;
  }

  override isDirectory(rel: string): boolean {
    const is = super.isDirectory(rel);
    this.reads.dirs[rel] ??= is;
    return is;
  }

  override list(rel: string): HostEntry[] {
    const entries = super.list(rel);
    this.reads.lists[rel] ??= entriesHash(entries);
    return entries;
  }
}

/** A reading of the project, and how to remember the reading of the project as the command leaves it. */
export interface Reading<T> {
  result: T;
  /**
   * Remembers `next` as the reading once the flush has written `written` (path → text), where
   * the reading was remembered: the next run finds it without reading the project again.
   */
  next?: (written: ReadonlyMap<string, string>, next: T) => void;
}

/** Facts of a text the plan writes, known without parsing it: recorded once it is on disk. */
interface Expected {
  hash: string;
  facts: Record<string, unknown>;
}

export class ProjectCache {
  private static readonly open = new Map<string, ProjectCache>();

  private readonly host: DiskHost;
  private readonly data: Stored;
  private changed = false;
  private readonly expected = new Map<string, Expected>();
  private readonly nextReadings = new Map<
    string,
    { reads: Reads; written: ReadonlyMap<string, string>; result: unknown }
  >();

  private constructor(
    readonly root: string,
    private readonly file: string | undefined,
  ) {
    this.host = new DiskHost(root);
    this.data = (file && load(file, root)) || { format: FORMAT, version: VERSION, root, files: {}, readings: {} };
  }

  /** The cache of the project at `root` (one per run); one that keeps nothing when caches are off. */
  static forRoot(root: string): ProjectCache {
    const abs = path.resolve(root);
    let cache = ProjectCache.open.get(abs);
    if (!cache) {
      const dir = keptCacheDir();
      cache = new ProjectCache(abs, dir && path.join(dir, 'projects', `${sha(abs).slice(0, 24)}.json`));
      ProjectCache.open.set(abs, cache);
    }
    return cache;
  }

  /** The cache for the tree's project, or undefined when the tree is not over a folder on disk. */
  static of(tree: Tree): ProjectCache | undefined {
    return tree.host instanceof DiskHost ? ProjectCache.forRoot(tree.root) : undefined;
  }

  /** Forgets the caches loaded in this process: the next use reads the cache files again. */
  static forget(): void {
    ProjectCache.open.clear();
  }

  /**
   * The record of the file's text as it is now: vouched for by its stat (text not read), else
   * made from its text (facts kept where the hash is the one recorded). No record when there is
   * no such file.
   */
  current(rel: string): { record?: FileRecord; text?: string } {
    const taken = Date.now();
    const stat = fileStat(path.join(this.root, rel));
    const stored = Object.hasOwn(this.data.files, rel) ? this.data.files[rel] : undefined;
    const known = isRecord(stored) ? stored : undefined;
    if (stat && known && vouches(stat, known)) return { record: known };
    const text = this.host.read(rel);
    if (text === undefined) {
      if (stored) {
        delete this.data.files[rel];
        this.changed = true;
      }
      return {};
    }
    const hash = sha(text);
    const record: FileRecord = { stat, taken, hash, facts: known?.hash === hash ? known.facts : {} };
    this.data.files[rel] = record;
    this.changed = true;
    return { record, text };
  }

  /**
   * What `kind` says of the tree's file `rel`, computing it with `read` from the text where the
   * cache does not know it; undefined when there is no such file. A file the plan writes is read
   * in the plan, and its facts are not kept.
   */
  facts<T>(tree: Tree, rel: string, kind: FactKind<T>, read: (text: string) => T): T | undefined {
    if (tree.isPlanned(rel)) {
      const text = tree.read(rel);
      if (text === undefined) return undefined;
      const expected = this.expected.get(rel);
      const value = expected?.hash === sha(text) ? expected.facts[kind.key] : undefined;
      return kind.valid(value) ? value : read(text);
    }
    const { record, text: readNow } = this.current(rel);
    // A reading that asks for facts read the file: its answer must hold for the reading to.
    if (tree.host instanceof RecordingHost) tree.host.reads.texts[rel] ??= record?.hash ?? null;
    if (!record) return undefined;
    const known = record.facts[kind.key];
    if (kind.valid(known)) return known;
    const text = readNow ?? this.host.read(rel);
    if (text === undefined) return undefined;
    const value = read(text);
    record.facts[kind.key] = value;
    this.changed = true;
    return value;
  }

  /** Records what `kind` says of the text the plan writes to `rel`, known without parsing it, for after the flush. */
  expect<T>(rel: string, text: string, kind: FactKind<T>, value: T): void {
    const hash = sha(text);
    const expected = this.expected.get(rel);
    const facts = expected?.hash === hash ? expected.facts : {};
    facts[kind.key] = value;
    this.expected.set(rel, { hash, facts });
  }

  /**
   * What `read` gives for the project: remembered under `key` with everything it asked of the
   * project, and answered from memory while every answer still holds. `read` must read the
   * project only through the tree it is given, and give plain JSON data.
   */
  reading<T>(key: string, read: (tree: Tree) => T, valid: (v: unknown) => v is T): Reading<T> {
    const stored = Object.hasOwn(this.data.readings, key) ? this.data.readings[key] : undefined;
    if (isObject(stored) && isReads(stored.reads) && valid(stored.result) && this.holds(stored.reads)) {
      const reads = stored.reads;
      return {
        result: stored.result,
        next: (written, next) => this.nextReadings.set(key, { reads, written, result: next }),
      };
    }
    const recording = new RecordingHost(this.root, this);
    const result = read(new Tree(recording));
    const reads = recording.reads;
    this.data.readings[key] = { reads, result };
    this.changed = true;
    return { result, next: (written, next) => this.nextReadings.set(key, { reads, written, result: next }) };
  }

  /** Whether every answer a reading got is still the project's answer. */
  private holds(reads: Reads): boolean {
    const root = `${this.root}${path.sep}`;
    for (const [rel, hash] of Object.entries(reads.texts)) {
      if (
        hash === null
          ? existsSync(root + rel) && this.host.read(rel) !== undefined
          : this.current(rel).record?.hash !== hash
      )
        return false;
    }
    for (const [rel, hash] of Object.entries(reads.lists)) if (entriesHash(this.host.list(rel)) !== hash) return false;
    for (const [rel, is] of Object.entries(reads.dirs)) if (this.host.isDirectory(rel) !== is) return false;
    for (const [rel, is] of Object.entries(reads.files)) if (this.host.isFile(rel) !== is) return false;
    return true;
  }

  /**
   * After a successful flush of `changes`: the records of the files written become those of their
   * new texts (with the facts the plan knew of them), the readings the command derived replace
   * those it used, and the cache is written.
   */
  commit(changes: readonly FileChange[]): void {
    const written = new Map(changes.map((c) => [c.path, c.action === 'delete' ? undefined : c.after]));
    for (const [rel, text] of written) {
      const expected = this.expected.get(rel);
      if (text !== undefined && expected?.hash === sha(text)) {
        this.data.files[rel] = { stat: null, taken: 0, hash: expected.hash, facts: expected.facts };
      } else delete this.data.files[rel];
    }
    for (const [key, next] of this.nextReadings) {
      const same = [...next.written].every(([rel, text]) => written.get(rel) === text);
      if (!same) continue;
      const texts = { ...next.reads.texts };
      for (const [rel, text] of next.written) texts[rel] = sha(text);
      this.data.readings[key] = { reads: { ...next.reads, texts }, result: next.result };
    }
    this.expected.clear();
    this.nextReadings.clear();
    this.changed = true;
    this.save();
  }

  /** Writes what this run learnt; a failure to write costs only the next run's reading. */
  save(): void {
    if (!this.file || !this.changed) return;
    this.changed = false;
    if (writePrivateFile(this.file, `${JSON.stringify(this.data)}\n`)) sweep(path.dirname(this.file));
  }
}

/** The stored cache of the project at `root`, when it is whole, of this format and version, and the project's. */
function load(file: string, root: string): Stored | undefined {
  let data: unknown;
  try {
    data = JSON.parse(readPrivateFile(file)?.bytes.toString('utf8') ?? 'null');
  } catch {
    return undefined;
  }
  if (!isObject(data) || data.format !== FORMAT || data.version !== VERSION || data.root !== root) return undefined;
  if (!isObject(data.files) || !isObject(data.readings)) return undefined;
  // A path that could lead outside the project drops them all; a record that is not whole, itself.
  if (!Object.keys(data.files).every(isProjectPath)) return undefined;
  const files = Object.fromEntries(
    Object.entries(data.files).filter((entry): entry is [string, FileRecord] => isRecord(entry[1])),
  );
  return { ...(data as unknown as Stored), files };
}

/** Once a day, the caches of projects no run wrote for KEPT_MS go (projects moved or deleted). */
function sweep(dir: string): void {
  const marker = path.join(dir, '.swept');
  const swept = statSync(marker, { throwIfNoEntry: false });
  if (swept && Date.now() - swept.mtimeMs < DAY_MS) return;
  removeOld(dir, (name) => (name === '.swept' ? Number.POSITIVE_INFINITY : KEPT_MS));
  writePrivateFile(marker, '');
}
