/**
 * What runs after the flush, never on a dry run: devcheck after `add`, install and git after
 * `init`. Each task says how it went in a report the pipeline puts into the JSON result under the
 * task's key; a failure is returned with the report, since the files are on disk by then (exit 2).
 */

import { ScaffoldError } from './errors.js';
import type { Reporter } from './reporter.js';
import { stopSignal } from './run-state.js';

export interface TaskReport {
  ran: boolean;
  passed?: boolean;
  /** Why it did not run, or what stopped it. */
  reason?: string;
  [detail: string]: unknown;
}

export interface TaskContext {
  /** The project's folder, written by now. */
  root: string;
  reporter: Reporter;
  /** A person watches a terminal: progress may show as a spinner. */
  spinner: boolean;
  /** Seconds devcheck may run (--devcheck-timeout); 0: no limit. */
  devcheckTimeout: number;
  /** The files this run wrote, relative to `root`, forward slashes. */
  changedFiles?: readonly string[];
  /** --full-devcheck: the whole devcheck, not only the checks of what changed. */
  fullDevcheck?: boolean;
}

export interface TaskOutcome {
  report: TaskReport;
  error?: ScaffoldError;
}

export interface Task {
  /** The key of its report in the JSON result: `devcheck`, `install`, `git`. */
  key: string;
  /** Why it does not run at all (`--no-install`); its report says so. */
  skip?: string;
  /** Called instead of `run` when `skip` holds and files were written (a skipped devcheck notes them). */
  skipped?(ctx: TaskContext): void;
  run(ctx: TaskContext): Promise<TaskOutcome>;
}

/** A task that does not run, for the reason given. */
export function skippedTask(key: string, reason: string): Task {
  return { key, skip: reason, run: async () => ({ report: { ran: false, reason } }) };
}

export interface TaskRun {
  reports: Record<string, TaskReport>;
  /** The first failure; the tasks after it still run (a failed install still gets its git commit). */
  error: ScaffoldError | undefined;
  /** The tasks a stop signal kept from running (the files are written; the run ends). */
  skipped: string[];
}

/** Runs the tasks in order, unless this is a dry run or nothing changed, until a stop signal comes. */
export async function runTasks(
  tasks: readonly Task[],
  ctx: TaskContext,
  state: { dryRun: boolean; changed: boolean },
): Promise<TaskRun> {
  const out: TaskRun = { reports: {}, error: undefined, skipped: [] };
  for (const task of tasks) {
    const signal = stopSignal();
    const stopped = signal && !state.dryRun && state.changed && task.skip === undefined;
    if (stopped) out.skipped.push(task.key);
    // Nothing written, nothing to check: an idempotent re-run stays cheap.
    const idle = state.dryRun
      ? 'dry run'
      : (task.skip ?? (!state.changed ? 'no changes' : stopped ? `interrupted by ${signal}` : undefined));
    // A task that does not run on written files notes them (devcheck's list of files to check).
    if ((task.skip !== undefined || stopped) && state.changed && !state.dryRun) task.skipped?.(ctx);
    const { report, error } =
      idle === undefined ? await attemptTask(task, ctx) : { report: { ran: false, reason: idle } };
    out.reports[task.key] = report;
    out.error ??= error;
  }
  return out;
}

async function attemptTask(task: Task, ctx: TaskContext): Promise<TaskOutcome> {
  try {
    return await task.run(ctx);
  } catch (e) {
    if (!(e instanceof ScaffoldError)) throw e;
    return { report: { ran: false, reason: e.message }, error: e };
  }
}
