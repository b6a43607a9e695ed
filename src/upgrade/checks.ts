/**
 * What `upgrade` checks around the move, shared by the step before the flush and the tasks after
 * the install: the project's type check (and, with `--test`, its tests) before anything is
 * written, on the framework installed then; the same after the install, the test-shape codemods
 * and the tsconfig split decision in between. The upgrade is `ok` only with both checks run and
 * no more errors after than before (no test that passed before failing after).
 */

import type { Reporter } from '../engine/reporter.js';
import { runTests, type TestRun } from './test-results.js';
import type { ShapeRounds } from './test-shape-rounds.js';
import { SPLIT_MIGRATION, type SplitDecision, type SplitPlan } from './tsconfig-split.js';
import { type CheckRun, type CheckScope, typeCheck } from './type-check.js';

export interface UpgradeChecks {
  /** `--no-install`: nothing after the flush can be checked against the target. */
  install: boolean;
  /** `--test`: the tests run before and after too. */
  tests: boolean;
  /** The tsconfig split, when the move crosses it. */
  split: SplitPlan | undefined;
  /** What the check before covers: what tsconfig.json will cover after the flush. */
  scope: CheckScope;
  before?: CheckRun;
  testsBefore?: TestRun;
  /** Filled in after the install. */
  decision?: SplitDecision;
  rounds?: Omit<ShapeRounds, 'check'>;
}

export function upgradeChecks(opts: { install: boolean; tests: boolean; split: SplitPlan | undefined }): UpgradeChecks {
  const adoptedInPlan = opts.split?.pending === false && opts.split.decision.adopted;
  return { ...opts, scope: adoptedInPlan ? 'with-tests' : 'project' };
}

/** Before the flush: the type check (and the tests) on the project as it is, its framework as installed. */
export async function checkBefore(
  checks: UpgradeChecks,
  root: string,
  reporter: Reporter,
  timeoutSeconds: number,
): Promise<void> {
  if (!checks.install) return;
  reporter.info('Type-checking the project before the upgrade …');
  checks.before = await typeCheck(root, checks.scope, timeoutSeconds);
  if (checks.tests) {
    reporter.info('Running the tests before the upgrade …');
    checks.testsBefore = await runTests(root, timeoutSeconds);
  }
}

/** The decision on the split as the result names it, whatever ran. */
export function splitDecision(checks: UpgradeChecks, dryRun: boolean): SplitDecision | undefined {
  if (!checks.split) return undefined;
  if (!checks.split.pending) return checks.split.decision;
  if (checks.decision) return checks.decision;
  return {
    id: SPLIT_MIGRATION,
    adopted: false,
    why: dryRun
      ? 'dry run: decided after the install, by a type check of the files it adds'
      : 'the check after the install did not run',
  };
}
