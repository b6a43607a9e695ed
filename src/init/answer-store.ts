/**
 * A few answers kept between runs under their keys, in one private record of the user's cache
 * folder (src/init/private-json.ts): the most recently stored MAX_ENTRIES, each checked by the
 * caller's `valid` when read back, so a damaged or older-format entry is a miss.
 */

import path from 'node:path';
import { readRecord, recordsDir, writeRecord } from './private-json.js';

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
    const dir = recordsDir();
    return dir ? path.join(dir, `${this.name}.json`) : undefined;
  }

  private entries(file: string): Record<string, Stored<unknown>> {
    const record = readRecord(file) as { format?: unknown; entries?: unknown } | undefined;
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
    writeRecord(file, { format: FORMAT, entries: Object.fromEntries(kept) });
  }
}
