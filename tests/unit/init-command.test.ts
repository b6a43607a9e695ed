/**
 * `init` runs through the same pipeline as `add`: on a dry run every file it would create comes
 * with its diff (from /dev/null), and nothing is written.
 */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

describe("init's framework release, from the registry's answer", () => {
  /** Every file under `root` (relative path → content). */
  function filesOf(root: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const rel of readdirSync(root, { recursive: true }).map(String).sort()) {
      const abs = path.join(root, rel);
      if (statSync(abs).isFile()) out[rel] = readFileSync(abs, 'utf8');
    }
    return out;
  }

  /** init of `demo` in a new folder, the registry answering `version` after a while. */
  async function initWith(version: string, extra: { dryRun?: boolean } = {}) {
    const cwd = tempDir();
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const answer = {
      ok: true as const,
      version,
      registry: 'https://registry.example/',
      from: 'registry' as const,
      checkedAt: '2026-12-03T00:00:00.000Z',
    };
    const lookup = () => new Promise<typeof answer>((resolve) => setTimeout(() => resolve(answer), 50));
    const code = await initCommand(
      'demo',
      { install: false, git: false },
      {
        cwd,
        dryRun: extra.dryRun ?? false,
        json: true,
        yes: true,
        force: false,
        devcheck: true,
        devcheckTimeout: 600,
        verbose: false,
      },
      () => undefined,
      lookup,
    );
    vi.restoreAllMocks();
    expect(code).toBe(0);
    const result = JSON.parse(out.join('').replaceAll(cwd, '<cwd>'));
    return { result, files: extra.dryRun ? {} : filesOf(path.join(cwd, 'demo')) };
  }

  it('is the release the registry names, said in the JSON result and written to package.json', async () => {
    const { result, files } = await initWith('0.12.3');
    expect(result.project).toMatchObject({
      frameworkRange: '^0.12.3',
      frameworkSource: { from: 'registry', registry: 'https://registry.example/' },
    });
    expect(Object.keys(files).length).toBeGreaterThan(20);
    expect(JSON.parse(files['package.json']!).dependencies['@cyanheads/mcp-ts-core']).toBe('^0.12.3');
    // Another line's answer plans other code for it.
    const older = await initWith('0.10.17');
    expect(JSON.parse(older.files['package.json']!).dependencies['@cyanheads/mcp-ts-core']).toBe('^0.10.17');
    expect(older.files).not.toEqual(files);
  });

  it('on a dry run too, writing nothing', async () => {
    const { result } = await initWith('0.12.3', { dryRun: true });
    expect(result).toMatchObject({ ok: true, dryRun: true, project: { frameworkRange: '^0.12.3' } });
  });
});
