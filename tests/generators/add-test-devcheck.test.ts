/**
 * The success line is earned: the devcheck an `add`, `add test`, `rename` or `remove` runs on what
 * it changed runs the tests it wrote or moved, and a failing one is DEVCHECK_FAILED (exit 2). On
 * real servers made by our init beside an installed framework line, with the commands run as the
 * CLI runs them: the devcheck our init writes runs the changed tests itself; any other devcheck
 * (here one that checks nothing) is followed by the project's vitest on those files.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { generatedServer } from '../helpers/generated-server.js';
import { runInProcess } from '../helpers/in-process-cli.js';

const roots = inject('frameworkRoots');

/** The CLI, in this process, in `root`, with --json: its status, its one JSON object, its log. */
async function cli(root: string, ...args: string[]) {
  const r = await runInProcess([...args, '--json', '--cwd', root]);
  return { status: r.status, json: JSON.parse(r.stdout) as Record<string, any>, stderr: r.stderr };
}

const TOOLS = 'src/mcp-server/tools/definitions';

/** The tool's handler answers nothing its output schema accepts; it still type-checks. */
function breakHandler(root: string, file: string): () => void {
  const full = path.join(root, file);
  const source = readFileSync(full, 'utf8');
  const broken = source.replace(
    /(\n {2}(?:async )?handler\([^)]*\) \{)/,
    '$1\n    if (Date.now() > 0) return {} as never;',
  );
  expect(broken).not.toBe(source);
  writeFileSync(full, broken);
  return () => writeFileSync(full, source);
}

beforeEach(() => {
  vi.stubEnv('MCP_SCAFFOLD_CACHE', '0');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the devcheck our init writes (0.12.3)', () => {
  it('runs the test add test writes: a passing one passes, one for a broken definition is exit 2', async () => {
    const { root } = generatedServer(roots['0.12.3'], '0.12.3');
    expect((await cli(root, 'add', 'tool', 'demo_purge_item', '--confirm', '--no-test', '--no-devcheck')).status).toBe(
      0,
    );

    // The case: the test of a tool that asks first fails unless it answers; it answers.
    const confirm = await cli(root, 'add', 'test', 'demo_purge_item');
    expect(confirm.status, confirm.stderr).toBe(0);
    expect(confirm.json.changes).toEqual([
      { path: 'tests/helpers/sample-input.ts', action: 'create' },
      { path: 'tests/tools/demo-purge-item.tool.test.ts', action: 'create' },
    ]);
    expect(confirm.json.devcheck).toMatchObject({
      ran: true,
      passed: true,
      scope: 'changed',
      tests: { files: ['tests/tools/demo-purge-item.tool.test.ts'], by: 'devcheck' },
    });
    expect(confirm.stderr).toMatch(/✔ Tests .*2 tests passed/);

    // A rename moves the test: the devcheck runs it at its new path.
    const renamed = await cli(root, 'rename', 'tool', 'demo_purge_item', 'demo_purge_entry');
    expect(renamed.status, renamed.stderr).toBe(0);
    expect(renamed.json.devcheck).toMatchObject({
      passed: true,
      tests: { files: ['tests/tools/demo-purge-entry.tool.test.ts'], by: 'devcheck' },
    });

    expect((await cli(root, 'add', 'tool', 'demo_find_items', '--no-test', '--no-devcheck')).status).toBe(0);
    breakHandler(root, `${TOOLS}/demo-find-items.tool.ts`);
    const broken = await cli(root, 'add', 'test', 'demo_find_items');
    expect(broken.status, broken.stderr).toBe(2);
    expect(broken.json.error.code).toBe('DEVCHECK_FAILED');
    expect(broken.json.devcheck).toMatchObject({ passed: false, tests: { by: 'devcheck' } });
    // The test failed, not the type check or Biome.
    expect(broken.stderr).toMatch(/✖ Tests/);
    expect(broken.stderr).toMatch(/✔ TypeScript/);
    // The helper is the server's by now: written once, not again.
    expect(broken.json.changes).toEqual([{ path: 'tests/tools/demo-find-items.tool.test.ts', action: 'create' }]);
  }, 600_000);

  it('add of a tool exits 2 when a test its devcheck runs fails (the service it calls is broken)', async () => {
    const { root } = generatedServer(roots['0.12.3'], '0.12.3');
    expect((await cli(root, 'add', 'service', 'catalog', '--no-devcheck')).status).toBe(0);
    // The service the new tool calls answers with an error. The tool's test stubs that method, but
    // the service's own test, which devcheck runs with it, fails.
    const service = path.join(root, 'src/services/catalog/catalog-service.ts');
    writeFileSync(
      service,
      `${readFileSync(service, 'utf8')}\nCatalogService.prototype.fetchRecord = () => Promise.reject(new Error('broken'));\n`,
    );
    const added = await cli(root, 'add', 'tool', 'demo_fetch_record', '--service', 'catalog');
    expect(added.status, added.stderr).toBe(2);
    expect(added.json.error.code).toBe('DEVCHECK_FAILED');
    // The service's test, which the new method's stub changed, runs too.
    expect(added.json.devcheck.tests).toEqual({
      files: ['tests/services/catalog/catalog-service.test.ts', 'tests/tools/demo-fetch-record.tool.test.ts'],
      by: 'devcheck',
    });
    expect(added.stderr).toMatch(/✖ Tests/);
  }, 600_000);
});

describe('a devcheck that does not run tests (0.10.17)', () => {
  it("the tests written run with the project's vitest after it: a failing one is exit 2", async () => {
    const { root } = generatedServer(roots['0.10.17'], '0.10.17');
    const pkgFile = path.join(root, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
    writeFileSync(pkgFile, JSON.stringify({ ...pkg, scripts: { ...pkg.scripts, devcheck: 'node -e ""' } }, null, 2));
    expect((await cli(root, 'add', 'tool', 'demo_find_items', '--no-test', '--no-devcheck')).status).toBe(0);
    const restore = breakHandler(root, `${TOOLS}/demo-find-items.tool.ts`);

    const broken = await cli(root, 'add', 'test', 'demo_find_items');
    expect(broken.status, broken.stderr).toBe(2);
    expect(broken.json.error).toMatchObject({
      code: 'DEVCHECK_FAILED',
      message: expect.stringContaining('tests/tools/demo-find-items.tool.test.ts'),
    });
    expect(broken.json.devcheck).toMatchObject({
      ran: true,
      passed: false,
      scope: 'full',
      tests: { files: ['tests/tools/demo-find-items.tool.test.ts'], by: 'vitest', passed: false, exitCode: 1 },
    });

    restore();
    const passing = await cli(root, 'add', 'test', 'demo_find_items', '--force');
    expect(passing.status, passing.stderr).toBe(0);
    expect(passing.json.devcheck).toMatchObject({
      passed: true,
      tests: { files: ['tests/tools/demo-find-items.tool.test.ts'], by: 'vitest', passed: true, exitCode: 0 },
    });
  }, 600_000);
});
