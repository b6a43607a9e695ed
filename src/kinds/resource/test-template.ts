/**
 * The test `add test` writes for an existing resource: a URI of its template read with params
 * its schema accepts, its output checked; the services its handler calls are initialised first.
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

function resourceTestText(t: DefinitionTestInput) {
  const services = serviceSetup(t, needsOf(t).services);
  const helper = sampleHelperUse(t.file, ['inputOf']);
  const own = [
    { names: ['z'], from: '@cyanheads/mcp-ts-core', typeOnly: true },
    { names: ['createMockContext'], from: '@cyanheads/mcp-ts-core/testing' },
  ];
  const imports = handlerTestImports(t, own, helper.import, services);
  const text = `${header(`the ${t.name} resource`, t.file)}
${importLines(imports)}

const definition = ${t.exportName};

describe('${t.exportName}', () => {${services.block}
  it('reads a URI of its template, with params its schema accepts, into data its output schema accepts', async () => {
    const values = (definition.params ? inputOf(definition.params) : {}) as Record<string, unknown>;
    const params = definition.params ? definition.params.parse(values) : {};
    // Each {variable} of the URI template, filled with its value.
    const uri = new URL(definition.uriTemplate.replace(/\\{(\\w+)\\}/g, (_m, key: string) => encodeURIComponent(String(values[key]))));
    const ctx = createMockContext({ uri, tenantId: 'test-tenant' });
    const result = await definition.handler(params as never, ctx as never);
    expect(result).toBeDefined();
    // An app resource declares no output (its type is never there): read it as optional.
    const output = (definition as { output?: z.ZodType | undefined }).output;
    if (output) expect(() => output.parse(result)).not.toThrow();
  });
});
`;
  return { text, shared: [helper.shared] };
}

export const resourceTest = definitionTest(resourceTestText);
