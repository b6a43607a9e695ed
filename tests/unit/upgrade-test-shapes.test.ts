/**
 * The six test-shape codemods on inline tests, each given the error tsc reports at the site (its
 * message as tsc prints it against the 0.12.3 types): the edit that fixes it, nothing else in the
 * file touched; a refusal with its reason where the fix would change what a shared helper's callers
 * get, or where the mock is shared or made elsewhere; nothing for an error that is no shape of theirs.
 */

import { describe, expect, it } from 'vitest';
import { fixTestShapes, shapesOf } from '../../src/upgrade/codemods/test-shapes.js';
import type { TscError } from '../../src/upgrade/type-errors.js';

const FILE = 'tests/catalog.test.ts';

/** The error tsc puts at the `nth` occurrence of `at` in `source`. */
function errorAt(source: string, at: string, code: string, message: string, detail = '', nth = 0): TscError {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = source.indexOf(at, offset + 1);
  if (offset < 0) throw new Error(`${at} is not in the source`);
  const before = source.slice(0, offset).split('\n');
  return { file: FILE, line: before.length, column: before.at(-1)!.length + 1, code, message, detail };
}

const MOCK_MISMATCH =
  "Argument of type 'HandlerContext<never>' is not assignable to parameter of type 'HandlerContext<\"no_match\", undefined>'.";
const MAYBE_PROMISE =
  "Element implicitly has an 'any' type because expression of type '0' can't be used to index type '{ role: \"user\"; }[] | Promise<...>'.";

const fix = (source: string, ...errors: TscError[]) => fixTestShapes(FILE, source, errors);

describe('mock-context-errors', () => {
  const test = (make: string) => `it('finds', async () => {
  const ctx = ${make};
  const result = await findTool.handler(input, ctx);
  expect(result).toBeDefined();
});
`;

  it("passes the definition's errors to the mock the handler is given", () => {
    const source = test('createMockContext()');
    const out = fix(source, errorAt(source, 'ctx)', 'TS2345', MOCK_MISMATCH));
    expect(out.text).toBe(test('createMockContext({ errors: findTool.errors })'));
    expect(out.fixed).toEqual([{ shape: 'mock-context-errors', line: 3 }]);
  });

  it('adds them beside the options already there, on one line or one per line', () => {
    const oneLine = test("createMockContext({ tenantId: 'acme' })");
    expect(fix(oneLine, errorAt(oneLine, 'ctx)', 'TS2345', MOCK_MISMATCH)).text).toBe(
      test("createMockContext({ tenantId: 'acme', errors: findTool.errors })"),
    );
    const lines = test("createMockContext({\n    tenantId: 'acme',\n  })");
    expect(fix(lines, errorAt(lines, 'ctx)', 'TS2345', MOCK_MISMATCH)).text).toBe(
      test("createMockContext({\n    tenantId: 'acme',\n    errors: findTool.errors,\n  })"),
    );
    const options = test('createMockContext(shared)');
    expect(fix(options, errorAt(options, 'ctx)', 'TS2345', MOCK_MISMATCH)).text).toBe(
      test('createMockContext({ ...shared, errors: findTool.errors })'),
    );
  });

  it('a mock made in the call itself', () => {
    const source = 'await findTool.handler(input, createMockContext());\n';
    expect(fix(source, errorAt(source, 'createMockContext', 'TS2345', MOCK_MISMATCH)).text).toBe(
      'await findTool.handler(input, createMockContext({ errors: findTool.errors }));\n',
    );
  });

  it('refuses a mock shared by two definitions, and one made outside the test', () => {
    const shared = `it('both', async () => {
  const ctx = createMockContext();
  await findTool.handler(input, ctx);
  await fetchTool.handler(input, ctx);
});
`;
    const out = fix(shared, errorAt(shared, 'ctx)', 'TS2345', MOCK_MISMATCH));
    expect(out.text).toBe(shared);
    expect(out.refused).toEqual([
      {
        shape: 'mock-context-errors',
        line: 3,
        why: '`ctx` is given to the handlers of findTool, fetchTool, whose errors differ',
      },
    ]);
    const hooked = `let ctx: Context;
beforeEach(() => {
  ctx = createMockContext();
});
it('finds', async () => {
  await findTool.handler(input, ctx);
});
`;
    expect(fix(hooked, errorAt(hooked, 'ctx)', 'TS2345', MOCK_MISMATCH)).refused).toEqual([
      {
        shape: 'mock-context-errors',
        line: 6,
        why: '`ctx` is not a const made by createMockContext(…) in this test',
      },
    ]);
  });
});

describe('optional-schema-member', () => {
  it('asserts the params and args the definition has', () => {
    const source =
      "const params = itemResource.params.parse({ itemId: 'i1' });\nconst args = reviewPrompt.args.safeParse({});\n";
    const out = fix(
      source,
      errorAt(source, 'itemResource', 'TS18048', "'itemResource.params' is possibly 'undefined'."),
      errorAt(source, 'reviewPrompt', 'TS18048', "'reviewPrompt.args' is possibly 'undefined'."),
    );
    expect(out.text).toBe(
      "const params = itemResource.params!.parse({ itemId: 'i1' });\nconst args = reviewPrompt.args!.safeParse({});\n",
    );
  });
});

describe('await-maybe-promise', () => {
  it("awaits the const where it is made, making the test's own callback async", () => {
    const source = `it('asks', () => {
  const messages = reviewPrompt.generate(args);
  expect(messages[0]).toBeDefined();
});
`;
    expect(fix(source, errorAt(source, 'messages[0]', 'TS7053', MAYBE_PROMISE)).text).toBe(`it('asks', async () => {
  const messages = await reviewPrompt.generate(args);
  expect(messages[0]).toBeDefined();
});
`);
  });

  it('a destructuring, a value used in place, and a mcpTest callback already async', () => {
    const source = `mcpTest('lists', async ({ ctx }) => {
  const [first] = reviewPrompt.generate(args);
  expect(itemResource.list!(ctx).resources).toHaveLength(3);
});
`;
    const out = fix(
      source,
      errorAt(
        source,
        '[first]',
        'TS2488',
        "Type '{ role: \"user\"; }[] | Promise<...>' must have a '[Symbol.iterator]()' method that returns an iterator.",
      ),
      errorAt(
        source,
        'resources',
        'TS2339',
        "Property 'resources' does not exist on type '{ resources: never[]; } | Promise<{ resources: never[]; }>'.",
      ),
    );
    expect(out.text).toBe(`mcpTest('lists', async ({ ctx }) => {
  const [first] = await reviewPrompt.generate(args);
  expect((await itemResource.list!(ctx)).resources).toHaveLength(3);
});
`);
  });

  it('.catch on a handler call goes through Promise.resolve, which needs no await', () => {
    const source = 'const error = await findTool.handler(input, ctx).catch((e: unknown) => e);\n';
    const out = fix(
      source,
      errorAt(
        source,
        'catch',
        'TS2339',
        "Property 'catch' does not exist on type '{ items: never[]; } | Promise<{ items: never[]; }>'.",
      ),
    );
    expect(out.text).toBe(
      'const error = await Promise.resolve(findTool.handler(input, ctx)).catch((e: unknown) => e);\n',
    );
  });

  it('refuses to make a shared helper async, naming it and the line', () => {
    const source = `export function firstMessage(item: string) {
  const messages = reviewPrompt.generate({ item });
  return messages[0];
}
`;
    const out = fix(source, errorAt(source, 'messages[0]', 'TS7053', MAYBE_PROMISE));
    expect(out.text).toBe(source);
    expect(out.refused).toEqual([
      {
        shape: 'await-maybe-promise',
        line: 3,
        why: 'firstMessage would have to become async, which changes what each of its callers gets',
      },
    ]);
  });
});

describe('list-argument, indexed-access, content-text', () => {
  it('gives list!() the undefined it was called with, on purpose', () => {
    const source = 'const listing = await itemResource.list!();\n';
    const out = fix(source, errorAt(source, 'itemResource', 'TS2554', 'Expected 1 arguments, but got 0.'));
    expect(out.text).toBe('const listing = await itemResource.list!(undefined as never);\n');
  });

  it('asserts the element an index reads, as TS2532 and as TS18048 name it', () => {
    const source = "expect(result.items[0].name).toBe('Desk lamp');\nexpect(messages[0].role).toBe('user');\n";
    const out = fix(
      source,
      errorAt(source, 'result', 'TS2532', "Object is possibly 'undefined'."),
      errorAt(source, 'messages', 'TS18048', "'messages[0]' is possibly 'undefined'."),
    );
    expect(out.text).toBe(
      "expect(result.items[0]!.name).toBe('Desk lamp');\nexpect(messages[0]!.role).toBe('user');\n",
    );
  });

  it('reads .text through a cast to a text block', () => {
    const source = "expect(messages[0]!.content.text).toBe('Review it.');\n";
    const out = fix(
      source,
      errorAt(
        source,
        'text)',
        'TS2339',
        "Property 'text' does not exist on type '{ type: \"image\"; data: string; }'.",
      ),
    );
    expect(out.text).toBe("expect((messages[0]!.content as { text: string }).text).toBe('Review it.');\n");
  });

  it('two fixes at one offset: the first goes in, the other waits for the next round', () => {
    const source = "expect(blocks[0].text).toBe('i1: Desk lamp');\n";
    const out = fix(
      source,
      errorAt(source, 'text', 'TS2339', "Property 'text' does not exist on type 'ContentBlock'."),
      errorAt(source, 'blocks', 'TS2532', "Object is possibly 'undefined'."),
    );
    expect(out.text).toBe("expect((blocks[0] as { text: string }).text).toBe('i1: Desk lamp');\n");
    expect(out.fixed).toEqual([{ shape: 'content-text', line: 1 }]);
  });
});

describe('errors that are no shape of theirs', () => {
  it('are left, and read as no shape', () => {
    const source = "const count: string = findItems('lamp').length;\n";
    const error = errorAt(source, 'count', 'TS2322', "Type 'number' is not assignable to type 'string'.");
    expect(fix(source, error)).toEqual({ text: source, fixed: [], refused: [] });
    expect(shapesOf(FILE, source, [error])).toEqual([undefined]);
  });
});
