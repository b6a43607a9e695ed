/**
 * An in-memory tree laid over a host (the project's folder, or files in memory for tests).
 * Generators read through it and record writes; no byte reaches the disk until the command
 * flushes `changes()` (flush.ts). A write equal to what the host holds is no change.
 */

import path from 'node:path';
import type { FileChange } from './changes.js';
import { ScaffoldError } from './errors.js';
import type { Host, HostEntry } from './host.js';
import { assertWritableTargets } from './targets.js';

export type { ChangeAction, FileChange } from './changes.js';

const BOM = '\ufeff';

function notUtf8(rel: string): ScaffoldError {
  return new ScaffoldError('ENCODING_UNSUPPORTED', `${rel} is not UTF-8 text; nothing was written.`, {
    hint: `Editing it would change bytes outside the edit. Convert ${rel} to UTF-8 (e.g. iconv -f latin1 -t utf-8), then run the command again.`,
    details: [{ path: rel, message: 'not valid UTF-8' }],
  });
}

/** A relative path in normal form: segments without slashes or backslashes, none `.` or `..`. */
const NORMAL_PATH = /^(?!\.\.?(?:\/|$))[^/\\]+(?:\/(?!\.\.?(?:\/|$))[^/\\]+)*$/;

export class Tree {
  readonly host: Host;
  private readonly writes = new Map<string, string>();
  /** Files the plan removes (`remove`, and `rename` moving a file). */
  private readonly deletes = new Set<string>();
  /** What the host held when first read: the plan sees one snapshot, whatever changes under it. */
  private readonly snapshot = new Map<string, string | undefined>();
  /** Counts the plan's writes and deletes: what was read off the tree at one revision still holds. */
  private changeCount = 0;

  constructor(host: Host) {
    this.host = host;
  }

  /** Changes whenever the plan writes or deletes a file: a reader may keep what it found until then. */
  get revision(): number {
    return this.changeCount;
  }

  /** The absolute folder the tree is rooted at. */
  get root(): string {
    return this.host.root;
  }

  /** Normalises a project-relative path and refuses anything that escapes the root. */
  normalize(p: string): string {
    // Most paths are in normal form already (every read and write comes here): kept as they are.
    if (NORMAL_PATH.test(p)) return p;
    const rel = path.posix.normalize(p.replaceAll('\\', '/')).replace(/^\.\//, '');
    if (rel.startsWith('../') || rel === '..' || path.posix.isAbsolute(rel)) {
      throw new Error(`path escapes the project root: ${p}`);
    }
    // The root is '' and folders carry no trailing slash: listFiles('.') and listFiles('src/')
    // otherwise produced './x' and 'src//x' paths that matched nothing.
    return rel === '.' ? '' : rel.replace(/\/+$/, '');
  }

  private readHost(rel: string): string | undefined {
    if (!this.snapshot.has(rel)) this.snapshot.set(rel, this.host.read(rel));
    return this.snapshot.get(rel);
  }

  read(p: string): string | undefined {
    const rel = this.normalize(p);
    if (this.deletes.has(rel)) return undefined;
    return this.writes.has(rel) ? this.writes.get(rel) : this.readHost(rel);
  }

  /**
   * Whether `read` would give text, without reading it where the host can tell (a stat): finding
   * which of a thousand files exist should not read them all.
   */
  isFile(p: string): boolean {
    const rel = this.normalize(p);
    if (this.deletes.has(rel)) return false;
    if (this.writes.has(rel)) return true;
    if (this.snapshot.has(rel) || !this.host.isFile) return this.readHost(rel) !== undefined;
    return this.host.isFile(rel);
  }

  /** Whether the plan writes or deletes `p`: what the tree says of it is then not what the disk holds. */
  isPlanned(p: string): boolean {
    const rel = this.normalize(p);
    return this.writes.has(rel) || this.deletes.has(rel);
  }

  /** Every path the plan writes or deletes. */
  plannedPaths(): string[] {
    return [...this.writes.keys(), ...this.deletes];
  }

  exists(p: string): boolean {
    return this.read(p) !== undefined || this.isDirectory(p);
  }

  isDirectory(p: string): boolean {
    return this.host.isDirectory(this.normalize(p));
  }

  /** The entries directly in a folder, as the host has them (pending writes not included). */
  entries(dir: string): HostEntry[] {
    return this.host.list(this.normalize(dir));
  }

  /** Files below `dir` (recursively, skipping node_modules and dot-folders), pending writes included. */
  listFiles(dir: string): string[] {
    const base = this.normalize(dir);
    const found = new Set<string>();
    const walk = (rel: string) => {
      for (const e of this.host.list(rel)) {
        const child = rel ? `${rel}/${e.name}` : e.name;
        if (e.type === 'directory') {
          if (e.name !== 'node_modules' && !e.name.startsWith('.')) walk(child);
        } else if (e.type === 'file') found.add(child);
      }
    };
    walk(base);
    for (const rel of this.writes.keys()) if (base === '' || rel.startsWith(`${base}/`)) found.add(rel);
    for (const rel of this.deletes) found.delete(rel);
    return [...found].sort();
  }

  /** Records a write. Whether overwriting is allowed is the generator's decision, not the tree's. */
  write(p: string, content: string): void {
    const rel = this.normalize(p);
    this.deletes.delete(rel);
    this.writes.set(rel, content);
    this.changeCount++;
  }

  /** Records that the file goes; a write to the same path later brings it back. */
  delete(p: string): void {
    const rel = this.normalize(p);
    this.writes.delete(rel);
    this.deletes.add(rel);
    this.changeCount++;
  }

  /**
   * The effective changeset: writes that differ from the host, sorted by path. An updated file
   * keeps its byte order mark (parsers drop it from the text they edit); a file that is not UTF-8
   * is refused, since its text is only a lossy reading of its bytes; so is a write the file system
   * would refuse (targets.ts).
   */
  changes(): FileChange[] {
    const out: FileChange[] = [];
    for (const [rel, written] of this.writes) {
      const before = this.readHost(rel);
      const after = before?.startsWith(BOM) && !written.startsWith(BOM) ? BOM + written : written;
      if (before === after) continue;
      if (before !== undefined && this.host.isUndecodable?.(rel)) throw notUtf8(rel);
      out.push({ path: rel, action: before === undefined ? 'create' : 'update', before, after });
    }
    for (const rel of this.deletes) {
      const before = this.readHost(rel);
      if (before !== undefined) out.push({ path: rel, action: 'delete', before, after: '' });
    }
    assertWritableTargets(
      this.host,
      out.map((c) => c.path),
    );
    // Code-unit order, not the locale's: the same changeset prints the same way everywhere.
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}
