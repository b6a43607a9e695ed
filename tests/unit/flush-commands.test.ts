/**
 * The fault suite over the real commands, run in-process: for every write of `add tool`,
 * `add service`, `add tool --service` and `init` (into a new folder and an empty one), permission denied or a full disk (after half
 * the bytes) at that write leaves the folder byte-identical, and the JSON error says what
 * happened. (Kills are in tests/bin/flush-kill.test.ts: they need a process to kill.)
 */

import { afterAll, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/main.js';
import { type FaultKind, flushFaults } from '../../src/engine/durable.js';
import { treeDigest } from '../bin/support.js';
import { FLUSH_CASES, flushSteps } from '../helpers/flush-cases.js';

/** Runs the CLI in this process; its exit status and its one JSON object. */
async function cli(args: string[]): Promise<{ code: number; json: Record<string, any> }> {
  const out: string[] = [];
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((c) => out.push(String(c)) > 0);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const code = await run(['node', 'mcp-scaffold', ...args]);
    return { code, json: JSON.parse(out.join('')) };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

// init would ask the registry for the newest framework: these runs never depend on the network.
const offline = process.env.npm_config_offline;
process.env.npm_config_offline = 'true';
afterAll(() => {
  if (offline === undefined) delete process.env.npm_config_offline;
  else process.env.npm_config_offline = offline;
  delete flushFaults.at;
});

/** How many files each command writes, from a clean run: one fault per step of its flush. */
const counts = await (async () => {
  const out: number[] = [];
  for (const flushCase of FLUSH_CASES) {
    const clean = await cli((await flushCase.make(cli)).args);
    out.push(clean.code === 0 ? clean.json.changes.length : 0);
  }
  return out;
})();

describe.each(FLUSH_CASES.map((c, i) => ({ ...c, count: counts[i]! })))('$name ($count files)', (flushCase) => {
  it('wrote its files in a clean run', () => {
    expect(flushCase.count).toBeGreaterThan(1);
  });

  describe.each<FaultKind>(['eacces', 'enospc'])('%s', (kind) => {
    it.each(flushSteps(flushCase.count, flushCase.newFolder))(
      'at %s: exit 1, WRITE_FAILED with the disk error, nothing changed',
      async (step) => {
        const { dir, args } = await flushCase.make(cli);
        const before = treeDigest(dir);
        flushFaults.at = (s) => (s === step ? kind : undefined);
        const { code, json } = await cli(args).finally(() => delete flushFaults.at);
        expect(code).toBe(1);
        expect(json.error.code).toBe('WRITE_FAILED');
        expect(json.error.message).toBe(
          flushCase.newFolder
            ? `Writing ${flushCase.count} file(s) failed before any was in place; nothing was written.`
            : step === 'journal'
              ? `Writing ${flushCase.count} file(s) failed before any was changed; nothing was written.`
              : `Writing ${flushCase.count} file(s) failed part way; every change was rolled back.`,
        );
        expect(json.error.details[0].message).toContain(kind.toUpperCase());
        expect(treeDigest(dir)).toBe(before);
      },
    );
  });
});
