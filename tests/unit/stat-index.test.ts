import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStat, type Stat } from '../../src/registration/file-stat.js';
import { type IndexColumns, parseIndexText, StatIndex } from '../../src/registration/stat-index.js';
import { tempDir } from '../helpers/temp.js';

const FORMAT = 1;
const VERSION = '9.9.9';
const isString = (v: unknown): v is string => typeof v === 'string';
const writers = {
  append: (file: string, text: string) => {
    writeFileSync(file, readFileSync(file, 'utf8') + text);
    return true;
  },
  whole: (file: string, text: string) => {
    writeFileSync(file, text);
    return true;
  },
};

/**
 * A folder of files `a.ts`…, and an index file beside them. A run opens the index as if it had
 * started a minute from now: the files' times (ctime is now) are well before it.
 */
function folder(names: string[]) {
  const dir = tempDir();
  const stats = new Map<string, Stat>();
  for (const name of names) {
    writeFileSync(path.join(dir, name), `text of ${name}`);
    stats.set(name, fileStat(path.join(dir, name))!);
  }
  const file = path.join(dir, 'index.json');
  const open = (taken = Date.now() + 60_000) => new StatIndex(file, FORMAT, VERSION, taken);
  const columns = () => parseIndexText(readFileSync(file, 'utf8'), FORMAT, VERSION).columns!;
  return { dir, stats, file, open, columns };
}

/** A run that reads each file by its text and records it (as a run whose stats vouched for nothing). */
function recordAll(f: ReturnType<typeof folder>, names: string[]): void {
  const index = f.open();
  for (const name of names) {
    index.made(name, {
      stat: f.stats.get(name)!,
      taken: Date.now() + 60_000,
      hash: `h-${name}`,
      value: `v-${name}`,
      at: 0,
    });
  }
  index.save(Date.now(), 100, writers);
}

describe('the stat index', () => {
  it('written whole, vouches for a file by its stat alone, in any order of lookup', () => {
    const names = ['a.ts', 'b.ts', 'c.ts'];
    const f = folder(names);
    recordAll(f, names);
    const index = f.open();
    for (const name of ['c.ts', 'a.ts', 'b.ts'])
      expect(index.vouched(name, f.stats.get(name)!, isString)).toBe(`v-${name}`);
    expect(index.vouched('d.ts', f.stats.get('a.ts')!, isString)).toBeUndefined();
    // Another stat (an edit), or a value its kind refuses, is no answer.
    const edited: Stat = [...f.stats.get('a.ts')!];
    edited[3] += 1;
    const fresh = f.open();
    expect(fresh.vouched('a.ts', edited, isString)).toBeUndefined();
    expect(fresh.vouched('b.ts', f.stats.get('b.ts')!, (v): v is number => typeof v === 'number')).toBeUndefined();
  });

  it('rewrites with the records a run used and keeps the others without their stats (checked by text)', () => {
    const names = ['a.ts', 'b.ts', 'c.ts'];
    const f = folder(names);
    recordAll(f, names);
    // A run that uses a.ts by its stat and makes a record for d.ts, written whole.
    const index = f.open();
    expect(index.vouched('a.ts', f.stats.get('a.ts')!, isString)).toBe('v-a.ts');
    index.made('d.ts', { stat: null, taken: 0, hash: 'h-d', value: 'v-d', at: 0, own: true });
    index.save(Date.now(), 100, { ...writers, append: () => false });
    const c: IndexColumns = f.columns();
    expect(c.paths).toEqual(['a.ts', 'd.ts', 'b.ts', 'c.ts']);
    expect(c.unstat).toEqual([1, 2, 3]);
    expect(c.own).toEqual([1]);
    const next = f.open();
    expect(next.vouched('a.ts', f.stats.get('a.ts')!, isString)).toBe('v-a.ts');
    expect(next.vouched('b.ts', f.stats.get('b.ts')!, isString)).toBeUndefined();
    expect(next.ownValue('d.ts', 'h-d', isString)).toBe('v-d');
    expect(next.ownValue('d.ts', 'h-other', isString)).toBeUndefined();
    // b.ts's hash is still there for a run that reads it: not its own value, so only the facts by hash answer.
    expect(next.ownValue('b.ts', 'h-b.ts', isString)).toBeUndefined();
  });

  it('appends what a run makes, a later line standing for the column record', () => {
    const names = ['a.ts', 'b.ts'];
    const f = folder(names);
    recordAll(f, names);
    const index = f.open();
    const moved: Stat = [...f.stats.get('b.ts')!];
    moved[1] += 1;
    index.made('b.ts', { stat: moved, taken: Date.now() + 60_000, hash: 'h-b2', value: 'v-b2', at: 0 });
    index.save(Date.now(), 100, writers);
    expect(readFileSync(f.file, 'utf8').split('\n')).toHaveLength(2);
    expect(f.open().vouched('b.ts', moved, isString)).toBe('v-b2');
    expect(f.open().vouched('b.ts', f.stats.get('b.ts')!, isString)).toBeUndefined();
  });

  it('takes columns that disagree in length, or entries of the wrong type, for no record', () => {
    const names = ['a.ts', 'b.ts'];
    const f = folder(names);
    recordAll(f, names);
    const good = f.columns();
    writeFileSync(f.file, JSON.stringify({ ...good, hashes: ['x'] }));
    expect(f.open().vouched('a.ts', f.stats.get('a.ts')!, isString)).toBeUndefined();
    writeFileSync(f.file, JSON.stringify({ ...good, stats: good.stats.map(String) }));
    expect(f.open().vouched('a.ts', f.stats.get('a.ts')!, isString)).toBeUndefined();
    writeFileSync(f.file, JSON.stringify({ ...good, version: '0.0.1' }));
    expect(f.open().vouched('a.ts', f.stats.get('a.ts')!, isString)).toBeUndefined();
    writeFileSync(f.file, JSON.stringify(good));
    expect(f.open().vouched('a.ts', f.stats.get('a.ts')!, isString)).toBe('v-a.ts');
  });

  it('does not vouch for a file whose times are within the racy window of when the stats were taken', () => {
    const f = folder(['a.ts']);
    const now = new Date();
    utimesSync(path.join(f.dir, 'a.ts'), now, now);
    f.stats.set('a.ts', fileStat(path.join(f.dir, 'a.ts'))!);
    const index = f.open(Date.now());
    index.made('a.ts', { stat: f.stats.get('a.ts')!, taken: Date.now(), hash: 'h', value: 'v', at: 0 });
    index.save(Date.now(), 100, writers);
    expect(f.open().vouched('a.ts', f.stats.get('a.ts')!, isString)).toBeUndefined();
  });
});
