/**
 * mcp-scaffold as its users get it: the package packed (`npm pack`), the tarball installed into a
 * temp prefix with its production dependencies only (from the registry, as `npm install -g`
 * does), and `init` then `add tool` run through the installed bin. The generated docs must name
 * the command that launched it: `mcp-scaffold` when it is on PATH, the absolute
 * `node …/bin/mcp-scaffold.js` when it is not.
 */

import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt, describeRun, REPO_ROOT, run, runOk } from './support.js';

let work: string;
let prefix: string;
let installedBin: string;

beforeAll(async () => {
  assertCliBuilt();
  work = realpathSync(mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-packed-')));
  // dist/ is built before the tests run; packing without `prepare` does not build it again.
  await runOk('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: REPO_ROOT });
  const tgz = readdirSync(work).find((f) => f.endsWith('.tgz'));
  expect(tgz).toBeDefined();
  prefix = path.join(work, 'prefix');
  await runOk(
    'npm',
    ['install', '--global', '--prefix', prefix, '--omit=dev', '--no-audit', '--no-fund', path.join(work, tgz!)],
    { cwd: work, timeoutMs: 900_000 },
  );
  installedBin = path.join(prefix, 'lib/node_modules/mcp-scaffold/bin/mcp-scaffold.js');
}, 1_200_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const INIT = ['init', 'demo', '--yes', '--no-install', '--no-git', '--framework-version', '0.10.17'];
const offline = { npm_config_offline: 'true' };

describe('the packed package, installed with production dependencies only', () => {
  it('holds no devDependency and puts mcp-scaffold on the prefix PATH', () => {
    const modules = readdirSync(path.join(prefix, 'lib/node_modules/mcp-scaffold/node_modules'));
    for (const dev of ['vitest', 'typescript', '@biomejs']) expect(modules).not.toContain(dev);
    expect(existsSync(path.join(prefix, 'bin/mcp-scaffold'))).toBe(true);
  });

  it('from PATH: init and add tool work, and the docs say `mcp-scaffold …`', async () => {
    const cwd = mkdtempSync(path.join(work, 'on-path-'));
    const env = { ...offline, PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH}` };
    const init = await run('mcp-scaffold', INIT, { cwd, env });
    expect(init.exitCode, describeRun(init)).toBe(0);
    expect(init.stdout + init.stderr).toContain('mcp-scaffold add tool demo_find_items');
    const root = path.join(cwd, 'demo');
    const agents = readFileSync(path.join(root, 'AGENTS.md'), 'utf8');
    expect(agents).toContain('\nmcp-scaffold add tool demo_<verb>_<noun>');
    expect(agents).not.toContain('npx mcp-scaffold');
    expect(readFileSync(path.join(root, 'skills/mcp-scaffold/SKILL.md'), 'utf8')).toContain(
      '`mcp-scaffold list --json`',
    );
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('\nmcp-scaffold add tool demo_search_items');
    const add = await run('mcp-scaffold', ['add', 'tool', 'demo_find_items', '--no-devcheck', '--json'], {
      cwd: root,
      env,
    });
    expect(add.exitCode, describeRun(add)).toBe(0);
    expect(JSON.parse(add.stdout)).toMatchObject({ ok: true, tool: { name: 'demo_find_items' } });
    expect(existsSync(path.join(root, 'src/mcp-server/tools/definitions/demo-find-items.tool.ts'))).toBe(true);
  });

  it('by its path, not on PATH: the docs say `node <absolute bin>`', async () => {
    const cwd = mkdtempSync(path.join(work, 'by-path-'));
    const init = await run(process.execPath, [installedBin, ...INIT], { cwd, env: offline });
    expect(init.exitCode, describeRun(init)).toBe(0);
    const agents = readFileSync(path.join(cwd, 'demo/AGENTS.md'), 'utf8');
    expect(agents).toContain(`\nnode ${installedBin} add tool demo_<verb>_<noun>`);
    const add = await run(
      process.execPath,
      [installedBin, 'add', 'tool', 'demo_find_items', '--no-devcheck', '--json'],
      {
        cwd: path.join(cwd, 'demo'),
        env: offline,
      },
    );
    expect(add.exitCode, describeRun(add)).toBe(0);
  });
});
