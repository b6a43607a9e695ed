/**
 * The flush against a failing machine, with real processes: a run killed (SIGKILL) at each step
 * of its flush, for every write of `add tool`, `add service`, `add tool --service` and `init` (into
 * a new folder: its temp folder; into an empty one: its journal), is
 * undone by the next run, which says so and then leaves the project exactly as a clean run does;
 * SIGTERM during the flush waits for the last rename, then ends the run with one JSON object.
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLUSH_CASES, flushSteps } from '../helpers/flush-cases.js';
import { spawnCli, treeDigest } from './support.js';

async function fixture(flushCase: (typeof FLUSH_CASES)[number]) {
  return flushCase.make(async (a) => {
    const r = await spawnCli(a);
    if (r.status !== 0) throw new Error(`setup failed: ${r.stderr}`);
  });
}

/** Per case: how many files a clean run writes, and the digest of the folder it leaves. */
const clean = await Promise.all(
  FLUSH_CASES.map(async (flushCase) => {
    const { dir, args } = await fixture(flushCase);
    const r = await spawnCli(args);
    if (r.status !== 0) throw new Error(`clean ${flushCase.name} failed: ${r.stderr}`);
    return { count: (JSON.parse(r.stdout) as { changes: unknown[] }).changes.length, digest: treeDigest(dir) };
  }),
);

const cases = FLUSH_CASES.map((c, i) => ({ ...c, ...clean[i]! }));

describe.each(cases)('$name killed at each step of its flush ($count files)', (flushCase) => {
  it.concurrent.each(flushSteps(flushCase.count, flushCase.newFolder))(
    'at %s: the next run undoes it, says so, and ends as a clean run does',
    async (step) => {
      const { dir, args } = await fixture(flushCase);
      const killed = await spawnCli(args, { MCP_SCAFFOLD_TEST_FAULT: `kill@${step}` });
      expect(killed.signal).toBe('SIGKILL');
      const next = await spawnCli(args);
      expect(next.status, next.stderr).toBe(0);
      const out = JSON.parse(next.stdout) as { ok: boolean; warnings: string[] };
      expect(out.ok).toBe(true);
      if (flushCase.newFolder) {
        // No folder was made: only the temp folder beside it, which this run removed.
        expect(out.warnings.join('\n')).toMatch(
          /An earlier run \(pid \d+\) was interrupted while creating demo; what it had written was removed/,
        );
      } else if (step !== 'journal') {
        // Before the journal is whole there is nothing to undo (only a lock and a temp to clear).
        expect(out.warnings.join('\n')).toMatch(
          new RegExp(`was interrupted while writing ${flushCase.count} file\\(s\\); its changes were undone`),
        );
      }
      expect(treeDigest(dir)).toBe(flushCase.digest);
    },
    60_000,
  );
});

describe('SIGTERM during the flush', () => {
  it.each(['write:1', 'rename:1'])('at %s: the files are all written before the process ends', async (step) => {
    const addTool = cases[0]!;
    const { dir, args } = await fixture(addTool);
    const r = await spawnCli(args, { MCP_SCAFFOLD_TEST_FAULT: `sigterm@${step}` });
    // The --json contract holds: one object saying the files were written, exit 2.
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).error.message).toBe(
      `Stopped by SIGTERM once the ${addTool.count} file(s) were written in full.`,
    );
    expect(treeDigest(dir)).toBe(addTool.digest);
    expect(existsSync(path.join(dir, '.mcp-scaffold.journal'))).toBe(false);
    expect(readFileSync(path.join(dir, 'src/index.ts'), 'utf8')).toContain('demoFindItemsTool');
  });
});

describe('SIGTERM while init makes a new folder', () => {
  it.each(['write:1', 'commit'])('at %s: the folder is made whole before the process ends', async (step) => {
    const init = cases.find((c) => c.newFolder)!;
    const { dir, args } = await fixture(init);
    const r = await spawnCli(args, { MCP_SCAFFOLD_TEST_FAULT: `sigterm@${step}` });
    expect(r.status).toBe(2);
    // What init does after writing (its tasks) is skipped, and named.
    expect(JSON.parse(r.stdout).error.message).toMatch(
      new RegExp(`^Stopped by SIGTERM once the ${init.count} file\\(s\\) were written in full; .+ did not run\\.$`),
    );
    expect(treeDigest(dir)).toBe(init.digest);
  });
});
