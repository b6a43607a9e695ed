/**
 * The 0.12 codemod of confirm flows: `ctx.elicit` asked once and checked once becomes a first
 * round that returns `ctx.requestInput(...)` and a second that reads `ctx.inputs`; the contract
 * loses the reason only the guard used; shapes it does not know are refused with their line.
 */

import { describe, expect, it } from 'vitest';
import { convertElicitDefinition } from '../../src/upgrade/codemods/elicit-to-input.js';

const FILE = 'src/mcp-server/tools/definitions/acme-delete-item.tool.ts';

const handler = (body: string) => `/**
 * @fileoverview Deletes an item: destructive, so it asks the user first (ctx.elicit).
 */

import { tool, z } from '@cyanheads/mcp-ts-core';
import { JsonRpcErrorCode } from '@cyanheads/mcp-ts-core/errors';

const Confirmation = z.object({ confirm: z.boolean().describe('True to go ahead.') });

export const acmeDeleteItemTool = tool('acme_delete_item', {
  description: 'Delete one item.',
  input: z.object({ id: z.string().describe('Item id.') }),
  output: z.object({ id: z.string().describe('Item id.') }),
  errors: [
    {
      reason: 'confirmation_unavailable',
      code: JsonRpcErrorCode.InvalidRequest,
      when: 'The client cannot elicit.',
    },
    {
      reason: 'not_confirmed',
      code: JsonRpcErrorCode.Forbidden,
      when: 'The user did not say yes.',
    },
  ],

  async handler(input, ctx) {
${body}
  },
});
`;

const ELICIT_BODY = `    if (!ctx.elicit) {
      throw ctx.fail('confirmation_unavailable', 'This client cannot ask.');
    }
    const question = \`Delete item \${input.id}?\`;
    const answer = await ctx.elicit(question, Confirmation);
    // The answer is client input: check it against the form before trusting it.
    const form = Confirmation.safeParse(answer.content);
    if (answer.action !== 'accept' || !form.success || !form.data.confirm) {
      throw ctx.fail('not_confirmed', \`Not confirmed (\${answer.action}).\`, { action: answer.action });
    }
    // The work, after the yes.
    await removeItem(input.id);
    return { id: input.id };`;

describe('convertElicitDefinition', () => {
  it('rewrites the confirm flow add --confirm writes into the requestInput rounds', () => {
    const out = convertElicitDefinition(FILE, handler(ELICIT_BODY));
    expect(out.problems).toEqual([]);
    expect(out.text).toBe(
      handler(`    const view = ctx.inputs.view('confirm');
    if (view.kind === 'missing') {
      // First round: ask. The client shows the form and calls again with the answer on ctx.inputs.
      const question = \`Delete item \${input.id}?\`;
      return ctx.requestInput({
        inputRequests: {
          confirm: inputRequired.elicit({
            message: question,
            requestedSchema: Confirmation,
          }),
        },
      });
    }
    // An answer is final: asking again would only loop. accepted() checks it against the form.
    const answer = ctx.inputs.accepted('confirm', Confirmation);
    if (!answer?.confirm) {
      const action = view.kind === 'elicit' ? view.action : view.kind;
      throw ctx.fail('not_confirmed', \`Not confirmed (\${action}).\`, { action });
    }
    // The work, after the yes.
    await removeItem(input.id);
    return { id: input.id };`)
        .replace('import { tool, z }', 'import { inputRequired, tool, z }')
        .replace('(ctx.elicit)', '(ctx.requestInput)')
        .replace(/ {4}\{\n {6}reason: 'confirmation_unavailable',[\s\S]*?\n {4}\},\n/, ''),
    );
  });

  it('drops async when only the question awaited', () => {
    const body = ELICIT_BODY.replace('    await removeItem(input.id);\n', '');
    const out = convertElicitDefinition(FILE, handler(body));
    expect(out.text).toContain('\n  handler(input, ctx) {\n');
  });

  it('leaves a file without ctx.elicit byte for byte', () => {
    const source = handler('    return { id: input.id };');
    expect(convertElicitDefinition(FILE, source)).toEqual({ text: source, problems: [] });
  });

  it('refuses a handler that asks without the guard, naming the line', () => {
    const body = ELICIT_BODY.replace(/ {4}if \(!ctx\.elicit\) \{\n.*\n {4}\}\n/, '');
    const out = convertElicitDefinition(FILE, handler(body));
    expect(out.text).toBeUndefined();
    expect(out.problems).toEqual([
      expect.objectContaining({
        code: 'UNSUPPORTED_LAYOUT',
        path: FILE,
        line: 27,
        message: expect.stringContaining('guard'),
      }),
    ]);
  });

  it('refuses work after the check that reads the answer itself', () => {
    const body = ELICIT_BODY.replace('return { id: input.id };', 'return { id: String(answer.content) };');
    const out = convertElicitDefinition(FILE, handler(body));
    expect(out.problems).toEqual([
      expect.objectContaining({ line: 40, message: expect.stringContaining('reads the answer') }),
    ]);
  });

  it('refuses ctx.elicit outside a handler', () => {
    const source = `${handler(ELICIT_BODY)}\nexport const ask = (ctx: { elicit?: unknown }) => ctx.elicit;\n`;
    const out = convertElicitDefinition(FILE, source);
    expect(out.problems).toEqual([
      expect.objectContaining({ message: expect.stringContaining('not inside a tool handler') }),
    ]);
  });
});
