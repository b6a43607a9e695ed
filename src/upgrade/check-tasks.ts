/**
 * The checks after the install, as tasks. `typecheck`: the test-shape codemods (driven by the
 * project's own tsc against the target), the tsconfig split adopted only when the files it adds
 * compile, then the project's type check compared with the one before the flush; more errors than
 * before is UPGRADE_REGRESSED (exit 2) with the new ones listed. `tests` (`--test`): the tests run
 * again and compared test by test. A check that could not run says so in a warning: the result is
 * never a bare `ok`.
 */

import { EXIT, ScaffoldError } from '../engine/errors.js';
import type { Reporter } from '../engine/reporter.js';
import { skippedTask, type Task, type TaskContext, type TaskOutcome } from '../engine/task.js';
import type { UpgradeChecks } from './checks.js';
import { compareTests, runTests } from './test-results.js';
import { isTestFile, runShapeRounds, type ShapeRounds } from './test-shape-rounds.js';
import { ADOPT_FLAG, adoptSplit, backlogByShape, describeBacklog, SPLIT_MIGRATION } from './tsconfig-split.js';
import { type CheckRun, typeCheck } from './type-check.js';
import { describeTypeError, newErrors, placeOf, type TscError } from './type-errors.js';

/** How many new errors the report and the error's details list. */
const LISTED = 50;

const NO_INSTALL = '--no-install: the checks need the target installed';

function regressed(before: TscError[], after: TscError[]): ScaffoldError {
  const added = newErrors(before, after);
  return new ScaffoldError(
    'UPGRADE_REGRESSED',
    `After the upgrade the project's tsc reports ${after.length} type error(s), ${before.length} before it; the files were written and kept.`,
    {
      hint: 'Fix the new errors listed (or revert the upgrade with git), then run tsc again.',
      details: added.slice(0, LISTED).map((e) => ({ path: e.file, line: e.line, message: `${e.code} ${e.message}` })),
      exitCode: EXIT.writtenButFailed,
    },
  );
}

function sayRounds(rounds: Omit<ShapeRounds, 'check'>, reporter: Reporter): void {
  for (const c of rounds.codemods) {
    if (c.files.length > 0) reporter.info(`${c.id}: ${c.fixed} site(s) in ${c.files.length} file(s)`);
    for (const r of c.refused) reporter.warn(`${r.path}:${r.line}: ${c.id} left as it is: ${r.why}.`);
  }
  for (const p of rounds.putBack) {
    reporter.warn(
      `${p.path}: the test-shape codemods left ${p.errorsAfter} type error(s) where there were ${p.errorsBefore}: put back as it was.`,
    );
  }
}

/** The split decided on the check of src and tests after the codemods: the project's check as it is left. */
async function decideSplit(checks: UpgradeChecks, root: string, wide: CheckRun, timeout: number, reporter: Reporter) {
  const project = await typeCheck(root, 'project', timeout);
  const decide = (adopted: boolean, why: string, more = {}) => {
    checks.decision = { id: SPLIT_MIGRATION, adopted, why, ...more };
  };
  for (const check of [project, wide]) {
    if (check.ran) continue;
    decide(false, `the check of the files it adds did not run (${check.reason})`);
    return project;
  }
  if (!project.ran || !wide.ran) return project;
  const backlog = newErrors(project.errors, wide.errors);
  if (backlog.length === 0) {
    const files = adoptSplit(root);
    decide(true, 'the files it adds to the type check compile against the target, after the test-shape codemods', {
      files,
    });
    reporter.info(`${SPLIT_MIGRATION}: adopted (${files.join(', ')}): tests/ compile against the target.`);
    return typeCheck(root, 'project', timeout);
  }
  const shapes = backlogByShape(root, backlog);
  decide(
    false,
    `${describeBacklog(shapes)} in the files it would add; tsconfig.json is left as it was (${ADOPT_FLAG} adopts it with them)`,
    { backlog: shapes },
  );
  reporter.warn(`${SPLIT_MIGRATION} not adopted: ${checks.decision!.why}.`);
  return project;
}

async function runTypecheck(
  checks: UpgradeChecks,
  root: string,
  reporter: Reporter,
  timeout: number,
): Promise<TaskOutcome> {
  const before = checks.before;
  if (!before?.ran) {
    const reason = `the check before the upgrade did not run: ${before?.reason ?? 'nothing ran it'}`;
    reporter.warn(`The upgrade is not type-checked: ${reason}.`);
    if (checks.split?.pending) checks.decision = { id: SPLIT_MIGRATION, adopted: false, why: reason };
    return { report: { ran: false, reason } };
  }
  reporter.info('Type-checking src and tests against the installed target …');
  const first = await typeCheck(root, 'with-tests', timeout);
  const testErrors = first.ran && first.errors.some((e) => isTestFile(e.file));
  const { check: wide, ...rounds } = testErrors
    ? await runShapeRounds(root, first, timeout)
    : { check: first, codemods: [], putBack: [] };
  checks.rounds = rounds;
  sayRounds(rounds, reporter);
  const after = checks.split?.pending
    ? await decideSplit(checks, root, wide, timeout, reporter)
    : await typeCheck(root, 'project', timeout);
  if (!after.ran) {
    reporter.warn(`The upgrade is not type-checked: the check after it did not run (${after.reason}).`);
    return { report: { ran: false, reason: after.reason } };
  }
  const added = newErrors(before.errors, after.errors);
  const report = {
    ran: true,
    passed: after.errors.length <= before.errors.length,
    scope: checks.scope,
    before: before.errors.length,
    after: after.errors.length,
    new: added.slice(0, LISTED).map(describeTypeError),
  };
  if (!report.passed) return { report, error: regressed(before.errors, after.errors) };
  if (added.length > 0) {
    reporter.warn(
      `tsc reports ${added.length} error(s) it did not before (as many as before were cleared), the first at ${placeOf(added[0]!)}.`,
    );
  }
  reporter.success(`Type check: ${after.errors.length} error(s) after the upgrade, ${before.errors.length} before.`);
  return { report };
}

export function typecheckTask(checks: UpgradeChecks): Task {
  if (!checks.install) return skippedTask('typecheck', NO_INSTALL);
  return {
    key: 'typecheck',
    run: ({ root, reporter, devcheckTimeout }) => runTypecheck(checks, root, reporter, devcheckTimeout),
  };
}

async function runTestsAgain(
  checks: UpgradeChecks,
  { root, reporter, devcheckTimeout: timeout, changedFiles = [] }: TaskContext,
): Promise<TaskOutcome> {
  const before = checks.testsBefore;
  if (!before?.ran) {
    const reason = `the tests before the upgrade did not run: ${before?.reason ?? 'nothing ran them'}`;
    reporter.warn(`The upgrade is not tested: ${reason}.`);
    return { report: { ran: false, reason } };
  }
  reporter.info('Running the tests after the upgrade …');
  const after = await runTests(root, timeout);
  if (!after.ran) {
    reporter.warn(`The upgrade is not tested: the tests after it did not run (${after.reason}).`);
    return { report: { ran: false, reason: after.reason } };
  }
  // A test file the upgrade wrote again (a stamped test of a tool it moved to the new API) holds the new tests.
  const rewritten = new Set(changedFiles.filter(isTestFile));
  const { changed, regressed: worse, renewed } = compareTests(before.results, after.results, rewritten);
  const report = {
    ran: true,
    passed: worse.length === 0,
    tests: Object.keys(after.results).length,
    changed,
    renewed: renewed.map((c) => c.test),
  };
  if (worse.length > 0) {
    return {
      report,
      error: new ScaffoldError(
        'UPGRADE_REGRESSED',
        `${worse.length} test(s) that passed before the upgrade do not after it; the files were written and kept.`,
        {
          hint: 'Fix the tests listed (or revert the upgrade with git), then run the tests again.',
          details: worse.map((c) => ({ message: `${c.test}: ${c.before} before, ${c.after} after` })),
          exitCode: EXIT.writtenButFailed,
        },
      ),
    };
  }
  for (const c of changed) {
    const said = `${c.test}: ${c.before} before the upgrade, ${c.after} after`;
    if (renewed.includes(c)) reporter.info(`${said} (the upgrade wrote its file again).`);
    else reporter.warn(`${said}.`);
  }
  reporter.success(
    `Tests: ${report.tests} with the same result as before the upgrade${changed.length > 0 ? ', but for those above' : ''}.`,
  );
  return { report };
}

export function testsTask(checks: UpgradeChecks): Task {
  if (!checks.tests) return skippedTask('tests', 'without --test');
  if (!checks.install) return skippedTask('tests', NO_INSTALL);
  return {
    key: 'tests',
    run: (ctx) => runTestsAgain(checks, ctx),
  };
}
