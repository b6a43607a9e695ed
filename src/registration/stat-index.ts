/**
 * The stat index of one project for one kind of fact (definitions-cache.ts): for each file a run
 * looked up, its stat, the hash of its text and the fact, so that a stat that vouches for the file
 * answers without reading it. A warm `add` looks up every definition file, so the whole index is
 * loaded on every run: it is stored as columns (the paths in one array, the stats in one flat
 * array of numbers, the hashes in another...), not as an object per record, which JSON.parse
 * builds at several times the cost (measured at 3,000 definitions: 922 KB of records parsed in
 * 11 ms, the same records as columns in 4 ms, in less with a kind's facts flat as definitions.ts
 * keeps them). A column's entries are checked when looked up, not on load: a stat or hash that
 * is not one never equals the file's, and a fact is checked by its kind.
 *
 * What a run adds is appended as lines (`[path, record]`), a later line of a path standing for an
 * earlier record; the file is written whole, atomically, once the lines would pass a quarter of
 * its records. Written whole, the stats are those this run saw, under one time taken before it
 * looked at any file.
 */

import { readFileSync } from 'node:fs';
import { isStat, type Stat, settledBefore, vouches } from './file-stat.js';

/** What was known of a path: its stat (none for a text a run wrote), when that was taken, the hash of its text and the fact. */
export interface StoredFile {
  stat: Stat | null;
  /** When the stat was taken (ms since the epoch). */
  taken: number;
  hash: string;
  value: unknown;
  /** When a run last used the record, for keeping the most recent. */
  at: number;
  /** The value came from the run that wrote the text (`remember`), not from the facts: it holds while the hash does. */
  own?: true;
}

/** The first line of an index file: its records as columns, position by position. */
export interface IndexColumns {
  format: number;
  version: string;
  /** When the stats were taken: each was its file's stat then. */
  taken: number;
  paths: string[];
  /** Five numbers a record (file-stat.ts). */
  stats: number[];
  hashes: string[];
  values: unknown[];
  at: number[];
  /** The positions of records without a stat (checked by their text), and of those whose value is `own`. */
  unstat: number[];
  own: number[];
}

/**
 * How many more lines may be appended to a file of the cache holding `size` records, `appended`
 * of them on lines already, before it is written whole again: a quarter of its records, and 64
 * however few it holds.
 */
export const appendRoom = (size: number, appended: number) => Math.max(64, size / 4) - appended;

/** The records a run made (path or hash → record), stamped `now`, as the lines appended to a file of the cache. */
export function appendedLines(
  added: ReadonlyMap<string, { at: number }>,
  now: number,
): { text: string; count: number } {
  const lines: string[] = [];
  added.forEach((record, key) => {
    record.at = now;
    lines.push(JSON.stringify([key, record]));
  });
  return { text: `\n${lines.join('\n')}`, count: lines.length };
}

/**
 * Each line after the first of a cache file's `text` (`end` is where the first ends) that is a
 * `[key, record]` (appendedLines), in order; a line cut short or not one is skipped. Returns how
 * many lines there were, records or not.
 */
export function eachAppendedLine(text: string, end: number, each: (key: string, record: unknown) => void): number {
  if (end < 0) return 0;
  let lines = 0;
  for (const line of text.slice(end + 1).split('\n')) {
    if (line === '') continue;
    lines++;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string') each(entry[0], entry[1]);
  }
  return lines;
}

const isFileRecord = (v: unknown): v is StoredFile => {
  const f = v as Partial<StoredFile> | undefined;
  return (
    (f?.stat === null || isStat(f?.stat)) &&
    typeof f.hash === 'string' &&
    typeof f.taken === 'number' &&
    'value' in f &&
    typeof f.at === 'number'
  );
};

const arrayOf = (v: unknown, length?: number): v is unknown[] =>
  Array.isArray(v) && (length === undefined || v.length === length);

/** The columns of an index file's first line, when they are those of this format and version and agree in length. */
function columnsOf(data: unknown, format: number, version: string): IndexColumns | undefined {
  const c = data as Partial<IndexColumns> | undefined;
  if (!c || c.format !== format || c.version !== version || typeof c.taken !== 'number') return undefined;
  if (!arrayOf(c.paths)) return undefined;
  const n = c.paths.length;
  const ok =
    arrayOf(c.stats, 5 * n) &&
    arrayOf(c.hashes, n) &&
    arrayOf(c.values, n) &&
    arrayOf(c.at, n) &&
    arrayOf(c.unstat) &&
    arrayOf(c.own);
  return ok ? (c as IndexColumns) : undefined;
}

/**
 * An index file's text: its columns (undefined where the first line is not an index of this
 * format and version: then the lines after it are not read), and the records appended after them.
 */
export function parseIndexText(
  text: string,
  format: number,
  version: string,
): { columns: IndexColumns | undefined; appended: Map<string, unknown>; lines: number } {
  const end = text.indexOf('\n');
  const appended = new Map<string, unknown>();
  let columns: IndexColumns | undefined;
  try {
    columns = columnsOf(JSON.parse(end < 0 ? text : text.slice(0, end)), format, version);
  } catch {
    columns = undefined;
  }
  if (!columns) return { columns, appended, lines: 0 };
  const lines = eachAppendedLine(text, end, (key, record) => appended.set(key, record));
  return { columns, appended, lines };
}

/** An index of no records. */
export const emptyColumns = (format: number, version: string): IndexColumns => ({
  format,
  version,
  taken: 0,
  paths: [],
  stats: [],
  hashes: [],
  values: [],
  at: [],
  unstat: [],
  own: [],
});

export class StatIndex {
  private readonly columns: IndexColumns;
  /** Whether the file held an index of this format: only then may lines be appended to it. */
  private whole: boolean;
  /** Lines appended since it was written whole. */
  private lines: number;
  /** The records of appended lines, as stored (checked when looked up). */
  private readonly appended: Map<string, unknown>;
  /** Path → position in the columns, made at the first lookup out of order. */
  private positions: Map<string, number> | undefined;
  /** Where the next lookup is expected: runs look paths up in the order they were written. */
  private cursor = 0;
  /** Column records this run used (vouched for, or its own read): 1 at their positions. */
  private readonly kept: Uint8Array;
  private readonly unstat: Set<number>;
  private readonly own: Set<number>;
  /** Records this run used that are not column records: appended ones, and those it made. */
  private readonly used = new Map<string, StoredFile>();
  /** The records this run made: what the next save writes. */
  private readonly added = new Map<string, StoredFile>();

  /**
   * The index in `file` (empty where it is missing, unreadable or not one). `taken` is the
   * run's time before it looks at any file through the index.
   */
  constructor(
    readonly file: string,
    private readonly format: number,
    private readonly version: string,
    private readonly taken: number,
  ) {
    let parsed: ReturnType<typeof parseIndexText> | undefined;
    try {
      parsed = parseIndexText(readFileSync(file, 'utf8'), format, version);
    } catch {
      // Missing or unreadable: as if empty.
    }
    this.whole = parsed?.columns !== undefined;
    this.columns = parsed?.columns ?? emptyColumns(format, version);
    this.appended = parsed?.appended ?? new Map();
    this.lines = parsed?.lines ?? 0;
    this.kept = new Uint8Array(this.columns.paths.length);
    this.unstat = new Set(this.columns.unstat);
    this.own = new Set(this.columns.own);
  }

  /** The column position of `rel`, or -1. */
  private position(rel: string): number {
    const { paths } = this.columns;
    if (paths[this.cursor] === rel) return this.cursor++;
    if (!this.positions) {
      this.positions = new Map();
      for (let i = 0; i < paths.length; i++) this.positions.set(paths[i]!, i);
    }
    const at = this.positions.get(rel);
    if (at === undefined) return -1;
    this.cursor = at + 1;
    return at;
  }

  /** The appended record of `rel`, if whole: a broken one has the index written whole at the next save, which keeps none. */
  private appendedRecord(rel: string): StoredFile | undefined {
    const record = this.appended.get(rel);
    if (record === undefined) return undefined;
    if (isFileRecord(record)) return record;
    this.whole = false;
    return undefined;
  }

  /** Whether the column record at `p` has the stat `stat` and was taken well after the file's times. */
  private columnVouches(p: number, stat: Stat): boolean {
    if (this.unstat.has(p)) return false;
    const { stats } = this.columns;
    const at = 5 * p;
    for (let i = 0; i < 5; i++) if (stats[at + i] !== stat[i]) return false;
    return settledBefore(stat, this.columns.taken);
  }

  /** The value of `rel`'s record where `stat` vouches for it and `valid` accepts it. */
  vouched<T>(rel: string, stat: Stat, valid: (v: unknown) => v is T): T | undefined {
    const used = this.used.get(rel) ?? this.appendedRecord(rel);
    if (used) {
      if (!vouches(stat, used.stat, used.taken) || !valid(used.value)) return undefined;
      this.used.set(rel, used);
      return used.value;
    }
    const p = this.position(rel);
    if (p < 0) return undefined;
    const value = this.columns.values[p];
    if (this.kept[p] === 1) return value as T;
    if (!this.columnVouches(p, stat) || !valid(value)) return undefined;
    this.kept[p] = 1;
    return value;
  }

  /** The value a writing run recorded for the text with this hash (an `own` record), if there is one. */
  ownValue<T>(rel: string, hash: string, valid: (v: unknown) => v is T): T | undefined {
    const record = this.used.get(rel) ?? this.appendedRecord(rel);
    if (record) return record.own === true && record.hash === hash && valid(record.value) ? record.value : undefined;
    const p = this.position(rel);
    if (p < 0 || !this.own.has(p) || this.columns.hashes[p] !== hash) return undefined;
    const value = this.columns.values[p];
    return valid(value) ? value : undefined;
  }

  /** Whether this run has a record of `rel` already (used or made). */
  isUsed(rel: string): boolean {
    if (this.used.has(rel)) return true;
    const p = this.position(rel);
    return p >= 0 && this.kept[p] === 1;
  }

  /** A record this run made: used from now on, and written by the next save. */
  made(rel: string, record: StoredFile): void {
    this.used.set(rel, record);
    this.added.set(rel, record);
  }

  /** The files this run knows by their records, with the hash of their text. */
  eachUsed(each: (rel: string, hash: string) => void): void {
    const { paths, hashes } = this.columns;
    for (let p = 0; p < this.kept.length; p++)
      if (this.kept[p] === 1 && !this.used.has(paths[p]!)) each(paths[p]!, hashes[p]!);
    this.used.forEach((record, rel) => {
      each(rel, record.hash);
    });
  }

  /**
   * Stores what this run made: appended as lines, or the index written whole where the lines
   * would be too many, the file is not an index to append to, or appending failed (the file went
   * away: an append never makes one). The writers say whether they wrote it all.
   */
  save(
    now: number,
    maxEntries: number,
    write: { append: (file: string, text: string) => boolean; whole: (file: string, text: string) => boolean },
  ): void {
    if (this.added.size === 0) return;
    const lines = appendedLines(this.added, now);
    this.added.clear();
    const room = appendRoom(this.columns.paths.length + this.appended.size, this.lines);
    if (this.whole && lines.count <= room && write.append(this.file, lines.text)) {
      this.lines += lines.count;
    } else if (write.whole(this.file, JSON.stringify(this.wholeColumns(now, maxEntries)))) {
      this.whole = true;
      this.lines = 0;
    }
  }

  /**
   * The index as a whole: the records this run used, with the stats it saw (all taken after
   * `this.taken`), then the most recent of the others without their stats (this run did not see
   * them: their files, if still there, are checked by their text), at most `maxEntries` in all.
   */
  private wholeColumns(now: number, maxEntries: number): IndexColumns {
    const out = emptyColumns(this.format, this.version);
    out.taken = this.taken;
    const c = this.columns;
    const push = (
      rel: string,
      stat: ArrayLike<number> | null,
      hash: string,
      value: unknown,
      at: number,
      own: boolean,
    ) => {
      const p = out.paths.length;
      out.paths.push(rel);
      for (let i = 0; i < 5; i++) out.stats.push(stat ? stat[i]! : 0);
      if (!stat) out.unstat.push(p);
      if (own) out.own.push(p);
      out.hashes.push(hash);
      out.values.push(value);
      out.at.push(at);
    };
    for (let p = 0; p < this.kept.length; p++) {
      if (this.kept[p] === 1 && !this.used.has(c.paths[p]!)) {
        push(c.paths[p]!, c.stats.slice(5 * p, 5 * p + 5), c.hashes[p]!, c.values[p], now, this.own.has(p));
      }
    }
    this.used.forEach((r, rel) => {
      r.at = now;
      push(rel, r.stat, r.hash, r.value, now, r.own === true);
    });
    const others: { rel: string; hash: string; value: unknown; at: number; own: boolean }[] = [];
    const seen = new Set(out.paths);
    this.appended.forEach((r, rel) => {
      if (!seen.has(rel) && isFileRecord(r)) {
        seen.add(rel);
        others.push({ rel, hash: r.hash, value: r.value, at: r.at, own: r.own === true });
      }
    });
    for (let p = 0; p < c.paths.length; p++) {
      const rel = c.paths[p];
      const at = c.at[p];
      if (typeof rel !== 'string' || seen.has(rel) || typeof c.hashes[p] !== 'string' || typeof at !== 'number')
        continue;
      seen.add(rel);
      others.push({ rel, hash: c.hashes[p]!, value: c.values[p], at, own: this.own.has(p) });
    }
    others.sort((a, b) => b.at - a.at);
    const room = Math.max(0, maxEntries - out.paths.length);
    for (const o of others.slice(0, room)) push(o.rel, null, o.hash, o.value, o.at, o.own);
    return out;
  }
}
