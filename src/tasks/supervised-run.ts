/**
 * Runs a command as a well-behaved child: in its own session and process group, its output
 * streamed (never buffered, so any amount of it costs no memory), stopped with everything it
 * started (process-tree.ts) on a timeout or when we get SIGINT/SIGTERM/SIGHUP, and never waited on
 * past its own exit for a background process that still holds its output pipes.
 */

import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { childProcess } from '../engine/child-process.js';
import { HAS_PROCESS_GROUPS, ProcessTree, runMark } from './process-tree.js';

/** The signals that stop the child (and, once it is stopped, let us report and exit). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** After the child exits: how long output still in its pipes, or from what it left behind, is read. */
const OUTPUT_GRACE_MS = 1_000;

export interface SupervisedOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** 0: no limit. */
  timeoutMs: number;
}

/** Why we stopped the child, when we did. */
export type StopReason = { by: 'timeout' } | { by: 'signal'; signal: NodeJS.Signals };

export interface SupervisedExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stopped?: StopReason;
}

/** Resolves with `promise`, or undefined once `ms` have passed; the timer never outlives it. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Stops the child's processes on the timeout or on our own signals; a second signal KILLs at once. */
function stopGuard(processes: ProcessTree, timeoutMs: number) {
  let reason: StopReason | undefined;
  const stop = (why: StopReason) => {
    if (reason) return processes.signal('SIGKILL');
    reason = why;
    void processes.terminate();
  };
  const timer = timeoutMs > 0 ? setTimeout(() => stop({ by: 'timeout' }), timeoutMs) : undefined;
  const onSignal = (signal: NodeJS.Signals) => stop({ by: 'signal', signal });
  // Whatever ends this process meanwhile (process.exit, an uncaught error), the child's go with it.
  const onExit = () => processes.signal('SIGKILL');
  for (const s of STOP_SIGNALS) process.on(s, onSignal);
  process.on('exit', onExit);
  return {
    reason: () => reason,
    dispose: () => {
      clearTimeout(timer);
      for (const s of STOP_SIGNALS) process.off(s, onSignal);
      process.off('exit', onExit);
    },
  };
}

/**
 * Once the child has exited: what is left in its pipes is read, what it left running (a
 * background process it started) is stopped, and a pipe still held open past that (by a process
 * that could not be found) is closed on our side rather than waited for.
 */
async function settle(child: ChildProcess, closed: Promise<unknown>, processes: ProcessTree): Promise<void> {
  const drained = await within(
    closed.then(() => true),
    OUTPUT_GRACE_MS,
  );
  await processes.terminate();
  if (!drained) await within(closed, OUTPUT_GRACE_MS);
  for (const stream of [child.stdout, child.stderr]) {
    stream?.unpipe();
    stream?.destroy();
  }
}

/** Runs `file args` and resolves when it and what it started are gone; rejects if it cannot start. */
export async function runSupervised(file: string, args: string[], opts: SupervisedOptions): Promise<SupervisedExit> {
  const mark = runMark();
  const child = childProcess().spawn(file, args, {
    cwd: opts.cwd,
    env: { ...opts.env, [mark]: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: HAS_PROCESS_GROUPS,
  });
  // pipe() waits on a slow reader (backpressure): the child is paused, nothing piles up here.
  child.stdout?.pipe(opts.stdout, { end: false });
  child.stderr?.pipe(opts.stderr, { end: false });
  const processes = new ProcessTree(child.pid, mark);
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const closed = once(child, 'close').catch(() => undefined);
  const guard = stopGuard(processes, opts.timeoutMs);
  try {
    const [code, signal] = await exited;
    // Read now: a signal during the settling below stops what was left behind, not the verdict.
    const stopped = guard.reason();
    await settle(child, closed, processes);
    return { code, signal, ...(stopped ? { stopped } : {}) };
  } finally {
    guard.dispose();
  }
}
