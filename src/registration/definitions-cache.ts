/**
 * What each definition file defines, remembered between runs by the file's text: `add` needs the
 * MCP name and exports of every definition (collisions, the server prefix, naming habits), and
 * parsing a thousand files to learn what the last run already learnt made `add` grow with the
 * project. An entry is keyed by a hash of the cache format, mcp-scaffold's version, the layout's
 * builders and the file's whole text, so an edited file, another version or another layout is
 * simply a miss and is parsed as before. Entries do not depend on which project holds the file,
 * so `init` finds what its own starter tool defines without loading ts-morph. One file per user
 * (in the user's cache folder, readable by them only), keeping the MAX_ENTRIES most recently
 * used; a missing, unreadable or corrupt cache is ignored, and writing it may fail without
 * consequence. `MCP_SCAFFOLD_CACHE=0` turns it off.
 */

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DiskHost } from '../engine/host.js';
import type { Tree } from '../engine/tree.js';
import { cacheDir } from '../startup/cache-dir.js';
import type { DefinitionLayout } from './layout.js';

const FORMAT = 2;
const MAX_ENTRIES = 20_000;

/** What one file defines, as existingDefinitions reports it (without the file's path). */
export interface FileDefinitions {
  names: { name: string | null; uri?: string | null }[];
  exports: string[];
}

/** An entry on disk: `at` is when a run last wrote it, for keeping the most recent. */
type StoredEntry = FileDefinitions & { at: number };

interface CacheFile {
  format: number;
  version: string;
  entries: Record<string, StoredEntry>;
}

let version: string | undefined;
function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
  return version;
}

export { cacheDir } from '../startup/cache-dir.js';

const isStringOrNull = (v: unknown) => v === null || typeof v === 'string';

/** An entry as read back from disk, or undefined when it is not one this format writes. */
function validEntry(value: unknown): FileDefinitions | undefined {
  const v = value as FileDefinitions | undefined;
  if (!v || !Array.isArray(v.names) || !Array.isArray(v.exports)) return undefined;
  if (!v.exports.every((e) => typeof e === 'string')) return undefined;
  const namesOk = v.names.every(
    (n) => n && typeof n === 'object' && isStringOrNull(n.name) && (n.uri === undefined || isStringOrNull(n.uri)),
  );
  return namesOk ? v : undefined;
}

/** The user's cache, loaded once per run. */
export class DefinitionsCache {
  private readonly stored: Record<string, unknown>;
  private readonly used = new Map<string, FileDefinitions>();
  private dirty = false;

  private constructor(private readonly file: string | undefined) {
    this.stored = file ? readEntries(file) : {};
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
    const file = path.join(cacheDir(), 'definitions.json');
    let cache = DefinitionsCache.loaded.get(file);
    if (!cache) {
      cache = new DefinitionsCache(file);
      DefinitionsCache.loaded.set(file, cache);
    }
    return cache;
  }

  /** What the file with this text defines, computing it with `read` on a miss. */
  lookup(layout: DefinitionLayout, text: string, read: () => FileDefinitions): FileDefinitions {
    const key = entryKey(layout, text);
    let entry = this.used.get(key) ?? validEntry(this.stored[key]);
    if (!entry) {
      entry = read();
      this.dirty = true;
    }
    if (!this.used.has(key)) {
      this.used.set(key, entry);
      if (!(key in this.stored)) this.dirty = true;
    }
    return entry;
  }

  /** Writes the entries used so far, when anything was new (atomically: a reader never sees half a file). */
  save(): void {
    if (!this.file || !this.dirty) return;
    this.dirty = false;
    const now = Date.now();
    const kept = Object.entries(this.stored)
      .filter(
        ([key, entry]) => !this.used.has(key) && validEntry(entry) && typeof (entry as StoredEntry).at === 'number',
      )
      .sort(([, a], [, b]) => (b as StoredEntry).at - (a as StoredEntry).at)
      .slice(0, Math.max(0, MAX_ENTRIES - this.used.size));
    const used = [...this.used].map(([key, entry]) => [key, { ...entry, at: now }]);
    const data: CacheFile = {
      format: FORMAT,
      version: packageVersion(),
      entries: Object.fromEntries([...used, ...kept]),
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

function readEntries(file: string): Record<string, unknown> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<CacheFile>;
    const fresh = data?.format === FORMAT && data.version === packageVersion();
    return fresh && data.entries && typeof data.entries === 'object' ? data.entries : {};
  } catch {
    return {};
  }
}

function entryKey(layout: DefinitionLayout, text: string): string {
  return createHash('sha256')
    .update(`${FORMAT}\0${packageVersion()}\0${layout.nameIn}\0${layout.builders.join(',')}\0`)
    .update(text)
    .digest('base64url');
}
