import { describe, expect, it } from 'vitest';
import { displayWidth, stringProperty, tsString } from '../../src/text/string-literal.js';
import { tsMorph } from '../../src/ts/ts-morph.js';
import { prng } from '../helpers/random.js';

/** What the literal evaluates to in JavaScript. */
function evaluate(literal: string): unknown {
  return new Function(`return ${literal};`)();
}

/** What the TypeScript parser reads the literal as (and that it reads it without a syntax error). */
function parseWithTypeScript(literal: string): string {
  const { ts } = tsMorph();
  const sf = ts.createSourceFile('x.ts', `const x = ${literal};\n`, ts.ScriptTarget.Latest, true);
  const diagnostics = (sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics;
  expect(diagnostics).toEqual([]);
  const statement = sf.statements[0] as import('typescript').VariableStatement;
  const init = statement.declarationList.declarations[0]!.initializer!;
  expect(ts.isStringLiteral(init)).toBe(true);
  return (init as import('typescript').StringLiteral).text;
}

function expectRoundTrip(text: string): string {
  const literal = tsString(text);
  expect(evaluate(literal)).toBe(text);
  expect(parseWithTypeScript(literal)).toBe(text);
  // Always a one-line quoted string: never a template literal, never a raw line terminator.
  expect(literal).toMatch(/^(['"]).*\1$/s);
  expect(literal).not.toMatch(/[\n\r\u2028\u2029]/);
  return literal;
}

const NASTY_PIECES = [
  "'",
  '"',
  '\\',
  '`',
  '${',
  '$',
  '{',
  '}',
  '*/',
  '/*',
  '//',
  '\n',
  '\r',
  '\r\n',
  '\u2028',
  '\u2029',
  '\t',
  '\0',
  '\v',
  '\b',
  '\f',
  '\u0085',
  '\ufeff',
  '\u00a0',
  '\u200b',
  '\u0301',
  '😀',
  '👨‍👩‍👧',
  '日本',
  '한',
  'a',
  'Z',
  '0',
  ' ',
  '\\n',
  "\\'",
  '\\u0024',
  '<!--',
  '-->',
  '</script>',
  '${x}',
  '\\${',
  '\u001b[31m',
];

describe('tsString', () => {
  it.each([
    ['plain', "'plain'"],
    ['', "''"],
    ["it's", '"it\'s"'],
    ['say "hi"', '\'say "hi"\''],
    ['it\'s "x"', "'it\\'s \"x\"'"],
    ["'a' 'b' \"c\"", '"\'a\' \'b\' \\"c\\""'],
    ['back\\slash', "'back\\\\slash'"],
    ['`tick`', "'`tick`'"],
    ['${x}', "'\\u0024{x}'"],
    ['$x {y}', "'$x {y}'"],
    ['end */ here', "'end */ here'"],
    ['two\nlines', "'two\\nlines'"],
    ['crlf\r\nline', "'crlf\\r\\nline'"],
    ['ls\u2028ps\u2029', "'ls\\u2028ps\\u2029'"],
    ['emoji 😀', "'emoji 😀'"],
    ['日本語のテキスト', "'日本語のテキスト'"],
  ])('writes %j as %s', (text, literal) => {
    expect(tsString(text)).toBe(literal);
    expectRoundTrip(text);
  });

  it('evaluates to exactly the input for every nasty piece and pairs of them', () => {
    for (const a of NASTY_PIECES) {
      expectRoundTrip(a);
      for (const b of NASTY_PIECES) expectRoundTrip(`${a}${b}`);
    }
  });

  it('evaluates to exactly the input for 2000 random strings', () => {
    const random = prng(20240607);
    for (let n = 0; n < 2000; n++) {
      const length = Math.floor(random() * 24);
      let text = '';
      for (let i = 0; i < length; i++) {
        // Mostly nasty pieces, sometimes an arbitrary BMP code point outside the surrogate range.
        if (random() < 0.8) text += NASTY_PIECES[Math.floor(random() * NASTY_PIECES.length)];
        else {
          let cp = Math.floor(random() * 0xfffe);
          if (cp >= 0xd800 && cp <= 0xdfff) cp -= 0x800;
          text += String.fromCharCode(cp);
        }
      }
      expectRoundTrip(text);
    }
  });
});

describe('displayWidth', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['日本語', 6],
    ['한국어', 6],
    ['ｶﾀｶﾅ', 4],
    ['ＡＢ', 4],
    ['😀', 2],
    ['a😀b', 4],
    ['e\u0301', 1],
    ['⌚⭐✅', 6],
    ['© ® ™ ❤ ☀ ✈ ‼', 13],
    ['❤\ufe0f', 1],
    ['a\u200db', 2],
  ])('%j is %i columns wide', (text, width) => {
    expect(displayWidth(text)).toBe(width);
  });
});

describe('stringProperty', () => {
  it('stays on one line up to the line width, inclusive', () => {
    // "  description: '" is 16 columns and "'," is 2: 82 characters of text make exactly 100.
    const text = 'x'.repeat(82);
    expect(stringProperty('description', text, '  ')).toBe(`  description: '${text}',`);
  });

  it('moves the literal to the next line, one indent deeper, past the line width', () => {
    const text = 'x'.repeat(83);
    expect(stringProperty('description', text, '  ')).toBe(`  description:\n    '${text}',`);
  });

  it('counts wide characters as two columns', () => {
    expect(stringProperty('title', '日'.repeat(44), '  ')).toBe(`  title: '${'日'.repeat(44)}',`);
    expect(stringProperty('title', '日'.repeat(45), '  ')).toBe(`  title:\n    '${'日'.repeat(45)}',`);
  });

  it('measures the escaped literal, not the raw text', () => {
    // 40 newlines are 80 characters once escaped: 2 + 7 + 82 + 1 = 92 with "a".
    expect(stringProperty('title', `a${'\n'.repeat(40)}`, '  ')).toBe(`  title: 'a${'\\n'.repeat(40)}',`);
    expect(stringProperty('title', `a${'\n'.repeat(45)}`, '  ')).toBe(`  title:\n    'a${'\\n'.repeat(45)}',`);
  });

  it('honours a narrower line width', () => {
    expect(stringProperty('title', "it's", '', 14)).toBe(`title: "it's",`);
    expect(stringProperty('title', "it's!", '', 14)).toBe(`title:\n  "it's!",`);
  });

  it('produces a property whose value evaluates to the input', () => {
    const text = 'Finds `items` by "name" — it\'s fast. ${x} */\nSecond line \\ done';
    const property = stringProperty('description', text, '  ');
    expect(evaluate(`{\n${property}\n}`)).toEqual({ description: text });
  });
});
