/**
 * A reading of the project (what `list` prints) remembered with everything it read through the
 * tree: each file's text (by hash, or that there was none), each folder's entries, each answer to
 * "is there a file / a folder here". When every one of those is still what it was, the reading is
 * what it was, and the run answers from it without parsing the entry point, its barrels or any
 * definition, or loading the parser at all. Any difference is a miss: the reading is done again
 * (with the per-file facts of definitions-cache.ts) and remembered anew.
 *
 * A file read is checked by its stat (device, inode, size, mtime, ctime) where that can vouch for
 * it, with the definitions cache's racy guard: the file's times must be well before the moment
 * the record was taken, else its text is read and compared. A folder's mtime is never taken as
 * proof that the files in it are unchanged: each file read is checked by itself.
 *
 * Kept in the user's cache folder, one file per project and reading, readable by the user only;
 * a missing, unreadable or corrupt one is a miss. `MCP_SCAFFOLD_CACHE=0` turns it off.
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DiskHost, type HostEntry } from '../engine/host.js';
import { Tree } from '../engine/tree.js';
import { DefinitionsCache, packageVersion, sha, writeCacheFile } from './definitions-cache.js';
import { fileStat, type Stat, settledBefore } from './file-stat.js';

const FORMAT = 2;

/**
 * What a reading asked of the project, and the answers it got. Paths by folder, and each
 * folder's answers in one string, fields and records alike parted by '/' (which no file name
 * holds): a few long strings are cheap to load where thousands of small arrays are not.
 */
interface Reads {
  /** When the stats were taken (ms): no earlier than the start of the reading. */
  taken: number;
  /**
   * Files read, by folder: `name/hash/stat/` for each, the hash of its text ('' where there was
   * none) and its stat taken before the read ('' where it is no regular file; else d,i,s,m,c).
   */
  texts: [folder: string, reads: string][];
  /** Folders listed: path → hash of their entries. */
  lists: [string, string][];
  /** Whether there is a folder at a path. */
  dirs: [string, boolean][];
  /**
   * Whether there is a file at a path (links followed), by folder: the names that are and those
   * that are not, each followed by '/'. A file read that was a regular file is not repeated here.
   */
  files: [folder: string, yes: string, no: string][];
}

/** What a stored reading says of itself and of what it read: the first line of its file. */
export interface StoredHeader {
  format: number;
  version: string;
  root: string;
  key: string;
  reads: Reads;
}

/**
 * A stored reading's file: its header on the first line, the result's JSON on the second (JSON
 * has no raw line break), so that a reading whose reads no longer hold is never parsed, and one
 * that holds is parsed once: a result stored as a JSON string in the header cost a warm `add` at
 * 3,000 definitions a second pass over a megabyte of escaped text, on reading and on writing.
 */
export function storedText(header: StoredHeader, resultJson: string): string {
  return storedParts(header, resultJson).join('');
}

/** storedText in its two parts, written one after the other: the result is most of a megabyte at 3,000 tools. */
function storedParts(header: StoredHeader, resultJson: string): [string, string] {
  return [`${JSON.stringify(header)}\n`, resultJson];
}

/** A stored reading's header (parsed) and result (its JSON, not parsed); undefined when the text is not one. */
export function parseStored(text: string): { header: unknown; resultJson: string } | undefined {
  const end = text.indexOf('\n');
  if (end < 0) return undefined;
  try {
    return { header: JSON.parse(text.slice(0, end)), resultJson: text.slice(end + 1) };
  } catch {
    return undefined;
  }
}

const entriesHash = (entries: HostEntry[]) =>
  sha(
    entries
      .map((e) => `${e.type}:${e.name}`)
      .sort()
      .join('\0'),
  );

const statText = (stat: Stat | null) => (stat ? stat.join(',') : '');
/** Whether `stat` is the one recorded as `text` (d,i,s,m,c), compared without splitting it. */
const statIs = (stat: Stat, text: string) => text.length > 0 && statText(stat) === text;

/** `rel` as its folder ('' for the root) and its name. */
function split(rel: string): [string, string] {
  const i = rel.lastIndexOf('/');
  return i < 0 ? ['', rel] : [rel.slice(0, i), rel.slice(i + 1)];
}
const join = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

/** Records keyed by path, as one string per folder (each record's text followed by '/'). */
function byFolder<T>(entries: Iterable<[string, T]>, text: (name: string, value: T) => string): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  for (const [rel, value] of entries) {
    const [folder, name] = split(rel);
    const list = folders.get(folder) ?? [];
    folders.set(folder, list);
    list.push(`${text(name, value)}/`);
  }
  return folders;
}

/** Each '/'-ended field of `block`, in order, `size` at a time: calls `each` with them. */
function eachRecord(block: string, size: number, each: (fields: string[]) => boolean): boolean {
  const fields: string[] = [];
  for (let at = 0; at < block.length; ) {
    const end = block.indexOf('/', at);
    if (end < 0) return false;
    fields.push(block.slice(at, end));
    at = end + 1;
    if (fields.length === size) {
      if (!each(fields)) return false;
      fields.length = 0;
    }
  }
  return fields.length === 0;
}

/** The project's folder, with each question asked of it and its answer written down. */
class RecordingHost extends DiskHost {
  private readonly texts = new Map<string, { hash: string | null; stat: Stat | null }>();
  private readonly lists = new Map<string, string>();
  private readonly dirs = new Map<string, boolean>();
  private readonly files = new Map<string, boolean>();

  override read(rel: string): string | undefined {
    const stat = fileStat(path.join(this.root, rel));
    const text = super.read(rel);
    if (!this.texts.has(rel)) this.texts.set(rel, { hash: text === undefined ? null : sha(text), stat });
    return text;
  }

  override isFile(rel: string): boolean {
    const is = super.isFile(rel);
    if (!this.files.has(rel)) this.files.set(rel, is);
    return is;
  }

  override isDirectory(rel: string): boolean {
    const is = super.isDirectory(rel);
    if (!this.dirs.has(rel)) this.dirs.set(rel, is);
    return is;
  }

  override list(rel: string): HostEntry[] {
    const entries = super.list(rel);
    if (!this.lists.has(rel)) this.lists.set(rel, entriesHash(entries));
    return entries;
  }

  /**
   * What was asked, stats taken no earlier than `taken`. The files the definitions cache knew by
   * their stat (`known`, path → hash) were not read: they are read now, and must have the text
   * the reading used, else there is nothing to remember (undefined).
   */
  reads(taken: number, known: Map<string, string>): Reads | undefined {
    for (const [rel, hash] of known) {
      if (this.texts.has(rel)) continue;
      this.read(rel);
      if (this.texts.get(rel)?.hash !== hash) return undefined;
    }
    const texts = byFolder(this.texts, (name, r) => `${name}/${r.hash ?? ''}/${statText(r.stat)}`);
    // A file read as a regular file must be one still (textsUnchanged): asking again says no more.
    const asked = [...this.files].filter(([rel, is]) => !is || !this.texts.get(rel)?.stat);
    const yes = byFolder(
      asked.filter(([, is]) => is),
      (name) => name,
    );
    const no = byFolder(
      asked.filter(([, is]) => !is),
      (name) => name,
    );
    const files = [...new Set([...yes.keys(), ...no.keys()])].map((folder): Reads['files'][number] => [
      folder,
      (yes.get(folder) ?? []).join(''),
      (no.get(folder) ?? []).join(''),
    ]);
    return {
      taken,
      texts: [...texts].map(([folder, records]) => [folder, records.join('')]),
      lists: [...this.lists],
      dirs: [...this.dirs],
      files,
    };
  }
}

/**
 * Whether each file read still has the text it had: by its stat where that vouches for it, else
 * by its text (its record then takes the stat now, so that the next run need not read it). A
 * file that was a regular file must be one still. Undefined at the first change; else the texts,
 * changed where a record took a new stat.
 */
function textsUnchanged(host: DiskHost, reads: Reads): { texts: Reads['texts']; refreshed: boolean } | undefined {
  let refreshed = false;
  const root = `${host.root}${path.sep}`;
  const texts: Reads['texts'] = [];
  for (const [folder, block] of reads.texts) {
    let records: string[] | undefined;
    const ok = eachRecord(block, 3, ([name, hash, stat]) => {
      const rel = join(folder, name!);
      // Still nothing there (a stat says so without trying to read), or nothing that reads.
      if (hash === '') return !existsSync(root + rel) || host.read(rel) === undefined;
      const now = fileStat(root + rel);
      if (stat !== '' && !now) return false;
      if (now && statIs(now, stat!) && settledBefore(now, reads.taken)) return true;
      const text = host.read(rel);
      if (text === undefined || sha(text) !== hash) return false;
      records ??= [];
      records.push(`${name}/${hash}/${statText(now)}/`);
      refreshed = true;
      return true;
    });
    if (!ok) return undefined;
    // Only a refresh rewrites the folder's records (the unchanged ones with it).
    texts.push([folder, records ? refreshedBlock(block, records) : block]);
  }
  return { texts, refreshed };
}

/** The folder's records with those read again (`records`, by name) in place of the old ones. */
function refreshedBlock(block: string, records: string[]): string {
  const byName = new Map(records.map((r) => [r.slice(0, r.indexOf('/')), r]));
  const out: string[] = [];
  eachRecord(block, 3, ([name, hash, stat]) => {
    out.push(byName.get(name!) ?? `${name}/${hash}/${stat}/`);
    return true;
  });
  return out.join('');
}

/** Whether each "is there a file here" has its answer still. */
function filesUnchanged(host: DiskHost, files: Reads['files']): boolean {
  for (const [folder, yes, no] of files) {
    // No folder, no file in it: one stat answers for every test file a thousand definitions lack.
    if (yes === '' && !host.isDirectory(folder)) continue;
    if (!eachRecord(yes, 1, ([name]) => host.isFile(join(folder, name!)))) return false;
    if (!eachRecord(no, 1, ([name]) => !host.isFile(join(folder, name!)))) return false;
  }
  return true;
}

/** Whether every answer the reading got is still the answer; undefined when one is not. */
function unchanged(host: DiskHost, reads: Reads): { texts: Reads['texts']; refreshed: boolean } | undefined {
  if (reads.lists.some(([rel, hash]) => entriesHash(host.list(rel)) !== hash)) return undefined;
  if (reads.dirs.some(([rel, is]) => host.isDirectory(rel) !== is)) return undefined;
  const texts = textsUnchanged(host, reads);
  return texts && filesUnchanged(host, reads.files) ? texts : undefined;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isArray = Array.isArray as (v: unknown) => v is unknown[];
const tuplesOf = (v: unknown, ...fields: ((x: unknown) => boolean)[]) =>
  isArray(v) && v.every((t) => isArray(t) && t.length === fields.length && fields.every((ok, i) => ok(t[i])));

function isReads(v: unknown): v is Reads {
  const r = v as Partial<Reads> | undefined;
  return (
    !!r &&
    typeof r === 'object' &&
    typeof r.taken === 'number' &&
    tuplesOf(r.texts, isString, isString) &&
    tuplesOf(r.lists, isString, isString) &&
    tuplesOf(r.dirs, isString, (b) => typeof b === 'boolean') &&
    tuplesOf(r.files, isString, isString, isString)
  );
}

/** The stored reading of this project and key, if of this format and version: its header, and its result's JSON. */
function load(file: string, root: string, key: string): { header: StoredHeader; resultJson: string } | undefined {
  let stored: ReturnType<typeof parseStored>;
  try {
    stored = parseStored(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const data = stored?.header as Partial<StoredHeader> | undefined;
  if (!stored || !data || data.format !== FORMAT || data.version !== packageVersion()) return undefined;
  if (data.root !== root || data.key !== key || !isReads(data.reads)) return undefined;
  return { header: data as StoredHeader, resultJson: stored.resultJson };
}

/**
 * What `read` gives for the project at `root`: remembered under `key` (what the reading is and
 * every setting it depends on) with what it read, and answered from memory while that holds.
 * `read` must read the project only through the tree it is given, and give plain JSON data.
 */
export function rememberedReading<T>(root: string, key: string, read: (tree: Tree) => T): T {
  return remembered(root, key, read, 1).result;
}

export interface Reading<T> {
  result: T;
  /**
   * Remembers `next` as the reading of the project once the command writes `changed` (path →
   * text), beside the reading it was derived from: a command that writes nothing, or fails to,
   * leaves the project as the reading used, still remembered. Absent where nothing is remembered.
   * With no `next` (none could be derived) or nothing `changed`, the reading used is stored with
   * the stats this run took, where it had to read a file its stats could not vouch for; else it
   * is left as it was (still true, checked by text), since the project is about to leave it:
   * after an `add`, whose next reading has the files it writes by text, that store was a second
   * write of the whole reading on every `add` (880 KB at 3,000 definitions).
   */
  rememberNext?: (changed: ReadonlyMap<string, string>, next: T | undefined) => void;
}

/**
 * rememberedReading with room for two readings, the one used and the one of the project as the
 * command leaves it (`rememberNext`), so that a run after an `add` finds its project remembered
 * too. A stored result that `valid` refuses is read again.
 */
export function rememberedReadingWithNext<T>(
  root: string,
  key: string,
  read: (tree: Tree) => T,
  valid: (v: unknown) => v is T,
): Reading<T> {
  return remembered(root, key, read, 2, valid);
}

/** The records of `reads` with the texts of `changed` in place of the ones read (their stats unknown: checked by text). */
function withTexts(reads: Reads, changed: ReadonlyMap<string, string>): Reads {
  const texts = reads.texts.map(([folder, block]): [string, string] => {
    const out: string[] = [];
    eachRecord(block, 3, ([name, hash, stat]) => {
      const text = changed.get(join(folder, name!));
      out.push(text === undefined ? `${name}/${hash}/${stat}/` : `${name}/${sha(text)}//`);
      return true;
    });
    return [folder, out.join('')];
  });
  return { ...reads, texts };
}

function remembered<T>(
  root: string,
  key: string,
  read: (tree: Tree) => T,
  slots: 1 | 2,
  valid?: (v: unknown) => v is T,
): Reading<T> {
  const plain = new DiskHost(root);
  const cache = DefinitionsCache.of(new Tree(plain));
  const abs = plain.root;
  const base = `reading-${sha(`${FORMAT}\0${abs}\0${key}`).slice(0, 16)}`;
  const files = [cache.fileNamed(`${base}.json`), ...(slots === 2 ? [cache.fileNamed(`${base}-next.json`)] : [])];
  if (!files[0]) return { result: read(new Tree(plain)) };
  const taken = Date.now();
  const store = (file: string | undefined, reads: Reads, resultJson: string) => {
    if (file)
      writeCacheFile(
        file,
        storedParts({ format: FORMAT, version: packageVersion(), root: abs, key, reads }, resultJson),
      );
  };
  // The other slot is where the reading after this command's writes goes; `refresh` stores the
  // one used with its new stats, when no next reading is.
  const next = (slot: number, reads: Reads, refresh?: () => void): Reading<T>['rememberNext'] =>
    slots === 2
      ? (changed, result) => {
          // Nothing to write, or no next reading: the project stays as the reading used.
          if (result === undefined || changed.size === 0) refresh?.();
          else store(files[1 - slot], withTexts(reads, changed), JSON.stringify(result));
        }
      : undefined;
  for (const [slot, file] of files.entries()) {
    const stored = file ? load(file, abs, key) : undefined;
    const same = stored && unchanged(plain, stored.header.reads);
    if (!stored || !same) continue;
    let result: unknown;
    try {
      result = JSON.parse(stored.resultJson);
    } catch {
      continue;
    }
    if (valid && !valid(result)) continue;
    const reads = same.refreshed ? { ...stored.header.reads, texts: same.texts, taken } : stored.header.reads;
    // Read again where the stat could not vouch: from now on it can (with room for a next
    // reading, unless the command stores one: see rememberNext).
    const refresh = same.refreshed ? () => store(file, reads, stored.resultJson) : undefined;
    if (slots === 1) refresh?.();
    return { result: result as T, rememberNext: next(slot, reads, refresh) };
  }
  const host = new RecordingHost(abs);
  // The files the definitions cache vouched for during the reading are among what it read;
  // those it vouched for earlier in the run (an `add` asks it of every definition) are not.
  const earlier = cache.recordedFiles(abs);
  const result = read(new Tree(host));
  const during = [...cache.recordedFiles(abs)].filter(([rel]) => !earlier.has(rel));
  const reads = host.reads(taken, new Map(during));
  // The result as text, parsed only once the reads are checked: while they are, the heap holds
  // a few long strings rather than thousands of objects (which make V8 grow its young space).
  const text = JSON.stringify(result);
  if (reads) store(files[0], reads, text);
  cache.save();
  return { result, ...(reads ? { rememberNext: next(0, reads) } : {}) };
}
