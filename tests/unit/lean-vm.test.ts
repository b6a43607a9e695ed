/**
 * What a run asks of V8 (src/engine/lean-vm.ts): a young generation that does not grow, for every
 * run; no TurboFan for a warm `list`, put back once; a run's own setting of either left alone.
 * And, on the Node that runs the tests, that the flags set after start-up do what lean-vm.ts says
 * (a Node that ignored them would cost time and memory, not correctness).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT, LEAN, leanVm, STEADY_YOUNG, steadyYoungGeneration } from '../../src/engine/lean-vm.js';

function flagsSet(given: string[]) {
  const set: string[] = [];
  const lean = leanVm((flag) => set.push(flag), given);
  const before = [...set];
  lean.restore();
  lean.restore();
  return { before, after: set.slice(before.length) };
}

function steadySet(given: string[]) {
  const set: string[] = [];
  steadyYoungGeneration((flag) => set.push(flag), given);
  return set;
}

/** Runs `script` in a new Node with `options`, LEAN and DEFAULT as `lean` and `restored`; its stdout. */
function inNode(script: string, options: string[] = []): string {
  const prelude = `const v8 = require('node:v8'); const lean = ${JSON.stringify(LEAN)}; const restored = ${JSON.stringify(DEFAULT)};\n`;
  const r = spawnSync(process.execPath, [...options, '-e', prelude + script], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('steadyYoungGeneration', () => {
  it('stops the young generation growing', () => {
    expect(steadySet(['--enable-source-maps', ''])).toEqual([STEADY_YOUNG]);
  });

  it.each([['--semi_space_growth_factor=4'], ['--enable-source-maps --semi-space-growth-factor=3']])(
    'leaves it alone when the run sets %s itself',
    (option) => {
      expect(steadySet([option])).toEqual([]);
    },
  );

  it('does not take other options for a setting of its own', () => {
    expect(steadySet(['--max-semi-space-size=16', '--no-turbofan', '--max-old-space-size=512'])).toEqual([
      STEADY_YOUNG,
    ]);
  });

  it('keeps the young generation at its first size on this Node, set after start-up', () => {
    const youngAfter = (flags: string[]) =>
      Number(
        inNode(
          `for (const f of ${JSON.stringify(flags)}) v8.setFlagsFromString(f);
           const kept = [];
           for (let i = 0; i < 300000; i++) kept.push({ i, s: 'x' + i });
           console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);`,
        ),
      );
    expect(youngAfter([STEADY_YOUNG])).toBeLessThan(youngAfter([]) / 4);
  });
});

describe('leanVm', () => {
  it('turns TurboFan off, and puts it back once', () => {
    expect(flagsSet(['--enable-source-maps', ''])).toEqual({ before: ['--no-turbofan'], after: ['--turbofan'] });
  });

  it.each([['--max-opt=1'], ['--no-opt'], ['--turbofan'], ['--jitless'], ['--enable-source-maps --no_turbofan']])(
    'leaves V8 alone when the run sets %s itself',
    (option) => {
      expect(flagsSet([option])).toEqual({ before: [], after: [] });
    },
  );

  it('does not take other options for a setting of its own', () => {
    const other = ['--optimize-for-size', '--max-old-space-size=512', '--trace-opt', '--semi-space-growth-factor=2'];
    expect(flagsSet(other).before).toEqual(LEAN);
  });

  it('keeps a hot function from TurboFan while lean, and not after', () => {
    const out = inNode(
      `function hotLean(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }
       function hotAfter(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }
       for (const f of lean) v8.setFlagsFromString(f);
       for (let i = 0; i < 3000; i++) hotLean(1000);
       for (const f of restored) v8.setFlagsFromString(f);
       for (let i = 0; i < 3000; i++) hotAfter(1000);`,
      ['--trace-opt', '--no-concurrent-recompilation'],
    );
    const marked = [...out.matchAll(/marking \S+ <JSFunction (\w+)/g)].map((m) => m[1]);
    expect(marked).toContain('hotAfter');
    expect(marked).not.toContain('hotLean');
  });
});
