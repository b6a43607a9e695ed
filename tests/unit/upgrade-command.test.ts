/**
 * The command around the plan: --dry-run lists every change with its diff and writes nothing; no
 * installed framework, an unreachable registry without --to, and a shape refused by a codemod all
 * end in one coded error with nothing written. The target is checked before anything is planned:
 * a version or range against what the registry serves, a .tgz and a folder (the real packed
 * releases) for the framework's package.json. On a server folder linked to the real 0.11.5.
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { type UpgradeLookups, upgradeCommand } from '../../src/commands/upgrade.js';
import type { PublishedVersions } from '../../src/init/published-versions.js';
import { treeDigest } from '../bin/support.js';
import { frameworkTarball, unpackFramework } from '../helpers/framework-tarballs.js';
import { jsonRun } from '../helpers/global-options.js';
import { tempDir } from '../helpers/temp.js';

const FRAMEWORK = '@cyanheads/mcp-ts-core';

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

const REGISTRY = 'https://registry.example/';
/** Releases as the registry lists them: a pre-release, and lines before the ones installed here. */
const PUBLISHED = ['0.9.0', '0.9.4', '0.10.16', '0.10.17', '0.11.4', '0.11.5', '0.12.0', '0.12.3', '0.13.0-beta.1'];
const serving =
  (versions: string[]): UpgradeLookups['versions'] =>
  async () => ({ ok: true, versions, registry: REGISTRY });

async function runUpgrade(
  cwd: string,
  flags: Parameters<typeof upgradeCommand>[0],
  dryRun: boolean,
  versions: UpgradeLookups['versions'] = serving(PUBLISHED),
) {
  const out: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const unreachable = async () => ({ ok: false as const, reason: 'no answer in 3000 ms' });
  const code = await upgradeCommand(flags, jsonRun(cwd, { dryRun }), { latest: unreachable, versions });
  vi.restoreAllMocks();
  return { code, result: JSON.parse(out.join('')) };
}

const TARBALL = frameworkTarball;
const unpacked = (version: string) => unpackFramework(version, tempDir());

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

describe('upgrade --to: the target exists before anything is planned', () => {
  /** Runs the upgrade and expects a refusal with `code` that wrote nothing. */
  async function refused(
    flags: Parameters<typeof upgradeCommand>[0],
    code: string,
    versions?: UpgradeLookups['versions'],
  ) {
    const root = server(true);
    const before = treeDigest(root);
    const run = await runUpgrade(root, { ...flags, install: false }, false, versions);
    expect(run.code).toBe(1);
    expect(run.result).toMatchObject({ ok: false, error: { code } });
    expect(treeDigest(root)).toBe(before);
    return run.result.error as { message: string; hint: string };
  }

  it('a version the registry does not serve: TARGET_NOT_FOUND naming it and the newest of each line', async () => {
    const error = await refused({ to: '99.0.0' }, 'TARGET_NOT_FOUND');
    expect(error.message).toContain(
      `${REGISTRY} (the registry npm is configured with) has no version ${FRAMEWORK} 99.0.0`,
    );
    expect(error.hint).toContain('The newest of each line there: 0.12.3, 0.11.5, 0.10.17, 0.9.4.');
  });

  it('a version between releases, though its caret range would install one: refused', async () => {
    const error = await refused({ to: '0.12.2' }, 'TARGET_NOT_FOUND');
    expect(error.message).toContain('no version @cyanheads/mcp-ts-core 0.12.2');
  });

  it('a range no release satisfies: refused; one a release satisfies: planned', async () => {
    const error = await refused({ to: '^0.14.0' }, 'TARGET_NOT_FOUND');
    expect(error.message).toContain('no release in the range @cyanheads/mcp-ts-core ^0.14.0');
    const { code, result } = await runUpgrade(server(true), { to: '^0.12.1' }, true);
    expect(code).toBe(0);
    expect(result.upgrade).toMatchObject({ to: '0.12.1', range: '^0.12.1' });
  });

  it('a registry without the package says so', async () => {
    const error = await refused({ to: '0.12.3' }, 'TARGET_NOT_FOUND', serving([]));
    expect(error.hint).toContain('It serves no release of @cyanheads/mcp-ts-core');
  });

  it('a registry that does not answer: REGISTRY_UNREACHABLE; npm offline: planned, with a warning', async () => {
    const down = async (): Promise<PublishedVersions> => ({
      ok: false,
      registry: REGISTRY,
      reason: `${REGISTRY} could not be reached (no answer in 10000 ms)`,
    });
    const error = await refused({ to: '0.12.3' }, 'REGISTRY_UNREACHABLE', down);
    expect(error.message).toContain('Could not check that @cyanheads/mcp-ts-core 0.12.3 exists');
    expect(error.hint).toContain('.tgz or a folder');
    const offline = async (): Promise<PublishedVersions> => ({
      ok: false,
      offline: true,
      reason: 'npm is configured offline',
    });
    const { code, result } = await runUpgrade(server(true), { to: '0.12.3' }, true, offline);
    expect(code).toBe(0);
    expect(result.warnings).toContain(
      'npm is configured offline: that @cyanheads/mcp-ts-core 0.12.3 exists was not checked.',
    );
  });

  it('a packed release: planned for its version, as file:<path>; the registry is not asked', async () => {
    const asked = vi.fn(serving(PUBLISHED));
    const { code, result } = await runUpgrade(server(true), { to: TARBALL('0.12.3') }, true, asked);
    expect(code).toBe(0);
    expect(result.upgrade).toMatchObject({ to: '0.12.3', range: `file:${TARBALL('0.12.3')}` });
    expect(asked).not.toHaveBeenCalled();
  });

  it('a .tgz that is not there, or not the framework: refused, naming what it is', async () => {
    const missing = path.join(tempDir(), 'cyanheads-mcp-ts-core-9.9.9.tgz');
    expect((await refused({ to: missing }, 'TARGET_NOT_FOUND')).message).toContain(`there is no file ${missing}`);
    const other = tempDir({ 'package/package.json': JSON.stringify({ name: 'left-pad', version: '1.3.0' }) });
    execFileSync('tar', ['czf', 'left-pad-1.3.0.tgz', 'package'], { cwd: other });
    const error = await refused({ to: path.join(other, 'left-pad-1.3.0.tgz') }, 'TARGET_NOT_FOUND');
    expect(error.message).toContain(`is not ${FRAMEWORK}: it is left-pad`);
  });

  it('a folder holding the framework: planned for its version, as file:<folder>', async () => {
    const dir = unpacked('0.12.3');
    const { code, result } = await runUpgrade(server(true), { to: dir }, true);
    expect(code).toBe(0);
    expect(result.upgrade).toMatchObject({ to: '0.12.3', range: `file:${dir}` });
  });

  it('a folder that is not there, holds no package, or another one: refused', async () => {
    const nowhere = path.join(tempDir(), 'mcp-ts-core');
    expect((await refused({ to: nowhere }, 'TARGET_NOT_FOUND')).message).toContain(`there is no folder ${nowhere}`);
    expect((await refused({ to: tempDir() }, 'TARGET_NOT_FOUND')).message).toContain('it holds no package.json');
    const other = tempDir({ 'package.json': JSON.stringify({ name: 'left-pad', version: '1.3.0' }) });
    expect((await refused({ to: other }, 'TARGET_NOT_FOUND')).message).toContain('it is left-pad');
  });
});
