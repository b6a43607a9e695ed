/**
 * What a flush cut short leaves (its journal, its temps, its lock), and how it goes away: undone
 * by the next command that writes (or by `mcp-scaffold recover`), or discarded without undoing
 * (`recover --discard`). The journal is read as input (journal-format.ts): one that no flush could
 * have written is refused before anything changes, and only `--discard` removes it.
 */

import { existsSync, lstatSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import { removeIfThere } from './durable.js';
import { EXIT, ScaffoldError } from './errors.js';
import {
  discardJournal,
  JOURNAL_FILE,
  type Journal,
  journalEntryType,
  planUndo,
  readJournal,
  removeJournal,
  removeJournalTemps,
  type UndoStep,
  undoJournal,
} from './journal.js';
import { acquireLock, LOCK_FILE } from './lock.js';
import { removeStaleTempFolders } from './new-folder.js';
import { interruptedBeforeWrite, markPlanning, markWriting, stopSignal } from './run-state.js';
import { withSignalsHeld } from './signals.js';

/** An interrupted flush: who ran it, and what undoing it does (or did) to each file, last first. */
export interface Recovery {
  pid: number;
  host: string;
  started: string;
  steps: UndoStep[];
}

export function rollbackFailed(
  what: string,
  left: string[],
  opts: { details?: { path?: string; message: string }[]; cause?: unknown } = {},
): ScaffoldError {
  return new ScaffoldError('ROLLBACK_FAILED', `${what}: left as they are: ${left.join(', ')}.`, {
    hint: `${JOURNAL_FILE} is kept in the project: the next mcp-scaffold run that writes (or \`mcp-scaffold recover\`) tries the undo again. Or check these files by hand, then run \`mcp-scaffold recover --discard\`.`,
    details: [...(opts.details ?? []), ...left.map((l) => ({ message: `left: ${l}` }))],
    exitCode: EXIT.writtenButFailed,
    cause: opts.cause,
  });
}

const recoveryOf = (journal: Journal, steps: UndoStep[]): Recovery => ({
  pid: journal.pid,
  host: journal.host,
  started: journal.started,
  steps,
});

/** What undoing the interrupted flush in `root` would do, writing nothing; undefined when there is none. */
export function pendingRecovery(root: string): Recovery | undefined {
  const journal = readJournal(root);
  return journal && recoveryOf(journal, planUndo(root, journal));
}

/** Undoes what an interrupted flush left, with the lock held; what it did, or undefined when there was nothing. */
export function recoverUnderLock(root: string): Recovery | undefined {
  // Checked before anything is removed: a journal refused leaves the project as it was.
  const journal = readJournal(root);
  removeJournalTemps(root);
  if (!journal) return undefined;
  const steps = planUndo(root, journal);
  const left = undoJournal(root, journal);
  if (left.length > 0) {
    throw rollbackFailed(
      `Undoing an interrupted earlier run (pid ${journal.pid}, started ${journal.started}) failed`,
      left,
    );
  }
  removeJournal(root);
  return recoveryOf(journal, steps);
}

/** What the commands that write say after undoing an interrupted flush first. */
export function recoveryWarning(r: Recovery): string {
  const files = [...r.steps].reverse().map((s) => s.path);
  return `An earlier run (pid ${r.pid}, started ${r.started}) was interrupted while writing ${files.length} file(s); its changes were undone: ${files.join(', ')}.`;
}

/** `work` with the project's lock held and stop signals held until it is done. */
export async function underProjectLock<T>(root: string, work: () => T): Promise<T> {
  const lock = await acquireLock(root);
  return withSignalsHeld(() => {
    try {
      return work();
    } finally {
      lock.release();
    }
  });
}

/**
 * Undoes an interrupted flush left in `root`, before a command plans over it; the warnings to
 * say. A dry run writes nothing: it only says that the next run will (or refuses the journal as
 * the next run would).
 */
export async function recoverInterruptedFlush(root: string, opts: { dryRun?: boolean } = {}): Promise<string[]> {
  if (!existsSync(root)) return removeStaleTempFolders(root, opts);
  if (journalEntryType(root) === undefined) {
    if (!opts.dryRun && lstatSync(path.join(root, LOCK_FILE), { throwIfNoEntry: false })) await removeStaleLock(root);
    return [];
  }
  if (opts.dryRun) {
    readJournal(root);
    return [`An earlier run was interrupted while writing; the next run that writes undoes it (${JOURNAL_FILE}).`];
  }
  // Writing once the lock is held: a signal while waiting for it ends the run at once.
  const recovery = await underProjectLock(root, () => {
    markWriting();
    return recoverUnderLock(root);
  });
  const warnings = recovery ? [recoveryWarning(recovery)] : [];
  const signal = stopSignal();
  if (signal)
    throw interruptedBeforeWrite(
      signal,
      warnings.length > 0 ? 'an interrupted earlier run was undone first' : undefined,
    );
  markPlanning();
  return warnings;
}

/** A run killed before its journal was whole leaves its lock (and a journal temp): taken over and removed. */
async function removeStaleLock(root: string): Promise<void> {
  try {
    const lock = await acquireLock(root, { waitMs: 0 });
    removeJournalTemps(root);
    lock.release();
  } catch (e) {
    // A live run holds it: its own flush is under way, and ours waits for it later.
    if (!(e instanceof ScaffoldError && e.code === 'LOCKED')) throw e;
  }
}

/** What `recover --discard` found: the journal's reading (or why it was refused), and what it removed. */
export interface Discarded {
  recovery?: Recovery;
  refused?: ScaffoldError;
}

/**
 * The interrupted flush in `root` as `recover --discard` shows it before removing it: what undoing
 * it would do, or why its journal is refused. Writes nothing.
 */
export function inspectForDiscard(root: string): Discarded | undefined {
  if (journalEntryType(root) === undefined) return undefined;
  try {
    const recovery = pendingRecovery(root);
    return recovery ? { recovery } : undefined;
  } catch (e) {
    if (e instanceof ScaffoldError && e.code === 'JOURNAL_INVALID') return { refused: e };
    throw e;
  }
}

/**
 * Removes the journal in `root` and its temps without undoing anything, with the lock held. The
 * temps of a journal that was refused are not trusted to be ours, so only the journal's own go;
 * a folder at the journal's name goes only when empty.
 */
export function discardUnderLock(root: string, found: Discarded): void {
  const file = path.join(root, JOURNAL_FILE);
  const st = lstatSync(file, { throwIfNoEntry: false });
  if (st?.isDirectory()) {
    try {
      rmdirSync(file);
    } catch {
      throw new ScaffoldError('JOURNAL_INVALID', `${JOURNAL_FILE} is a folder that holds files; nothing was removed.`, {
        hint: `It is no journal of mcp-scaffold's: move ${file} out of the project yourself.`,
        details: [{ path: JOURNAL_FILE, message: 'a folder that holds files' }],
      });
    }
    removeJournalTemps(root);
    return;
  }
  if (found.recovery) discardJournal(root, readJournal(root));
  else {
    removeJournalTemps(root);
    removeIfThere(file);
  }
}
