/**
 * `mcp-scaffold recover`: an add killed part way through its flush is undone on its own, the
 * dry run listing what would be put back and writing nothing, the run saying what it put back and
 * leaving the project as it was before the add; with no journal there is nothing to do; --discard
 * removes a journal and its temps without undoing; --help has examples.
 */

import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeProject, parseJsonOut, runCli, spawnCli, treeDigest } from './support.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const ADD = ['add', 'tool', 'demo_find_items', '--json', '--no-devcheck'];

/** A project whose add was killed after its first rename (src/index.ts placed), and its digest before the add. */
async function interrupted() {
  const root = makeProject();
  made.push(root);
  const before = treeDigest(root);
  const killed = await spawnCli([...ADD, '--cwd', root], { MCP_SCAFFOLD_TEST_FAULT: 'kill@rename:1' });
  expect(killed.signal).toBe('SIGKILL');
  expect(existsSync(path.join(root, '.mcp-scaffold.journal'))).toBe(true);
  return { root, before };
}

const temps = (root: string) =>
  (readdirSync(root, { recursive: true }) as string[]).filter((p) => path.basename(p).startsWith('.mcp-scaffold'));

describe('recover', () => {
  it('--dry-run lists what would be put back and writes nothing; then it undoes the run and says so', async () => {
    const { root } = await interrupted();
    const killedState = treeDigest(root);
    const dry = parseJsonOut(runCli(['recover', '--dry-run', '--json', '--cwd', root]));
    expect(dry).toMatchObject({
      ok: true,
      command: 'recover',
      dryRun: true,
      changes: [{ path: 'src/index.ts', action: 'update' }],
      recovery: { found: true, pid: expect.any(Number) },
    });
    expect(dry.recovery.files).toEqual([
      { path: 'tests/tools/demo-find-items.tool.test.ts', action: 'none' },
      { path: 'src/mcp-server/tools/definitions/demo-find-items.tool.ts', action: 'none' },
      { path: 'src/index.ts', action: 'restore' },
    ]);
    expect(treeDigest(root)).toBe(killedState);

    const people = runCli(['recover', '--cwd', root]);
    expect(people.status, people.stderr).toBe(0);
    expect(people.stdout).toContain('PUT BACK src/index.ts');
    expect(people.stdout).toContain('Put back 1 file(s); .mcp-scaffold.journal is removed.');
    expect(temps(root)).toEqual([]);
  }, 60_000);

  it('--json: the project as it was before the add; run again, nothing to recover', async () => {
    const { root, before } = await interrupted();
    const r = runCli(['recover', '--json', '--cwd', root]);
    expect(r.status, r.stderr).toBe(0);
    expect(parseJsonOut(r).changes).toEqual([{ path: 'src/index.ts', action: 'update' }]);
    expect(treeDigest(root)).toBe(before);
    expect(parseJsonOut(runCli(['recover', '--json', '--cwd', root]))).toMatchObject({
      ok: true,
      changes: [],
      recovery: { found: false },
    });
  }, 60_000);

  it('--discard: shows what undoing would do, removes the journal and its temps, puts nothing back', async () => {
    const { root } = await interrupted();
    const r = runCli(['recover', '--discard', '--json', '--cwd', root]);
    expect(r.status, r.stderr).toBe(0);
    const out = parseJsonOut(r);
    expect(out).toMatchObject({
      ok: true,
      discarded: true,
      changes: [{ path: '.mcp-scaffold.journal', action: 'delete' }],
    });
    expect(out.recovery.files).toContainEqual({ path: 'src/index.ts', action: 'restore' });
    expect(r.stderr).toContain('Undoing the interrupted run would have done this');
    expect(temps(root)).toEqual([]);
    // The file placed before the kill stays as the killed run left it.
    expect(readFileSync(path.join(root, 'src/index.ts'), 'utf8')).toContain('demoFindItemsTool');
  }, 60_000);

  it('--help: what it does, with examples', () => {
    const r = runCli(['recover', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('mcp-scaffold recover --discard');
    expect(r.stdout).toContain('JOURNAL_INVALID');
  });
});
