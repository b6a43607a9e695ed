/**
 * What a project's files were last seen to hold, kept between runs so that `add` and `list` need
 * not parse what an earlier run already read: for each file, its stat and the hash of its text;
 * for each kind of fact, what was read off each text (by its hash); for each reading (where a kind
 * is registered, what `list` prints), its result and every answer the project gave it.
 *
 * One file per project in the user's cache folder, of JSON lines: a header (format, mcp-scaffold's
 * version, the project's path), then one line per section (the files' records, each kind of fact,
 * each reading). A run decodes only the sections it asks for and writes the others back as they
 * were, so `add` never decodes what `list` keeps, nor `list` what `add` keeps; the file is written
 * whole. Planning only reads the cache: what a run learns stays in memory and is written by
 * `commit` after the flush succeeded (or by `save`, for `list`), never on a dry run.
 *
 * A stat vouches for a file's text only when the file's times were well before the stat was taken,
 * as git treats "racy" index entries; otherwise the text is read and its hash compared. A missing,
 * corrupt or foreign cache file is ignored; `MCP_SCAFFOLD_CACHE=0` keeps nothing.
 */

import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FileChange } from './changes.js';
import { DiskHost, type HostEntry } from './host.js';
import { isJsonObject } from './json-object.js';
import { Tree } from './tree.js';
import { keptCacheDir, readPrivateFile, removeOld, writePrivateFile } from './user-cache.js';
import { VERSION } from './version.js';

const FORMAT = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A project's cache no run wrote for this long is removed (checked once a day). */
const KEPT_MS = 60 * DAY_MS;
/**
 * How long before its stat was taken a file's times must be for the stat alone to vouch for its
 * text: above the coarsest timestamp granularity in use (2 s on FAT) and small clock steps.
 */
const RACY_MS = 3000;

/** The hash a text is known by (SHA-256 in base64url). */
export const sha = (text: string): string => createHash('sha256').update(text).digest('base64url');
/** The part of a text's hash the cache keeps: 128 bits tell a user's own files apart. */
const shortSha = (text: string): string => sha(text).slice(0, 22);

/** One kind of fact read off a file: its key in the cache, and how a stored value is checked. */
export interface FactKind<T> {
  key: string;
  valid: (value: unknown) => value is T;
}

type Stat = [dev: number, ino: number, size: number, mtime: number, ctime: number];

/** A file as last seen: the hash of its text, when its stat was taken (0: not taken), and that stat. */
type FileRecord = [hash: string, taken: number, ...stat: Stat | []];
type Files = Record<string, FileRecord>;

/** A kind's facts: by the hash of the text they were read from, what they say. */
type Facts = Record<string, unknown>;

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

/** A section of the cache file: its line as stored, its value once decoded; edited when its line is out of date. */
interface Section {
  line?: string;
  value?: unknown;
  edited?: boolean;
}

const FILES = 'files';
const factsKey = (kind: string) => `facts:${kind}`;
const readingKey = (key: string) => `reading:${key}`;

/** A segment of a path that is empty, `.` or `..` (a whole path of one such segment too). */
const NOT_A_SEGMENT = /(?:^|[\\/])\.{0,2}(?:[\\/]|$)/;
/** A project path as the tree writes it: relative, no `.` or `..` segment, so a stored one cannot lead outside. */
const isProjectPath = (p: string) => !path.isAbsolute(p) && !NOT_A_SEGMENT.test(p);

const isRecord = (v: unknown): v is FileRecord =>
  Array.isArray(v) &&
  typeof v[0] === 'string' &&
  typeof v[1] === 'number' &&
  (v.length === 2 || (v.length === 7 && v.slice(2).every(Number.isFinite)));

const valuesAre = (v: unknown, ok: (x: unknown) => boolean) =>
  isJsonObject(v) && Object.entries(v).every(([k, x]) => isProjectPath(k) && ok(x));

function isReading(v: unknown): v is StoredReading {
  const isBool = (x: unknown) => typeof x === 'boolean';
  const reads = isJsonObject(v) ? v.reads : undefined;
  return (
    isJsonObject(reads) &&
    valuesAre(reads.texts, (x) => x === null || typeof x === 'string') &&
    valuesAre(reads.lists, (x) => typeof x === 'string') &&
    valuesAre(reads.dirs, isBool) &&
    valuesAre(reads.files, isBool)
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

/** Whether a record's stat vouches for the file's text: the same stat, and times well before it was taken. */
function vouches(now: Stat, [, taken, ...stat]: FileRecord): boolean {
  return stat.length === 5 && now.every((x, i) => x === stat[i]) && Math.max(now[3], now[4]) + RACY_MS < taken;
}

/**
 * The entries of each folder a reading listed, as they were when it was read or checked (kept in
 * memory, never stored): what a plan is derived from, and so what the folders it changes will hold.
 */
const listings = new WeakMap<Reads, Map<string, HostEntry[]>>();
const listedBy = (reads: Reads): Map<string, HostEntry[]> => {
  let map = listings.get(reads);
  if (!map) {
    map = new Map();
    listings.set(reads, map);
  }
  return map;
};

const entriesHash = (entries: HostEntry[]) =>
  shortSha(
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
    this.reads.texts[rel] ??= record?.[0] ?? null;
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
    if (this.reads.lists[rel] === undefined) {
      this.reads.lists[rel] = entriesHash(entries);
      listedBy(this.reads).set(rel, entries);
    }
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
  /**
   * Remembers `next` as the reading once the flush has made every change `tree` plans (files
   * written, created and deleted): each answer the reading got is taken as the project will give
   * it then, folders a deletion empties gone as the flush removes them. Called once the plan is
   * whole; what changes after it is not remembered.
   */
  planned?: (tree: Tree, next: T) => void;
}

/** Facts of a text the plan writes, known without parsing it: recorded once it is on disk. */
interface Expected {
  hash: string;
  facts: Map<string, unknown>;
}

export class ProjectCache {
  private static readonly open = new Map<string, ProjectCache>();

  private readonly host: DiskHost;
  /** The root with a separator after it: a tree's paths are normal already, and joined to it as they are. */
  private readonly prefix: string;
  private readonly sections: Map<string, Section>;
  private readonly files: Files;
  private changed = false;
  private readonly expected = new Map<string, Expected>();
  private readonly nextReadings = new Map<
    string,
    { reads: Reads; written: ReadonlyMap<string, string>; result: unknown }
  >();
  private readonly plannedReadings = new Map<string, { planned: PlannedReads; result: unknown }>();
  private readonly seenBy = new WeakMap<Tree, Map<string, { record?: FileRecord; text?: string }>>();

  private constructor(
    readonly root: string,
    private readonly file: string | undefined,
  ) {
    this.host = new DiskHost(root);
    this.prefix = `${root}${path.sep}`;
    this.sections = (file && load(file, root)) || new Map();
    // Records are looked up by the paths the run asks about, and each is checked when it is.
    this.files = this.section(FILES, (v) => (isJsonObject(v) ? (v as Files) : undefined)) ?? this.made(FILES, {});
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

  /** A section's value, decoded on first use; undefined when there is none or it does not decode. */
  private section<T>(key: string, decode: (v: unknown) => T | undefined): T | undefined {
    const section = this.sections.get(key);
    if (section?.line !== undefined && section.value === undefined) {
      try {
        section.value = decode(JSON.parse(section.line));
      } catch {
        section.value = undefined;
      }
      // What does not decode is left out when the file is written again.
      if (section.value === undefined) this.sections.delete(key);
    }
    return section?.value as T | undefined;
  }

  /** A section made (or made again) this run: encoded when the cache is written. */
  private made<T>(key: string, value: T): T {
    this.sections.set(key, { value, edited: true });
    this.changed = true;
    return value;
  }

  private edited(key: string): void {
    const section = this.sections.get(key);
    if (section) section.edited = true;
    this.changed = true;
  }

  /**
   * current(), asked once per file for the plan of `tree`: what one plan reads of a file it reads
   * once, as the tree itself does (tree.ts), and a thousand files are not looked at twice.
   */
  private seen(tree: Tree | undefined, rel: string): { record?: FileRecord; text?: string } {
    if (!tree) return this.current(rel);
    let seen = this.seenBy.get(tree);
    if (!seen) {
      seen = new Map();
      this.seenBy.set(tree, seen);
    }
    let found = seen.get(rel);
    if (!found) {
      found = this.current(rel);
      seen.set(rel, found);
    }
    return found;
  }

  /**
   * The record of the file's text as it is now: vouched for by its stat (text not read), else
   * made from its text. No record when there is no such file.
   */
  current(rel: string): { record?: FileRecord; text?: string } {
    const taken = Date.now();
    const stat = fileStat(this.prefix + rel);
    const stored = Object.hasOwn(this.files, rel) ? this.files[rel] : undefined;
    const known = isRecord(stored) ? stored : undefined;
    if (stat && known && vouches(stat, known)) return { record: known };
    const text = this.host.read(rel);
    if (text === undefined) {
      if (stored) this.setFile(rel, undefined);
      return {};
    }
    const hash = shortSha(text);
    const record: FileRecord = stat ? [hash, taken, ...stat] : [hash, 0];
    this.setFile(rel, record);
    return { record, text };
  }

  private setFile(rel: string, record: FileRecord | undefined): void {
    if (record) this.files[rel] = record;
    else delete this.files[rel];
    this.edited(FILES);
  }

  /** A kind's facts, by the hash of the text they were read from. */
  private factsOf(kind: string): Facts {
    return this.section(factsKey(kind), (v) => (isJsonObject(v) ? v : undefined)) ?? this.made(factsKey(kind), {});
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
      const value = expected?.hash === shortSha(text) ? expected.facts.get(kind.key) : undefined;
      return kind.valid(value) ? value : read(text);
    }
    const { record, text: readNow } = this.seen(tree, rel);
    // A reading that asks for facts read the file: its answer must hold for the reading to.
    if (tree.host instanceof RecordingHost) tree.host.reads.texts[rel] ??= record?.[0] ?? null;
    if (!record) return undefined;
    const facts = this.factsOf(kind.key);
    const known = Object.hasOwn(facts, record[0]) ? facts[record[0]] : undefined;
    if (kind.valid(known)) return known;
    const text = readNow ?? this.host.read(rel);
    if (text === undefined) return undefined;
    const value = read(text);
    facts[record[0]] = value;
    this.edited(factsKey(kind.key));
    return value;
  }

  /** Records what `kind` says of the text the plan writes to `rel`, known without parsing it, for after the flush. */
  expect<T>(rel: string, text: string, kind: FactKind<T>, value: T): void {
    const hash = shortSha(text);
    const expected = this.expected.get(rel);
    const facts = expected?.hash === hash ? expected.facts : new Map<string, unknown>();
    facts.set(kind.key, value);
    this.expected.set(rel, { hash, facts });
  }

  /**
   * What `read` gives for the project: remembered under `key` with everything it asked of the
   * project, and answered from memory while every answer still holds. `read` must read the
   * project only through the tree it is given, and give plain JSON data.
   */
  reading<T>(
    key: string,
    read: (tree: Tree) => T,
    valid: (v: unknown) => v is T,
    /** The plan's tree, if the reading is for one: its files are checked once for it. */
    plan?: Tree,
  ): Reading<T> {
    const stored = this.section(readingKey(key), (v) => (isReading(v) ? v : undefined));
    const next =
      (reads: Reads) =>
      (written: ReadonlyMap<string, string>, result: T): void => {
        this.nextReadings.set(key, { reads, written, result });
      };
    const planned =
      (reads: Reads) =>
      (tree: Tree, result: T): void => {
        const answers = plannedReads(this.host, tree, reads);
        if (answers) this.plannedReadings.set(key, { planned: answers, result });
        else this.plannedReadings.delete(key);
      };
    if (stored && valid(stored.result) && this.holds(stored.reads, plan)) {
      return { result: stored.result, next: next(stored.reads), planned: planned(stored.reads) };
    }
    const recording = new RecordingHost(this.root, this);
    const result = read(new Tree(recording));
    // A file whose text the reading got is there: that it was asked whether it is goes unsaid.
    const { texts, files } = recording.reads;
    for (const rel of Object.keys(files)) if (files[rel] && typeof texts[rel] === 'string') delete files[rel];
    this.made(readingKey(key), { reads: recording.reads, result });
    return { result, next: next(recording.reads), planned: planned(recording.reads) };
  }

  /** Whether every answer a reading got is still the project's answer. */
  private holds(reads: Reads, plan?: Tree): boolean {
    for (const [rel, hash] of Object.entries(reads.texts)) {
      if (hash === null) {
        if (existsSync(this.prefix + rel) && this.host.read(rel) !== undefined) return false;
      } else if (this.seen(plan, rel).record?.[0] !== hash) return false;
    }
    for (const [rel, hash] of Object.entries(reads.lists)) {
      const entries = this.host.list(rel);
      if (entriesHash(entries) !== hash) return false;
      listedBy(reads).set(rel, entries);
    }
    for (const [rel, is] of Object.entries(reads.dirs)) if (this.host.isDirectory(rel) !== is) return false;
    for (const [rel, is] of Object.entries(reads.files)) {
      // A file whose text was found as the reading had it is there: no second look needed.
      const textHeld = typeof reads.texts[rel] === 'string';
      if (!(is && textHeld) && this.host.isFile(rel) !== is) return false;
    }
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
      if (text === undefined || expected?.hash !== shortSha(text)) {
        this.setFile(rel, undefined);
        continue;
      }
      this.setFile(rel, [expected.hash, 0]);
      for (const [kind, value] of expected.facts) {
        this.factsOf(kind)[expected.hash] = value;
        this.edited(factsKey(kind));
      }
    }
    for (const [key, next] of this.nextReadings) {
      if (![...next.written].every(([rel, text]) => written.get(rel) === text)) continue;
      const texts = { ...next.reads.texts };
      for (const [rel, text] of next.written) texts[rel] = shortSha(text);
      this.made(readingKey(key), { reads: { ...next.reads, texts }, result: next.result });
    }
    for (const [key, { planned, result }] of this.plannedReadings) {
      // The flush made what the plan held when the reading was derived, and nothing else.
      const same = (action: FileChange['action'], paths: ReadonlySet<string>) =>
        changes.filter((c) => c.action === action).every((c) => paths.has(c.path)) &&
        [...paths].every((p) => changes.some((c) => c.path === p && c.action === action));
      if (!same('create', planned.created) || !same('delete', planned.deleted)) continue;
      const texts = { ...planned.reads.texts };
      for (const [rel, text] of written) texts[rel] = text === undefined ? null : shortSha(text);
      this.made(readingKey(key), { reads: { ...planned.reads, texts }, result });
    }
    this.expected.clear();
    this.nextReadings.clear();
    this.plannedReadings.clear();
    this.changed = true;
    this.save();
  }

  /**
   * Writes what this run learnt; a failure to write costs only the next run's reading. Facts of
   * texts no file holds any more leave the sections this run changed.
   */
  save(): void {
    if (!this.file || !this.changed) return;
    this.changed = false;
    // Records that are not whole, or whose path could lead outside the project, leave the file.
    if (this.sections.get(FILES)?.edited) {
      for (const [rel, record] of Object.entries(this.files))
        if (!isRecord(record) || !isProjectPath(rel)) delete this.files[rel];
    }
    const hashes = new Set(Object.values(this.files).map((record) => record[0]));
    const lines = [JSON.stringify({ format: FORMAT, version: VERSION, root: this.root })];
    for (const [key, section] of this.sections) {
      if (section.edited && key.startsWith('facts:') && isJsonObject(section.value)) {
        for (const hash of Object.keys(section.value)) if (!hashes.has(hash)) delete section.value[hash];
      }
      if (section.edited || section.line === undefined) section.line = JSON.stringify(section.value);
      lines.push(`${JSON.stringify(key)}\t${section.line}`);
      section.edited = false;
    }
    if (writePrivateFile(this.file, `${lines.join('\n')}\n`)) sweep(path.dirname(this.file));
  }
}

/** A reading's answers as the project will give them once a plan is flushed, and the files the plan creates and deletes. */
interface PlannedReads {
  reads: Reads;
  created: ReadonlySet<string>;
  deleted: ReadonlySet<string>;
}

const parentOf = (rel: string) => (rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '');
const isWithin = (rel: string, dir: string) => dir === '' || rel.startsWith(`${dir}/`);

/**
 * The answers of `reads` once the changes `tree` plans over `host` are flushed: the files it
 * creates and deletes, and each folder the reading listed or asked about as it will be (a folder a
 * deletion empties is removed by the flush). A folder the reading listed is taken as it was when
 * the reading was read or checked: a change since then makes the next check fail. Texts are left
 * to the commit, which has the bytes written.
 */
function plannedReads(host: DiskHost, tree: Tree, reads: Reads): PlannedReads | undefined {
  const created = new Set<string>();
  const deleted = new Set<string>();
  for (const rel of tree.plannedPaths()) {
    const there = host.isFile(rel);
    if (tree.read(rel) === undefined) {
      if (there) deleted.add(rel);
    } else if (!there) created.add(rel);
  }
  const changed = [...created, ...deleted];
  const seen = listedBy(reads);
  const planned = new Map<string, Map<string, HostEntry['type']>>();
  const listing = (dir: string): Map<string, HostEntry['type']> => {
    let entries = planned.get(dir);
    if (entries) return entries;
    entries = new Map((seen.get(dir) ?? host.list(dir)).map((e) => [e.name, e.type]));
    for (const rel of changed) {
      if (!isWithin(rel, dir) || rel === dir) continue;
      const [name, ...rest] = rel.slice(dir === '' ? 0 : dir.length + 1).split('/');
      if (created.has(rel) && entries.get(name!) !== 'directory')
        entries.set(name!, rest.length > 0 ? 'directory' : 'file');
      else if (deleted.has(rel) && rest.length === 0) entries.delete(name!);
    }
    for (const [name, type] of [...entries]) {
      const sub = dir === '' ? name : `${dir}/${name}`;
      if (type === 'directory' && [...deleted].some((d) => isWithin(d, sub)) && listing(sub).size === 0)
        entries.delete(name);
    }
    planned.set(dir, entries);
    return entries;
  };
  const touched = (dir: string) => changed.some((rel) => isWithin(rel, dir));
  const listed = (entries: Map<string, HostEntry['type']>) =>
    entriesHash([...entries].map(([name, type]) => ({ name, type })));
  const lists = { ...reads.lists };
  for (const dir of Object.keys(reads.lists)) {
    if (!touched(dir)) continue;
    if (!seen.has(dir)) return undefined;
    lists[dir] = listed(listing(dir));
  }
  // A folder the plan makes below one the reading walked is walked by the next reading too.
  for (const rel of created) {
    for (let dir = parentOf(rel); dir !== ''; dir = parentOf(dir)) {
      if (Object.keys(reads.lists).some((l) => isWithin(dir, l))) lists[dir] ??= listed(listing(dir));
    }
  }
  const dirs = { ...reads.dirs };
  for (const dir of Object.keys(reads.dirs)) {
    if (dir !== '' && touched(dir))
      dirs[dir] = listing(parentOf(dir)).get(dir.slice(dir.lastIndexOf('/') + 1)) === 'directory';
  }
  const files = { ...reads.files };
  for (const rel of changed) files[rel] = created.has(rel);
  return { reads: { ...reads, lists, dirs, files }, created, deleted };
}

/**
 * The sections of the stored cache of the project at `root`, undecoded, when its header is of this
 * format and version and names the project; a line that is not a section is left out.
 */
function load(file: string, root: string): Map<string, Section> | undefined {
  const lines = readPrivateFile(file)?.bytes.toString('utf8').split('\n') ?? [];
  let header: unknown;
  try {
    header = JSON.parse(lines[0] ?? 'null');
  } catch {
    return undefined;
  }
  if (!isJsonObject(header) || header.format !== FORMAT || header.version !== VERSION || header.root !== root) {
    return undefined;
  }
  const sections = new Map<string, Section>();
  for (const line of lines.slice(1)) {
    // A section's key is a JSON string, and JSON escapes every tab inside one.
    const tab = line.indexOf('\t');
    let key: unknown;
    try {
      key = tab > 0 ? JSON.parse(line.slice(0, tab)) : undefined;
    } catch {
      key = undefined;
    }
    if (typeof key === 'string') sections.set(key, { line: line.slice(tab + 1) });
  }
  return sections;
}

/** Once a day, the caches of projects no run wrote for KEPT_MS go (projects moved or deleted). */
function sweep(dir: string): void {
  const marker = path.join(dir, '.swept');
  const swept = statSync(marker, { throwIfNoEntry: false });
  if (swept && Date.now() - swept.mtimeMs < DAY_MS) return;
  removeOld(dir, (name) => (name === '.swept' ? Number.POSITIVE_INFINITY : KEPT_MS));
  writePrivateFile(marker, '');
}
