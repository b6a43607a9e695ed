#!/usr/bin/env node
// A server with N registered tools, for the bench and the scale tests: the framework's fresh
// layout (one echo tool in createApp's arrays) grown to N tool files, registered either inline
// (src/index.ts imports each tool and lists it in `tools: [...]`) or through a barrel
// (definitions/index.ts imports each and exports `allToolDefinitions`, which src/index.ts passes).
// No node_modules: add and list read only the sources. Usage:
//   node scripts/scale-fixture.mjs <dir> <tools> <inline|barrel>
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LAYOUTS = ['inline', 'barrel'];
const DEFS = 'src/mcp-server/tools/definitions';

/** The i-th tool's names: file stem, export, MCP name. Zero-padded so every order agrees. */
function toolNames(i) {
  const n = String(i).padStart(4, '0');
  return { stem: `demo-item${n}-find`, exportName: `demoItem${n}FindTool`, mcpName: `demo_item${n}_find` };
}

/** The MCP name of the i-th tool (from 1). */
export const scaleTool = (i) => toolNames(i).mcpName;

/** A definition file like the ones `add tool` writes: schemas, errors, handler, format. */
function toolFile({ exportName, mcpName }) {
  return `/**
 * @fileoverview The ${mcpName} tool.
 * @module mcp-server/tools/definitions/${mcpName}
 */

import { tool, z } from '@cyanheads/mcp-ts-core';
import { JsonRpcErrorCode } from '@cyanheads/mcp-ts-core/errors';

export const ${exportName} = tool('${mcpName}', {
  description: 'Finds the items that match a query.',
  annotations: { readOnlyHint: true },
  input: z.object({
    query: z.string().describe('What to look for.'),
  }),
  output: z.object({
    items: z.array(z.string()).describe('The matching items.'),
  }),
  errors: [
    {
      reason: 'no_match',
      code: JsonRpcErrorCode.NotFound,
      when: 'Nothing matched the query.',
      recovery: 'Try a broader query.',
    },
  ],
  handler(input, ctx) {
    ctx.log.debug('Finding items', { query: input.query });
    return { items: [input.query] };
  },
  format: (result) => [{ type: 'text', text: result.items.join('\\n') }],
});
`;
}

const list = (names, indent) => `[\n${names.map((n) => `${indent}  ${n},`).join('\n')}\n${indent}]`;

function entryPoint(layout, tools) {
  const head = ['#!/usr/bin/env node', "import { createApp } from '@cyanheads/mcp-ts-core';"];
  if (layout === 'barrel') {
    return [
      ...head,
      "import { allToolDefinitions } from './mcp-server/tools/definitions/index.js';",
      '',
      "await createApp({ name: 'demo', title: 'demo', tools: allToolDefinitions });",
      '',
    ].join('\n');
  }
  return [
    ...head,
    ...tools.map((t) => `import { ${t.exportName} } from './mcp-server/tools/definitions/${t.stem}.tool.js';`),
    '',
    'await createApp({',
    "  name: 'demo',",
    "  title: 'demo',",
    `  tools: ${list(
      tools.map((t) => t.exportName),
      '  ',
    )},`,
    '});',
    '',
  ].join('\n');
}

function barrel(tools) {
  return [
    "import type { AnyToolDefinition } from '@cyanheads/mcp-ts-core';",
    ...tools.map((t) => `import { ${t.exportName} } from './${t.stem}.tool.js';`),
    '',
    `export const allToolDefinitions: AnyToolDefinition[] = ${list(
      tools.map((t) => t.exportName),
      '',
    )};`,
    '',
  ].join('\n');
}

/** Writes the server into `dir` (which may not exist yet); returns the files written. */
export function writeScaleFixture(dir, count, layout) {
  if (!LAYOUTS.includes(layout)) throw new Error(`layout: one of ${LAYOUTS.join(', ')}`);
  const tools = Array.from({ length: count }, (_, i) => toolNames(i + 1));
  const files = {
    'package.json': `${JSON.stringify(
      { name: 'demo', version: '0.1.0', type: 'module', dependencies: { '@cyanheads/mcp-ts-core': '^0.10.17' } },
      null,
      2,
    )}\n`,
    'src/index.ts': entryPoint(layout, tools),
    ...(layout === 'barrel' ? { [`${DEFS}/index.ts`]: barrel(tools) } : {}),
    ...Object.fromEntries(tools.map((t) => [`${DEFS}/${t.stem}.tool.ts`, toolFile(t)])),
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return Object.keys(files);
}

if (import.meta.filename === process.argv[1]) {
  const [dir, count, layout = 'inline'] = process.argv.slice(2);
  if (!dir || !(Number(count) >= 1)) {
    console.error('usage: node scripts/scale-fixture.mjs <dir> <tools> <inline|barrel>');
    process.exit(2);
  }
  writeScaleFixture(path.resolve(dir), Number(count), layout);
}
