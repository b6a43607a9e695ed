/**
 * The CLI as the build leaves it: bin/mcp-scaffold.js runs the bundle (dist/cli.cjs) with a code
 * cache of its own, and the bundle carries every template compiled at build time. What a run
 * prints and writes from the bundle is what tsc's modules (dist/cli/main.js, which compile each
 * template when first rendered) print and write. Timings live in the bench, never here.
 */

import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp.js';
import { BIN, runCli, scaleFixture, treeDigest } from './support.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MODULES_MAIN = pathToFileURL(path.join(ROOT, 'dist/cli/main.js')).href;

const temp = (prefix: string) => tempFolder(`mcp-scaffold-startup-${prefix}-`);

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
  digest: string;
}

/**
 * Runs `args` in a fresh copy of `fixture` (or a fresh empty folder), from the bundle or from
 * tsc's modules; what it printed (the folder's path written as <dir>) and the digest of what it left.
 */
function outcome(args: string[], from: 'bundle' | 'modules', fixture?: string): Outcome {
  const cwd = path.join(temp('run'), 'server');
  cpSync(fixture ?? temp('empty'), cwd, { recursive: true });
  const env = { MCP_SCAFFOLD_CACHE_DIR: temp('cache') };
  const r =
    from === 'bundle'
      ? runCli(args, { cwd, env })
      : spawnSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `process.argv.splice(1, 0, ${JSON.stringify(BIN)}); import(${JSON.stringify(MODULES_MAIN)}).then((m) => m.main(process.argv))`,
            '--',
            ...args,
          ],
          { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, input: '', encoding: 'utf8', timeout: 120_000 },
        );
  const clean = (s: string) => s.replaceAll(cwd, '<dir>');
  return { status: r.status, stdout: clean(r.stdout), stderr: clean(r.stderr), digest: treeDigest(cwd) };
}

function expectSameFromModules(args: string[], fixture?: string): Outcome {
  const bundled = outcome(args, 'bundle', fixture);
  expect(outcome(args, 'modules', fixture)).toEqual(bundled);
  return bundled;
}

const fixtureOf = (layout: string, tools: number) => scaleFixture(temp(`scale-${layout}`), tools, layout);

describe('the build', () => {
  it('puts the launcher, the bundle and the templates in the packed package', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const files = (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    for (const file of [
      'bin/mcp-scaffold.js',
      'bin/package.json',
      'dist/cli.cjs',
      'dist/launch.cjs',
      'dist/kinds/tool/templates/tool.ts.hbs',
    ]) {
      expect(files).toContain(file);
    }
  });

  it('makes the bundle ASCII, so that Node loads it as one-byte text', () => {
    // A comment esbuild keeps (a legal one) could bring a UTF-8 character back, and with it a
    // two-byte copy of the whole script on every run.
    const bundle = readFileSync(path.join(ROOT, 'dist/cli.cjs'));
    const wide = bundle.findIndex((byte) => byte > 0x7f);
    expect(wide < 0 ? '' : bundle.subarray(Math.max(0, wide - 80), wide + 20).toString('utf8')).toBe('');
  });

  it("keeps Node's compile cache of what it requires, and a code cache of the bundle (code-cache.test.ts)", () => {
    const cache = temp('compile-cache');
    const own = temp('code-cache');
    const r = runCli(['--version'], { env: { NODE_COMPILE_CACHE: cache, MCP_SCAFFOLD_CACHE_DIR: own } });
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(cache, { recursive: true }).length).toBeGreaterThan(0);
    expect(readdirSync(path.join(own, 'code'))).toHaveLength(1);
  });
});

describe('the bundle and tsc modules write and print the same', () => {
  it.each(['inline', 'barrel'])('add of every kind on a %s fixture', (layout) => {
    const fixture = fixtureOf(layout, 12);
    for (const args of [
      ['add', 'tool', 'demo_find_things', '--no-devcheck', '--yes'],
      ['add', 'tool', 'demo_delete_thing', '--destructive', '--input', 'id:string:Which one', '--no-devcheck', '--yes'],
      ['add', 'resource', 'demo-thing', '--no-devcheck', '--yes'],
      ['add', 'prompt', 'demo_brief', '--no-devcheck', '--yes'],
      ['add', 'service', 'inventory', '--no-devcheck', '--yes'],
    ]) {
      expect(expectSameFromModules(args, fixture).status, args.join(' ')).toBe(0);
    }
  });

  it('list, for people and --json', () => {
    const fixture = fixtureOf('barrel', 12);
    expect(expectSameFromModules(['list'], fixture).status).toBe(0);
    expect(expectSameFromModules(['list', '--json'], fixture).status).toBe(0);
  });

  it('init --no-install --no-git', () => {
    expect(
      expectSameFromModules(['init', 'acme', '--yes', '--no-install', '--no-git', '--framework-version', '0.12.3'])
        .status,
    ).toBe(0);
  });

  it('an entry point that does not parse: the error names the file and line', () => {
    const fixture = fixtureOf('inline', 2);
    const index = path.join(fixture, 'src/index.ts');
    writeFileSync(index, readFileSync(index, 'utf8').replace('tools: [', 'tools: [[,'));
    for (const args of [
      ['add', 'tool', 'demo_find_things', '--no-devcheck', '--yes'],
      ['list', '--json'],
    ]) {
      const r = expectSameFromModules(args, fixture);
      expect(r.status, r.stdout + r.stderr).not.toBe(0);
      expect(r.stdout + r.stderr).toMatch(/src\/index\.ts does not parse: line \d+/);
    }
  });

  it.each([
    [['frob']],
    [['add', 'tool']],
    [['add', 'tool', 'demo_x', '--json', '--devcheck-timeout', 'soon']],
    [['add']],
    [[]],
  ])('the usage error of %j', (args) => {
    expect(expectSameFromModules(args).status).toBe(1);
  });
});
