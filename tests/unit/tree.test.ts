import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskHost, type Host, MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { tempDir } from '../helpers/temp.js';

const FILES = {
  'package.json': '{"name":"demo"}\n',
  'src/index.ts': 'export {};\n',
  'src/a/one.ts': '1\n',
  'src/a/two.ts': '2\n',
  'src/ab/three.ts': '3\n',
  'src/a/.hidden/x.ts': 'x\n',
  'src/a/node_modules/pkg/index.js': 'y\n',
};

/** The same project on each host, with a way to change a file behind the tree's back. */
const HOSTS: [
  string,
  () => { host: Host; change: (rel: string, text: string) => void; mkdir: (rel: string) => void },
][] = [
  [
    'disk',
    () => {
      const root = tempDir(FILES);
      return {
        host: new DiskHost(root),
        change: (rel, text) => writeFileSync(path.join(root, rel), text),
        mkdir: (rel) => mkdirSync(path.join(root, rel)),
      };
    },
  ],
  [
    'memory',
    () => {
      const host = new MemoryHost(FILES);
      return { host, change: (rel, text) => host.write(rel, text), mkdir: (rel) => host.write(`${rel}/.keep`, '') };
    },
  ],
];

describe.each(HOSTS)('Tree over the %s host', (_name, make) => {
  const fixture = () => new Tree(make().host);

  it('reads fall through to the host; missing files read as undefined', () => {
    const tree = fixture();
    expect(tree.read('src/index.ts')).toBe('export {};\n');
    expect(tree.read('./src/index.ts')).toBe('export {};\n');
    expect(tree.read('src\\index.ts')).toBe('export {};\n');
    expect(tree.read('src/missing.ts')).toBeUndefined();
    expect(tree.read('src/a')).toBeUndefined();
    expect(tree.exists('src/index.ts')).toBe(true);
    expect(tree.exists('src/a')).toBe(true);
    expect(tree.isDirectory('src/a')).toBe(true);
    expect(tree.isDirectory('src/a/')).toBe(true);
    expect(tree.isDirectory('')).toBe(true);
    expect(tree.isDirectory('src/index.ts')).toBe(false);
    expect(tree.exists('src/missing.ts')).toBe(false);
  });

  it('lists the entries directly in a folder, dot-entries included', () => {
    const tree = fixture();
    const names = (dir: string) => tree.entries(dir).map((e) => `${e.name}${e.type === 'directory' ? '/' : ''}`);
    expect(names('').sort()).toEqual(['package.json', 'src/']);
    expect(names('src/a').sort()).toEqual(['.hidden/', 'node_modules/', 'one.ts', 'two.ts']);
    expect(names('src/missing')).toEqual([]);
    expect(names('src/index.ts')).toEqual([]);
  });

  it('records writes without touching the host, and reads them back', () => {
    const { host } = make();
    const tree = new Tree(host);
    tree.write('src/index.ts', 'export const x = 1;\n');
    tree.write('src/new/file.ts', 'new\n');
    expect(tree.read('src/index.ts')).toBe('export const x = 1;\n');
    expect(tree.read('src/new/file.ts')).toBe('new\n');
    expect(tree.exists('src/new/file.ts')).toBe(true);
    expect(host.read('src/index.ts')).toBe('export {};\n');
    expect(host.read('src/new/file.ts')).toBeUndefined();
    expect(tree.changes()).toEqual([
      { path: 'src/index.ts', action: 'update', before: 'export {};\n', after: 'export const x = 1;\n' },
      { path: 'src/new/file.ts', action: 'create', before: undefined, after: 'new\n' },
    ]);
  });

  it('counts a write equal to the host as no change', () => {
    const tree = fixture();
    tree.write('src/index.ts', 'export {};\n');
    tree.write('src/a/one.ts', 'changed\n');
    tree.write('src/a/one.ts', '1\n');
    expect(tree.changes()).toEqual([]);
  });

  it('normalizes paths, so one file written two ways is one change', () => {
    const tree = fixture();
    tree.write('./src/x.ts', 'a');
    tree.write('src/a/../x.ts', 'b');
    tree.write('src\\y.ts', 'c');
    expect(tree.changes().map((c) => [c.path, c.after])).toEqual([
      ['src/x.ts', 'b'],
      ['src/y.ts', 'c'],
    ]);
  });

  it('gives a path already normal back as it is, and normalises every other', () => {
    const tree = fixture();
    const posix = (p: string) => path.posix.normalize(p.replaceAll('\\', '/')).replace(/^\.\//, '').replace(/\/+$/, '');
    const paths = [
      'src/a/one.ts',
      'a',
      'src/a.b/c',
      'src/a..b',
      'src/.hidden/x',
      'src/./x',
      'src//x',
      'src/x/',
      'src\\x',
      'src/a/..',
      'src/a/../b',
      'src/...',
      './src',
      'src/a/.',
    ];
    for (const p of paths) expect(tree.normalize(p), p).toBe(posix(p));
  });

  it('refuses paths that escape the root', () => {
    const tree = fixture();
    for (const p of ['../outside.ts', 'src/../../outside.ts', '..', '/etc/passwd', '..\\outside.ts']) {
      expect(() => tree.write(p, 'x'), p).toThrow(`path escapes the project root: ${p}`);
      expect(() => tree.read(p), p).toThrow(`path escapes the project root: ${p}`);
    }
    expect(tree.changes()).toEqual([]);
  });

  it('lists files below a folder, recursively, with pending writes, skipping node_modules and dot-folders', () => {
    const tree = fixture();
    tree.write('src/a/deep/new.ts', 'n');
    tree.write('src/ab/other.ts', 'o');
    expect(tree.listFiles('src/a')).toEqual(['src/a/deep/new.ts', 'src/a/one.ts', 'src/a/two.ts']);
    expect(tree.listFiles('src/a/')).toEqual(['src/a/deep/new.ts', 'src/a/one.ts', 'src/a/two.ts']);
    expect(tree.listFiles('src/missing')).toEqual([]);
    tree.write('src/missing/born.ts', 'b');
    expect(tree.listFiles('src/missing')).toEqual(['src/missing/born.ts']);
  });

  it('lists the whole project from the root', () => {
    const tree = fixture();
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

  it('keeps what it read from the host, so the plan sees one snapshot', () => {
    const { host, change, mkdir } = make();
    const tree = new Tree(host);
    expect(tree.read('src/index.ts')).toBe('export {};\n');
    change('src/index.ts', 'changed behind our back\n');
    expect(tree.read('src/index.ts')).toBe('export {};\n');
    mkdir('later');
    expect(tree.isDirectory('later')).toBe(true);
  });
});

describe('MemoryHost', () => {
  it('is rooted where it is told, and gives its files back sorted', () => {
    const host = new MemoryHost({ 'b.ts': 'b', 'a/x.ts': 'x' }, { root: '/memory/Météo Server' });
    expect(host.root).toBe(path.resolve('/memory/Météo Server'));
    expect(host.snapshot()).toEqual({ 'a/x.ts': 'x', 'b.ts': 'b' });
    expect(Object.keys(host.snapshot())).toEqual(['a/x.ts', 'b.ts']);
  });

  it('has empty folders when told of them', () => {
    const host = new MemoryHost({}, { folders: ['data/raw'] });
    expect(host.isDirectory('data')).toBe(true);
    expect(host.list('')).toEqual([{ name: 'data', type: 'directory' }]);
  });
});
