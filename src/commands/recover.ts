/**
 * `mcp-scaffold recover [--discard]`: what a flush cut short left in the project, dealt with on
 * its own. Without --discard the interrupted flush is undone now (as the next writing command
 * would do first), saying what was put back; with --discard its journal and temps are removed
 * without undoing anything, after showing what undoing would have done. The way out of a journal
 * that is refused (JOURNAL_INVALID): every writing command stops on it until it is gone.
 */

import path from 'node:path';
import { ScaffoldError } from '../engine/errors.js';
import { reportFailure } from '../engine/failure.js';
import { JOURNAL_FILE, type UndoStep } from '../engine/journal.js';
import type { GlobalOptions } from '../engine/options.js';
import {
  type Discarded,
  discardUnderLock,
  inspectForDiscard,
  pendingRecovery,
  type Recovery,
  recoverUnderLock,
  underProjectLock,
} from '../engine/recovery.js';
import { type CommandResult, errorJson, type ListedChange, Reporter } from '../engine/reporter.js';
import { interruptedAfterWrite, markWriting, markWritten, stopSignal } from '../engine/run-state.js';
import { findProject } from '../project/project.js';

const COMMAND = 'recover';

export interface RecoverFlags {
  discard?: boolean;
}

/** The project the journal belongs to; a folder that is no project yet (an `init .` cut short) is taken as it is. */
function rootOf(cwd: string): string {
  try {
    return findProject(cwd).root;
  } catch (e) {
    if (e instanceof ScaffoldError && e.code === 'NOT_A_PROJECT') return path.resolve(cwd);
    throw e;
  }
}

const ACTION: Record<UndoStep['action'], ListedChange['action'] | undefined> = {
  restore: 'update',
  remove: 'delete',
  none: undefined,
  left: undefined,
};

/** The files undoing changes (or would change), in the order of the undo. */
function changesOf(recovery: Recovery | undefined): ListedChange[] {
  return (recovery?.steps ?? []).flatMap((s) => {
    const action = s.missing ? 'create' : ACTION[s.action];
    return action ? [{ path: s.path, action }] : [];
  });
}

const LABEL: Record<UndoStep['action'], string> = {
  restore: 'PUT BACK',
  remove: 'REMOVE',
  none: 'AS IT WAS',
  left: 'LEFT',
};

function sayRecovery(reporter: Reporter, recovery: Recovery, verb: string): void {
  reporter.info(`${verb} (pid ${recovery.pid} on ${recovery.host}, started ${recovery.started}):`);
  for (const s of recovery.steps) reporter.info(`${LABEL[s.action]} ${s.path}${s.reason ? ` (${s.reason})` : ''}`);
}

function recoveryJson(recovery: Recovery | undefined): Record<string, unknown> {
  if (!recovery) return { found: false };
  const { pid, host, started, steps } = recovery;
  return {
    found: true,
    pid,
    host,
    started,
    files: steps.map((s) => ({ path: s.path, action: s.action, ...(s.reason ? { reason: s.reason } : {}) })),
  };
}

async function undoNow(root: string, global: GlobalOptions, reporter: Reporter): Promise<number> {
  const found = pendingRecovery(root);
  if (!found) return nothingToDo(reporter, global);
  if (global.dryRun) {
    sayRecovery(reporter, found, 'Undoing the interrupted run would put the files back as they were');
    reporter.info('Dry run: nothing was written.');
    return finish(reporter, global, changesOf(found), { recovery: recoveryJson(found) });
  }
  const done = await underProjectLock(root, () => {
    markWriting();
    return recoverUnderLock(root);
  });
  markWritten();
  if (done) sayRecovery(reporter, done, 'Undid the interrupted run');
  const changes = changesOf(done);
  reporter.success(`Put back ${changes.length} file(s); ${JOURNAL_FILE} is removed.`);
  return finish(reporter, global, changes, { recovery: recoveryJson(done) });
}

async function discard(root: string, global: GlobalOptions, reporter: Reporter): Promise<number> {
  const found = inspectForDiscard(root);
  if (!found) return nothingToDo(reporter, global);
  say(reporter, found);
  const removed: ListedChange[] = [{ path: JOURNAL_FILE, action: 'delete' }];
  const extra = {
    discarded: true,
    recovery: recoveryJson(found.recovery),
    ...(found.refused ? { refused: { ...errorJson(found.refused), details: found.refused.details } } : {}),
  };
  if (global.dryRun) {
    reporter.info(`Dry run: nothing was written; ${JOURNAL_FILE} stays.`);
    return finish(reporter, global, removed, extra);
  }
  await underProjectLock(root, () => {
    markWriting();
    discardUnderLock(root, found);
  });
  markWritten();
  reporter.success(`Removed ${JOURNAL_FILE} and its temp files; no file was put back.`);
  return finish(reporter, global, removed, extra);
}

/** What --discard shows before removing: what undoing would have done, or why the journal is refused. */
function say(reporter: Reporter, found: Discarded): void {
  if (found.recovery) sayRecovery(reporter, found.recovery, 'Undoing the interrupted run would have done this');
  if (found.refused) {
    reporter.info(found.refused.message);
    for (const d of found.refused.details) reporter.info(`  - ${d.path ? `${d.path}: ` : ''}${d.message}`);
  }
}

function nothingToDo(reporter: Reporter, global: GlobalOptions): number {
  reporter.info(`Nothing to recover: no ${JOURNAL_FILE} here, so no run was cut short.`);
  return finish(reporter, global, [], { recovery: { found: false } });
}

function finish(
  reporter: Reporter,
  global: GlobalOptions,
  changes: ListedChange[],
  extra: Record<string, unknown>,
): number {
  const out: CommandResult = {
    ok: true,
    command: COMMAND,
    dryRun: global.dryRun,
    changes,
    warnings: reporter.warnings,
    ...extra,
  };
  // A stop signal while the files were put back: they all are; the run says so.
  const signal = global.dryRun ? undefined : stopSignal();
  if (signal) return reporter.failureAfterWrite(out, interruptedAfterWrite(signal, changes.length, []));
  reporter.result(out);
  return 0;
}

export async function recoverCommand(flags: RecoverFlags, global: GlobalOptions): Promise<number> {
  const reporter = new Reporter({ json: global.json, verbose: global.verbose });
  try {
    const root = rootOf(global.cwd);
    return flags.discard ? await discard(root, global, reporter) : await undoNow(root, global, reporter);
  } catch (e) {
    return reportFailure(reporter, COMMAND, e);
  }
}
