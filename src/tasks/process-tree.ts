/**
 * Everything a child started, so that it can all be stopped together: TERM, then KILL once a
 * grace period has passed. The child leads a session and a process group of its own (it is
 * spawned detached). A process it starts may leave both (`setsid`, a daemon's double fork), so on
 * Linux its processes are found in /proc wherever they went: those of its session or group, those
 * started with the run's mark in their environment (every descendant inherits it, whatever
 * session it moves to or whoever adopts it), and the descendants of any of these. Elsewhere only
 * the group is signalled.
 */

import { randomBytes } from 'node:crypto';
import { monotonicMs } from '../engine/monotonic.js';
import { hasFinished, listProcesses, type ProcEntry, startedWithVariable } from './proc-table.js';

/** Groups are a POSIX notion; on Windows only the child itself can be signalled. */
export const HAS_PROCESS_GROUPS = process.platform !== 'win32';
const READS_PROC = process.platform === 'linux';

/** How long the processes have between TERM and KILL. */
const KILL_GRACE_MS = 5_000;
/** How long KILLed processes may take to be gone before we stop looking. */
const GONE_AFTER_KILL_MS = 1_000;
const POLL_MS = 100;

/** Resolves once `done()` holds or `ms` have passed; whether it held. */
export async function waitFor(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = monotonicMs() + ms;
  while (!done()) {
    if (monotonicMs() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

/** A variable of its own for each run: set in the child's environment, found in its descendants'. */
export function runMark(): string {
  return `MCP_SCAFFOLD_RUN_${randomBytes(8).toString('hex')}`;
}

/** The live processes of the child's session or group or carrying `mark`, and all their descendants. */
function processesOf(leader: number, mark: string): number[] {
  const listed = listProcesses();
  // What started before this process is none of the child's: its environment need not be read.
  const since = listed.find((p) => p.pid === process.pid)?.start ?? 0;
  const all = listed.filter((p) => p.pid !== process.pid);
  const children = new Map<number, ProcEntry[]>();
  for (const p of all) {
    const siblings = children.get(p.ppid);
    if (siblings) siblings.push(p);
    else children.set(p.ppid, [p]);
  }
  const found = new Map<number, ProcEntry>();
  const add = (p: ProcEntry): void => {
    if (found.has(p.pid)) return;
    found.set(p.pid, p);
    for (const child of children.get(p.pid) ?? []) add(child);
  };
  for (const p of all) {
    const marked = p.start >= since && !hasFinished(p) && startedWithVariable(p.pid, mark);
    if (p.pgrp === leader || p.session === leader || marked) add(p);
  }
  return [...found.values()].filter((p) => !hasFinished(p)).map((p) => p.pid);
}

function kill(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    // Nothing left to signal.
    return false;
  }
}

export class ProcessTree {
  private terminating: Promise<void> | undefined;

  /**
   * `pid` is the child, spawned with `detached: true` (so its session and group bear its pid)
   * and with `mark` set in its environment.
   */
  constructor(
    private readonly pid: number | undefined,
    private readonly mark: string,
  ) {}

  signal(signal: NodeJS.Signals): void {
    if (this.pid === undefined) return;
    kill(HAS_PROCESS_GROUPS ? -this.pid : this.pid, signal);
    if (READS_PROC) for (const pid of processesOf(this.pid, this.mark)) kill(pid, signal);
  }

  /** Whether a process of it still runs (a zombie has finished, though a signal still finds it). */
  running(): boolean {
    if (this.pid === undefined) return false;
    if (READS_PROC) return processesOf(this.pid, this.mark).length > 0;
    return kill(HAS_PROCESS_GROUPS ? -this.pid : this.pid, 0);
  }

  /** TERM, then KILL after the grace period; resolves once all is gone (or KILL was sent and waited on). */
  terminate(): Promise<void> {
    this.terminating ??= this.stop();
    return this.terminating;
  }

  private async stop(): Promise<void> {
    if (!this.running()) return;
    this.signal('SIGTERM');
    if (await waitFor(() => !this.running(), KILL_GRACE_MS)) return;
    // KILLed again at each look: a process started since the last one goes too.
    await waitFor(() => {
      this.signal('SIGKILL');
      return !this.running();
    }, GONE_AFTER_KILL_MS);
  }
}
