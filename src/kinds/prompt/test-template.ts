/** The test `add test` writes for an existing prompt: messages from arguments its schema accepts. */

import {
  type DefinitionTestInput,
  definitionTest,
  header,
  importLines,
  sampleHelperUse,
} from '../test/definition-test.js';

function promptTestText(t: DefinitionTestInput) {
  const helper = sampleHelperUse(t.file, ['inputOf']);
  const imports = [
    { names: ['describe', 'expect', 'it'], from: 'vitest' },
    { names: [t.exportName], from: t.importPath },
    helper.import,
  ];
  const text = `${header(`the ${t.name} prompt`, t.file)}
${importLines(imports)}

describe('${t.exportName}', () => {
  it('generates messages from arguments its schema accepts', async () => {
    const args = ${t.exportName}.args ? ${t.exportName}.args.parse(inputOf(${t.exportName}.args)) : {};
    const messages = await ${t.exportName}.generate(args as never);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(['user', 'assistant']).toContain(message.role);
  });
});
`;
  return { text, shared: [helper.shared] };
}

export const promptTest = definitionTest(promptTestText);
