/**
 * Linux's table of processes, read from /proc: each process's parent, process group, session and
 * state (from /proc/<pid>/stat), and whether its environment holds a given variable (from
 * /proc/<pid>/environ, the environment it was started with; readable only for our own user's
 * processes, which are the only ones a child of ours can start).
 */

import { readdirSync, readFileSync } from 'node:fs';

export interface ProcEntry {
  pid: number;
  ppid: number;
  pgrp: number;
  session: number;
  /** `R`, `S`, …; `Z` (zombie) and `X` (dead) have finished. */
  state: string;
  /** When it started, in clock ticks since boot. */
  start: number;
}

/** The fields after the command name, which may itself hold spaces and parentheses (proc(5)). */
function parseStat(pid: number, stat: string): ProcEntry {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state = '', ppid, pgrp, session] = fields;
  return { pid, ppid: Number(ppid), pgrp: Number(pgrp), session: Number(session), state, start: Number(fields[19]) };
}

/** Every process there is now; one that ends while it is read is left out. */
export function listProcesses(): ProcEntry[] {
  const out: ProcEntry[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      out.push(parseStat(Number(entry), readFileSync(`/proc/${entry}/stat`, 'utf8')));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** Whether the process was started with the variable `name` in its environment. */
export function startedWithVariable(pid: number, name: string): boolean {
  try {
    const environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
    return environ.startsWith(`${name}=`) || environ.includes(`\0${name}=`);
  } catch {
    // Gone, or another user's.
    return false;
  }
}

export const hasFinished = (p: ProcEntry) => p.state === 'Z' || p.state === 'X';
