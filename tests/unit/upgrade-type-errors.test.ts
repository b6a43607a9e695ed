/**
 * What upgrade reads off its checks: tsc's `--pretty false` output as errors (file relative to the
 * project, the elaboration lines kept with the error above them, errors of the configuration
 * itself), the errors a second check has that the first had not (matched by file, code and
 * message, as lines move when a codemod edits), and vitest's results compared test by test.
 */

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareTests } from '../../src/upgrade/test-results.js';
import { countByFile, newErrors, parseTypeErrors } from '../../src/upgrade/type-errors.js';

const ROOT = path.resolve('/srv/acme');

const OUTPUT = `tests/tools/find.tool.test.ts(14,62): error TS2345: Argument of type 'Context' is not assignable to parameter of type 'HandlerContext<"no_match">'.
  Property 'fail' is missing in type 'Context' but required in type '{ fail: TypedFail<"no_match">; }'.
${ROOT}/src/services/catalog.ts(27,82): error TS2353: Object literal may only specify known properties, and 'itemId' does not exist in type 'CreateRequestContextParams'.
error TS5083: Cannot read file '/srv/acme/tsconfig.base.json'.
`;

describe('parseTypeErrors', () => {
  it('reads each error with its place, code, message and elaboration', () => {
    expect(parseTypeErrors(OUTPUT, ROOT)).toEqual([
      {
        file: 'tests/tools/find.tool.test.ts',
        line: 14,
        column: 62,
        code: 'TS2345',
        message: `Argument of type 'Context' is not assignable to parameter of type 'HandlerContext<"no_match">'.`,
        detail: `Property 'fail' is missing in type 'Context' but required in type '{ fail: TypedFail<"no_match">; }'.`,
      },
      expect.objectContaining({ file: 'src/services/catalog.ts', line: 27, column: 82, code: 'TS2353', detail: '' }),
      {
        file: '',
        line: 0,
        column: 0,
        code: 'TS5083',
        message: "Cannot read file '/srv/acme/tsconfig.base.json'.",
        detail: '',
      },
    ]);
  });
});

describe('newErrors and countByFile', () => {
  const e = (file: string, line: number, code = 'TS2532', message = "Object is possibly 'undefined'.") => ({
    file,
    line,
    column: 1,
    code,
    message,
    detail: '',
  });

  it('the errors after that were not there before, one for one, wherever their line moved', () => {
    const before = [e('tests/a.test.ts', 3), e('tests/a.test.ts', 9), e('src/b.ts', 1, 'TS2345', 'x')];
    const after = [e('tests/a.test.ts', 4), e('src/b.ts', 2, 'TS2345', 'x'), e('src/b.ts', 5, 'TS2345', 'x')];
    expect(newErrors(before, after)).toEqual([e('src/b.ts', 5, 'TS2345', 'x')]);
    expect(countByFile(before)).toEqual(
      new Map([
        ['tests/a.test.ts', 2],
        ['src/b.ts', 1],
      ]),
    );
  });
});

describe('compareTests', () => {
  it('lists each test whose result changed; a regression is one that passed before', () => {
    const before = { 'a > one': 'passed', 'a > two': 'failed', 'a > three': 'passed' };
    const after = { 'a > one': 'passed', 'a > two': 'passed', 'a > four': 'passed' };
    const { changed, regressed } = compareTests(before, after);
    expect(changed).toEqual([
      { test: 'a > four', before: 'missing', after: 'passed' },
      { test: 'a > three', before: 'passed', after: 'missing' },
      { test: 'a > two', before: 'failed', after: 'passed' },
    ]);
    expect(regressed).toEqual([{ test: 'a > three', before: 'passed', after: 'missing' }]);
  });

  it('holds a test file the upgrade wrote again to its new tests: none may fail; the old ones gone are renewed', () => {
    const before = {
      'tests/x.test.ts > asks with elicit': 'passed',
      'tests/x.test.ts > kept': 'passed',
      'tests/y.test.ts > old': 'passed',
      'tests/z.test.ts > old': 'passed',
      'tests/w.test.ts > gone': 'passed',
    };
    const after = {
      'tests/x.test.ts > asks with requestInput': 'passed',
      'tests/x.test.ts > kept': 'failed',
      'tests/y.test.ts > new': 'failed',
      'tests/z.test.ts > (the file)': 'failed',
    };
    const rewritten = new Set(['tests/x.test.ts', 'tests/y.test.ts', 'tests/z.test.ts']);
    const { regressed, renewed } = compareTests(before, after, rewritten);
    expect(regressed.map((c) => c.test)).toEqual([
      'tests/w.test.ts > gone', // not rewritten: gone is a regression
      'tests/x.test.ts > kept',
      'tests/y.test.ts > new',
      'tests/z.test.ts > (the file)', // a rewritten file that does not load runs none of its tests
    ]);
    expect(renewed.map((c) => c.test)).toEqual([
      'tests/x.test.ts > asks with elicit',
      'tests/x.test.ts > asks with requestInput',
      'tests/y.test.ts > old',
      'tests/z.test.ts > old',
    ]);
  });
});
