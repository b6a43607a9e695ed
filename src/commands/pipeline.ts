/**
 * The one flow of every generating command (`add <kind>`, `init`): plan into a tree, check the
 * whole changeset (problems, then the layout of wide new lines), then either print it with its
 * diffs (--dry-run) or flush it once, run the tasks, and report.
 */

import { unifiedDiff } from '../engine/diff.js';
import { EXIT } from '../engine/errors.js';
import { reportFailure } from '../engine/failure.js';
import { PlanOutdatedError } from '../engine/flush.js';
import type { GeneratorResult } from '../engine/generator.js';
import type { GlobalOptions } from '../engine/options.js';
import { problemsError } from '../engine/problems.js';
import { ProjectCache } from '../engine/project-cache.js';
import type { CommandResult, ListedChange, Reporter } from '../engine/reporter.js';
import { interruptedAfterWrite, interruptedPutBack, markPlanning, stopSignal } from '../engine/run-state.js';
import { runTasks, type TaskReport } from '../engine/task.js';
import type { FileChange, Tree } from '../engine/tree.js';
import { formatWideNewFiles, lineWidthOf } from '../project/formatter.js';
import { standInWarnings } from './stand-in-warnings.js';

/** A generator's run over a tree, with what the command says around its changes. */
export interface Planned<R extends GeneratorResult = GeneratorResult> {
  tree: Tree;
  result: R;
  /** Said before the list of changes, when there are any ("Creating demo in /x"). */
  headline?: string;
  /** Said after the list ("Skipped 3 file(s) already there: …"). */
  footnotes?: string[];
  /** Said when nothing changes. */
  unchanged?: string;
}

/** How the run went, for the command's last words and its extra JSON fields. */
export interface Outcome<R extends GeneratorResult = GeneratorResult> {
  /** What the generator returned. */
  result: R;
  dryRun: boolean;
  changes: FileChange[];
  reports: Record<string, TaskReport>;
  /** A task failed (the files are written). */
  failed: boolean;
}

export interface PipelineSpec<R extends GeneratorResult = GeneratorResult> {
  /** The command as the JSON result names it: `add tool`, `init`. */
  command: string;
  global: GlobalOptions;
  reporter: Reporter;
  /** Finds where the change goes and runs the generator into a tree over it. */
  generate: () => Planned<R> | Promise<Planned<R>>;
  /** Warn of each stand-in and `TODO:` text the change writes (what `add` writes). */
  warnStandIns?: boolean;
  /**
   * Runs once the plan is checked, right before the first flush (never on a dry run, nor when
   * nothing changes): what must be measured on the project as it was (upgrade's check before).
   */
  beforeFlush?: (planned: Planned<R>) => Promise<void>;
  /** Extra JSON fields once the tasks ran; it may speak to people too (init's next steps). */
  conclude?: (outcome: Outcome<R>) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

const UNCHANGED = 'Nothing to change: the project already has all of it.';

/** A plan's changes once checked, and what is said of them when they are written (or shown, on a dry run). */
interface Checked {
  changes: FileChange[];
  notes: string[];
  /** Of the text written (wide lines, stand-ins): a run whose write failed has no such file to speak of. */
  warnings: string[];
}

/**
 * Warnings on the input, then every problem at once (nothing is written); then the layout pass.
 * A plan made again (`say` false) says only its problems: its input warnings were said the first time.
 */
async function checkedChanges(
  { tree, result }: Planned,
  reporter: Reporter,
  say = true,
  warnStandIns = false,
): Promise<Checked> {
  if (say) for (const w of result.warnings) reporter.warn(w);
  if (result.problems.length > 0) {
    // A file that leads out of the project is refused as that first: it is never written to.
    tree.host.verify(result.problems.flatMap((p) => (p.path && p.path !== '.' ? [p.path] : [])));
    throw problemsError(result.problems);
  }
  const warnings = (await formatWideNewFiles(tree, lineWidthOf(tree))).map(
    (file) =>
      `${file} has lines over the line width that were not laid out (Biome is not installed, or its layout would have changed the text); run your formatter on it.`,
  );
  const changes = tree.changes();
  // After the layout pass: the lines named are those the files will have.
  if (warnStandIns) warnings.push(...standInWarnings(changes));
  return { changes, notes: result.notes, warnings };
}

/** The changes as the result lists them: with a unified diff of each, created files too, on a dry run. */
function listed(changes: FileChange[], dryRun: boolean): ListedChange[] {
  return changes.map((c) => ({
    path: c.path,
    action: c.action,
    ...(dryRun ? { diff: unifiedDiff(c.path, c.before, c.action === 'delete' ? undefined : c.after) } : {}),
  }));
}

function sayChanges(planned: Planned, changes: ListedChange[], reporter: Reporter, dryRun: boolean): void {
  if (changes.length > 0 && planned.headline) reporter.info(planned.headline);
  reporter.changes(changes, dryRun);
  for (const line of planned.footnotes ?? []) reporter.info(line);
  if (changes.length === 0) reporter.info(planned.unchanged ?? UNCHANGED);
  if (dryRun) reporter.info('Dry run: nothing was written.');
}

/** How often a plan that another run's write made stale is made again before the run gives up. */
const REPLANS = 3;

/**
 * Plans, checks and (unless a dry run) flushes. When another run wrote a planned file first (the
 * flush sees it under the project's lock and writes nothing), the plan is made again from the disk
 * as it now is, so that runs at the same time each land instead of refusing.
 */
async function planAndFlush<R extends GeneratorResult>(
  spec: PipelineSpec<R>,
): Promise<{ planned: Planned<R> } & Checked> {
  const { reporter, global } = spec;
  let planned = await spec.generate();
  let checked = await checkedChanges(planned, reporter, true, spec.warnStandIns);
  for (let replans = 0; ; replans++) {
    const { changes } = checked;
    planned.tree.host.verify(changes.map((c) => c.path));
    if (global.dryRun) return { planned, ...checked };
    if (replans === 0 && changes.length > 0) await spec.beforeFlush?.(planned);
    try {
      for (const w of await planned.tree.host.flush(changes)) reporter.warn(w);
      return { planned, ...checked };
    } catch (e) {
      if (!(e instanceof PlanOutdatedError)) throw e;
      // Nothing was written (or all of it was put back): a stop signal that came meanwhile ends the run here.
      const signal = stopSignal();
      if (signal) throw interruptedPutBack(signal);
      if (replans >= REPLANS) throw e;
      markPlanning();
      reporter.debug(`${e.message} Planning again from the files as they are now.`);
      planned = await spec.generate();
      checked = await checkedChanges(planned, reporter, false, spec.warnStandIns);
    }
  }
}

export async function runPipeline<R extends GeneratorResult>(spec: PipelineSpec<R>): Promise<number> {
  const { reporter, global } = spec;
  try {
    // Listed after the flush: CREATE and UPDATE say what is on disk, not what was meant to be.
    const { planned, changes, notes, warnings } = await planAndFlush(spec);
    // What planning learnt of the project is kept once the project holds what was planned.
    if (!global.dryRun) ProjectCache.of(planned.tree)?.commit(changes);
    // Said once the files hold it: a failed write must not leave "added" or a line to replace behind.
    for (const n of notes) reporter.info(n);
    for (const w of warnings) reporter.warn(w);
    const listedChanges = listed(changes, global.dryRun);
    sayChanges(planned, listedChanges, reporter, global.dryRun);
    const taskRun = await runTasks(
      planned.result.tasks,
      {
        root: planned.tree.root,
        reporter,
        spinner: process.stdout.isTTY === true && !global.json,
        devcheckTimeout: global.devcheckTimeout,
        changedFiles: changes.map((c) => c.path),
        fullDevcheck: global.fullDevcheck === true,
      },
      { dryRun: global.dryRun, changed: changes.length > 0 },
    );
    const outcome = {
      result: planned.result,
      dryRun: global.dryRun,
      changes,
      reports: taskRun.reports,
      failed: taskRun.error !== undefined,
    };
    const out: CommandResult = {
      ok: true,
      command: spec.command,
      dryRun: global.dryRun,
      changes: listedChanges,
      ...taskRun.reports,
      warnings: reporter.warnings,
      ...planned.result.data,
      ...(await spec.conclude?.(outcome)),
    };
    // A stop signal during the flush or between tasks: the files are written, the rest was skipped.
    const signal = stopSignal();
    const error =
      taskRun.error ??
      (signal && changes.length > 0 ? interruptedAfterWrite(signal, changes.length, taskRun.skipped) : undefined);
    if (error) return reporter.failureAfterWrite(out, error);
    reporter.result(out);
    return EXIT.ok;
  } catch (e) {
    return reportFailure(reporter, spec.command, e);
  }
}
