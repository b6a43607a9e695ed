/**
 * V8 set for a short run, after start-up, with v8.setFlagsFromString: V8 reads both flags below
 * each time it decides to grow or to optimise (Node leaves its flags unfrozen for that call).
 *
 * - For every run, a young generation that does not grow. Growing it (1 MB semi-spaces doubled up
 *   to 16 MB) is memory touched for the first time, which on these machines costs ~10 µs a page:
 *   `add tool` at 3,000 tools peaked at 129 MB with 23,900 page faults, and at 99 MB with 16,500
 *   kept small, in 0.84× the time (1,000 tools: 0.91×, 102 → 88 MB; fresh, list and init about
 *   the same; measured interleaved). Scavenging more often costs less than that. Given on node's
 *   command line the setting changed nothing (measured); set after start-up it holds. It is one
 *   of the flags V8's code cache is made for and taken with, so the launcher sets it before any
 *   bundle compiles (a cache made at exit under it is then taken by the next run).
 * - For a warm `list`, which only checks and prints what it remembered, no optimising compiler
 *   either: its 3,000 stats are enough calls for V8 to start TurboFan (its code paged in from
 *   the Node binary, its compile zones: about 8 MB of peak memory, measured) for a loop that runs
 *   once. Interpreted, the run takes less CPU, not more. `restore` turns it back on before any
 *   real work (a miss then reads the project with everything V8 has), and so before the code
 *   caches are made at exit.
 *
 * A run given its own setting of either (in node's options) keeps it.
 */

import v8 from 'node:v8';

export const STEADY_YOUNG = '--semi-space-growth-factor=1';
export const LEAN = ['--no-turbofan'];
/** V8's default (Node 20 to 24). */
export const DEFAULT = ['--turbofan'];
/** Settings of the run's own that these would overrule. */
const OWN_GROWTH = /--semi[-_]space[-_]growth[-_]factor\b/;
const OWN_COMPILER = /--(?:no[-_])?(?:turbofan|opt|max[-_]opt|jitless)\b/;

type SetFlags = (flags: string) => void;
const givenOptions = () => [...process.execArgv, process.env.NODE_OPTIONS ?? ''];

/**
 * Keeps the young generation at its first size for the rest of the run. `setFlags` and `given`
 * (node's options, NODE_OPTIONS) are parameters for the tests.
 */
export function steadyYoungGeneration(
  setFlags: SetFlags = v8.setFlagsFromString,
  given: readonly string[] = givenOptions(),
): void {
  if (!given.some((option) => OWN_GROWTH.test(option))) setFlags(STEADY_YOUNG);
}

export interface LeanVm {
  /** V8 as it was; a second call does nothing. */
  restore(): void;
}

/** V8 without its optimising compiler until `restore`; parameters as steadyYoungGeneration's. */
export function leanVm(setFlags: SetFlags = v8.setFlagsFromString, given: readonly string[] = givenOptions()): LeanVm {
  if (given.some((option) => OWN_COMPILER.test(option))) return { restore: () => {} };
  for (const flag of LEAN) setFlags(flag);
  let lean = true;
  return {
    restore: () => {
      if (!lean) return;
      lean = false;
      for (const flag of DEFAULT) setFlags(flag);
    },
  };
}
