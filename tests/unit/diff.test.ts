import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/engine/diff.js';

const lines = (n: number, f: (i: number) => string = String) =>
  Array.from({ length: n }, (_, i) => `${f(i + 1)}\n`).join('');

describe('unifiedDiff', () => {
  it('shows a created file as all additions', () => {
    expect(unifiedDiff('src/a.ts', undefined, 'one\ntwo\nthree\n')).toBe(
      ['--- /dev/null', '+++ b/src/a.ts', '@@ -0,0 +1,3 @@', '+one', '+two', '+three'].join('\n') + '\n',
    );
  });

  it('shows a deleted file as all removals', () => {
    expect(unifiedDiff('src/a.ts', 'one\ntwo\n', undefined)).toBe(
      ['--- a/src/a.ts', '+++ /dev/null', '@@ -1,2 +0,0 @@', '-one', '-two'].join('\n') + '\n',
    );
  });

  it('shows an update with three lines of context', () => {
    const before = lines(10);
    const after = before.replace('5\n', '5\nnew\n');
    expect(unifiedDiff('src/index.ts', before, after)).toBe(
      ['--- a/src/index.ts', '+++ b/src/index.ts', '@@ -3,6 +3,7 @@', ' 3', ' 4', ' 5', '+new', ' 6', ' 7', ' 8'].join(
        '\n',
      ) + '\n',
    );
  });

  it('shows a changed line as a removal and an addition, clipped at the file start', () => {
    expect(unifiedDiff('f', 'a\nb\nc\nd\ne\nf\n', 'a\nB\nc\nd\ne\nf\n')).toBe(
      ['--- a/f', '+++ b/f', '@@ -1,5 +1,5 @@', ' a', '-b', '+B', ' c', ' d', ' e'].join('\n') + '\n',
    );
  });

  it('splits changes more than six unchanged lines apart into two hunks', () => {
    // As `diff -u`: changes at lines 3 and 11 (7 unchanged lines between) make two hunks.
    const before = lines(20);
    const after = lines(20, (i) => (i === 3 ? 'three' : i === 11 ? 'eleven' : String(i)));
    expect(unifiedDiff('f', before, after)).toBe(
      [
        '--- a/f',
        '+++ b/f',
        '@@ -1,6 +1,6 @@',
        ' 1',
        ' 2',
        '-3',
        '+three',
        ' 4',
        ' 5',
        ' 6',
        '@@ -8,7 +8,7 @@',
        ' 8',
        ' 9',
        ' 10',
        '-11',
        '+eleven',
        ' 12',
        ' 13',
        ' 14',
      ].join('\n') + '\n',
    );
  });

  it('joins changes at most six unchanged lines apart into one hunk', () => {
    // As `diff -u`: changes at lines 3 and 10 (6 unchanged lines between) make one hunk.
    const before = lines(20);
    const after = lines(20, (i) => (i === 3 ? 'three' : i === 10 ? 'ten' : String(i)));
    expect(unifiedDiff('f', before, after)).toBe(
      [
        '--- a/f',
        '+++ b/f',
        '@@ -1,13 +1,13 @@',
        ' 1',
        ' 2',
        '-3',
        '+three',
        ' 4',
        ' 5',
        ' 6',
        ' 7',
        ' 8',
        ' 9',
        '-10',
        '+ten',
        ' 11',
        ' 12',
        ' 13',
      ].join('\n') + '\n',
    );
  });

  it('numbers the hunks of a multi-hunk diff on both sides (as `diff -u` prints it)', () => {
    const before = lines(20);
    const after = `1\n2\nx\ny\n${lines(15, (i) => String(i + 2))}eighteen\n19\ntwenty-one\n`;
    expect(unifiedDiff('f', before, after)).toBe(
      [
        '--- a/f',
        '+++ b/f',
        '@@ -1,5 +1,7 @@',
        ' 1',
        ' 2',
        '+x',
        '+y',
        ' 3',
        ' 4',
        ' 5',
        '@@ -15,6 +17,6 @@',
        ' 15',
        ' 16',
        ' 17',
        '-18',
        '+eighteen',
        ' 19',
        '-20',
        '+twenty-one',
      ].join('\n') + '\n',
    );
  });

  it('diffs a registration edit: import and array entry', () => {
    const before = [
      "import { createApp } from '@cyanheads/mcp-ts-core';",
      "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
      '',
      'await createApp({',
      "  name: 'demo',",
      '  tools: [echoTool],',
      '});',
      '',
    ].join('\n');
    const after = before
      .replace(
        'import { echoTool }',
        "import { aTool } from './mcp-server/tools/definitions/a.tool.js';\nimport { echoTool }",
      )
      .replace('[echoTool]', '[echoTool, aTool]');
    expect(unifiedDiff('src/index.ts', before, after)).toBe(
      [
        '--- a/src/index.ts',
        '+++ b/src/index.ts',
        '@@ -1,7 +1,8 @@',
        " import { createApp } from '@cyanheads/mcp-ts-core';",
        "+import { aTool } from './mcp-server/tools/definitions/a.tool.js';",
        " import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
        ' ',
        ' await createApp({',
        "   name: 'demo',",
        '-  tools: [echoTool],',
        '+  tools: [echoTool, aTool],',
        ' });',
      ].join('\n') + '\n',
    );
  });

  it('keeps the lines both versions end with out of the change, as `diff -u` does', () => {
    // Lines added among repeated ones: the additions sit where the versions start to differ, not
    // spread over the file's common end.
    const before = 'a\n'.repeat(13) + 'a';
    const after = `a\na\na\na\nb\n${'a\n'.repeat(14)}a`;
    expect(unifiedDiff('f', before, after)).toBe(
      ['--- a/f', '+++ b/f', '@@ -2,6 +2,12 @@', ' a', ' a', ' a', '+b', ...Array(5).fill('+a'), ' a', ' a', ' a'].join(
        '\n',
      ) + '\n',
    );
  });

  it('prints CRLF lines without their carriage return', () => {
    expect(unifiedDiff('f', 'a\r\nb\r\n', 'a\r\nc\r\n')).toBe(
      ['--- a/f', '+++ b/f', '@@ -1,2 +1,2 @@', ' a', '-b', '+c'].join('\n') + '\n',
    );
  });

  it('has no hunk when nothing changed', () => {
    expect(unifiedDiff('f', 'a\n', 'a\n')).toBe('--- a/f\n+++ b/f\n');
  });

  it('marks a last line without a line break, so adding one is a visible change', () => {
    expect(unifiedDiff('f', 'a\nb', 'a\nb\n')).toBe(
      ['--- a/f', '+++ b/f', '@@ -1,2 +1,2 @@', ' a', '-b', '\\ No newline at end of file', '+b'].join('\n') + '\n',
    );
    expect(unifiedDiff('f', undefined, 'x')).toBe(
      ['--- /dev/null', '+++ b/f', '@@ -0,0 +1,1 @@', '+x', '\\ No newline at end of file'].join('\n') + '\n',
    );
  });
});
