/**
 * What a tree reads through: the project's folder on disk, or (in tests) a map of files in memory.
 * Paths are relative to the host's root, with forward slashes; '' is the root itself.
 */

import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FileChange } from './changes.js';
import { containedPaths } from './containment.js';
import { flush } from './flush.js';
import { readRegularFile } from './regular-file.js';

export interface HostEntry {
  name: string;
  /** Symlinks, sockets and the like are 'other': a tree neither reads nor walks into them. */
  type: 'file' | 'directory' | 'other';
}

export interface Host {
  /** The absolute folder the relative paths start from (a new project's folder may not exist yet). */
  readonly root: string;
  /** The file's text, or undefined when there is no file there. */
  read(rel: string): string | undefined;
  /**
   * Whether the file read at `rel` is not UTF-8: its text is then a lossy reading (fine for
   * finding names), and writing it back would change bytes outside any edit.
   */
  isUndecodable?(rel: string): boolean;
  isDirectory(rel: string): boolean;
  /** Whether there is a file at `rel` (links followed), without reading it; by default, whether it reads. */
  isFile?(rel: string): boolean;
  /** The entries directly in a folder; none when it is missing or not a folder. */
  list(rel: string): HostEntry[];
  /** Refuses (OUTSIDE_PROJECT) paths of which one leads out of the root through a link. */
  verify(paths: readonly string[]): void;
  /**
   * Writes a checked changeset, all of it or (when a write fails) none of it; what to warn about
   * (an interrupted earlier run it undid first).
   */
  flush(changes: readonly FileChange[]): string[] | Promise<string[]>;
}

// A BOM stays in the text (as U+FEFF), so that writing the text back keeps it.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes as UTF-8 text, or undefined when they are not UTF-8 (a Latin-1 file, say). */
function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The project's folder on disk. */
export class DiskHost implements Host {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private readonly undecodable = new Set<string>();

  read(rel: string): string | undefined {
    const bytes = readRegularFile(path.join(this.root, rel), rel);
    if (bytes === undefined) return undefined;
    const text = decodeUtf8(bytes);
    if (text !== undefined) return text;
    this.undecodable.add(rel);
    return bytes.toString('utf8');
  }

  isUndecodable(rel: string): boolean {
    return this.undecodable.has(rel);
  }

  isFile(rel: string): boolean {
    try {
      return statSync(path.join(this.root, rel), { throwIfNoEntry: false })?.isFile() === true;
    } catch {
      return false; // a file where a folder of the path should be
    }
  }

  isDirectory(rel: string): boolean {
    try {
      return statSync(path.join(this.root, rel), { throwIfNoEntry: false })?.isDirectory() === true;
    } catch {
      return false;
    }
  }

  list(rel: string): HostEntry[] {
    try {
      return readdirSync(path.join(this.root, rel), { withFileTypes: true }).map((e) => ({
        name: e.name,
        type: e.isDirectory() ? 'directory' : e.isFile() ? 'file' : 'other',
      }));
    } catch {
      return [];
    }
  }

  verify(paths: readonly string[]): void {
    containedPaths(this.root, paths);
  }

  flush(changes: readonly FileChange[]): Promise<string[]> {
    return flush(this.root, changes);
  }
}

/**
 * Files held in memory (project-relative path → content): generator tests plan against it
 * without a folder on disk. Folders are implied by the files below them, and by `folders`.
 */
export class MemoryHost implements Host {
  readonly root: string;
  private readonly files = new Map<string, string>();
  private readonly folders = new Set<string>(['']);

  constructor(files: Record<string, string> = {}, opts: { root?: string; folders?: string[] } = {}) {
    this.root = path.resolve(opts.root ?? '/memory/project');
    for (const [rel, content] of Object.entries(files)) this.write(rel, content);
    for (const folder of opts.folders ?? []) this.addFolder(folder);
  }

  verify(): void {}

  flush(changes: readonly FileChange[]): string[] {
    for (const change of changes) {
      if (change.action === 'delete') this.files.delete(trimSlashes(change.path));
      else this.write(change.path, change.after);
    }
    return [];
  }

  /** Puts a file in (a later step of a test: what a flush would have written). */
  write(rel: string, content: string): void {
    const clean = trimSlashes(rel);
    this.files.set(clean, content);
    this.addFolder(path.posix.dirname(clean));
  }

  /** Every file, as the map the host was made from (for writing a copy to disk, say). */
  snapshot(): Record<string, string> {
    return Object.fromEntries([...this.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  private addFolder(rel: string): void {
    for (let dir = trimSlashes(rel); dir !== '' && dir !== '.'; dir = path.posix.dirname(dir)) this.folders.add(dir);
  }

  read(rel: string): string | undefined {
    return this.files.get(trimSlashes(rel));
  }

  isDirectory(rel: string): boolean {
    const clean = trimSlashes(rel);
    return this.folders.has(clean === '.' ? '' : clean);
  }

  list(rel: string): HostEntry[] {
    const dir = trimSlashes(rel);
    if (!this.isDirectory(dir)) return [];
    const prefix = dir === '' || dir === '.' ? '' : `${dir}/`;
    const entries = new Map<string, HostEntry['type']>();
    for (const file of this.files.keys()) if (file.startsWith(prefix)) entries.set(file.slice(prefix.length), 'file');
    for (const folder of this.folders)
      if (folder !== '' && folder.startsWith(prefix)) entries.set(folder.slice(prefix.length), 'directory');
    return [...entries].filter(([name]) => !name.includes('/')).map(([name, type]) => ({ name, type }));
  }
}

function trimSlashes(rel: string): string {
  return rel.replace(/^\/+|\/+$/g, '');
}
