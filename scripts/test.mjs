#!/usr/bin/env node
// Runs every vitest project and ends with one plain line, `N passed, N failed, N skipped`, that
// CI reads; the exit status is vitest's own. Extra arguments go to vitest (e.g. --project unit).
// A file that fails outside any test (an import error, a failing beforeAll) counts as one failure
// of its own, so the line never reads "0 failed" for a run that failed.
// The tests, and every process they start, get a temp folder of the run's own (TMPDIR), removed at
// the end: a test or a child that leaves a folder behind does not pile up in the machine's /tmp.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-test-'));
const report = path.join(dir, 'vitest.json');
const temp = path.join(dir, 'tmp');
mkdirSync(temp);
const vitest = path.resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');
const run = spawnSync(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, TMPDIR: temp } },
);
let summary = 'no test report was written';
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  const failedOutsideTests = r.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
  ).length;
  summary = `${r.numPassedTests} passed, ${r.numFailedTests + failedOutsideTests} failed, ${skipped} skipped`;
} catch {
  // vitest died before writing its report; its exit status says so.
}
// What the tests did not remove themselves, named so that it gets mended.
// Node's compile cache (kept in TMPDIR by default) is not a test's.
const left = readdirSync(temp)
  .filter((name) => name !== 'node-compile-cache')
  .map((name) => name.replace(/-[A-Za-z0-9]{6}$/, '-…'));
if (left.length > 0) console.log(`temp folders the tests left (removed now): ${[...new Set(left)].join(', ')}`);
rmSync(dir, { recursive: true, force: true });
console.log(summary);
process.exit(run.status ?? 1);
