/**
 * A child started in a process group of its own, so that it and everything it starts can be
 * stopped together: TERM to the whole group, then KILL once a grace period has passed.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { monotonicMs } from '../engine/monotonic.js';

/** Groups are a POSIX notion; on Windows only the child itself can be signalled. */
export const HAS_PROCESS_GROUPS = process.platform !== 'win32';

/** How long the group has between TERM and KILL. */
const KILL_GRACE_MS = 5_000;
/** How long a KILLed group may take to be gone before we stop looking. */
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

/** The state letter and process group of a /proc/<pid>/stat line (the name may hold spaces). */
function statFields(stat: string): { state: string; pgrp: number } {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: rest[0] ?? '', pgrp: Number(rest[2]) };
}

/**
 * Whether a process of the group still runs, read from /proc: a zombie has finished, though
 * kill(-pgid, 0) still finds it until it is reaped, and a container's PID 1 may never reap it.
 */
function groupRunsOnLinux(pgid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { state, pgrp } = statFields(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (pgrp === pgid && state !== 'Z' && state !== 'X') return true;
    } catch {
      // The process ended while we looked.
    }
  }
  return false;
}

export class ProcessGroup {
  private terminating: Promise<void> | undefined;

  /** `pid` is the group's leader, the child spawned with `detached: true`. */
  constructor(private readonly pid: number | undefined) {}

  signal(signal: NodeJS.Signals): void {
    if (this.pid === undefined) return;
    try {
      process.kill(HAS_PROCESS_GROUPS ? -this.pid : this.pid, signal);
    } catch {
      // Nothing of the group is left to signal.
    }
  }

  running(): boolean {
    if (this.pid === undefined) return false;
    if (process.platform === 'linux') return groupRunsOnLinux(this.pid);
    try {
      process.kill(HAS_PROCESS_GROUPS ? -this.pid : this.pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  /** TERM, then KILL after the grace period; resolves once the group is gone (or KILL was sent and waited on). */
  terminate(): Promise<void> {
    this.terminating ??= this.stop();
    return this.terminating;
  }

  private async stop(): Promise<void> {
    if (!this.running()) return;
    this.signal('SIGTERM');
    if (await waitFor(() => !this.running(), KILL_GRACE_MS)) return;
    this.signal('SIGKILL');
    await waitFor(() => !this.running(), GONE_AFTER_KILL_MS);
  }
}
