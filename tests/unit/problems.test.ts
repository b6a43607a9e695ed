import { describe, expect, it } from 'vitest';
import { ScaffoldError } from '../../src/engine/errors.js';
import { Problems, problemsError } from '../../src/engine/problems.js';

describe('Problems', () => {
  it('collects problems without throwing', () => {
    const problems = new Problems();
    problems.add({ code: 'ALREADY_EXISTS', path: 'src/index.ts', message: 'file already exists' });
    problems.add({ code: 'PARSE_ERROR', path: 'src/index.ts', line: 3, message: 'bad' });
    expect(problems.list).toEqual([
      { code: 'ALREADY_EXISTS', path: 'src/index.ts', message: 'file already exists' },
      { code: 'PARSE_ERROR', path: 'src/index.ts', line: 3, message: 'bad' },
    ]);
  });

  it('attempt keeps an expected failure whole: its sentence, its hint, every detail', () => {
    const problems = new Problems();
    const details = [
      { path: 'src/a.ts', line: 5, message: 'calls an app factory' },
      { path: 'src/b.ts', line: 6, message: 'calls an app factory' },
    ];
    const value = problems.attempt(() => {
      throw new ScaffoldError('UNSUPPORTED_LAYOUT', 'Several files start an app.', { hint: 'Pick one.', details });
    });
    expect(value).toBeUndefined();
    expect(problems.list).toEqual([
      { code: 'UNSUPPORTED_LAYOUT', message: 'Several files start an app.', hint: 'Pick one.', details },
    ]);
    expect(problems.attempt(() => 42)).toBe(42);
  });

  it('attempt lets anything but a ScaffoldError through: that is a bug, not a problem', () => {
    const problems = new Problems();
    expect(() =>
      problems.attempt(() => {
        throw new TypeError('boom');
      }),
    ).toThrow('boom');
    expect(problems.list).toEqual([]);
  });
});

describe('problemsError', () => {
  it('one problem: its place and sentence; its details, or the problem itself as the one detail', () => {
    const e = problemsError([
      { code: 'ALREADY_EXISTS', path: 'x.ts', message: 'file already exists', hint: 'Use --force.' },
    ]);
    expect([e.code, e.message, e.hint]).toEqual(['ALREADY_EXISTS', 'x.ts: file already exists', 'Use --force.']);
    expect(e.details).toEqual([{ path: 'x.ts', message: 'file already exists' }]);
  });

  it('several codes: CONFLICT, each problem on its own line, hints joined once each', () => {
    const e = problemsError([
      { code: 'ALREADY_EXISTS', path: 'x.ts', message: 'file already exists', hint: 'Use --force.' },
      { code: 'ALREADY_EXISTS', path: 'y.ts', message: 'file already exists', hint: 'Use --force.' },
      {
        code: 'GROUP_REQUIRED',
        message: 'a.ts:3: pick a group.',
        details: [{ path: 'a.ts', line: 3, message: 'groups: a, b' }],
      },
    ]);
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe(
      '3 problems, nothing was written:\n  x.ts: file already exists\n  y.ts: file already exists\n  a.ts:3: pick a group.',
    );
    expect(e.hint).toBe('Use --force.');
    expect(e.details.map((d) => `${d.path}:${d.line ?? ''} ${d.message}`)).toEqual([
      'x.ts: file already exists',
      'y.ts: file already exists',
      'a.ts:3 groups: a, b',
    ]);
  });
});
