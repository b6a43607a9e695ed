/**
 * 0.12's split SDK: imports of @modelcontextprotocol/sdk 1.x move to /server or /client 2.x when
 * every name they take is exported there, and are refused with their line otherwise. The table of
 * names is checked against the real 1.x and 2.x declarations the framework releases install.
 */

import path from 'node:path';
import ts from 'typescript';
import { describe, expect, inject, it } from 'vitest';
import { moveSdkImports, splitPackagesUsed } from '../../src/upgrade/codemods/sdk-imports.js';
import { SDK_MODULES, SPLIT_SDK_EXPORTS } from '../../src/upgrade/sdk-exports.js';

const FILE = 'tests/integration/client.test.ts';

describe('moveSdkImports', () => {
  it('moves server, client and type imports; a file with a client takes the types from the client', () => {
    const source = [
      "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
      "import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';",
      'import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";',
      "import { z } from 'zod';",
      '',
    ].join('\n');
    expect(moveSdkImports(FILE, source)).toEqual({
      text: [
        "import { Client } from '@modelcontextprotocol/client';",
        "import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';",
        'import type { CallToolResult } from "@modelcontextprotocol/client";',
        "import { z } from 'zod';",
        '',
      ].join('\n'),
      problems: [],
    });
  });

  it('server files take the types from the server package', () => {
    const source =
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport type { Tool } from '@modelcontextprotocol/sdk/types.js';\n";
    expect(moveSdkImports('src/x.ts', source).text).toBe(
      "import { McpServer } from '@modelcontextprotocol/server';\nimport type { Tool } from '@modelcontextprotocol/server';\n",
    );
  });

  it('refuses names 2.x does not export, namespaces and unknown modules, with their lines', () => {
    const source = [
      "import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';",
      "import * as sdk from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';",
      '',
    ].join('\n');
    const out = moveSdkImports(FILE, source);
    expect(out.text).toBe(source);
    expect(out.problems.map((p) => [p.line, p.message])).toEqual([
      [1, expect.stringContaining('CallToolResultSchema is not exported')],
      [2, expect.stringContaining('namespace')],
      [3, expect.stringContaining('no 2.x entry')],
    ]);
  });

  it('says which split packages the moved imports use', () => {
    expect(splitPackagesUsed(["import { Client } from '@modelcontextprotocol/client/stdio';", 'x'])).toEqual([
      '@modelcontextprotocol/client',
    ]);
  });
});

/** The names a .d.ts module exports, as TypeScript resolves them. */
function exportsOf(file: string): Set<string> {
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return new Set(checker.getExportsOfModule(symbol).map((s) => s.name));
}

describe('the table of split SDK exports, against the real packages', () => {
  const roots = inject('frameworkRoots');
  const v1 = path.join(roots['0.11.5'], 'node_modules/@modelcontextprotocol/sdk/dist/esm');
  const v2 = path.join(roots['0.12.3'], 'node_modules/@modelcontextprotocol');

  it('every listed name is exported by its 2.x entry and by a 1.x module that maps there', () => {
    const v1Names = new Map(
      Object.keys(SDK_MODULES).map((m) => [m, exportsOf(path.join(v1, m.replace(/\.js$/, '.d.ts')))]),
    );
    for (const [entry, names] of Object.entries(SPLIT_SDK_EXPORTS)) {
      const [pkg, sub = 'index'] = entry.replace('@modelcontextprotocol/', '').split('/');
      const real = exportsOf(path.join(v2, pkg!, 'dist', `${sub}.d.mts`));
      const fromV1 = Object.entries(SDK_MODULES)
        .filter(([, targets]) => targets.includes(entry))
        .map(([m]) => v1Names.get(m)!);
      const expected = [...real].filter((n) => fromV1.some((s) => s.has(n))).sort();
      expect([...names].sort(), entry).toEqual(expected);
    }
    // Type-checking six declaration trees takes a while on a loaded machine.
  }, 300_000);
});
