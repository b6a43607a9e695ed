/**
 * The test `add test` writes for an existing tool: its handler run on an input its schema
 * accepts, its output and format() checked.
 */

import { definitionTest, header, SAMPLE_HELPER } from '../test/definition-test.js';

function toolTestText(name: string, exportName: string, importPath: string, file: string): string {
  return `${header(`the ${name} tool`, file)}
import { z } from '@cyanheads/mcp-ts-core';
import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
import { describe, expect, it } from 'vitest';
import { ${exportName} } from '${importPath}';

${SAMPLE_HELPER}

type HandlerCtx = Parameters<typeof ${exportName}.handler>[1];

describe('${exportName}', () => {
  it('answers an input its schema accepts with output its schema accepts', async () => {
    const ctx = createMockContext({ errors: ${exportName}.errors ?? [] }) as HandlerCtx;
    const input = ${exportName}.input.parse(inputOf(${exportName}.input));
    const result = await ${exportName}.handler(input, ctx);
    expect(() => ${exportName}.output.parse(result)).not.toThrow();
  });

  it('renders its result in format()', async () => {
    const ctx = createMockContext({ errors: ${exportName}.errors ?? [] }) as HandlerCtx;
    const result = await ${exportName}.handler(${exportName}.input.parse(inputOf(${exportName}.input)), ctx);
    const blocks = ${exportName}.format ? ${exportName}.format(result) : [];
    expect(Array.isArray(blocks)).toBe(true);
    if (${exportName}.format) expect(blocks.length).toBeGreaterThan(0);
  });
});
`;
}

export const toolTest = definitionTest(toolTestText);
