import { ts } from 'ts-morph';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tsMorph } from '../ts/ts-morph.js';
import { bindingCount, bindsMoreThanOnce } from './identifiers.js';

// The real tsMorph, watched: the fast path of bindsMoreThanOnce must not call it.
vi.mock('../ts/ts-morph.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../ts/ts-morph.js')>();
  return { ...actual, tsMorph: vi.fn(actual.tsMorph) };
});

/** Whether TypeScript parses the text without an error. */
function parses(text: string): boolean {
  const sf = ts.createSourceFile('probe.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return (sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length === 0;
}

/** [what, text, name]: texts that bind `name` once, twice, or mention it without binding it. */
const CASES: [string, string, string][] = [
  ['bound once', 'export const foo = 1;\nfoo.toString();', 'foo'],
  ['never there', 'export const bar = 1;', 'foo'],
  ['read as members', 'export const foo = { a: 1 };\nfoo.a;\nfoo .a;\nfoo?.a;\nfoo!.a;', 'foo'],
  ['in strings', "export const foo = 1;\nconst s = 'foo' + \"foo\" + `foo`;\ndescribe('foo', () => {});", 'foo'],
  ['bound after a member read', 'export const foo = { a: 1 };\nfoo.a;\nlet foo = 2;', 'foo'],
  ['bound beside a string', "export const foo = 1;\nconst s = 'x' + foo;\nfunction f(foo = 'foo') {}", 'foo'],
  ['duplicate import', "import { foo } from './a.js';\nimport { foo } from './b.js';", 'foo'],
  ['import and declaration', "import { foo } from './a.js';\nexport const foo = 1;", 'foo'],
  ['renamed import', "import { bar as foo } from './a.js';\nconst foo = 1;", 'foo'],
  ['import renamed away', "import { foo as bar } from './a.js';\nconst foo = 1;", 'foo'],
  ['redeclared variable', 'let foo = 1;\nlet foo = 2;', 'foo'],
  ['parameter shadowing', 'const foo = 1;\nfunction f(foo: number) {\n  return foo;\n}', 'foo'],
  ['arrow parameter', 'const foo = 1;\nconst g = (foo) => foo;', 'foo'],
  ['catch binding', 'const foo = 1;\ntry {} catch (foo) {}', 'foo'],
  ['object destructuring', 'const { foo } = obj;\nconst [foo] = arr;', 'foo'],
  ['renaming destructuring', 'const { a: foo } = obj;\nconst foo = 2;', 'foo'],
  ['destructured key only', 'const { foo: bar } = obj;\nconst foo = 1;', 'foo'],
  ['nested destructuring', 'const { a: [{ foo }] } = obj;\nfunction foo() {}', 'foo'],
  ['class', 'class foo {}\nconst foo = 1;', 'foo'],
  ['function', 'function foo() {}\nfunction foo() {}', 'foo'],
  ['interface', 'interface foo {}\nconst foo = 1;', 'foo'],
  ['type alias', 'type foo = string;\nconst foo = 1;', 'foo'],
  ['enum', 'enum foo { A }\nconst foo = 1;', 'foo'],
  ['namespace import', "import * as foo from 'x';\nconst foo = 1;", 'foo'],
  ['default import', "import foo from 'x';\nfunction foo() {}", 'foo'],
  ['default and named import', "import foo, { bar } from 'x';\nexport const foo = bar;", 'foo'],
  ['in strings and comments', "const foo = 1;\nconst s = 'foo';\n// foo\n/* foo */\nconst t = `foo ${s}`;", 'foo'],
  ['used, not bound', 'const foo = 1;\nconsole.log(foo, foo + foo);', 'foo'],
  ['property keys', 'const foo = 1;\nobj.foo = 2;\nconst o = { foo: 1, foo };\nclass C { foo = 1; foo() {} }', 'foo'],
  ['private name', 'const foo = 1;\nclass C { #foo = 1; }', 'foo'],
  [
    'prefix and suffix',
    'const foo = 1;\nconst fooX = 2, Xfoo = 3, foo$ = 4, $foo = 5, _foo = 6, foo_ = 7, foo1 = 8;',
    'foo',
  ],
  ['suffix after a dot', 'const foo = 1;\nconst x = a.xfoo + b.foo;', 'foo'],
  ['only as prefix and suffix', 'const fooX = 2;\nconst Xfoo = 3;\nfunction foo$(foo_: number) {}', 'foo'],
  ['unicode-escaped second binding', 'const \\u0066oo = 1;\nconst foo = 2;', 'foo'],
  ['unicode-escaped, braces', 'const \\u{66}oo = 1;\nexport { \\u{66}oo };\nlet foo;', 'foo'],
  ['unicode-escaped once', 'const \\u0066oo = 1;', 'foo'],
  ['escape elsewhere', "const foo = 1;\nconst s = '\\u00e9';", 'foo'],
  ['regex flags', 'const foo = 1;\nconst r = /a/gfoo;', 'foo'],
  ['non-ASCII name', 'const café = 1;\nconst café = 2;\nconst cafés = 3;', 'café'],
  ['non-ASCII neighbour', 'const éfoo = 1;\nconst foo = 2;', 'foo'],
  // Invalid texts the parser still reads bindings from: a number ends right before an identifier,
  // and a character outside TypeScript's Unicode tables (U+088F, U+0301, ZWJ) ends a token.
  ['glued to a number', 'function f(a = 1foo) {}\nlet foo = 1;', 'foo'],
  ['glued to a number, pattern', 'let [a = 1foo] = [];\nlet foo = 1;', 'foo'],
  ['glued to a hex number', 'function f(a = 0xfoo) {}\nlet oo = 1;', 'oo'],
  ['glued to an exponent', 'function f(a = 1.e5foo, b = 1e+_5bar) {}\nlet foo = 1, bar = 2;', 'foo'],
  ['glued to an exponent, sign', 'function f(a = 1e+_5bar) {}\nlet bar = 2;', 'bar'],
  ['glued to a binary prefix', 'function f(a = 0bfoo) {}\nlet foo = 1;', 'foo'],
  ['after a combining mark', 'function f(a, \u0301foo) {}\nlet foo = 1;', 'foo'],
  ['after a joiner', 'function f(a, \u200dfoo) {}\nlet foo = 1;', 'foo'],
  ['before an unknown letter', 'function f(a, foo\u088f) {}\nlet foo = 1;', 'foo'],
  ['after an unknown letter', 'function f(a, x\u088ffoo) {}\nlet foo = 1;', 'foo'],
];

describe('bindsMoreThanOnce', () => {
  it.each(CASES)('%s: answers as the parse does', (_what, text, name) => {
    // A text that does not parse may bind a name after `.` or between quotes (its shortcut's premise).
    if (parses(text)) expect(bindsMoreThanOnce(text, name)).toBe(bindingCount(text, name) > 1);
    else if (bindsMoreThanOnce(text, name)) expect(bindingCount(text, name)).toBeGreaterThan(1);
  });

  it('the cases that do not parse include recovered bindings the shortcut still sees', () => {
    const broken = CASES.filter(([, text]) => !parses(text));
    expect(broken.length).toBeGreaterThan(5);
    for (const [what, text, name] of broken.filter(([, t]) => !/[.'"`]/.test(t)))
      expect(bindsMoreThanOnce(text, name), what).toBe(bindingCount(text, name) > 1);
  });

  it('the cases include clashes and non-clashes', () => {
    const clashes = CASES.filter(([, text, name]) => bindingCount(text, name) > 1).length;
    expect(clashes).toBeGreaterThan(20);
    expect(CASES.length - clashes).toBeGreaterThan(10);
  });

  describe('loading TypeScript', () => {
    beforeEach(() => {
      vi.mocked(tsMorph).mockClear();
    });

    it('does not, where the name is spelled once or only inside other identifiers', () => {
      const text = "import { z } from 'zod';\nexport const fooTool = tool('foo', { input: z.object({}) });\n";
      expect(bindsMoreThanOnce(text, 'fooTool')).toBe(false);
      expect(bindsMoreThanOnce(`${text}const fooToolX = 1;\nconst XfooTool = 2;\n`, 'fooTool')).toBe(false);
      expect(bindsMoreThanOnce(text, 'absent')).toBe(false);
      // Named again only in member reads and strings, as a generated test names its subject.
      const test = `import { fooTool } from './a.js';\ndescribe('fooTool', () => fooTool.handler(fooTool . input, \`fooTool\`));\n`;
      expect(bindsMoreThanOnce(test, 'fooTool')).toBe(false);
      expect(bindsMoreThanOnce("export const fooTool = 1;\nconst s = 'fooTool';", 'fooTool')).toBe(false);
      expect(tsMorph).not.toHaveBeenCalled();
    });

    it('does, where the name is spelled twice or the text has a unicode escape', () => {
      expect(bindsMoreThanOnce("import { fooTool } from './a.js';\nexport const fooTool = 1;", 'fooTool')).toBe(true);
      expect(tsMorph).toHaveBeenCalled();
      vi.mocked(tsMorph).mockClear();
      // A spread is no member read: `...fooTool` may be a rest binding.
      expect(bindsMoreThanOnce('export const fooTool = 1;\nfunction f(...fooTool) {}', 'fooTool')).toBe(true);
      expect(tsMorph).toHaveBeenCalled();
      vi.mocked(tsMorph).mockClear();
      expect(bindsMoreThanOnce('export const fooTool = 1;\n// \\u0041', 'fooTool')).toBe(false);
      expect(tsMorph).toHaveBeenCalled();
    });
  });
});
