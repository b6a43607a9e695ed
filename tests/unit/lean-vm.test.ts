/**
 * What a warm `list` asks of V8: lean flags set, V8's defaults put back once, a run's own setting
 * left alone; and, on the Node that runs the tests, that the flags set after start-up do what
 * lean-vm.ts says (a Node that ignored them would cost memory, not correctness).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT, LEAN, leanVm } from '../../src/engine/lean-vm.js';

function flagsSet(given: string[]) {
  const set: string[] = [];
  const lean = leanVm((flag) => set.push(flag), given);
  const before = [...set];
  lean.restore();
  lean.restore();
  return { before, after: set.slice(before.length) };
}

/** Runs `script` in a new Node with `options`, LEAN and DEFAULT as `lean` and `restored`; its stdout. */
function inNode(script: string, options: string[] = []): string {
  const prelude = `const v8 = require('node:v8'); const lean = ${JSON.stringify(LEAN)}; const restored = ${JSON.stringify(DEFAULT)};\n`;
  const r = spawnSync(process.execPath, [...options, '-e', prelude + script], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('leanVm', () => {
  it('turns TurboFan and young-space growth off, and puts the defaults back once', () => {
    expect(flagsSet(['--enable-source-maps', ''])).toEqual({
      before: ['--no-turbofan', '--semi-space-growth-factor=1'],
      after: ['--turbofan', '--semi-space-growth-factor=2'],
    });
  });

  it.each([
    ['--max-opt=1'],
    ['--no-opt'],
    ['--turbofan'],
    ['--semi_space_growth_factor=4'],
    ['--jitless'],
    ['--enable-source-maps --semi-space-growth-factor=3'],
  ])('leaves V8 alone when the run sets %s itself', (option) => {
    expect(flagsSet([option])).toEqual({ before: [], after: [] });
  });

  it('does not take other options for a setting of its own', () => {
    expect(flagsSet(['--optimize-for-size', '--max-old-space-size=512', '--trace-opt']).before).toHaveLength(2);
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

  it('keeps the young generation from growing while lean, and not after', () => {
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
    expect(youngAfter(LEAN)).toBeLessThan(grown / 4);
    expect(youngAfter([...LEAN, ...DEFAULT])).toBe(grown);
  });
});
