/**
 * `init` runs through the same pipeline as `add`: on a dry run every file it would create comes
 * with its diff (from /dev/null), and nothing is written.
 */

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initCommand } from '../../src/commands/init.js';
import { tempDir } from '../helpers/temp.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('init --dry-run', () => {
  it('gives every created file its diff and writes nothing', async () => {
    const cwd = tempDir();
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const code = await initCommand(
      'demo',
      { install: false, git: false },
      { cwd, dryRun: true, json: true, yes: true, force: false, devcheck: true, devcheckTimeout: 600, verbose: false },
    );
    vi.restoreAllMocks();
    expect(code).toBe(0);
    const result = JSON.parse(out.join(''));
    expect(result).toMatchObject({
      ok: true,
      command: 'init',
      dryRun: true,
      install: { ran: false, reason: 'dry run' },
      git: { ran: false, reason: 'dry run' },
      devcheck: { ran: false },
    });
    expect(result.changes.length).toBeGreaterThan(20);
    for (const change of result.changes as { path: string; action: string; diff: string }[]) {
      expect(change.action).toBe('create');
      expect(change.diff.startsWith(`--- /dev/null\n+++ b/${change.path}\n@@ -0,0 +1,`), change.path).toBe(true);
    }
    const pkg = result.changes.find((c: { path: string }) => c.path === 'package.json');
    expect(pkg.diff).toContain('+  "name": "demo",');
    expect(existsSync(path.join(cwd, 'demo'))).toBe(false);
    expect(readdirSync(cwd)).toEqual([]);
  });
});
