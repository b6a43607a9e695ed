/**
 * The project's devcheck after `add`, streaming its output (to stderr under --json), stopped at
 * --devcheck-timeout or on our own SIGINT/SIGTERM. Files are already written when it runs, so a
 * failure here is exit 2, never 1. Where the project's devcheck can check only what changed, it is
 * told which files (devcheck-scope.ts), unless --full-devcheck; our init's script is started
 * without the package manager in between (devcheck-launch.ts).
 */

import { EXIT, ScaffoldError } from '../engine/errors.js';
import { monotonicMs } from '../engine/monotonic.js';
import type { Reporter } from '../engine/reporter.js';
import { skippedTask, type Task, type TaskContext, type TaskOutcome } from '../engine/task.js';
import { FRAMEWORK, findProject, type Project } from '../project/project.js';
import { devcheckLaunch, devcheckTakesStrict, scriptArgs } from './devcheck-launch.js';
import {
  CHANGED_ENV,
  changedEnvValue,
  checksChangedFiles,
  clearPending,
  notePending,
  pendingFiles,
  relativeToProject,
} from './devcheck-scope.js';
import { findOnPath, HOW_TO_INSTALL } from './path-lookup.js';
import { runSupervised, type SupervisedExit } from './supervised-run.js';
import { devcheckRunsChangedTests, testFilesAmong, vitestBin } from './written-tests.js';

/** The project's devcheck as the task after the flush, unless --no-devcheck. */
export function devcheckTask(enabled: boolean): Task {
  if (!enabled) {
    // What was written unchecked is checked by the next devcheck.
    const skipped = ({ root, changedFiles = [] }: TaskContext) => {
      const project = findProject(root);
      keepUnchecked(project, relativeToProject(project, root, changedFiles));
    };
    return { ...skippedTask('devcheck', '--no-devcheck'), skipped };
  }
  // The project is read again after the flush: its package.json is the one devcheck will see.
  return {
    key: 'devcheck',
    run: (ctx) => {
      const project = findProject(ctx.root);
      const written = relativeToProject(project, ctx.root, ctx.changedFiles ?? []);
      return runDevcheck(project, ctx.reporter, ctx.devcheckTimeout, { written, full: ctx.fullDevcheck === true });
    },
  };
}

/** What this devcheck checks: given files (written now and left unchecked before), or everything. */
export interface DevcheckScope {
  written: readonly string[];
  full: boolean;
  /** `--strict` for the devcheck that takes it: any warning fails (devcheckTakesStrict). */
  strict?: boolean;
}

interface PlannedScope {
  /** The files, when the devcheck checks only those. */
  files?: string[];
  env: Record<string, string>;
  /** The test files written (now or unchecked before), which must run before it is called passed. */
  tests: string[];
  /** The devcheck runs those tests itself; else they are run after it (runWrittenTests). */
  devcheckRunsTests: boolean;
}

/** Only a devcheck that can check given files needs to be told of earlier ones. */
function keepUnchecked(project: Project, files: readonly string[]): void {
  if (checksChangedFiles(project)) notePending(project.root, files);
}

function planScope(project: Project, scope: DevcheckScope): PlannedScope {
  const pending = pendingFiles(project.root);
  const tests = testFilesAmong(project.root, [...new Set([...(pending ?? []), ...scope.written])].sort());
  const full = { env: {}, tests, devcheckRunsTests: false };
  // Earlier files unknown (no list kept in the project): everything is checked.
  if (scope.full || pending === undefined || !checksChangedFiles(project)) return full;
  const files = [...new Set([...pending, ...scope.written])].sort();
  const value = changedEnvValue(files);
  if (value === undefined) return full;
  return { files, env: { [CHANGED_ENV]: value }, tests, devcheckRunsTests: devcheckRunsChangedTests(project) };
}

function packageManagerMissing(project: Project): ScaffoldError {
  const pm = project.packageManager;
  return new ScaffoldError(
    'PACKAGE_MANAGER_MISSING',
    `The project uses ${pm} (from ${project.packageManagerSource}) but ${pm} is not on PATH, so devcheck could not run.`,
    { hint: `${HOW_TO_INSTALL[pm]}. Or pass --no-devcheck.`, exitCode: EXIT.writtenButFailed },
  );
}

/** The tests written failed: the devcheck on the changes did not pass, whichever process ran them. */
function testsFailed(exit: SupervisedExit, command: string, tests: readonly string[]): ScaffoldError {
  const how = exit.code === null ? `was killed by ${exit.signal}` : `exited with ${exit.code}`;
  return new ScaffoldError(
    'DEVCHECK_FAILED',
    `The tests written (${tests.join(', ')}) did not pass: \`${command}\` ${how}; the files were written.`,
    { hint: `Run \`${command}\` in the project to see the failures.`, exitCode: EXIT.writtenButFailed },
  );
}

function devcheckFailed(project: Project, exit: SupervisedExit, command: string): ScaffoldError {
  const how = exit.code === null ? `was killed by ${exit.signal}` : `exited with ${exit.code}`;
  return new ScaffoldError('DEVCHECK_FAILED', `devcheck ${how}; the files were written.`, {
    // With no framework in node_modules the usual cause is an uninstalled project, not the code.
    hint:
      project.frameworkVersion === undefined
        ? `The dependencies look uninstalled (no ${FRAMEWORK} in node_modules): run \`${project.packageManager} install\`, then \`${command}\`.`
        : `Run \`${command}\` in the project to see the failures.`,
    exitCode: EXIT.writtenButFailed,
  });
}

function notStarted(command: string, e: unknown): ScaffoldError {
  const why = e instanceof Error ? e.message : String(e);
  return new ScaffoldError('DEVCHECK_FAILED', `\`${command}\` could not start (${why}); the files were written.`, {
    exitCode: EXIT.writtenButFailed,
  });
}

function devcheckTimedOut(command: string, timeoutSeconds: number, seconds: string): ScaffoldError {
  return new ScaffoldError(
    'DEVCHECK_TIMEOUT',
    `devcheck did not finish within --devcheck-timeout ${timeoutSeconds}s and was stopped after ${seconds}s; the files were written.`,
    {
      hint: `Run \`${command}\` in the project to see where it hangs, or pass a longer --devcheck-timeout (0: no limit).`,
      exitCode: EXIT.writtenButFailed,
    },
  );
}

function devcheckInterrupted(command: string, signal: NodeJS.Signals, seconds: string): ScaffoldError {
  return new ScaffoldError(
    'DEVCHECK_INTERRUPTED',
    `Interrupted by ${signal} while devcheck ran (after ${seconds}s); devcheck was stopped and the files were written.`,
    { hint: `Run \`${command}\` in the project to check them.`, exitCode: EXIT.writtenButFailed },
  );
}

/** What the exit says: passed, failed (the error `failed` makes), stopped at the timeout or by our own signal. */
function verdict(
  exit: SupervisedExit,
  base: { command: string; durationMs: number; timeoutSeconds: number },
  failed: () => ScaffoldError,
): TaskOutcome {
  const { command, durationMs, timeoutSeconds } = base;
  const seconds = (durationMs / 1000).toFixed(1);
  const passed = exit.code === 0 && exit.stopped === undefined;
  const report = {
    ran: true,
    passed,
    exitCode: exit.code,
    ...(exit.signal ? { signal: exit.signal } : {}),
    durationMs,
    command,
  };
  if (passed) return { report };
  if (exit.stopped?.by === 'timeout') {
    const reason = `stopped at the ${timeoutSeconds}s timeout`;
    return { report: { ...report, timedOut: true, reason }, error: devcheckTimedOut(command, timeoutSeconds, seconds) };
  }
  if (exit.stopped?.by === 'signal') {
    const { signal } = exit.stopped;
    const reason = `interrupted by ${signal}`;
    return { report: { ...report, interrupted: signal, reason }, error: devcheckInterrupted(command, signal, seconds) };
  }
  return { report, error: failed() };
}

/** `<pm> run devcheck` in the project, stopped after `timeoutSeconds` (0: never). */
export async function runDevcheck(
  project: Project,
  reporter: Reporter,
  timeoutSeconds: number,
  scope: DevcheckScope = { written: [], full: true },
): Promise<TaskOutcome> {
  if (!project.pkg.scripts?.devcheck) {
    reporter.info('No devcheck script in package.json: skipped.');
    return { report: { ran: false, reason: 'no devcheck script' } };
  }
  if (scope.strict && !devcheckTakesStrict(project)) {
    const error = new ScaffoldError(
      'OPTION_INVALID',
      "This project's devcheck takes no --strict: only the scripts/devcheck.ts mcp-scaffold init writes has it.",
      { hint: 'Run devcheck without strict, and read its warnings yourself.' },
    );
    return { report: { ran: false, reason: error.message }, error };
  }
  const pm = project.packageManager;
  if (!findOnPath(pm)) {
    const error = packageManagerMissing(project);
    return { report: { ran: false, reason: error.message }, error };
  }
  const args = scope.strict ? ['--strict'] : [];
  const command = [pm, 'run', 'devcheck', ...scriptArgs(pm, args)].join(' ');
  const planned = planScope(project, scope);
  const checked = planned.files ? { scope: 'changed', files: planned.files } : { scope: 'full' };
  reporter.info(
    planned.files
      ? `Running ${command} on what changed (${plural(planned.files.length, 'file')}; --full-devcheck for all) …`
      : `Running ${command} …`,
  );
  // A full run is full whatever our own environment holds.
  const { [CHANGED_ENV]: _ours, ...inherited } = process.env;
  const launch = devcheckLaunch(project, pm, inherited, args);
  const started = monotonicMs();
  let exit: SupervisedExit;
  try {
    exit = await runSupervised(launch.command, launch.args, {
      cwd: project.root,
      env: { ...inherited, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...launch.env, ...planned.env },
      stdout: reporter.logStream,
      stderr: process.stderr,
      timeoutMs: timeoutSeconds * 1000,
    });
  } catch (e) {
    const error = notStarted(command, e);
    return { report: { ran: false, reason: error.message }, error };
  }
  const durationMs = Math.round(monotonicMs() - started);
  const judged = verdict(exit, { command, durationMs, timeoutSeconds }, () => devcheckFailed(project, exit, command));
  // The tests written, and what runs them: the devcheck itself, or vitest after it.
  const tests =
    planned.tests.length === 0
      ? {}
      : { tests: { files: planned.tests, by: planned.devcheckRunsTests ? 'devcheck' : 'vitest' } };
  let outcome: TaskOutcome = { ...judged, report: { ...judged.report, ...checked, ...tests } };
  const seconds = (durationMs / 1000).toFixed(1);
  if (!outcome.report.passed && !exit.stopped)
    reporter.warn(`devcheck failed with ${describeExit(exit)} after ${seconds}s`);
  if (outcome.report.passed && planned.tests.length > 0 && !planned.devcheckRunsTests) {
    outcome = await runWrittenTests(project, reporter, planned.tests, timeoutSeconds, outcome);
  }
  if (outcome.report.passed) clearPending(project.root);
  else keepUnchecked(project, scope.written);
  if (outcome.report.passed) reporter.success(`devcheck passed in ${seconds}s`);
  return outcome;
}

/**
 * The tests written, run with the project's vitest after a devcheck that does not run them; their
 * failure fails the devcheck on the changes. Without vitest installed they cannot run, and the
 * report and a warning say so.
 */
async function runWrittenTests(
  project: Project,
  reporter: Reporter,
  tests: string[],
  timeoutSeconds: number,
  devcheck: TaskOutcome,
): Promise<TaskOutcome> {
  const bin = vitestBin(project.root);
  if (bin === undefined) {
    const reason = 'no vitest in node_modules/.bin';
    reporter.warn(`The tests written were not run: ${reason} (${tests.join(', ')}).`);
    return { report: { ...devcheck.report, tests: { files: tests, by: null, reason } } };
  }
  const command = `vitest run ${tests.join(' ')}`;
  reporter.info(`devcheck does not run the tests written: running ${command} …`);
  const started = monotonicMs();
  let exit: SupervisedExit;
  try {
    exit = await runSupervised(bin, ['run', ...tests], {
      cwd: project.root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdout: reporter.logStream,
      stderr: process.stderr,
      timeoutMs: timeoutSeconds * 1000,
    });
  } catch (e) {
    const error = notStarted(command, e);
    return {
      report: { ...devcheck.report, passed: false, tests: { files: tests, by: null, reason: error.message } },
      error,
    };
  }
  const durationMs = Math.round(monotonicMs() - started);
  const judged = verdict(exit, { command, durationMs, timeoutSeconds }, () => testsFailed(exit, command, tests));
  const { ran: _ran, ...run } = judged.report;
  if (!judged.report.passed && !exit.stopped) reporter.warn(`${command} failed with ${describeExit(exit)}`);
  return {
    report: { ...devcheck.report, passed: judged.report.passed, tests: { files: tests, by: 'vitest', ...run } },
    ...(judged.error ? { error: judged.error } : {}),
  };
}

function describeExit(exit: SupervisedExit): string {
  return exit.code === null ? `signal ${exit.signal}` : `exit code ${exit.code}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The project's devcheck as the task after the flush; under --no-devcheck a task that says so. */
export function devcheckTasks(enabled: boolean): Task[] {
  return [devcheckTask(enabled)];
}
