/**
 * 0.11.3 typed createMockContext({ errors }) by the contract: the casts tests needed before go,
 * with the aliases, return types and type imports only they used. `{ errors }` shorthand (a
 * variable whose own type the cast may hide) and casts of anything else stay.
 */

import { describe, expect, it } from 'vitest';
import { uncastMockContexts } from '../../src/upgrade/codemods/typed-mock-context.js';

const FILE = 'tests/tools/acme-echo.tool.test.ts';

describe('uncastMockContexts', () => {
  it('takes out the cast (the line joined where it fits), and the alias, return type and type import only it used', () => {
    const source = `import type { HandlerContext, ReasonOf } from '@cyanheads/mcp-ts-core';
import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
import { acmeEchoTool } from '@/mcp-server/tools/definitions/acme-echo.tool.js';

/** The cast says what the mock is. */
type ToolContext = HandlerContext<ReasonOf<typeof acmeEchoTool.errors>>;

const mockContext = (): ToolContext =>
  createMockContext({ errors: acmeEchoTool.errors ?? [] }) as ToolContext;

const other = {} as ToolContext;
`;
    expect(
      uncastMockContexts(FILE, source),
    ).toBe(`import type { HandlerContext, ReasonOf } from '@cyanheads/mcp-ts-core';
import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
import { acmeEchoTool } from '@/mcp-server/tools/definitions/acme-echo.tool.js';

/** The cast says what the mock is. */
type ToolContext = HandlerContext<ReasonOf<typeof acmeEchoTool.errors>>;

const mockContext = (): ToolContext => createMockContext({ errors: acmeEchoTool.errors });

const other = {} as ToolContext;
`);
    const alone = source.replace('\nconst other = {} as ToolContext;\n', '');
    expect(uncastMockContexts(FILE, alone)).toBe(`import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
import { acmeEchoTool } from '@/mcp-server/tools/definitions/acme-echo.tool.js';

const mockContext = () => createMockContext({ errors: acmeEchoTool.errors });
`);
  });

  it('leaves the { errors } shorthand and casts of other calls alone', () => {
    const source = `import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
type Ctx = Parameters<typeof def.handler>[1];
const errors = def.errors ?? [];
const a = createMockContext({ errors }) as Ctx;
const b = makeContext({ errors: def.errors }) as Ctx;
`;
    expect(uncastMockContexts(FILE, source)).toBe(source);
  });
});
