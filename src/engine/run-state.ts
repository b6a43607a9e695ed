/**
 * Where a run stands, for what a stop signal (SIGINT, SIGTERM, SIGHUP) does to it. Before anything
 * is written it ends the run at once: nothing was written (INTERRUPTED, exit 1). While files are
 * put in place it waits (signals.ts), and the run ends once they are all written or all put back,
 * saying which. Once they are written, what is left (the tasks) is skipped and the run ends with
 * INTERRUPTED, exit 2, its files listed. Once the result is out, the run ends with the status the
 * result had, and nothing more is printed. The CLI watches; library callers and tests get the
 * signals' own behaviour (stopSignal stays undefined for them).
 */

import { EXIT, ScaffoldError } from './errors.js';

type Phase = 'planning' | 'writing' | 'written' | 'reported';

const HANDLED: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const state: { phase: Phase; signal?: NodeJS.Signals; exitCode: number } = { phase: 'planning', exitCode: 0 };

/** A run starts over: nothing written, no signal, nothing reported. */
export function resetRunState(): void {
  state.phase = 'planning';
  state.signal = undefined;
  state.exitCode = 0;
}

/** Files are about to be changed (a flush, or the undo of an interrupted one): a signal waits for the end. */
export function markWriting(): void {
  if (state.phase !== 'reported') state.phase = 'writing';
}

/** The files are written: a signal now skips what is left. */
export function markWritten(): void {
  if (state.phase !== 'reported') state.phase = 'written';
}

/** Nothing of this run is written (a flush refused, a plan to be made again): a signal ends the run at once. */
export function markPlanning(): void {
  if (state.phase !== 'reported') state.phase = 'planning';
}

/** The one result is out, with this exit status: a signal now only ends the process with it. */
export function markReported(exitCode: number): void {
  state.phase = 'reported';
  state.exitCode = exitCode;
}

/** The one result is out (a command that serves, `mcp`, has none: it runs on). */
export function resultIsOut(): boolean {
  return state.phase === 'reported';
}

/** The stop signal the run got and has not acted on yet, if any. */
export function stopSignal(): NodeJS.Signals | undefined {
  return state.signal;
}

/**
 * Takes SIGINT, SIGTERM and SIGHUP for the CLI's run: `beforeWrite` is called (and must end the
 * process) for a signal that comes while nothing is written; one that comes later is noted for the
 * run to act on at its next step, or ends the process with the status of a result already out.
 */
export function watchStopSignals(beforeWrite: (signal: NodeJS.Signals) => void): void {
  const onSignal = (signal: NodeJS.Signals) => {
    state.signal ??= signal;
    if (state.phase === 'reported') process.exit(state.exitCode);
    if (state.phase === 'planning') beforeWrite(signal);
  };
  for (const s of HANDLED) process.on(s, onSignal);
}

/** The run stopped before anything of it was written: exit 1. `putBack` says what an earlier run left and this one undid. */
export function interruptedBeforeWrite(signal: NodeJS.Signals, putBack?: string): ScaffoldError {
  return new ScaffoldError(
    'INTERRUPTED',
    `Stopped by ${signal} before anything was written; nothing was written${putBack ? ` (${putBack})` : ''}.`,
    { hint: 'Run the command again to make the change.' },
  );
}

/** The run stopped while it was writing, and every file was put back (or none was changed yet): exit 1. */
export function interruptedPutBack(signal: NodeJS.Signals): ScaffoldError {
  return new ScaffoldError(
    'INTERRUPTED',
    `Stopped by ${signal} while writing; every file was put back in full, and nothing was written.`,
    { hint: 'Run the command again to make the change.' },
  );
}

/** The run stopped once its files were all written: exit 2, saying what did not run. */
export function interruptedAfterWrite(
  signal: NodeJS.Signals,
  written: number,
  skipped: readonly string[],
): ScaffoldError {
  const rest = skipped.length > 0 ? `; ${skipped.join(', ')} did not run` : '';
  return new ScaffoldError(
    'INTERRUPTED',
    `Stopped by ${signal} once the ${written} file(s) were written in full${rest}.`,
    {
      hint:
        skipped.length > 0
          ? `The files are written: run what was skipped yourself (${skipped.join(', ')}).`
          : 'The files are written.',
      exitCode: EXIT.writtenButFailed,
    },
  );
}
