import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Tree } from '../../src/engine/tree.js';
import { tempDir } from '../helpers/temp.js';

function fixture(): string {
  return tempDir({
    'package.json': '{"name":"demo"}\n',
    'src/index.ts': 'export {};\n',
    'src/a/one.ts': '1\n',
    'src/a/two.ts': '2\n',
    'src/ab/three.ts': '3\n',
    'src/a/.hidden/x.ts': 'x\n',
    'src/a/node_modules/pkg/index.js': 'y\n',
  });
}

describe('Tree', () => {
  it('reads fall through to the disk; missing files read as undefined', () => {
    const tree = new Tree(fixture());
    expect(tree.read('src/index.ts')).toBe('export {};\n');
    expect(tree.read('./src/index.ts')).toBe('export {};\n');
    expect(tree.read('src\\index.ts')).toBe('export {};\n');
    expect(tree.read('src/missing.ts')).toBeUndefined();
    expect(tree.exists('src/index.ts')).toBe(true);
    expect(tree.exists('src/a')).toBe(true);
    expect(tree.isDirectory('src/a')).toBe(true);
    expect(tree.isDirectory('src/index.ts')).toBe(false);
    expect(tree.exists('src/missing.ts')).toBe(false);
  });

  it('records writes without touching the disk, and reads them back', () => {
    const root = fixture();
    const tree = new Tree(root);
    tree.write('src/index.ts', 'export const x = 1;\n');
    tree.write('src/new/file.ts', 'new\n');
    expect(tree.read('src/index.ts')).toBe('export const x = 1;\n');
    expect(tree.read('src/new/file.ts')).toBe('new\n');
    expect(tree.exists('src/new/file.ts')).toBe(true);
    expect(readFileSync(path.join(root, 'src/index.ts'), 'utf8')).toBe('export {};\n');
    expect(() => readFileSync(path.join(root, 'src/new/file.ts'))).toThrow();
    expect(tree.changes()).toEqual([
      { path: 'src/index.ts', action: 'update', before: 'export {};\n', after: 'export const x = 1;\n' },
      { path: 'src/new/file.ts', action: 'create', before: undefined, after: 'new\n' },
    ]);
  });

  it('counts a write equal to the disk as no change', () => {
    const tree = new Tree(fixture());
    tree.write('src/index.ts', 'export {};\n');
    tree.write('src/a/one.ts', 'changed\n');
    tree.write('src/a/one.ts', '1\n');
    expect(tree.changes()).toEqual([]);
  });

  it('normalizes paths, so one file written two ways is one change', () => {
    const tree = new Tree(fixture());
    tree.write('./src/x.ts', 'a');
    tree.write('src/a/../x.ts', 'b');
    tree.write('src\\y.ts', 'c');
    expect(tree.changes().map((c) => [c.path, c.after])).toEqual([
      ['src/x.ts', 'b'],
      ['src/y.ts', 'c'],
    ]);
  });

  it('refuses paths that escape the root', () => {
    const tree = new Tree(fixture());
    for (const p of ['../outside.ts', 'src/../../outside.ts', '..', '/etc/passwd', '..\\outside.ts']) {
      expect(() => tree.write(p, 'x'), p).toThrow(`path escapes the project root: ${p}`);
      expect(() => tree.read(p), p).toThrow(`path escapes the project root: ${p}`);
    }
    expect(tree.changes()).toEqual([]);
  });

  it('lists files below a folder, recursively, with pending writes, skipping node_modules and dot-folders', () => {
    const tree = new Tree(fixture());
    tree.write('src/a/deep/new.ts', 'n');
    tree.write('src/ab/other.ts', 'o');
    expect(tree.listFiles('src/a')).toEqual(['src/a/deep/new.ts', 'src/a/one.ts', 'src/a/two.ts']);
    expect(tree.listFiles('src/a/')).toEqual(['src/a/deep/new.ts', 'src/a/one.ts', 'src/a/two.ts']);
    expect(tree.listFiles('src/missing')).toEqual([]);
    tree.write('src/missing/born.ts', 'b');
    expect(tree.listFiles('src/missing')).toEqual(['src/missing/born.ts']);
  });

  it('lists the whole project from the root', () => {
    const tree = new Tree(fixture());
    tree.write('tests/new.test.ts', 't');
    const all = [
      'package.json',
      'src/a/one.ts',
      'src/a/two.ts',
      'src/ab/three.ts',
      'src/index.ts',
      'tests/new.test.ts',
    ];
    expect(tree.listFiles('')).toEqual(all);
    expect(tree.listFiles('.')).toEqual(all);
  });

  it('caches what it read from the disk, so the plan sees one snapshot', () => {
    const root = fixture();
    const tree = new Tree(root);
    expect(tree.read('src/index.ts')).toBe('export {};\n');
    writeFileSync(path.join(root, 'src/index.ts'), 'changed behind our back\n');
    expect(tree.read('src/index.ts')).toBe('export {};\n');
    mkdirSync(path.join(root, 'later'));
    expect(tree.isDirectory('later')).toBe(true);
  });

  it('collects problems without throwing', () => {
    const tree = new Tree(fixture());
    tree.problem({ code: 'ALREADY_EXISTS', path: 'src/index.ts', message: 'file already exists' });
    tree.problem({ code: 'PARSE_ERROR', path: 'src/index.ts', line: 3, message: 'bad' });
    expect(tree.problems).toEqual([
      { code: 'ALREADY_EXISTS', path: 'src/index.ts', message: 'file already exists' },
      { code: 'PARSE_ERROR', path: 'src/index.ts', line: 3, message: 'bad' },
    ]);
  });
});
