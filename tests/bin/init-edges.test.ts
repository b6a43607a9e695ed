/**
 * The rough edges a newcomer hits with `init` and a first `add`, each on the built CLI: Ctrl-C
 * while the install runs (a slow fake package manager on PATH, on a real pseudo-terminal), a
 * non-empty folder refused before any question, a server inside a server, and `add` on a server
 * made by the framework's own template (its files taken from the real package).
 */

import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp.js';
import { onTerminal, parseJsonOut, runCli, treeDigest } from './support.js';

const temp = () => tempFolder('mcp-scaffold-edges-');

/** Offline, no install, no git: what these tests check never waits on the network. */
const OFFLINE = ['--no-install', '--no-git', '--framework-version', '0.10.17'];
const offline = { npm_config_offline: 'true' };
/** A terminal run that answers a few prompts takes seconds; far more on a loaded machine. */
const TERMINAL = 180_000;

const hasScript = spawnSync('sh', ['-c', 'command -v script']).status === 0;

describe.skipIf(!hasScript)('Ctrl-C while init installs', () => {
  it('stops the install, exits 2 and says the files are kept and how to finish', { timeout: TERMINAL }, async () => {
    const cwd = temp();
    const bin = temp();
    // An install that takes long enough to be interrupted, and leaves a mark that it ran.
    writeFileSync(path.join(bin, 'npm'), '#!/bin/sh\necho $$ > "$PWD/install.pid"\nsleep 120\n');
    chmodSync(path.join(bin, 'npm'), 0o755);
    const r = await onTerminal(
      cwd,
      ['init', 'demo', '--yes', '--pm', 'npm', '--no-git', '--framework-version', '0.10.17'],
      [['Installing dependencies with npm', '\x03']],
      { ...offline, PATH: `${bin}:${process.env.PATH}` },
    );
    expect(r.exit, r.output).toBe(2);
    expect(r.output).toContain('files kept; run `npm install');
    expect(r.output).toContain('INSTALL_INTERRUPTED');
    expect(r.output).not.toContain('Next steps');
    const root = path.join(cwd, 'demo');
    expect(existsSync(path.join(root, 'src/index.ts'))).toBe(true);
    // The install's process group was stopped, not left sleeping.
    const pid = Number(spawnSync('cat', [path.join(root, 'install.pid')], { encoding: 'utf8' }).stdout);
    expect(pid).toBeGreaterThan(0);
    expect(existsSync(`/proc/${pid}`) && !/^\S+ \S+ Z/.test(readProcStat(pid))).toBe(false);
  });
});

describe('an install that never ends', () => {
  it('is stopped at --install-timeout: exit 2, INSTALL_TIMEOUT, files kept', () => {
    const cwd = temp();
    const bin = temp();
    writeFileSync(path.join(bin, 'npm'), '#!/bin/sh\nsleep 120\n');
    chmodSync(path.join(bin, 'npm'), 0o755);
    const args = ['init', 'demo', '--json', '--pm', 'npm', '--no-git', '--framework-version', '0.10.17'];
    const started = Date.now();
    const r = runCli([...args, '--install-timeout', '2'], {
      cwd,
      env: { ...offline, PATH: `${bin}:${process.env.PATH}` },
    });
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(r.status, r.stderr).toBe(2);
    const out = parseJsonOut(r);
    expect(out.error.code).toBe('INSTALL_TIMEOUT');
    expect(out.error.message).toContain('files kept; run `npm install');
    expect(out.install).toMatchObject({ ran: true, passed: false, timedOut: true });
    expect(existsSync(path.join(cwd, 'demo/src/index.ts'))).toBe(true);
    expect(runCli(['init', '--help']).stdout).toContain('--install-timeout <seconds>');
  });
});

function readProcStat(pid: number): string {
  return spawnSync('cat', [`/proc/${pid}/stat`], { encoding: 'utf8' }).stdout;
}

describe.skipIf(!hasScript)('a non-empty folder on a terminal', () => {
  it('is refused before the first question', { timeout: TERMINAL }, async () => {
    const cwd = temp();
    mkdirSync(path.join(cwd, 'demo'));
    writeFileSync(path.join(cwd, 'demo/notes.txt'), 'mine\n');
    const before = treeDigest(cwd);
    const r = await onTerminal(cwd, ['init', 'demo', ...OFFLINE], [['Package name', '\r']], offline);
    expect(r.exit, r.output).toBe(1);
    expect(r.output).toContain('not empty: notes.txt');
    expect(r.output).not.toContain('Package name');
    expect(treeDigest(cwd)).toBe(before);
  });
});

describe('init inside an existing server', () => {
  function outerServer(): string {
    const root = temp();
    const pkg = { name: 'outer', type: 'module', dependencies: { '@cyanheads/mcp-ts-core': '^0.10.17' } };
    writeFileSync(path.join(root, 'package.json'), JSON.stringify(pkg));
    mkdirSync(path.join(root, 'src'));
    return root;
  }

  it('is refused with NESTED_SERVER, nothing written', () => {
    const outer = outerServer();
    const before = treeDigest(outer);
    const r = runCli(['init', 'inner', '--json', ...OFFLINE], { cwd: path.join(outer, 'src'), env: offline });
    expect(r.status).toBe(1);
    const out = parseJsonOut(r);
    expect(out.error.code).toBe('NESTED_SERVER');
    expect(out.error.message).toContain(`inside the server at ${outer}`);
    expect(out.error.hint).toContain('--force');
    expect(treeDigest(outer)).toBe(before);
  });

  it('with --force: made, with a warning', () => {
    const outer = outerServer();
    const r = runCli(['init', 'inner', '--json', '--force', ...OFFLINE], { cwd: outer, env: offline });
    expect(r.status, r.stderr).toBe(0);
    const out = parseJsonOut(r);
    expect(out.warnings.join('\n')).toContain(`inside the server at ${outer}`);
    expect(existsSync(path.join(outer, 'inner/src/index.ts'))).toBe(true);
  });

  it('on a terminal, refused before the first question', { timeout: TERMINAL }, async () => {
    if (!hasScript) return;
    const outer = outerServer();
    const r = await onTerminal(outer, ['init', 'inner', ...OFFLINE], [['Package name', '\r']], offline);
    expect(r.exit, r.output).toBe(1);
    expect(r.output).toContain('NESTED_SERVER');
    expect(r.output).not.toContain('Package name');
    expect(readdirSync(outer).sort()).toEqual(['package.json', 'src']);
  });
});

/** The framework's own template, unpacked from the real 0.12.3 tarball. */
const FRAMEWORK_TGZ = path.resolve(import.meta.dirname, '../../../shared/frameworks/cyanheads-mcp-ts-core-0.12.3.tgz');

describe.skipIf(!existsSync(FRAMEWORK_TGZ))("add on a server made from the framework's template", () => {
  it('says the project has tools, none it can learn naming from, instead of "no tools"', () => {
    const root = temp();
    const unpacked = spawnSync('tar', ['xzf', FRAMEWORK_TGZ, '-C', root, '--strip-components=2', 'package/templates'], {
      encoding: 'utf8',
    });
    expect(unpacked.status, unpacked.stderr).toBe(0);
    const pkg = { name: 'demo-mcp-server', type: 'module', dependencies: { '@cyanheads/mcp-ts-core': '^0.12.3' } };
    writeFileSync(path.join(root, 'package.json'), JSON.stringify(pkg));
    expect(existsSync(path.join(root, 'src/mcp-server/tools/definitions/echo.tool.ts'))).toBe(true);
    for (const [kind, name] of [
      ['tool', 'demo_find_items'],
      ['prompt', 'demo_review_item'],
    ]) {
      const r = runCli(['add', kind!, name!, '--dry-run', '--no-devcheck'], { cwd: root });
      expect(r.status, r.stderr).toBe(0);
      const said = r.stdout + r.stderr;
      expect(said).not.toContain(`no ${kind}s to learn from`);
      expect(said).toMatch(new RegExp(`\\d+ existing ${kind}s?, but none named after its MCP name`));
    }
  });
});
