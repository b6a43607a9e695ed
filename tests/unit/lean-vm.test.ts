/**
 * What a run asks of V8 (src/engine/lean-vm.ts): a young generation that does not grow and no
 * TurboFan from the start, V8's defaults back once the run reads at length (the sixteenth file
 * parsed, or fullVm), compiles and code caches always under the start flags, and a run's own
 * setting of either left alone. And, on the Node that runs the tests, that the flags set after
 * start-up do what lean-vm.ts says (a Node that ignored them would cost time and memory, not
 * correctness).
 */
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FULL_AFTER,
  fullVm,
  leanStart,
  parsedOne,
  QUICK_REGEXP_SETTINGS,
  resetLeanState,
  SETTINGS,
  underQuickRegExps,
  underStartFlags,
} from '../../src/engine/lean-vm.js';

const START = SETTINGS.map((s) => s.start);
const FULL = SETTINGS.map((s) => s.full);

/** The flags a run with node options `given` sets: at its start, and then by `then`. */
function flagsSet(given: string[], then: (set: (flag: string) => void) => void = () => {}) {
  const set: string[] = [];
  const record = (flag: string) => set.push(flag);
  leanStart(record, given);
  const atStart = [...set];
  then(record);
  return { atStart, after: set.slice(atStart.length) };
}

/** Runs `script` in a new Node with `options`; its stdout. */
function inNode(script: string, options: string[] = []): string {
  const r = spawnSync(process.execPath, [...options, '-e', `const v8 = require('node:v8');\n${script}`], {
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('leanStart, fullVm, parsedOne', () => {
  afterEach(() => resetLeanState());

  it('keeps the young generation from growing and TurboFan off, once; fullVm puts the defaults back, once', () => {
    expect(
      flagsSet(['--enable-source-maps', ''], (set) => {
        leanStart(set, []);
        fullVm(set);
        fullVm(set);
      }),
    ).toEqual({
      atStart: ['--semi-space-growth-factor=1', '--no-turbofan'],
      after: ['--semi-space-growth-factor=2', '--turbofan'],
    });
  });

  it(`puts the defaults back at the ${FULL_AFTER}th file parsed, not before`, () => {
    const { after } = flagsSet([], (set) => {
      for (let i = 1; i < FULL_AFTER; i++) parsedOne(set);
      set('-- parsed fifteen');
      for (let i = 0; i < 10; i++) parsedOne(set);
    });
    expect(after).toEqual(['-- parsed fifteen', ...FULL]);
  });

  it.each([
    ['--semi_space_growth_factor=4', ['--no-turbofan'], ['--turbofan']],
    ['--no-opt', ['--semi-space-growth-factor=1'], ['--semi-space-growth-factor=2']],
    ['--max-opt=1 --semi-space-growth-factor=3', [], []],
    ['--jitless', ['--semi-space-growth-factor=1'], ['--semi-space-growth-factor=2']],
  ])('leaves alone what the run sets itself (%s)', (option, atStart, full) => {
    expect(flagsSet([option], (set) => fullVm(set))).toEqual({ atStart, after: full });
  });

  it('does not take other options for a setting of its own', () => {
    const other = ['--optimize-for-size', '--max-old-space-size=512', '--trace-opt', '--max-semi-space-size=16'];
    expect(flagsSet(other).atStart).toEqual(START);
  });

  it('compiles under the start flags: as they are while lean, set around the work once the defaults are back', () => {
    const { after } = flagsSet([], (set) => {
      underStartFlags(() => set('-- work, lean'), set);
      fullVm(set);
      underStartFlags(() => set('-- work, full'), set);
    });
    expect(after).toEqual(['-- work, lean', ...FULL, ...START, '-- work, full', ...FULL]);
  });
});

describe('underQuickRegExps', () => {
  const quick = QUICK_REGEXP_SETTINGS.map((s) => s.start);
  const usual = QUICK_REGEXP_SETTINGS.map((s) => s.full);

  it("sets V8's quick regular expression compiles around the work only, even when it throws", () => {
    const set: string[] = [];
    expect(
      underQuickRegExps(
        () => {
          set.push('-- work');
          return 7;
        },
        (f) => set.push(f),
        [],
      ),
    ).toBe(7);
    expect(set).toEqual([...quick, '-- work', ...usual]);
    set.length = 0;
    expect(() =>
      underQuickRegExps(
        () => {
          throw new Error('refused');
        },
        (f) => set.push(f),
        [],
      ),
    ).toThrow('refused');
    expect(set).toEqual([...quick, ...usual]);
  });

  it('leaves a setting the run made itself alone', () => {
    const set: string[] = [];
    underQuickRegExps(
      () => set.push('-- work'),
      (f) => set.push(f),
      ['--regexp_tier_up --max-old-space-size=99'],
    );
    expect(set).toEqual(['--no-regexp-optimization', '-- work', '--regexp-optimization']);
  });

  it('on this Node: patterns compiled so match as ever (net.isIPv6 among them)', () => {
    const out = inNode(
      `v8.setFlagsFromString('${quick[0]}'); v8.setFlagsFromString('${quick[1]}');
       const net = require('node:net');
       console.log(JSON.stringify([net.isIPv6('registry.npmjs.org'), net.isIPv6('2001:db8::1'), net.isIP('10.0.0.1'), /^(a|ab)+c$/.test('ababc')]));`,
    );
    expect(JSON.parse(out)).toEqual([false, true, 4, true]);
  });
});

describe('the flags, set after start-up, on this Node', () => {
  it('keep a hot function from TurboFan while lean, and not once the defaults are back', () => {
    const out = inNode(
      `function hotLean(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }
       function hotAfter(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }
       v8.setFlagsFromString('--no-turbofan');
       for (let i = 0; i < 3000; i++) hotLean(1000);
       v8.setFlagsFromString('--turbofan');
       for (let i = 0; i < 3000; i++) hotAfter(1000);`,
      ['--trace-opt', '--no-concurrent-recompilation'],
    );
    const marked = [...out.matchAll(/marking \S+ <JSFunction (\w+)/g)].map((m) => m[1]);
    expect(marked).toContain('hotAfter');
    expect(marked).not.toContain('hotLean');
  });

  it('keep the young generation at its first size, and let it grow once the default is back', () => {
    const youngAfter = (flags: string[]) =>
      Number(
        inNode(
          `for (const f of ${JSON.stringify(flags)}) v8.setFlagsFromString(f);
           const kept = [];
           for (let i = 0; i < 300000; i++) kept.push({ i, s: 'x' + i });
           console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);`,
        ),
      );
    const grown = youngAfter([]);
    expect(youngAfter([START[0]!])).toBeLessThan(grown / 4);
    expect(youngAfter([START[0]!, FULL[0]!])).toBe(grown);
  });
});
