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
import { devcheckLaunch } from './devcheck-launch.js';
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
}

interface PlannedScope {
  /** The files, when the devcheck checks only those. */
  files?: string[];
  env: Record<string, string>;
}

/** Only a devcheck that can check given files needs to be told of earlier ones. */
function keepUnchecked(project: Project, files: readonly string[]): void {
  if (checksChangedFiles(project)) notePending(project.root, files);
}

function planScope(project: Project, scope: DevcheckScope): PlannedScope {
  const pending = pendingFiles(project.root);
  // Earlier files unknown (no list kept in the project): everything is checked.
  if (scope.full || pending === undefined || !checksChangedFiles(project)) return { env: {} };
  const files = [...new Set([...pending, ...scope.written])].sort();
  const value = changedEnvValue(files);
  return value === undefined ? { env: {} } : { files, env: { [CHANGED_ENV]: value } };
}

function packageManagerMissing(project: Project): ScaffoldError {
  const pm = project.packageManager;
  return new ScaffoldError(
    'PACKAGE_MANAGER_MISSING',
    `The project uses ${pm} (from ${project.packageManagerSource}) but ${pm} is not on PATH, so devcheck could not run.`,
    { hint: `${HOW_TO_INSTALL[pm]}. Or pass --no-devcheck.`, exitCode: EXIT.writtenButFailed },
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

/** What the exit says: passed, failed, stopped at the timeout or by our own signal. */
function verdict(
  project: Project,
  exit: SupervisedExit,
  base: { command: string; durationMs: number; timeoutSeconds: number },
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
  return { report, error: devcheckFailed(project, exit, command) };
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
  const pm = project.packageManager;
  if (!findOnPath(pm)) {
    const error = packageManagerMissing(project);
    return { report: { ran: false, reason: error.message }, error };
  }
  const command = `${pm} run devcheck`;
  const planned = planScope(project, scope);
  const checked = planned.files ? { scope: 'changed', files: planned.files } : { scope: 'full' };
  reporter.info(
    planned.files
      ? `Running ${command} on what changed (${plural(planned.files.length, 'file')}; --full-devcheck for all) …`
      : `Running ${command} …`,
  );
  // A full run is full whatever our own environment holds.
  const { [CHANGED_ENV]: _ours, ...inherited } = process.env;
  const launch = devcheckLaunch(project, pm, inherited);
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
  const judged = verdict(project, exit, { command, durationMs, timeoutSeconds });
  const outcome = { ...judged, report: { ...judged.report, ...checked } };
  if (outcome.report.passed) clearPending(project.root);
  else keepUnchecked(project, scope.written);
  const seconds = (durationMs / 1000).toFixed(1);
  if (outcome.report.passed) reporter.success(`devcheck passed in ${seconds}s`);
  else if (!exit.stopped) reporter.warn(`devcheck failed with ${describeExit(exit)} after ${seconds}s`);
  return outcome;
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
