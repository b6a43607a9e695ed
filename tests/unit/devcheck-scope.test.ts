/**
 * Which devcheck is told what changed: ours (it reads MCP_SCAFFOLD_CHANGED) gets the files, the
 * framework's own devcheck of every release (the real scripts/devcheck.ts, from the installed
 * packages) runs as before, with no variable and no argument. The devcheck here is a recorder
 * that `npm run devcheck` really runs, beside the real script the detection reads.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Reporter } from '../../src/engine/reporter.js';
import { findProject } from '../../src/project/project.js';
import { runDevcheck } from '../../src/tasks/devcheck.js';
import { CHANGED_ENV, checksChangedFiles, notePending, pendingFiles } from '../../src/tasks/devcheck-scope.js';
import { tempDir } from '../helpers/temp.js';

const roots = inject('frameworkRoots');
const OUR_DEVCHECK = readFileSync(
  path.resolve(import.meta.dirname, '../../src/init/templates/scripts/devcheck.ts.hbs'),
  'utf8',
);

/** Writes what it was given (arguments, the variable) and exits with the code in FAIL, or 0. */
const RECORDER = `const fs = require('node:fs');
fs.writeFileSync('recorded.json', JSON.stringify({ argv: process.argv.slice(2), changed: process.env.${CHANGED_ENV} ?? null }));
process.exit(fs.existsSync('fail') ? 1 : 0);
`;

function project(devcheckSource: string): string {
  const pkg = {
    name: 'demo',
    type: 'module',
    scripts: { devcheck: 'node record.cjs scripts/devcheck.ts' },
    dependencies: { '@cyanheads/mcp-ts-core': '^0.10.17' },
  };
  const root = tempDir({
    'package.json': JSON.stringify(pkg),
    'record.cjs': RECORDER,
    'scripts/devcheck.ts': devcheckSource,
    'tests/.keep': '',
  });
  mkdirSync(path.join(root, 'node_modules'));
  return root;
}

const reporter = () => new Reporter({ json: true, verbose: false });
const recorded = (root: string) =>
  JSON.parse(readFileSync(path.join(root, 'recorded.json'), 'utf8')) as { argv: string[]; changed: string | null };

afterEach(() => {
  delete process.env[CHANGED_ENV];
});

describe("the framework's own devcheck", () => {
  for (const release of ['0.10.17', '0.11.5', '0.12.3'] as const) {
    it(`${release}: is not told what changed, runs with no argument, and notes nothing when it fails`, async () => {
      const pkgRoot = path.join(roots[release], 'node_modules/@cyanheads/mcp-ts-core');
      const script = path.join(pkgRoot, 'scripts/devcheck.ts');
      expect(existsSync(script)).toBe(true);
      // Its init's package.json names the same script.
      const template = JSON.parse(readFileSync(path.join(pkgRoot, 'templates/package.json'), 'utf8'));
      expect(template.scripts.devcheck).toContain('scripts/devcheck.ts');

      const root = project(readFileSync(script, 'utf8'));
      expect(checksChangedFiles(findProject(root))).toBe(false);
      // As on the framework's fresh server, its devcheck fails.
      mkdirSync(path.join(root, 'fail'));
      const outcome = await runDevcheck(findProject(root), reporter(), 60, { written: ['src/index.ts'], full: false });
      expect(outcome.report).toMatchObject({ ran: true, passed: false, scope: 'full', command: 'npm run devcheck' });
      expect(pendingFiles(root)).toEqual([]);
      expect(outcome.report.files).toBeUndefined();
      expect(recorded(root)).toEqual({ argv: ['scripts/devcheck.ts'], changed: null });
    });
  }
});

describe('the devcheck our init writes', () => {
  it('is told the written files, plus those no passing devcheck has seen yet', async () => {
    const root = project(OUR_DEVCHECK);
    expect(checksChangedFiles(findProject(root))).toBe(true);
    notePending(root, ['src/earlier.tool.ts']);
    const outcome = await runDevcheck(findProject(root), reporter(), 60, {
      written: ['src/index.ts', 'src/a.tool.ts'],
      full: false,
    });
    const files = ['src/a.tool.ts', 'src/earlier.tool.ts', 'src/index.ts'];
    expect(outcome.report).toMatchObject({ ran: true, passed: true, scope: 'changed', files });
    expect(recorded(root)).toEqual({ argv: ['scripts/devcheck.ts'], changed: JSON.stringify(files) });
    // Passed: nothing is left unchecked.
    expect(pendingFiles(root)).toEqual([]);
  });

  it('keeps the files of a failed devcheck for the next one', async () => {
    const root = project(OUR_DEVCHECK);
    mkdirSync(path.join(root, 'fail'));
    const outcome = await runDevcheck(findProject(root), reporter(), 60, { written: ['src/index.ts'], full: false });
    expect(outcome.report).toMatchObject({ passed: false, scope: 'changed' });
    expect(pendingFiles(root)).toEqual(['src/index.ts']);
  });

  it('--full-devcheck: no variable, even one in our own environment', async () => {
    const root = project(OUR_DEVCHECK);
    process.env[CHANGED_ENV] = '["stray.ts"]';
    const outcome = await runDevcheck(findProject(root), reporter(), 60, { written: ['src/index.ts'], full: true });
    expect(outcome.report).toMatchObject({ passed: true, scope: 'full' });
    expect(recorded(root).changed).toBeNull();
  });

  it('a script that does not run scripts/devcheck.ts is not told, whatever that file holds', () => {
    const root = project(OUR_DEVCHECK);
    const found = findProject(root);
    found.pkg.scripts = { devcheck: 'node record.cjs' };
    expect(checksChangedFiles(found)).toBe(false);
  });

  it('is left to run the tests written itself; an older one of ours, which cannot, is followed by vitest', async () => {
    const written = ['src/a.tool.ts', 'tests/a.tool.test.ts', 'tests/gone.tool.test.ts'];
    const ours = project(OUR_DEVCHECK);
    writeFileSync(path.join(ours, 'tests/a.tool.test.ts'), '');
    const runs = await runDevcheck(findProject(ours), reporter(), 60, { written, full: false });
    // A removed test runs nothing.
    expect(runs.report).toMatchObject({ passed: true, tests: { files: ['tests/a.tool.test.ts'], by: 'devcheck' } });

    // Before it ran the changed tests, our devcheck named no changedTests: vitest runs them after
    // it (here there is none to run them with, and the report says so).
    const older = project(OUR_DEVCHECK.replaceAll('changedTests', 'changedSpecs'));
    writeFileSync(path.join(older, 'tests/a.tool.test.ts'), '');
    const after = await runDevcheck(findProject(older), reporter(), 60, { written, full: false });
    expect(after.report).toMatchObject({
      passed: true,
      tests: { files: ['tests/a.tool.test.ts'], by: null, reason: 'no vitest in node_modules/.bin' },
    });
  });
});
