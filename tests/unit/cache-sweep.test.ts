import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCacheFile } from '../../src/registration/definitions-cache.js';
import { DAY_MS } from '../../src/startup/private-file.js';
import { tempDir } from '../helpers/temp.js';

/** A file in `dir` last written `days` ago. */
function aged(dir: string, name: string, days: number): string {
  const file = path.join(dir, name);
  writeFileSync(file, '{}');
  const at = new Date(Date.now() - days * DAY_MS);
  utimesSync(file, at, at);
  return file;
}

describe('the definitions cache clears out what no run has written for two months', () => {
  it('removes old facts, stat indexes, readings and stray temps; keeps recent ones and files not its own', () => {
    const dir = path.join(tempDir(), 'cache');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const old = ['facts-OLD_a-1.json', 'files-Old-b.json', 'reading-0123456789abcdef.json', 'x.json.42.ab.tmp'];
    for (const name of old) aged(dir, name, name.endsWith('.tmp') ? 2 : 61);
    const kept = [
      'facts-recent.json',
      'files-recent.json',
      'registry-answers.json',
      'npm-config.json',
      'notes-old.json',
    ];
    aged(dir, 'facts-recent.json', 59);
    aged(dir, 'files-recent.json', 1);
    aged(dir, 'registry-answers.json', 400);
    aged(dir, 'npm-config.json', 400);
    aged(dir, 'notes-old.json', 400);

    writeCacheFile(path.join(dir, 'files-new.json'), '{"records":{}}');

    const left = readdirSync(dir);
    for (const name of old) expect(left, name).not.toContain(name);
    for (const name of [...kept, 'files-new.json', '.swept']) expect(left, name).toContain(name);
  });

  it('clears out at most once a day: the marker holds a later write back', () => {
    const dir = path.join(tempDir(), 'cache');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeCacheFile(path.join(dir, 'files-a.json'), '{}');
    expect(existsSync(path.join(dir, '.swept'))).toBe(true);
    const stale = aged(dir, 'facts-stale.json', 90);
    writeCacheFile(path.join(dir, 'files-b.json'), '{}');
    expect(existsSync(stale)).toBe(true);
    // A day later, the next write clears it out.
    const yesterday = new Date(Date.now() - DAY_MS - 60_000);
    utimesSync(path.join(dir, '.swept'), yesterday, yesterday);
    writeCacheFile(path.join(dir, 'files-c.json'), '{}');
    expect(existsSync(stale)).toBe(false);
  });
});
