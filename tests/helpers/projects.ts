/** Fixture projects: the framework's fresh entry point and variations on it. */

import { Tree } from '../../src/engine/tree.js';
import { tempDir } from './temp.js';

/** The framework's fresh src/index.ts, exactly. */
export const FRESH_INDEX = `#!/usr/bin/env node
/**
 * @fileoverview demo MCP server entry point.
 * @module index
 */

import { createApp } from '@cyanheads/mcp-ts-core';
import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';
import { echoAppTool } from './mcp-server/tools/definitions/echo-app.app-tool.js';
import { echoResource } from './mcp-server/resources/definitions/echo.resource.js';
import { echoAppUiResource } from './mcp-server/resources/definitions/echo-app-ui.app-resource.js';
import { echoPrompt } from './mcp-server/prompts/definitions/echo.prompt.js';

await createApp({
  name: 'demo',
  title: 'demo',
  tools: [echoTool, echoAppTool],
  resources: [echoResource, echoAppUiResource],
  prompts: [echoPrompt],
  // instructions: 'Server-level orientation forwarded to the model on every initialize.\\n' +
  //   '- Use shortcut \`X\` for the most common case\\n' +
  //   '- Tools require auth via the \`inventory:read\` scope',
});
`;

export const PACKAGE_JSON = `${JSON.stringify(
  {
    name: 'demo',
    version: '0.1.0',
    type: 'module',
    scripts: { devcheck: 'echo ok' },
    dependencies: { '@cyanheads/mcp-ts-core': '^0.12.0' },
  },
  null,
  2,
)}\n`;

export const VITEST_CONFIG = `import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@/': new URL('./src/', import.meta.url).pathname } },
});
`;

/** A temp project holding `files`, and a tree over it. */
export function project(files: Record<string, string>): { root: string; tree: Tree } {
  const root = tempDir(files);
  return { root, tree: new Tree(root) };
}
