/**
 * The project's tests, run with its own vitest before the upgrade and after it (`--test`), each
 * test's result read from vitest's JSON report, so that the two runs are compared test by test:
 * a test that passed before and does not after is a regression, whatever the totals say.
 */

import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stopSignal } from '../engine/run-state.js';
import { projectBin, runProjectTool, stoppedWhy } from './project-tools.js';

/** Test (`tests/x.test.ts > suite > name`) → its status (`passed`, `failed`, `skipped`…). */
export type TestResults = Record<string, string>;

export type TestRun = { ran: true; results: TestResults } | { ran: false; reason: string };

interface VitestJson {
  testResults?: {
    name?: string;
    status?: string;
    assertionResults?: { fullName?: string; title?: string; status?: string }[];
  }[];
}

/** The name a test file's own failure is known by: one that does not load runs none of its tests. */
const FILE_ITSELF = '(the file)';

function resultsOf(report: VitestJson, root: string): TestResults {
  const out: TestResults = {};
  for (const file of report.testResults ?? []) {
    const rel = path
      .relative(root, file.name ?? '')
      .split(path.sep)
      .join('/');
    const tests = file.assertionResults ?? [];
    for (const t of tests) out[`${rel} > ${t.fullName ?? t.title ?? ''}`] = t.status ?? 'unknown';
    if (tests.length === 0 && file.status === 'failed') out[`${rel} > ${FILE_ITSELF}`] = 'failed';
  }
  return out;
}

export async function runTests(root: string, timeoutSeconds: number): Promise<TestRun> {
  const vitest = projectBin(root, 'vitest');
  if (!vitest) return { ran: false, reason: 'vitest is not installed in the project' };
  const signal = stopSignal();
  if (signal) return { ran: false, reason: `interrupted by ${signal}` };
  const report = path.join(tmpdir(), `mcp-scaffold-tests-${process.pid}-${Date.now()}.json`);
  try {
    const run = await runProjectTool(
      root,
      vitest,
      ['run', '--reporter=json', `--outputFile=${report}`],
      timeoutSeconds * 1000,
    );
    if (run.stopped) return { ran: false, reason: `vitest ${stoppedWhy(run.stopped, timeoutSeconds)}` };
    let json: VitestJson;
    try {
      json = JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
    } catch {
      return {
        ran: false,
        reason: `vitest exited with ${run.code} and wrote no report: ${run.output.trim().slice(-300)}`,
      };
    }
    return { ran: true, results: resultsOf(json, root) };
  } catch (e) {
    return { ran: false, reason: `vitest could not start: ${e instanceof Error ? e.message : String(e)}` };
  } finally {
    rmSync(report, { force: true });
  }
}

export interface TestChange {
  test: string;
  before: string;
  after: string;
}

/**
 * Every test whose result differs (`missing` where a run does not have it). `regressed`: one that
 * passed before and does not after; in a test file the upgrade wrote again (`rewritten`), whose
 * tests are the new template's, one that fails after. `renewed`: the other changes in such a file
 * (its old tests gone, its new ones there).
 */
export function compareTests(
  before: TestResults,
  after: TestResults,
  rewritten: ReadonlySet<string> = new Set(),
): { changed: TestChange[]; regressed: TestChange[]; renewed: TestChange[] } {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const changed = names
    .map((test) => ({ test, before: before[test] ?? 'missing', after: after[test] ?? 'missing' }))
    .filter((c) => c.before !== c.after);
  const inRewritten = (c: TestChange) => rewritten.has(c.test.slice(0, c.test.indexOf(' > ')));
  const regressed = changed.filter((c) => (inRewritten(c) ? c.after === 'failed' : c.before === 'passed'));
  return { changed, regressed, renewed: changed.filter((c) => inRewritten(c) && !regressed.includes(c)) };
}
