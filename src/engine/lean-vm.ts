/**
 * V8 set for a short run, from the launcher before any bundle compiles (and from main() on the
 * plain path), with v8.setFlagsFromString: V8 reads both flags below each time it decides to grow
 * or to optimise (Node leaves its flags unfrozen for that call). On these machines a page of
 * memory touched for the first time costs ~10 µs, so what a run touches is much of its time.
 *
 * - A young generation that does not grow (1 MB semi-spaces otherwise doubled up to 16 MB).
 *   Given on node's command line the setting changed nothing (measured); set after start-up it
 *   holds.
 * - No optimising compiler (TurboFan: its code paged in from the Node binary, its compile zones,
 *   its threads).
 *
 * Both until the run reads the project at length: `fullVm()` (a `list` that misses its remembered
 * reading; the sixteenth file parsed for its facts) puts V8's defaults back for the rest of it.
 *
 * Measured interleaved (11 runs, idle): `add tool` at 3,000 tools peaked at 129 MB with 23,900
 * page faults before either, 99 MB with the steady young generation (0.84× the time), 86 MB
 * without TurboFan as well (CPU 0.65× in all); at 1,000 tools 102 → 88 → 79 MB, time 0.91× then
 * 0.89×; fresh add, list and init the same time with less memory.
 *
 * Both flags are among those V8's code cache is made for and checked against (a cache made under
 * other flags is refused), so every bundle compiles, and every cache is made, under the flags the
 * run started with (`underStartFlags`), whether or not it went back to the defaults since.
 *
 * A run given its own setting of either (in node's options) keeps it. The state is kept on the
 * global object, since the launcher and the CLI's bundle each hold a copy of this module.
 */

import v8 from 'node:v8';

/** Each setting made at the start: its flag then, and V8's default it goes back to (Node 20 to 24). */
export const SETTINGS = [
  {
    start: '--semi-space-growth-factor=1',
    full: '--semi-space-growth-factor=2',
    own: /--semi[-_]space[-_]growth[-_]factor\b/,
  },
  { start: '--no-turbofan', full: '--turbofan', own: /--(?:no[-_])?(?:turbofan|opt|max[-_]opt|jitless)\b/ },
] as const;

/**
 * Files parsed one by one (definitions a cache could not vouch for) after which V8 goes back to
 * its defaults: a few (the file the last add wrote, one edited since) parse as fast lean; an add
 * that parsed 3,000 took 1.7× as long without TurboFan, and a `list` that did 1.13× as long with
 * the young generation kept small.
 */
export const FULL_AFTER = 16;

type SetFlags = (flags: string) => void;
const setV8Flags: SetFlags = (flags) => v8.setFlagsFromString(flags);

interface Setting {
  start: string;
  full: string;
  own: RegExp;
}

/** Node's options as given (its command line and NODE_OPTIONS), where a run may set a flag of its own. */
const givenOptions = () => [...process.execArgv, process.env.NODE_OPTIONS ?? ''];

/** The settings a run did not make its own in `given`: those it is ours to change. */
function notGiven<S extends Setting>(settings: readonly S[], given: readonly string[]): S[] {
  return settings.filter((setting) => !given.some((option) => setting.own.test(option)));
}

/** `work` with each setting at its `start` flag, put back to its `full` one after, even on a throw. */
function around<T>(settings: readonly Setting[], work: () => T, setFlags: SetFlags): T {
  for (const setting of settings) setFlags(setting.start);
  try {
    return work();
  } finally {
    for (const setting of settings) setFlags(setting.full);
  }
}

interface State {
  /** The settings made at the start (those the run did not make its own). */
  made: Setting[];
  started: boolean;
  /** Put back to V8's defaults since. */
  full: boolean;
  /** Files parsed for their facts so far. */
  parsed: number;
}
const KEY = Symbol.for('mcp-scaffold.lean-vm');
const state = (): State => {
  const holder = globalThis as { [KEY]?: State };
  holder[KEY] ??= { made: [], started: false, full: false, parsed: 0 };
  return holder[KEY];
};

/**
 * Sets V8 for the run, once (a second call does nothing). `setFlags` and `given` (node's options,
 * NODE_OPTIONS) are parameters for the tests.
 */
export function leanStart(setFlags: SetFlags = setV8Flags, given: readonly string[] = givenOptions()): void {
  const s = state();
  if (s.started) return;
  s.started = true;
  s.made = notGiven(SETTINGS, given);
  for (const setting of s.made) setFlags(setting.start);
}

/** A file parsed for its facts: the sixteenth puts V8's defaults back. */
export function parsedOne(setFlags: SetFlags = setV8Flags): void {
  if (++state().parsed === FULL_AFTER) fullVm(setFlags);
}

/** V8's defaults back for the rest of the run, which is about to read the project at length. */
export function fullVm(setFlags: SetFlags = setV8Flags): void {
  const s = state();
  if (s.full) return;
  s.full = true;
  for (const setting of s.made) setFlags(setting.full);
}

/** `work` (a compile, the making of a code cache) under the flags the run started with. */
export function underStartFlags<T>(work: () => T, setFlags: SetFlags = setV8Flags): T {
  const s = state();
  return s.full ? around(s.made, work, setFlags) : work();
}

/** V8's settings for a regular expression's first compile: straight to machine code, without the analyses for fast matching. */
export const QUICK_REGEXP_SETTINGS = [
  { start: '--no-regexp-tier-up', full: '--regexp-tier-up', own: /--(?:no[-_])?regexp[-_]tier[-_]up\b/ },
  { start: '--no-regexp-optimization', full: '--regexp-optimization', own: /--(?:no[-_])?regexp[-_]optimization\b/ },
] as const;

/**
 * `work` with V8 compiling regular expressions quickly (a run's own setting of either flag kept).
 * For init's registry request: Node 20's https.get tests the host name against net.isIPv6's
 * large pattern several times, and V8 compiles it first for its interpreter, then again for
 * machine code: 9 ms, against 0.4 ms this way (the request goes out 10 ms sooner). Around that
 * call only: matching without the analyses is slower, which a long run would pay for.
 */
export function underQuickRegExps<T>(
  work: () => T,
  setFlags: SetFlags = setV8Flags,
  given: readonly string[] = givenOptions(),
): T {
  return around(notGiven(QUICK_REGEXP_SETTINGS, given), work, setFlags);
}

/** For the tests: forget what was set (the flags themselves are theirs to put back). */
export function resetLeanState(): void {
  const s = state();
  Object.assign(s, { made: [], started: false, full: false, parsed: 0 });
}
