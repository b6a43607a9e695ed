/** The test `add test` writes for an existing prompt: messages from arguments its schema accepts. */

import { definitionTest, header, SAMPLE_HELPER } from '../test/definition-test.js';

function promptTestText(name: string, exportName: string, importPath: string, file: string): string {
  return `${header(`the ${name} prompt`, file)}
import { z } from '@cyanheads/mcp-ts-core';
import { describe, expect, it } from 'vitest';
import { ${exportName} } from '${importPath}';

${SAMPLE_HELPER}

describe('${exportName}', () => {
  it('generates messages from arguments its schema accepts', async () => {
    const args = ${exportName}.args ? ${exportName}.args.parse(inputOf(${exportName}.args)) : {};
    const messages = await ${exportName}.generate(args as never);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(['user', 'assistant']).toContain(message.role);
  });
});
`;
}

export const promptTest = definitionTest(promptTestText);
