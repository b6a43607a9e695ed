/**
 * A real `add tool` killed (SIGKILL) or stopped (SIGTERM) at the fsync of its temps, the step
 * where the journal and every temp are made durable together before the first rename: the killed
 * run touched no target and left its journal, which the next run undoes before it ends as a clean
 * run does; the stopped one finishes every rename first.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLUSH_CASES } from '../helpers/flush-cases.js';
import { spawnCli, treeDigest } from './support.js';

const addTool = FLUSH_CASES.find((c) => c.name === 'add tool')!;

async function fixture() {
  const f = await addTool.make(async () => undefined);
  return f;
}

describe('add tool at the fsync of its temps', () => {
  it('killed: nothing placed, the journal kept; the next run undoes it and ends as a clean run does', async () => {
    const clean = await fixture();
    const cleanRun = await spawnCli(clean.args);
    expect(cleanRun.status, cleanRun.stderr).toBe(0);
    const count = (JSON.parse(cleanRun.stdout) as { changes: unknown[] }).changes.length;

    const { dir, args } = await fixture();
    const index = readFileSync(path.join(dir, 'src/index.ts'), 'utf8');
    const killed = await spawnCli(args, { MCP_SCAFFOLD_TEST_FAULT: 'kill@sync' });
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(path.join(dir, '.mcp-scaffold.journal'))).toBe(true);
    // No target touched: the entry point as it was, the new definition not there.
    expect(readFileSync(path.join(dir, 'src/index.ts'), 'utf8')).toBe(index);
    const defs = 'src/mcp-server/tools/definitions';
    const added = readdirSync(path.join(clean.dir, defs)).filter((f) => f !== 'echo.tool.ts');
    expect(added).toHaveLength(1);
    expect(readdirSync(path.join(dir, defs)).filter((f) => !f.startsWith('.'))).toEqual(['echo.tool.ts']);
    const next = await spawnCli(args);
    expect(next.status, next.stderr).toBe(0);
    const out = JSON.parse(next.stdout) as { warnings: string[] };
    expect(out.warnings.join('\n')).toMatch(
      new RegExp(`was interrupted while writing ${count} file\\(s\\); its changes were undone`),
    );
    expect(treeDigest(dir)).toBe(treeDigest(clean.dir));
  }, 60_000);

  it('stopped by SIGTERM: every file is written before the process ends', async () => {
    const clean = await fixture();
    expect((await spawnCli(clean.args)).status).toBe(0);
    const { dir, args } = await fixture();
    const r = await spawnCli(args, { MCP_SCAFFOLD_TEST_FAULT: 'sigterm@sync' });
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({
      code: 'INTERRUPTED',
      message: expect.stringContaining('written in full'),
    });
    expect(existsSync(path.join(dir, '.mcp-scaffold.journal'))).toBe(false);
    expect(treeDigest(dir)).toBe(treeDigest(clean.dir));
  }, 60_000);
});
