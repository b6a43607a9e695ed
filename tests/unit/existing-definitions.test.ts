import { describe, expect, it } from 'vitest';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { existingDefinitions } from '../../src/registration/definitions.js';

const DEFS = 'src/mcp-server/tools/definitions';
const toolSource = (exportName: string, name: string) =>
  `import { tool } from '@cyanheads/mcp-ts-core';\n\nexport const ${exportName} = tool('${name}', {});\n`;

/** A tree over tools a and b, counting how often the host is asked for a folder's entries. */
function counted(): { tree: Tree; lists: () => number } {
  const host = new MemoryHost({
    [`${DEFS}/a.tool.ts`]: toolSource('aTool', 'acme_a'),
    [`${DEFS}/b.tool.ts`]: toolSource('bTool', 'acme_b'),
  });
  let lists = 0;
  const list = host.list.bind(host);
  host.list = (rel) => {
    lists++;
    return list(rel);
  };
  return { tree: new Tree(host), lists: () => lists };
}

describe('existingDefinitions within one plan', () => {
  it('reads the definitions once while the tree is unchanged, and again after a write or delete', () => {
    const { tree, lists } = counted();
    const first = existingDefinitions(tree, toolLayout);
    expect(first.map((d) => [d.file, d.name, d.exports])).toEqual([
      [`${DEFS}/a.tool.ts`, 'acme_a', ['aTool']],
      [`${DEFS}/b.tool.ts`, 'acme_b', ['bTool']],
    ]);
    const listed = lists();
    // What a caller does with its copy does not change what the next caller is told.
    first[0]!.exports.push('changed');
    first.pop();
    expect(existingDefinitions(tree, toolLayout)).toEqual([
      expect.objectContaining({ name: 'acme_a', exports: ['aTool'] }),
      expect.objectContaining({ name: 'acme_b', exports: ['bTool'] }),
    ]);
    expect(lists()).toBe(listed);

    tree.write(`${DEFS}/c.tool.ts`, toolSource('cTool', 'acme_c'));
    expect(existingDefinitions(tree, toolLayout).map((d) => d.name)).toEqual(['acme_a', 'acme_b', 'acme_c']);
    expect(lists()).toBeGreaterThan(listed);
    tree.write(`${DEFS}/a.tool.ts`, toolSource('aTool', 'acme_renamed'));
    tree.delete(`${DEFS}/b.tool.ts`);
    expect(existingDefinitions(tree, toolLayout).map((d) => d.name)).toEqual(['acme_renamed', 'acme_c']);
  });

  it('is per tree: another tree over the same host reads for itself', () => {
    const { tree } = counted();
    existingDefinitions(tree, toolLayout);
    tree.write(`${DEFS}/c.tool.ts`, toolSource('cTool', 'acme_c'));
    const other = new Tree(tree.host);
    expect(existingDefinitions(other, toolLayout).map((d) => d.name)).toEqual(['acme_a', 'acme_b']);
  });
});
