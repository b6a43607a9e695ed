/**
 * The project cache on the bench's scale fixture (scripts/scale-fixture.mjs), both layouts: `add
 * tool` and `list` with the cache cold, warm (files checked by content, and files trusted by their
 * stat) and corrupt give byte for byte what they give with it turned off; so do `remove` and
 * `rename` one after the other, each planned from what the one before left in the cache. Timings
 * live in the bench, never here.
 */
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp.js';
import { runCli, scaleFixture, treeDigest } from './support.js';

const TOOLS = 1000;

const fixtureOf = (layout: string) => scaleFixture(tempFolder('mcp-scaffold-scale-'), TOOLS, layout);

/** add tool then list (people's and --json) in a copy of `fixture`; what they print and leave. */
function addThenList(fixture: string, env: NodeJS.ProcessEnv) {
  const cwd = `${fixture}-${Math.random().toString(36).slice(2)}`;
  cpSync(fixture, cwd, { recursive: true });
  const add = runCli(['add', 'tool', 'demo_find_things', '--no-devcheck', '--yes'], { cwd, env });
  const list = runCli(['list'], { cwd, env });
  const json = runCli(['list', '--json'], { cwd, env });
  for (const r of [add, list, json]) expect(r.status, r.stderr).toBe(0);
  return { digest: treeDigest(cwd), out: [add.stdout, add.stderr, list.stdout, json.stdout] };
}

/** The i-th tool of the fixture: its MCP name. */
const tool = (i: number) => `demo_item${String(i).padStart(4, '0')}_find`;

/**
 * Removes and renames tools one after the other in a copy of `fixture` (people's output and
 * --json), with the cache as `env` says; `spoil` runs before the third command. What they print
 * and leave.
 */
function removesAndRenames(fixture: string, env: NodeJS.ProcessEnv, spoil: () => void = () => {}) {
  const cwd = `${fixture}-${Math.random().toString(36).slice(2)}`;
  cpSync(fixture, cwd, { recursive: true });
  const commands = [
    ['remove', 'tool', tool(1)],
    ['rename', 'tool', tool(2), 'demo_item0002_lookup', '--json'],
    ['remove', 'tool', tool(3), '--json'],
    ['rename', 'tool', tool(4), 'demo_zz_top'],
    ['remove', 'tool', 'demo_item0002_lookup', '--dry-run', '--json'],
  ];
  const out = commands.map((args, i) => {
    if (i === 2) spoil();
    const r = runCli([...args, '--no-devcheck', '--yes'], { cwd, env });
    expect(r.status, r.stderr).toBe(0);
    return [r.stdout, r.stderr];
  });
  return { digest: treeDigest(cwd), out };
}

/** Every file of the cache folder made garbage. */
function spoilCache(dir: string): void {
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, f);
    if (statSync(file).isFile()) writeFileSync(file, '\u0000not json');
  }
}

describe.each(['inline', 'barrel'])(`%s layout, ${TOOLS} tools: remove and rename`, (layout) => {
  it('give the same files and output with the cache cold then warm, spoilt, and off', () => {
    const fixture = fixtureOf(layout);
    const cacheDir = tempFolder('mcp-scaffold-cache-');
    const plain = removesAndRenames(fixture, { MCP_SCAFFOLD_CACHE: '0', MCP_SCAFFOLD_CACHE_DIR: cacheDir });
    expect(readdirSync(cacheDir)).toEqual([]);
    expect(plain.out[3]![0]).toContain('demo-zz-top.tool.ts');
    const env = { MCP_SCAFFOLD_CACHE_DIR: cacheDir };
    expect(removesAndRenames(fixture, env)).toEqual(plain); // cold, then each from what the last one left
    expect(removesAndRenames(fixture, env, () => spoilCache(cacheDir))).toEqual(plain);
  }, 900_000);
});

describe.each(['inline', 'barrel'])(`%s layout, ${TOOLS} tools`, (layout) => {
  it('gives the same files and output with the cache cold, warm, corrupt and off', () => {
    const fixture = fixtureOf(layout);
    const cacheDir = tempFolder('mcp-scaffold-cache-');
    const plain = addThenList(fixture, { MCP_SCAFFOLD_CACHE: '0', MCP_SCAFFOLD_CACHE_DIR: cacheDir });
    expect(readdirSync(cacheDir)).toEqual([]);
    expect(plain.out[2]).toContain(`${TOOLS + 1} definitions: ${TOOLS + 1} registered`);
    const env = { MCP_SCAFFOLD_CACHE_DIR: cacheDir };
    expect(addThenList(fixture, env)).toEqual(plain); // cold: parses, writes the cache
    // One cache file per project, named by a base64url hash, which may hold '-' and '_'.
    const files = readdirSync(path.join(cacheDir, 'projects')).filter((f) => f.endsWith('.json'));
    expect(files.length, files.join(', ')).toBeGreaterThan(0);
    expect(files.every((f) => /^[\w-]+\.json$/.test(f))).toBe(true);
    expect(addThenList(fixture, env)).toEqual(plain); // warm
    // Every cache file garbled.
    for (const f of readdirSync(cacheDir, { recursive: true, encoding: 'utf8' })) {
      const file = path.join(cacheDir, f);
      if (statSync(file).isFile()) writeFileSync(file, '\u0000not json');
    }
    expect(addThenList(fixture, env)).toEqual(plain); // corrupt
  }, 900_000); // 12 runs of the CLI over a thousand files, on a loaded 2-core machine

  it('gives the same with every file old enough to be trusted by its stat', () => {
    const fixture = fixtureOf(layout);
    const cacheDir = tempFolder('mcp-scaffold-cache-');
    const env = { MCP_SCAFFOLD_CACHE_DIR: cacheDir };
    const lists = (e: NodeJS.ProcessEnv) =>
      [runCli(['list'], { cwd: fixture, env: e }), runCli(['list', '--json'], { cwd: fixture, env: e })].map((r) => {
        expect(r.status, r.stderr).toBe(0);
        return r.stdout;
      });
    // Records taken this long after the files were written are not racy.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3500);
    const plain = lists({ ...env, MCP_SCAFFOLD_CACHE: '0' });
    expect(lists(env)).toEqual(plain); // cold: records every file by stat
    expect(lists(env)).toEqual(plain); // warm: reads no definition file
    // add in the same folder, trusted by stat, against add in a copy with the cache off.
    const copy = `${fixture}-plain`;
    cpSync(fixture, copy, { recursive: true });
    const addIn = (cwd: string, e: NodeJS.ProcessEnv) => {
      const r = runCli(['add', 'tool', 'demo_find_things', '--no-devcheck', '--yes'], { cwd, env: e });
      expect(r.status, r.stderr).toBe(0);
      return [r.stdout, r.stderr.replaceAll(copy, fixture)];
    };
    expect(addIn(fixture, env)).toEqual(addIn(copy, { ...env, MCP_SCAFFOLD_CACHE: '0' }));
    expect(treeDigest(fixture)).toBe(treeDigest(copy));
    // The listing remembered before the add is not what the project holds now; nor after a
    // definition file is added with the entry point left as it is.
    const listsIn = (cwd: string, e: NodeJS.ProcessEnv) =>
      [runCli(['list'], { cwd, env: e }), runCli(['list', '--json'], { cwd, env: e })].map((r) => r.stdout);
    expect(listsIn(fixture, env)).toEqual(listsIn(copy, { ...env, MCP_SCAFFOLD_CACHE: '0' }));
    const extra = 'src/mcp-server/tools/definitions/demo-extra.tool.ts';
    const made = readFileSync(path.join(fixture, 'src/mcp-server/tools/definitions/demo-find-things.tool.ts'), 'utf8');
    for (const dir of [fixture, copy])
      writeFileSync(path.join(dir, extra), made.replaceAll('find_things', 'extra').replaceAll('FindThings', 'Extra'));
    const after = listsIn(copy, { ...env, MCP_SCAFFOLD_CACHE: '0' });
    expect(after[0]).toContain('demo_extra');
    expect(listsIn(fixture, env)).toEqual(after);
    // One cache file for the project: list's reading, kept up to date, and add's registration index.
    const [file, ...others] = readdirSync(path.join(cacheDir, 'projects')).filter((f) => f.endsWith('.json'));
    expect(others).toEqual([]);
    // Its lines after the header: each a section's key (a JSON string), a tab, and its value.
    const sections = readFileSync(path.join(cacheDir, 'projects', file!), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line.slice(0, line.indexOf('\t'))) as string);
    const readings = sections.filter((key) => key.startsWith('reading:')).map((key) => key.split(':')[1]);
    expect(readings.sort()).toEqual(['list', 'registration']);
  }, 900_000);
});
