/** Fixture projects: the framework's fresh entry point and variations on it. */

import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { type Host, MemoryHost } from '../../src/engine/host.js';
import { ProjectCache } from '../../src/engine/project-cache.js';
import { Tree } from '../../src/engine/tree.js';
import { FRAMEWORK, type PackageJson, type Project } from '../../src/project/project.js';
import { tempDir, writeFiles } from './temp.js';

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

/**
 * The project a generator is given, read from a host's package.json as findProject reads it from
 * the disk. Nothing is installed in memory, so the framework's version is unknown.
 */
/** A fresh server as init writes it, in the files the generators read: entry point, package, test config, `@/` paths. */
export const FRESH_SERVER: Record<string, string> = {
  'package.json': PACKAGE_JSON,
  'src/index.ts': FRESH_INDEX,
  'vitest.config.ts': VITEST_CONFIG,
  'tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }\n',
};

export function memoryProject(host: Pick<Host, 'root' | 'read'>): Project {
  const pkg = JSON.parse(host.read('package.json') ?? '{}') as PackageJson;
  return {
    root: host.root,
    pkg,
    frameworkRange: pkg.dependencies?.[FRAMEWORK] ?? pkg.devDependencies?.[FRAMEWORK] ?? '*',
    frameworkVersion: undefined,
    packageManager: 'npm',
    packageManagerSource: 'the default',
  };
}

/** A project holding `files` in memory, a tree over it, and the project as a generator sees it. */
export function project(files: Record<string, string>): { host: MemoryHost; tree: Tree; project: Project } {
  const host = new MemoryHost(files);
  return { host, tree: new Tree(host), project: memoryProject(host) };
}

/**
 * A project on disk with `files` for each test, and the user's cache in a folder of its own
 * (MCP_SCAFFOLD_CACHE_DIR), forgotten by the process before and after: each test starts with no
 * cache. Registers the hooks; the paths are read through the getters once a test runs.
 */
export function cachedProject(files: Record<string, string>): { readonly root: string; readonly cache: string } {
  const at = { root: '', cache: '' };
  beforeEach(() => {
    const dir = tempDir();
    at.root = path.join(dir, 'project');
    at.cache = path.join(dir, 'cache');
    writeFiles(at.root, files);
    process.env.MCP_SCAFFOLD_CACHE_DIR = at.cache;
    ProjectCache.forget();
  });
  afterEach(() => {
    delete process.env.MCP_SCAFFOLD_CACHE_DIR;
    delete process.env.MCP_SCAFFOLD_CACHE;
    ProjectCache.forget();
  });
  return at;
}
