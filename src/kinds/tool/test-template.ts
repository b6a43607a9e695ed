/**
 * The test `add test` writes for an existing tool: its handler run on an input its schema
 * accepts, its output and format() checked. A tool that asks the user gets a yes, with a value for
 * each field of its form, by the installed line's means (handler-needs.ts); the services it calls
 * are initialised first.
 */

import {
  type DefinitionTestInput,
  definitionTest,
  handlerTestImports,
  header,
  importLines,
  needsOf,
  sampleHelperUse,
  serviceSetup,
} from '../test/definition-test.js';
import type { HandlerNeeds } from '../test/handler-needs.js';
import type { SampleHelperName } from '../test/sample-helper.js';

/** How the test calls the handler, by what it asks: its doc comment, body, and what that imports. */
function callOf(needs: HandlerNeeds): { doc: string; body: string; testing: string[]; helper: SampleHelperName[] } {
  const options = `errors: definition.errors ?? [], tenantId: 'test-tenant'${needs.progress ? ', progress: true' : ''}`;
  const input = '  const input = definition.input.parse(inputOf(definition.input));';
  if (needs.asks === 'requestInput') {
    return {
      doc: `/**
 * Runs the handler on an input its schema accepts, as a client does: the first round asks
 * (ctx.requestInput), and the next one gets a yes to each question, with a value for each field.
 */`,
      body: `${input}
  const options = { ${options} };
  const asked = await expectInputRequired(() => definition.handler(input, createMockContext(options) as HandlerCtx));
  const answered = createMockContext({
    ...options,
    inputResponses: answersTo(asked.inputRequests),
    requestState: asked.requestState,
  });
  return definition.handler(input, answered as HandlerCtx);`,
      testing: ['createMockContext', 'expectInputRequired'],
      helper: ['answersTo', 'inputOf'],
    };
  }
  const elicit = needs.asks === 'elicit';
  return {
    doc: elicit
      ? '/** Runs the handler on an input its schema accepts; the user accepts what it asks (ctx.elicit). */'
      : '/** Runs the handler on an input its schema accepts. */',
    body: `${input}
  const ctx = createMockContext({ ${options}${elicit ? ', elicit: acceptElicitation' : ''} }) as HandlerCtx;
  return definition.handler(input, ctx);`,
    testing: ['createMockContext'],
    helper: elicit ? ['acceptElicitation', 'inputOf'] : ['inputOf'],
  };
}

function toolTestText(t: DefinitionTestInput) {
  const needs = needsOf(t);
  const call = callOf(needs);
  const services = serviceSetup(t, needs.services);
  const helper = sampleHelperUse(t.file, call.helper);
  const testing = { names: call.testing, from: '@cyanheads/mcp-ts-core/testing' };
  const imports = handlerTestImports(t, [testing], helper.import, services);
  const text = `${header(`the ${t.name} tool`, t.file)}
${importLines(imports)}

const definition = ${t.exportName};
type HandlerCtx = Parameters<typeof definition.handler>[1];

${call.doc}
async function call() {
${call.body}
}

describe('${t.exportName}', () => {${services.block}
  it('answers an input its schema accepts with output its schema accepts', async () => {
    const result = await call();
    expect(() => definition.output.parse(result)).not.toThrow();
  });

  it('renders its result in format()', async () => {
    const result = await call();
    const blocks = definition.format ? definition.format(result) : [];
    expect(Array.isArray(blocks)).toBe(true);
    if (definition.format) expect(blocks.length).toBeGreaterThan(0);
  });
});
`;
  return { text, shared: [helper.shared] };
}

export const toolTest = definitionTest(toolTestText);
