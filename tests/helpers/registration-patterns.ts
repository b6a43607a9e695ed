/**
 * Projects in memory, one per registration pattern real servers use (inline arrays, local
 * variables, spreads and groups, barrels with and without re-exports, a Worker entry beside
 * index.ts), with the definition a test registers in them.
 */

import { FRESH_INDEX } from './projects.js';

const L = (...lines: string[]) => lines.join('\n');
const DEFS = './mcp-server/tools/definitions';
const BARREL = 'src/mcp-server/tools/definitions/index.ts';
export const NEW = {
  exportName: 'acmeFindItemsTool',
  file: 'src/mcp-server/tools/definitions/acme-find-items.tool.ts',
};
export const KEYS = { keyOrder: ['tools', 'resources', 'prompts'] };

const barrelIndex = (tools: string) =>
  L(
    "import { createApp } from '@cyanheads/mcp-ts-core';",
    `import { allToolDefinitions } from '${DEFS}/index.js';`,
    '',
    `await createApp({ name: 'acme', ${tools} });`,
    '',
  );

/** One project per registration pattern: the files register reads, and the --group it needs. */
export const PATTERNS: { name: string; files: Record<string, string>; group?: string }[] = [
  { name: 'fresh scaffold: inline one-line arrays', files: { 'src/index.ts': FRESH_INDEX } },
  {
    name: 'no tools key yet',
    files: {
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { itemResource } from './mcp-server/resources/definitions/item.resource.js';",
        '',
        "await createApp({ name: 'acme', resources: [itemResource] });",
        '',
      ),
    },
  },
  {
    name: 'multi-line array with comments, CRLF, statements before the imports',
    files: {
      'src/index.ts': [
        '#!/usr/bin/env node',
        "process.env.TZ ??= 'UTC';",
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        `import { bTool } from '${DEFS}/b.tool.js';`,
        `import { zTool } from '${DEFS}/z.tool.js';`,
        '',
        'await createApp({',
        '  // Tools',
        '  tools: [',
        '    bTool,',
        '    // oldTool,',
        '    zTool, // the last one',
        '  ],',
        '});',
        '',
      ].join('\r\n'),
    },
  },
  {
    name: 'an empty array in a one-line object that outgrows the line width',
    files: {
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        '',
        "await createApp({ name: 'acme-catalog-server', title: 'Acme catalog server', version: '1.0.0', tools: [] });",
        '',
      ),
    },
  },
  {
    name: 'a local array with a conditional spread, passed as shorthand, @/ imports',
    files: {
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { aTool } from '@/mcp-server/tools/definitions/a.tool.js';",
        "import { cTool } from '@/mcp-server/tools/definitions/c.tool.js';",
        "import { config } from '@/config.js';",
        '',
        'const tools = [aTool, ...(config.extraEnabled ? [cTool] : [])];',
        'const { services } = await createApp({ tools });',
        'void services;',
        '',
      ),
    },
  },
  {
    name: 'spread groups, one chosen with --group',
    group: 'write',
    files: {
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        `import { getTool } from '${DEFS}/get.tool.js';`,
        `import { putTool } from '${DEFS}/put.tool.js';`,
        '',
        'const readTools = [getTool];',
        'const writeTools = [putTool];',
        'const tools = [...readTools, ...writeTools.map((d) => d)];',
        'await createApp({ tools });',
        '',
      ),
    },
  },
  ...[
    'tools: allToolDefinitions',
    'tools: [...allToolDefinitions]',
    "tools: flag ? allToolDefinitions.filter((t) => t.name !== 'x') : [...allToolDefinitions]",
  ].map((tools) => ({
    name: `a typed barrel, the entry point passing \`${tools}\``,
    files: {
      'src/index.ts': barrelIndex(tools).replace('await', 'const flag = true;\nawait'),
      [BARREL]: L(
        "import type { AnyToolDefinition } from '@cyanheads/mcp-ts-core';",
        "import { getItemTool } from './get-item.tool.js';",
        "import { listItemsTool } from './list-items.tool.js';",
        '',
        'export const allToolDefinitions: AnyToolDefinition[] = [getItemTool, listItemsTool];',
        '',
      ),
    },
  })),
  {
    name: 'a barrel `as const` with re-exports beside its imports and a sorted export list',
    files: {
      'src/index.ts': barrelIndex('tools: allToolDefinitions'),
      [BARREL]: L(
        "import { getItemTool } from './get-item.tool.js';",
        "import { listItemsTool } from './list-items.tool.js';",
        '',
        "export { getItemTool } from './get-item.tool.js';",
        "export { listItemsTool } from './list-items.tool.js';",
        '',
        'export const allToolDefinitions = [',
        '  getItemTool,',
        '  listItemsTool,',
        '] as const;',
        '',
        'export { getItemTool as get, listItemsTool };',
        '',
      ),
    },
  },
  {
    name: 're-exports only: the entry point imports from the barrel',
    files: {
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        `import { getItemTool, listItemsTool } from '${DEFS}/index.js';`,
        '',
        'await createApp({ tools: [getItemTool, listItemsTool] });',
        '',
      ),
      [BARREL]: L(
        "export { getItemTool } from './get-item.tool.js';",
        "export { listItemsTool } from './list-items.tool.js';",
        '',
      ),
    },
  },
  {
    name: 'an empty barrel under a header comment',
    files: {
      'src/index.ts': barrelIndex('tools: allToolDefinitions'),
      [BARREL]: L('/**', ' * @fileoverview The tools.', ' */', '', 'export const allToolDefinitions = [];', ''),
    },
  },
  {
    name: 'src/index.ts and src/worker.ts sharing one barrel',
    files: {
      'src/index.ts': barrelIndex('tools: allToolDefinitions'),
      'src/worker.ts': L(
        "import { createWorkerHandler } from '@cyanheads/mcp-ts-core/worker';",
        `import { allToolDefinitions } from '${DEFS}/index.js';`,
        '',
        'export default createWorkerHandler({ tools: allToolDefinitions });',
        '',
      ),
      [BARREL]: L(
        "import { getItemTool } from './get-item.tool.js';",
        '',
        'export const allToolDefinitions = [getItemTool];',
        '',
      ),
    },
  },
];
