/**
 * A reading of the project (what `list` prints) remembered with everything it read through the
 * tree: each file's text (by hash, or that there was none), each folder's entries, each answer to
 * "is there a file / a folder here". When every one of those is still what it was, the reading is
 * what it was, and the run answers from it without parsing the entry point, its barrels or any
 * definition, or loading the parser at all. Any difference is a miss: the reading is done again
 * (with the per-file facts of definitions-cache.ts) and remembered anew.
 *
 * Files are checked through the definitions cache's stat index, so a file is read again only
 * where its stat cannot vouch for it (the racy guard there). A folder's mtime is never taken as
 * proof that the files in it are unchanged: each file read is checked by itself.
 *
 * Kept in the user's cache folder, one file per project and reading, readable by the user only;
 * a missing, unreadable or corrupt one is a miss. `MCP_SCAFFOLD_CACHE=0` turns it off.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DiskHost, type HostEntry } from '../engine/host.js';
import { Tree } from '../engine/tree.js';
import { DefinitionsCache, nowNs, packageVersion, sha, statOf, vouches, writeCacheFile } from './definitions-cache.js';

const FORMAT = 1;

/**
 * A file read: its path, the hash of its text (null where there was no file), and the stat
 * taken before the read with when it was taken, as the stat index keeps them (null where it is
 * no regular file).
 */
type TextRead = [rel: string, hash: string | null, stat: string | null, taken: string | null];

/** What a reading asked of the project, and the answers it got. */
interface Reads {
  texts: TextRead[];
  /** Folders listed: path → hash of their entries. */
  lists: [string, string][];
  /** Whether there is a folder at a path. */
  dirs: [string, boolean][];
  /** Whether there is a file at a path (links followed): by folder, the names that are and those that are not. */
  files: [folder: string, yes: string[], no: string[]][];
}

interface Stored {
  format: number;
  version: string;
  root: string;
  key: string;
  reads: Reads;
  result: unknown;
}

const entriesHash = (entries: HostEntry[]) =>
  sha(
    entries
      .map((e) => `${e.type}:${e.name}`)
      .sort()
      .join('\0'),
  );

/** The project's folder, with each question asked of it and its answer written down. */
class RecordingHost extends DiskHost {
  private readonly texts = new Map<string, TextRead>();
  private readonly lists = new Map<string, string>();
  private readonly dirs = new Map<string, boolean>();
  private readonly files = new Map<string, boolean>();

  override read(rel: string): string | undefined {
    const taken = nowNs();
    const stat = statOf(path.join(this.root, rel));
    const text = super.read(rel);
    if (!this.texts.has(rel)) {
      const hash = text === undefined ? null : sha(text);
      this.texts.set(rel, [rel, hash, stat?.key ?? null, stat ? String(taken) : null]);
    }
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

  /** What was asked; `known` adds the files whose text the stat index vouched for without a read. */
  reads(known: Map<string, { stat: string; taken: string; hash: string }>): Reads {
    const texts = new Map(this.texts);
    for (const [rel, r] of known) if (!texts.has(rel)) texts.set(rel, [rel, r.hash, r.stat, r.taken]);
    const byFolder = new Map<string, [string, string[], string[]]>();
    for (const [rel, is] of this.files) {
      const folder = path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel);
      const entry = byFolder.get(folder) ?? [folder, [], []];
      byFolder.set(folder, entry);
      entry[is ? 1 : 2].push(path.posix.basename(rel));
    }
    return { texts: [...texts.values()], lists: [...this.lists], dirs: [...this.dirs], files: [...byFolder.values()] };
  }
}

/**
 * Whether each file read still has the text it had: by its stat where that vouches for it, else
 * by its text (and then its record takes the stat now, so that the next run need not read it).
 * `regular` gets the files a stat shows are regular files.
 */
function textsUnchanged(host: DiskHost, texts: TextRead[], regular: Set<string>): { refreshed: boolean } | undefined {
  let refreshed = false;
  for (const read of texts) {
    const [rel, hash, stat, taken] = read;
    if (hash === null) {
      if (host.read(rel) !== undefined) return undefined;
      continue;
    }
    const now = nowNs();
    const current = statOf(path.join(host.root, rel));
    if (current) regular.add(rel);
    if (current && stat !== null && taken !== null && vouches(current, { stat, taken })) continue;
    const text = host.read(rel);
    if (text === undefined || sha(text) !== hash) return undefined;
    read[2] = current?.key ?? null;
    read[3] = current ? String(now) : null;
    refreshed = true;
  }
  return { refreshed };
}

/** Whether each "is there a file here" has its answer still; `regular` are files known to be. */
function filesUnchanged(host: DiskHost, files: Reads['files'], regular: Set<string>): boolean {
  for (const [folder, yes, no] of files) {
    // No folder, no file in it: one stat answers for every test file a thousand definitions lack.
    if (yes.length === 0 && !host.isDirectory(folder)) continue;
    const at = (name: string) => (folder ? `${folder}/${name}` : name);
    if (yes.some((name) => !regular.has(at(name)) && !host.isFile(at(name)))) return false;
    if (no.some((name) => host.isFile(at(name)))) return false;
  }
  return true;
}

/** Whether every answer the reading got is still the answer; undefined when one is not. */
function unchanged(host: DiskHost, reads: Reads): { refreshed: boolean } | undefined {
  if (reads.lists.some(([rel, hash]) => entriesHash(host.list(rel)) !== hash)) return undefined;
  if (reads.dirs.some(([rel, is]) => host.isDirectory(rel) !== is)) return undefined;
  const regular = new Set<string>();
  const texts = textsUnchanged(host, reads.texts, regular);
  return texts && filesUnchanged(host, reads.files, regular) ? texts : undefined;
}

const pairsOf = <V>(v: unknown, value: (x: unknown) => x is V): v is [string, V][] =>
  Array.isArray(v) && v.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && value(p[1]));
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

const isName = (v: unknown): v is string | null => v === null || isString(v);
const isTextRead = (v: unknown): v is TextRead =>
  Array.isArray(v) && v.length === 4 && isString(v[0]) && isName(v[1]) && isName(v[2]) && isName(v[3]);
const isFolderFiles = (v: unknown) =>
  Array.isArray(v) &&
  v.length === 3 &&
  isString(v[0]) &&
  [v[1], v[2]].every((n) => Array.isArray(n) && n.every(isString));

function isReads(v: unknown): v is Reads {
  const r = v as Partial<Reads> | undefined;
  return (
    !!r &&
    typeof r === 'object' &&
    Array.isArray(r.texts) &&
    r.texts.every(isTextRead) &&
    pairsOf(r.lists, isString) &&
    pairsOf(r.dirs, isBoolean) &&
    Array.isArray(r.files) &&
    r.files.every(isFolderFiles)
  );
}

/** The stored reading of this project and key, if whole and of this format and version. */
function load(file: string, root: string, key: string): Stored | undefined {
  let data: Partial<Stored>;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (!data || data.format !== FORMAT || data.version !== packageVersion()) return undefined;
  if (data.root !== root || data.key !== key || !isReads(data.reads) || data.result === undefined) return undefined;
  return data as Stored;
}

/**
 * What `read` gives for the project at `root`: remembered under `key` (what the reading is and
 * every setting it depends on) with what it read, and answered from memory while that holds.
 * `read` must read the project only through the tree it is given, and give plain JSON data.
 */
export function rememberedReading<T>(root: string, key: string, read: (tree: Tree) => T): T {
  const plain = new DiskHost(root);
  const cache = DefinitionsCache.of(new Tree(plain));
  const abs = plain.root;
  const file = cache.fileNamed(`reading-${sha(`${FORMAT}\0${abs}\0${key}`).slice(0, 16)}.json`);
  if (!file) return read(new Tree(plain));
  const stored = load(file, abs, key);
  const same = stored && unchanged(plain, stored.reads);
  if (stored && same) {
    if (same.refreshed) writeCacheFile(file, stored);
    return stored.result as T;
  }
  const host = new RecordingHost(abs);
  const result = read(new Tree(host));
  const reads = host.reads(cache.recordedFiles(abs));
  writeCacheFile(file, { format: FORMAT, version: packageVersion(), root: abs, key, reads, result });
  cache.save();
  return result;
}
