/**
 * init learns the names of the tools in a fresh server without parsing: the starter tool it
 * rendered is named as it was rendered. These runs check that shortcut against the syntax tree
 * (what `add` and `list` read) for fresh servers of several shapes, and that any tool file init
 * did not write itself is still read off its syntax tree.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { type InitOptions, initGenerator, starterTools, toolNames } from '../../src/init/generator.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { existingDefinitions } from '../../src/registration/definitions.js';
import { tempDir } from '../helpers/temp.js';

const ENV = { username: 'tester', insideGitWorkTree: false, year: 2026 };

function generate(options: Partial<InitOptions>, root = path.join(tempDir(), 'demo')) {
  const tree = new Tree(new DiskHost(root));
  const result = initGenerator(tree, { root, environment: ENV, ...options });
  return { tree, result };
}

const parsedNames = (tree: Tree) => existingDefinitions(tree, toolLayout).flatMap((d) => (d.name ? [d.name] : []));

describe('the tool names of a fresh server, known without parsing', () => {
  it.each<[string, Partial<InitOptions>]>([
    ['default', {}],
    ['a chosen prefix', { name: 'weather-server', prefix: 'wx' }],
    ['a scoped package on 0.12.3', { name: '@acme/ncbi-mcp-server', latestFrameworkVersion: '0.12.3' }],
    ['an old framework range', { frameworkVersion: '^0.10.0' }],
    ['--no-examples', { examples: false }],
  ])('%s: the names init knows are the names the syntax tree holds', (_what, options) => {
    const { tree, result } = generate(options);
    expect(result.problems).toEqual([]);
    const planned = new Map(tree.changes().map((c) => [c.path, c.after!]));
    const starters = starterTools(planned, result.project.prefix);
    const count = options.examples === false ? 0 : 1;
    expect(starters.size).toBe(count);
    expect(parsedNames(tree)).toHaveLength(count);
    // The shortcut and the parse agree on what is taken, so on what is suggested.
    expect(toolNames(tree, starters)).toEqual(parsedNames(tree));
    expect(result.project.suggestedTool).toBe(`${result.project.prefix}_find_items`);
  });

  it('a tool file init did not write is read off its syntax tree (--force over a server)', () => {
    const root = path.join(tempDir(), 'demo');
    const file = path.join(root, 'src/mcp-server/tools/definitions/find-items.tool.ts');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      "import { tool } from '@cyanheads/mcp-ts-core';\nexport const t = tool('demo_find_items', {} as never);\n",
    );
    const { result } = generate({ force: true, prefix: 'demo' }, root);
    expect(result.project.suggestedTool).toBe('demo_search_items');
  });
});
