/**
 * V8 kept lean while a run only checks and prints what a cache remembered (a warm `list`): no
 * optimising compiler, and a young generation that does not grow. The check of a remembered
 * reading at 3,000 tools is 3,000 stats: enough calls for V8 to start TurboFan (its code paged
 * in from the Node binary, its compile zones: about 8 MB of peak memory, measured) and to double
 * its young generation (about 3 MB more) for a loop that runs once and keeps nothing. Interpreted,
 * the same run takes less CPU, not more: the compiling it skips is more than it would save.
 *
 * Both flags are read by V8 each time it decides to optimise or to grow, so setting them with
 * v8.setFlagsFromString after start-up takes effect (Node leaves its flags unfrozen for that
 * call); neither is part of what V8's code cache must match. `restore` puts V8's defaults back
 * before any real work (a miss then reads the project with everything V8 has). A run given its
 * own setting of either (in NODE_OPTIONS or node's options) is left alone: putting a default back
 * would overrule it.
 */

import v8 from 'node:v8';

export const LEAN = ['--no-turbofan', '--semi-space-growth-factor=1'];
/** V8's defaults for the two (Node 20 to 24). */
export const DEFAULT = ['--turbofan', '--semi-space-growth-factor=2'];
/** A setting of the run's own that lean flags or their restoring would change. */
const OWN_SETTING = /--(?:no[-_])?(?:turbofan|opt|max[-_]opt|semi[-_]space[-_]growth[-_]factor|jitless)\b/;

export interface LeanVm {
  /** V8 as it was; a second call does nothing. */
  restore(): void;
}

/**
 * V8 made lean until `restore`. `setFlags` and `given` (node's options, NODE_OPTIONS) are
 * parameters for the tests.
 */
export function leanVm(
  setFlags: (flags: string) => void = v8.setFlagsFromString,
  given: readonly string[] = [...process.execArgv, process.env.NODE_OPTIONS ?? ''],
): LeanVm {
  if (given.some((option) => OWN_SETTING.test(option))) return { restore: () => {} };
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
