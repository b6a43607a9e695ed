/**
 * The fast paths on the bench's scale fixture (scripts/scale-fixture.mjs), both layouts: `add tool`
 * and `list` with the definitions cache cold, warm and corrupt give byte for byte what they give
 * with it turned off. Timings live in the bench, never here.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, treeDigest } from './support.js';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/scale-fixture.mjs');
const TOOLS = 60;

function scaleFixture(layout: string): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-scale-')), 'server');
  const r = spawnSync(process.execPath, [SCRIPT, dir, String(TOOLS), layout], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return dir;
}

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

describe.each(['inline', 'barrel'])(`%s layout, ${TOOLS} tools`, (layout) => {
  it('gives the same files and output with the cache cold, warm, corrupt and off', () => {
    const fixture = scaleFixture(layout);
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-cache-'));
    const plain = addThenList(fixture, { MCP_SCAFFOLD_CACHE: '0', MCP_SCAFFOLD_CACHE_DIR: cacheDir });
    expect(readdirSync(cacheDir)).toEqual([]);
    expect(plain.out[2]).toContain(`${TOOLS + 1} definitions: ${TOOLS + 1} registered`);
    const env = { MCP_SCAFFOLD_CACHE_DIR: cacheDir };
    expect(addThenList(fixture, env)).toEqual(plain); // cold: parses, writes the cache
    const [file] = readdirSync(cacheDir);
    expect(file).toMatch(/^definitions-\d+\.json$/);
    expect(addThenList(fixture, env)).toEqual(plain); // warm
    writeFileSync(path.join(cacheDir, file!), '\u0000not json');
    expect(addThenList(fixture, env)).toEqual(plain); // corrupt
  }, 300_000); // 12 runs of the CLI, on a loaded 2-core machine
});
