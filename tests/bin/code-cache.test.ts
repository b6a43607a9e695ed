/**
 * The code cache the launcher keeps of the bundle (src/cli/code-cache.ts), as a user's runs meet
 * it: made by a first run, taken by V8 as it is on the next run of that command (a cache V8
 * refused would be made again, under a new inode), grown by the first run of another command,
 * and a damaged one set aside without a trace in what the run does. Timings live in the bench.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp.js';
import { runCli, scaleFixture } from './support.js';

const temp = () => tempFolder('mcp-scaffold-code-cache-');

/** The one cache file in `cache`'s code folder: its path, inode, header and the bytes after it. */
function kept(cache: string) {
  const dir = path.join(cache, 'code');
  const names = readdirSync(dir);
  expect(names).toHaveLength(1);
  const file = path.join(dir, names[0]!);
  const bytes = readFileSync(file);
  const newline = bytes.indexOf(10);
  const head = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as { crc: number; commands: string[] };
  return { file, ino: statSync(file).ino, head, dataAt: newline + 1, size: bytes.length };
}

const server = () => scaleFixture(temp(), 3, 'inline');

const run = (args: string[], cwd: string, cache: string, env: NodeJS.ProcessEnv = {}) => {
  const r = runCli(args, { cwd, env: { MCP_SCAFFOLD_CACHE_DIR: cache, ...env } });
  expect(r.status, r.stderr).toBe(0);
  return { stdout: r.stdout, stderr: r.stderr };
};

describe("the launcher's code cache of the bundle", () => {
  it('is made by a first run, used as it is by the next, and grown by another command', () => {
    const cache = temp();
    const cwd = server();
    const first = run(['list', '--json'], cwd, cache);
    const made = kept(cache);
    expect(made.head.commands).toEqual(['list']);
    expect(made.size).toBeGreaterThan(made.dataAt + 100_000);
    // The same command again: V8 took the cache, so nothing was written.
    expect(run(['list', '--json'], cwd, cache)).toEqual(first);
    expect(kept(cache).ino).toBe(made.ino);
    // Another command's code is added once.
    run(['--version'], cwd, cache);
    const grown = kept(cache);
    expect(grown.ino).not.toBe(made.ino);
    expect(grown.head.commands).toEqual(['list', '']);
    run(['--version'], cwd, cache);
    expect(kept(cache).ino).toBe(grown.ino);
  });

  it.each([
    [
      'a changed byte',
      (bytes: Buffer, at: number) =>
        Buffer.concat([
          bytes.subarray(0, at + 5000),
          Buffer.from([bytes[at + 5000]! ^ 0xff]),
          bytes.subarray(at + 5001),
        ]),
    ],
    ['a cut', (bytes: Buffer, at: number) => bytes.subarray(0, at + 1000)],
    ['no header', (bytes: Buffer, at: number) => bytes.subarray(at)],
  ])('a cache with %s is set aside: the run is the same, and the cache made again', (_, damage) => {
    const cache = temp();
    const cwd = server();
    const clean = run(['list', '--json'], cwd, cache);
    const made = kept(cache);
    writeFileSync(made.file, damage(readFileSync(made.file), made.dataAt));
    expect(run(['list', '--json'], cwd, cache)).toEqual(clean);
    const again = kept(cache);
    expect(again.ino).not.toBe(made.ino);
    expect(again.head.commands).toEqual(['list']);
    expect(again.head.crc).toBe(crc32(readFileSync(again.file).subarray(again.dataAt)));
  });

  it("gives stack traces the bundle's own lines and columns, as a plain require does", () => {
    const dir = temp();
    const bundle = path.join(dir, 'bundle.cjs');
    writeFileSync(bundle, 'const a = 1; function f() { throw new Error("here"); }\nexports.main = () => f();\n');
    const where = (load: string) => {
      const r = spawnSync(process.execPath, ['-e', `try { ${load}.main(); } catch (e) { console.log(e.stack); }`], {
        encoding: 'utf8',
        env: { ...process.env, MCP_SCAFFOLD_CACHE_DIR: temp() },
      });
      return r.stdout.split('\n').slice(1, 3).join('\n');
    };
    const launch = JSON.stringify(path.resolve(import.meta.dirname, '../../dist/launch.cjs'));
    const traced = where(`require(${launch}).loadBundle(${JSON.stringify(bundle)}, ['node', 'cli', 'list'])`);
    expect(traced).toContain(`${bundle}:1:35`);
    expect(traced).toBe(where(`require(${JSON.stringify(bundle)})`));
  });

  it('is not kept with caches off, nor by a dry run', () => {
    const cwd = server();
    const off = temp();
    // Nor Node's compile cache, which would go to the temp folder.
    const tmp = temp();
    run(['add', 'tool', 'demo_find_less', '--no-devcheck', '--yes'], cwd, off, {
      MCP_SCAFFOLD_CACHE: '0',
      TMPDIR: tmp,
      NODE_COMPILE_CACHE: undefined,
    });
    expect(readdirSync(off)).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
    const dry = temp();
    run(['add', 'tool', 'demo_find_more', '--dry-run', '--no-devcheck', '--yes'], cwd, dry);
    expect(existsSync(path.join(dry, 'code'))).toBe(false);
  });
});
