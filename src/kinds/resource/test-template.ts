/**
 * The test `add test` writes for an existing resource: a URI of its template read with params
 * its schema accepts, its output checked.
 */

import { definitionTest, header, SAMPLE_HELPER } from '../test/definition-test.js';

function resourceTestText(name: string, exportName: string, importPath: string, file: string): string {
  return `${header(`the ${name} resource`, file)}
import { z } from '@cyanheads/mcp-ts-core';
import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
import { describe, expect, it } from 'vitest';
import { ${exportName} } from '${importPath}';

${SAMPLE_HELPER}

const definition = ${exportName};

describe('${exportName}', () => {
  it('reads a URI of its template, with params its schema accepts, into data its output schema accepts', async () => {
    const values = (definition.params ? inputOf(definition.params) : {}) as Record<string, unknown>;
    const params = definition.params ? definition.params.parse(values) : {};
    // Each {variable} of the URI template, filled with its value.
    const uri = new URL(definition.uriTemplate.replace(/\\{(\\w+)\\}/g, (_m, key: string) => encodeURIComponent(String(values[key]))));
    const ctx = createMockContext({ uri });
    const result = await definition.handler(params as never, ctx as never);
    expect(result).toBeDefined();
    // An app resource declares no output (its type is never there): read it as optional.
    const output = (definition as { output?: z.ZodType | undefined }).output;
    if (output) expect(() => output.parse(result)).not.toThrow();
  });
});
`;
}

export const resourceTest = definitionTest(resourceTestText);
