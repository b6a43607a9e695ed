/**
 * The command around the plan: --dry-run lists every change with its diff and writes nothing; no
 * installed framework, an unreachable registry without --to, and a shape refused by a codemod all
 * end in one coded error with nothing written. On a server folder linked to the real 0.11.5.
 */

import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { upgradeCommand } from '../../src/commands/upgrade.js';
import { tempDir } from '../helpers/temp.js';

const FRAMEWORK = '@cyanheads/mcp-ts-core';
const GLOBAL = {
  dryRun: false,
  json: true,
  yes: true,
  force: false,
  devcheck: false,
  devcheckTimeout: 600,
  verbose: false,
};

const TASK_TOOL = "import { tool } from '@cyanheads/mcp-ts-core';\nexport const t = tool('t', { task: true });\n";

function server(installed: boolean): string {
  const root = tempDir({
    'package.json': `${JSON.stringify({ name: 'acme', dependencies: { [FRAMEWORK]: '^0.11.5' } }, null, 2)}\n`,
    'src/client.ts': "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\n",
  });
  if (installed) {
    mkdirSync(path.join(root, 'node_modules/@cyanheads'), { recursive: true });
    symlinkSync(
      path.join(inject('frameworkRoots')['0.11.5'], 'node_modules', FRAMEWORK),
      path.join(root, 'node_modules', FRAMEWORK),
      'dir',
    );
  }
  return root;
}

async function runUpgrade(cwd: string, flags: Parameters<typeof upgradeCommand>[0], dryRun: boolean) {
  const out: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const unreachable = async () => ({ ok: false as const, reason: 'no answer in 3000 ms' });
  const code = await upgradeCommand(flags, { ...GLOBAL, cwd, dryRun }, unreachable);
  vi.restoreAllMocks();
  return { code, result: JSON.parse(out.join('')) };
}

afterEach(() => vi.restoreAllMocks());

describe('upgrade command', () => {
  it('--dry-run --json: each change with its diff, the migrations, nothing written, no task run', async () => {
    const root = server(true);
    const before = readFileSync(path.join(root, 'src/client.ts'), 'utf8');
    const { code, result } = await runUpgrade(root, { to: '0.12.3' }, true);
    expect(code).toBe(0);
    expect(result).toMatchObject({
      ok: true,
      command: 'upgrade',
      dryRun: true,
      install: { ran: false, reason: 'dry run' },
    });
    expect(result.changes.map((c: { path: string }) => c.path)).toEqual(['package.json', 'src/client.ts']);
    expect(result.changes[1].diff).toContain("+import { Client } from '@modelcontextprotocol/client';");
    expect(result.upgrade).toMatchObject({ from: '0.11.5', to: '0.12.3', range: '^0.12.3' });
    expect(readFileSync(path.join(root, 'src/client.ts'), 'utf8')).toBe(before);
  });

  it('refuses a task tool with its file and line, writing nothing', async () => {
    const root = server(true);
    mkdirSync(path.join(root, 'src/tools'), { recursive: true });
    writeFileSync(path.join(root, 'src/tools/t.tool.ts'), TASK_TOOL);
    const { code, result } = await runUpgrade(root, { to: '^0.12.3' }, false);
    expect(code).toBe(1);
    expect(result.error).toMatchObject({
      code: 'FRAMEWORK_UNSUPPORTED',
      details: [{ path: 'src/tools/t.tool.ts', line: 2 }],
    });
    expect(readFileSync(path.join(root, 'package.json'), 'utf8')).toContain('^0.11.5');
  });

  it('without an installed framework: FRAMEWORK_NOT_INSTALLED', async () => {
    const { code, result } = await runUpgrade(server(false), { to: '0.12.3' }, false);
    expect(code).toBe(1);
    expect(result.error.code).toBe('FRAMEWORK_NOT_INSTALLED');
  });

  it('without --to when the registry does not answer: OPTION_INVALID naming --to', async () => {
    const { code, result } = await runUpgrade(server(true), {}, false);
    expect(code).toBe(1);
    expect(result.error).toMatchObject({ code: 'OPTION_INVALID', hint: expect.stringContaining('--to') });
  });
});
