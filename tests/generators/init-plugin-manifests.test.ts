/**
 * The agent-plugin manifests init writes (Claude Code's and Codex's), judged by the framework's
 * own packaging lint: `checkPluginManifests` of scripts/lint-packaging.ts in the real 0.11.5 and
 * 0.12.3 packages, on an unscoped and a scoped package. The lint must also catch what it is for
 * (an install arg cut to the unscoped name), or its silence would prove nothing.
 */

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { initGenerator } from '../../src/init/generator.js';
import { unpackFramework } from '../helpers/framework-tarballs.js';
import { tempDir } from '../helpers/temp.js';

const MANIFESTS = ['.claude-plugin/plugin.json', '.codex-plugin/plugin.json', '.codex-plugin/mcp.json'];

type Check = (inputs: Record<string, unknown>, unscopedName: string, fullName: string) => string[];

async function frameworkCheck(version: string): Promise<Check> {
  const pkg = unpackFramework(version, path.join(tempDir(), 'framework'));
  const lint = await import(pathToFileURL(path.join(pkg, 'scripts/lint-packaging.ts')).href);
  return lint.checkPluginManifests as Check;
}

function manifestsOf(name: string) {
  const host = new MemoryHost({}, { root: '/memory/books' });
  const tree = new Tree(host);
  const result = initGenerator(tree, {
    root: host.root,
    name,
    description: 'Searches and fetches books from the Open Library API. Read-only.',
    environment: { username: 'tester', insideGitWorkTree: false },
  });
  expect(result.problems).toEqual([]);
  const files = Object.fromEntries(tree.changes().map((c) => [c.path, c.after]));
  const [claudePlugin, codexPlugin, codexMcp] = MANIFESTS.map((f) => JSON.parse(files[f]!));
  return { claudePlugin, codexPlugin, codexMcp };
}

describe.each(['0.11.5', '0.12.3'])("the framework's packaging lint of %s", (version) => {
  it.each([
    ['books-mcp-server', 'books-mcp-server'],
    ['@acme/books-mcp-server', 'books-mcp-server'],
  ])('finds nothing wrong in the manifests of %s', async (name, unscoped) => {
    const check = await frameworkCheck(version);
    const manifests = manifestsOf(name);
    expect(check(manifests, unscoped, name)).toEqual([]);
    expect(manifests.claudePlugin.mcpServers[unscoped]).toEqual({
      command: 'npx',
      args: ['-y', name],
      env: { MCP_TRANSPORT_TYPE: 'stdio' },
    });
    expect(manifests.codexPlugin.mcpServers).toBe('./.codex-plugin/mcp.json');
    // What the lint is there for: a scoped package installed by its unscoped name.
    if (name.startsWith('@')) {
      manifests.codexMcp[unscoped].args[1] = unscoped;
      expect(check(manifests, unscoped, name)).toEqual([expect.stringContaining('must be the full package name')]);
    }
  });
});
