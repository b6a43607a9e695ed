/**
 * The test `add tool --confirm` writes with --service or typed fields (a destructive tool with
 * `--input`, say), brought from ctx.elicit to 0.12: the user's answer comes back on the retried
 * call through `inputResponses` instead of a mocked `elicit`, as the same `add` writes it on 0.12.
 * Only for a test untouched since `add` wrote it (the caller checks its record): each step
 * expects the template's own text, and a step that does not find it leaves the test unconverted.
 */

const TESTING = '@cyanheads/mcp-ts-core/testing';
const ELICIT_IMPORT = "import type { ElicitResult } from '@cyanheads/mcp-ts-core';\n";

const ELICIT_ANSWERS = `/** A mock of the client's elicitation: the user answers \`answer\`. */
const userAnswers = (answer: ElicitResult) => vi.fn(async () => answer);

const YES: ElicitResult = { action: 'accept', content: { confirm: true } };
const NOT_YES: [string, ElicitResult][] = [`;

const INPUT_ANSWERS = `/** The answer of the retried call: the user accepted with a yes. */
const YES = { confirm: { action: 'accept', content: { confirm: true } } };
const NOT_YES = [`;

/** The three tests of the elicit flow, as the template writes them. */
const elicitTests = (
  x: string,
  sample: string,
  question: string,
) => `  it('asks the user first, once, naming what it acts on', async () => {
    const elicit = userAnswers(YES);
    const input = ${x}.input.parse(${sample});
    await ${x}.handler(input, mockContext({ elicit }));
    expect(elicit).toHaveBeenCalledOnce();
    const question = expect.stringContaining(${question});
    expect(elicit).toHaveBeenCalledWith(question, expect.anything());
  });

  it.each(NOT_YES)('fails with not_confirmed when the user %s', async (_label, answer) => {
    const input = ${x}.input.parse(${sample});
    const ctx = mockContext({ elicit: userAnswers(answer) });
    const call = async () => ${x}.handler(input, ctx);
    await expect(call()).rejects.toMatchObject({
      code: JsonRpcErrorCode.Forbidden,
      data: { reason: 'not_confirmed', recovery: { hint: expect.any(String) } },
    });
  });

  it('fails with confirmation_unavailable when the client cannot ask', async () => {
    const input = ${x}.input.parse(${sample});
    const call = async () => ${x}.handler(input, mockContext());
    await expect(call()).rejects.toMatchObject({
      code: JsonRpcErrorCode.InvalidRequest,
      data: { reason: 'confirmation_unavailable' },
    });
  });
`;

/** The two tests of the requestInput flow, as the template writes them on 0.12. */
const inputTests = (
  x: string,
  sample: string,
  question: string,
) => `  it('asks the user first, naming what it acts on, and does nothing in that round', async () => {
    const input = ${x}.input.parse(${sample});
    const ctx = mockContext();
    const asked = await expectInputRequired(() => ${x}.handler(input, ctx));
    expect(asked.inputRequests).toMatchObject({
      confirm: {
        method: 'elicitation/create',
        params: { message: expect.stringContaining(${question}) },
      },
    });
  });

  // Terminal, not another round: a handler that asked again would throw its input request here.
  it.each(NOT_YES)('fails with not_confirmed when the user %s', async (_label, response) => {
    const input = ${x}.input.parse(${sample});
    const ctx = mockContext({ inputResponses: { confirm: response } });
    await expect(async () => ${x}.handler(input, ctx)).rejects.toMatchObject({
      code: JsonRpcErrorCode.Forbidden,
      data: { reason: 'not_confirmed', recovery: { hint: expect.any(String) } },
    });
  });
`;

/** The names a one-statement named import takes, and where it is in the text. */
function namedImport(text: string, from: string): { names: string[]; at: number; length: number } | undefined {
  const found = new RegExp(`import \\{([^}]*)\\} from '${from.replace(/[/.]/g, '\\$&')}';`).exec(text);
  if (!found) return undefined;
  const names = found[1]!
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return { names, at: found.index, length: found[0].length };
}

/** The import on one line when it fits, else one name a line, as Biome lays it out. */
function importText(names: string[], from: string, lineWidth: number): string {
  const one = `import { ${names.join(', ')} } from '${from}';`;
  return one.length <= lineWidth ? one : `import {\n${names.map((n) => `  ${n},\n`).join('')}} from '${from}';`;
}

function replaceImport(text: string, from: string, edit: (names: string[]) => string[], lineWidth: number) {
  const found = namedImport(text, from);
  if (!found) return undefined;
  const replaced = importText(edit(found.names), from, lineWidth);
  return `${text.slice(0, found.at)}${replaced}${text.slice(found.at + found.length)}`;
}

/** The elicit test (LF) as the 0.12 test, or undefined when it is not the template's shape. */
export function convertShapedConfirmTest(text: string, lineWidth: number): string | undefined {
  const x = /^describe\('(\w+)', \(\) => \{$/m.exec(text)?.[1];
  if (!x || !text.includes(ELICIT_IMPORT) || !text.includes(ELICIT_ANSWERS)) return undefined;
  const sample = new RegExp(
    `const elicit = userAnswers\\(YES\\);\\n {4}const input = ${x}\\.input\\.parse\\(([\\s\\S]*?)\\);\\n`,
  ).exec(text)?.[1];
  const question = /const question = expect\.stringContaining\(([\s\S]*?)\);\n {4}expect\(elicit\)/.exec(text)?.[1];
  if (sample === undefined || question === undefined) return undefined;
  const tests = elicitTests(x, sample, question);
  const answersEnd = text.indexOf('\n];\n', text.indexOf(ELICIT_ANSWERS));
  if (!text.includes(tests) || answersEnd < 0) return undefined;
  let out = `${text.slice(0, answersEnd)}\n] as const;\n${text.slice(answersEnd + 4)}`
    .replace(ELICIT_IMPORT, '')
    .replace(ELICIT_ANSWERS, INPUT_ANSWERS)
    .replace(tests, inputTests(x, sample, question))
    .replaceAll('mockContext({ elicit: userAnswers(YES) })', 'mockContext({ inputResponses: YES })')
    // The error contract is the mock's own from 0.11.3: options no longer carry it.
    .replace(
      'const mockContext = (options: MockContextOptions = {}) =>',
      "const mockContext = (options: Omit<MockContextOptions, 'errors'> = {}) =>",
    );
  const withInput = replaceImport(
    out,
    TESTING,
    (names) => names.flatMap((n) => (n === 'createMockContext' ? [n, 'expectInputRequired'] : [n])),
    lineWidth,
  );
  if (withInput === undefined) return undefined;
  out = withInput;
  if (!/\bvi\./.test(out))
    out = replaceImport(out, 'vitest', (names) => names.filter((n) => n !== 'vi'), lineWidth) ?? out;
  return /\belicit\b|ElicitResult|userAnswers/.test(out.replace(/'elicitation\/create'/g, '')) ? undefined : out;
}
