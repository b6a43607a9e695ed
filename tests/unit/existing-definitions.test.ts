import { describe, expect, it } from 'vitest';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { serverPrefixWithSource } from '../../src/kinds/definition.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import type { Project } from '../../src/project/project.js';
import { type ExistingDefinition, existingDefinitions } from '../../src/registration/definitions.js';

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
    // One list for every caller of the revision, frozen: no caller can change what the next is told.
    expect(() => (first[0]!.exports as string[]).push('changed')).toThrow(TypeError);
    expect(() => (first as ExistingDefinition[]).pop()).toThrow(TypeError);
    expect(() => Object.assign(first[0]!, { name: 'changed' })).toThrow(TypeError);
    expect(existingDefinitions(tree, toolLayout)).toBe(first);
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

describe('serverPrefixWithSource within one plan', () => {
  const project = (name: string) => ({ pkg: { name } }) as Project;

  it('answers again for another package name, and after the tools change', () => {
    const { tree } = counted();
    expect(serverPrefixWithSource(tree, project('acme-mcp-server'))).toEqual({
      prefix: 'acme',
      source: "the project's tools use",
    });
    const answer = serverPrefixWithSource(tree, project('acme-mcp-server'));
    // A caller's answer is its own: changing it changes nothing for the next.
    answer!.prefix = 'changed';
    expect(serverPrefixWithSource(tree, project('acme-mcp-server'))?.prefix).toBe('acme');

    tree.write(`${DEFS}/a.tool.ts`, toolSource('aTool', 'other_a'));
    // The tools share no prefix now: the package name's is the answer, for each package name.
    expect(serverPrefixWithSource(tree, project('acme-mcp-server'))).toEqual({
      prefix: 'acme',
      source: 'the package name acme-mcp-server gives',
    });
    expect(serverPrefixWithSource(tree, project('@x/pubmed-mcp-server'))).toEqual({
      prefix: 'pubmed',
      source: 'the package name @x/pubmed-mcp-server gives',
    });
  });
});
