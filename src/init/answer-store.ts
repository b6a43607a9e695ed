/**
 * A few answers kept between runs under their keys (what the registry and npm answered), in one
 * JSON file of the user's cache folder, private to the user (src/engine/user-cache.ts): the
 * most recently stored MAX_ENTRIES, each checked by the caller's `valid` when read back, so a
 * damaged, foreign or older-format file or entry is a miss. Failing to write one costs only a
 * later run its question.
 */

import path from 'node:path';
import { keptCacheDir, readPrivateFile, writePrivateFile } from '../engine/user-cache.js';

const FORMAT = 1;
const MAX_ENTRIES = 32;

interface Stored<T> {
  value: T;
  at: number;
}

export class AnswerStore<T> {
  constructor(
    private readonly name: string,
    private readonly valid: (value: unknown) => value is T,
  ) {}

  private file(): string | undefined {
    const dir = keptCacheDir();
    return dir ? path.join(dir, `${this.name}.json`) : undefined;
  }

  private entries(file: string): Record<string, Stored<unknown>> {
    let record: { format?: unknown; entries?: unknown } | undefined;
    try {
      record = JSON.parse(readPrivateFile(file)?.bytes.toString('utf8') ?? 'null');
    } catch {
      record = undefined; // not JSON: a miss
    }
    const entries = record?.format === FORMAT ? record.entries : undefined;
    return entries && typeof entries === 'object' ? (entries as Record<string, Stored<unknown>>) : {};
  }

  /** The answer stored under `key`, or undefined (also when caches are off). */
  get(key: string): T | undefined {
    const file = this.file();
    if (!file) return undefined;
    const value = this.entries(file)[key]?.value;
    return this.valid(value) ? value : undefined;
  }

  /** Stores (or, with undefined, forgets) the answer under `key`. */
  set(key: string, value: T | undefined): void {
    const file = this.file();
    if (!file) return;
    const entries = this.entries(file);
    if (value === undefined && !(key in entries)) return;
    delete entries[key];
    if (value !== undefined) entries[key] = { value, at: Date.now() };
    const kept = Object.entries(entries)
      .filter(([, e]) => typeof e?.at === 'number')
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_ENTRIES);
    writePrivateFile(file, `${JSON.stringify({ format: FORMAT, entries: Object.fromEntries(kept) })}\n`);
  }
}
