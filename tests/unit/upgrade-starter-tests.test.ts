/**
 * The framework's own starter tests: noted where the server still has them as the installed
 * release's template wrote them, then written from the next release's template after the install.
 * On the real 0.10.17 and 0.11.5 packages (a server folder whose node_modules links to each).
 */

import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { Reporter } from '../../src/engine/reporter.js';
import { starterTestsTask, unchangedStarterTests } from '../../src/upgrade/starter-tests.js';
import { tempDir } from '../helpers/temp.js';

const FRAMEWORK = '@cyanheads/mcp-ts-core';
const packageOf = (release: '0.10.17' | '0.11.5') =>
  path.join(inject('frameworkRoots')[release], 'node_modules', FRAMEWORK);

function linkFramework(root: string, release: '0.10.17' | '0.11.5'): void {
  const link = path.join(root, 'node_modules', FRAMEWORK);
  rmSync(link, { force: true });
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(packageOf(release), link, 'dir');
}

describe('starter tests of the framework', () => {
  it('are noted when untouched, and written from the new template after the install; a changed one stays', async () => {
    const root = tempDir();
    cpSync(path.join(packageOf('0.10.17'), 'templates', 'tests'), path.join(root, 'tests'), { recursive: true });
    const changed = path.join(root, 'tests/prompts/echo.prompt.test.ts');
    writeFileSync(changed, `${readFileSync(changed, 'utf8')}// mine\n`);
    linkFramework(root, '0.10.17');
    const noted = unchangedStarterTests(root);
    expect(noted.map((t) => t.path)).toEqual([
      'tests/resources/echo.resource.test.ts',
      'tests/tools/echo.tool.test.ts',
    ]);

    linkFramework(root, '0.11.5');
    const reporter = new Reporter({ json: true, verbose: false });
    const { report } = await starterTestsTask(noted).run({ root, reporter, spinner: false, devcheckTimeout: 0 });
    expect(report).toEqual({ ran: true, passed: true, refreshed: noted.map((t) => t.path) });
    const fresh = (rel: string) => readFileSync(path.join(packageOf('0.11.5'), 'templates', rel), 'utf8');
    expect(readFileSync(path.join(root, 'tests/tools/echo.tool.test.ts'), 'utf8')).toBe(
      fresh('tests/tools/echo.tool.test.ts'),
    );
    expect(readFileSync(changed, 'utf8')).toMatch(/\/\/ mine\n$/);
  });
});
