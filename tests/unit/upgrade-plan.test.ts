/**
 * The upgrade plan: which migrations a move crosses, package.json brought to the target (range,
 * engines, the split SDK packages), problems of every file collected before anything is written,
 * and the tests `add` wrote recognised by their template and written again for the next line.
 */

import { describe, expect, it } from 'vitest';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { toolErrorParagraph, toolErrorSection } from '../../src/init/tool-error-notes.js';
import { stamp } from '../../src/text/scaffold-stamp.js';
import { render } from '../../src/text/templates.js';
import { rewriteGeneratedTest, toolTemplate } from '../../src/upgrade/codemods/generated-tests.js';
import { migrationsBetween } from '../../src/upgrade/migrations.js';
import { upgradeGenerator } from '../../src/upgrade/plan.js';

const ids = (from: string, to: string) => migrationsBetween(from, to).map((m) => m.id);

describe('migrationsBetween', () => {
  it('crosses each migration once, in order, from the installed version to the target', () => {
    expect(ids('0.10.17', '0.11.5')).toEqual(['0.11/tsconfig-split', '0.11/typed-mock-context']);
    expect(ids('0.11.5', '0.12.3')).toEqual([
      '0.12/elicit-to-input',
      '0.12/drop-tasks',
      '0.12/sdk-imports',
      '0.12/request-context-keys',
    ]);
    expect(ids('0.10.17', '0.12.3')).toHaveLength(6);
    expect(ids('0.11.3', '0.11.5')).toEqual(['0.11/tsconfig-split']);
    expect(ids('0.12.0', '0.12.3')).toEqual([]);
  });
});

const PKG = `{
  "name": "acme",
  "engines": {
    "node": ">=20"
  },
  "dependencies": {
    "@cyanheads/mcp-ts-core": "^0.11.5",
    "@modelcontextprotocol/sdk": "^1.30.0"
  }
}
`;

function tree(files: Record<string, string>): Tree {
  return new Tree(new MemoryHost({ 'package.json': PKG, ...files }));
}

/** The plan of a move from `from` to `version` (range `^version`), with the install after it. */
function upgradeTo(t: Tree, from: string, version: string) {
  return upgradeGenerator(t, {
    from,
    target: { range: `^${version}`, version },
    dropTasks: false,
    adoptTsconfigSplit: false,
    install: true,
  });
}

describe('upgradeGenerator', () => {
  it('sets the range and engines, and swaps the 1.x SDK for the split packages its imports use', () => {
    const t = tree({ 'src/client.ts': "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\n" });
    const out = upgradeGenerator(t, {
      from: '0.11.5',
      target: { range: '^0.12.3', version: '0.12.3', nodeEngine: '>=24.0.0' },
      dropTasks: false,
      adoptTsconfigSplit: false,
      install: true,
    });
    expect(out.problems).toEqual([]);
    expect(t.read('src/client.ts')).toBe("import { Client } from '@modelcontextprotocol/client';\n");
    expect(JSON.parse(t.read('package.json')!)).toEqual({
      name: 'acme',
      engines: { node: '>=24.0.0' },
      dependencies: { '@cyanheads/mcp-ts-core': '^0.12.3', '@modelcontextprotocol/client': '^2.0.0' },
    });
    expect(out.data.upgrade).toMatchObject({ from: '0.11.5', to: '0.12.3', packageJson: true });
  });

  it('AGENTS.md and CLAUDE.md name the new range where they named the old one; a README that names none is left', () => {
    const notes = (range: string) =>
      `# acme: notes for coding agents\n\nAn MCP server on \`@cyanheads/mcp-ts-core\` ${range}. Read on.\n`;
    const readme = '# acme\n\nBuilt on @cyanheads/mcp-ts-core.\n';
    const t = tree({ 'AGENTS.md': notes('^0.11.5'), 'CLAUDE.md': notes('^0.11.5'), 'README.md': readme });
    const out = upgradeTo(t, '0.11.5', '0.12.3');
    expect(out.problems).toEqual([]);
    expect(t.read('AGENTS.md')).toBe(notes('^0.12.3'));
    expect(t.read('CLAUDE.md')).toBe(notes('^0.12.3'));
    expect(t.read('README.md')).toBe(readme);
    expect(out.data.upgrade).toMatchObject({ agentNotes: ['AGENTS.md', 'CLAUDE.md'] });
  });

  it("the tool-error text init wrote for the old line becomes the new line's; an edited one is left", () => {
    const notes = (version: string) => `# acme\n\n${toolErrorSection(version)}\n\n## Before you finish\n`;
    const readme = (version: string) => `# acme\n\n${toolErrorParagraph(version)}\n\n## Grow it\n`;
    const edited = `${notes('0.11.5')}\nOur own words.\n`.replace('skip that check:', 'skip that check, as we do:');
    const t = tree({ 'AGENTS.md': notes('0.11.5'), 'CLAUDE.md': edited, 'README.md': readme('0.11.5') });
    const out = upgradeTo(t, '0.11.5', '0.12.3');
    expect(out.problems).toEqual([]);
    expect(notes('0.11.5')).not.toBe(notes('0.12.3'));
    expect(t.read('AGENTS.md')).toBe(notes('0.12.3'));
    expect(t.read('README.md')).toBe(readme('0.12.3'));
    expect(t.read('CLAUDE.md')).toBe(edited);
    expect(out.data.upgrade).toMatchObject({ agentNotes: ['AGENTS.md', 'README.md'] });
    // Within a line nothing moves.
    const same = tree({ 'AGENTS.md': notes('0.12.0') });
    upgradeTo(same, '0.12.0', '0.12.3');
    expect(same.read('AGENTS.md')).toBe(notes('0.12.0'));
  });

  it('collects the problems of every file and refuses a move backwards', () => {
    const t = tree({
      'src/a.tool.ts': "export const a = tool('a', {\n  task: true,\n});\n",
      'src/b.ts': "import * as sdk from '@modelcontextprotocol/sdk/types.js';\n",
    });
    const out = upgradeTo(t, '0.11.5', '0.12.3');
    expect(out.problems.map((p) => `${p.path}:${p.line} ${p.code}`)).toEqual([
      'src/a.tool.ts:2 FRAMEWORK_UNSUPPORTED',
      'src/b.ts:1 UNSUPPORTED_LAYOUT',
    ]);
    const back = upgradeGenerator(tree({}), {
      from: '0.12.3',
      target: { range: '^0.11.5', version: '0.11.5' },
      dropTasks: false,
      adoptTsconfigSplit: false,
      install: true,
    });
    expect(back.problems).toEqual([expect.objectContaining({ code: 'OPTION_INVALID' })]);
  });
});

describe('rewriteGeneratedTest', () => {
  const names = {
    name: 'acme_delete_item',
    testModuleTag: 'tests/tools/acme-delete-item.tool.test',
    exportName: 'acmeDeleteItemTool',
    testImportPath: '@/mcp-server/tools/definitions/acme-delete-item.tool.js',
  };
  const rewrite = {
    from: [toolTemplate('tool-confirm-elicit.test.ts.hbs')],
    to: toolTemplate('tool-confirm-input.test.ts.hbs'),
    what: 'answers ctx.elicit',
  };
  const FILE = 'tests/tools/acme-delete-item.tool.test.ts';

  it('writes the test add wrote on 0.10 again from the 0.12 template', () => {
    const old = render(rewrite.from[0]!, { ...names, mockTyped: false }, { lineWidth: 100 });
    const out = rewriteGeneratedTest(FILE, old, rewrite, /elicit/);
    expect(out).toEqual({ text: stamp(render(rewrite.to, { ...names, mockTyped: true }, { lineWidth: 100 })) });
  });

  it('refuses a test that was changed since, at its first elicit line', () => {
    const old = render(rewrite.from[0]!, { ...names, mockTyped: true }, { lineWidth: 100 }).replace(
      "'item-1'",
      "'item-2'",
    );
    const out = rewriteGeneratedTest(FILE, old, rewrite, /elicit/);
    expect(out).toEqual({
      problem: expect.objectContaining({
        code: 'UNSUPPORTED_LAYOUT',
        path: FILE,
        line: 19,
        message: expect.stringContaining('changed'),
      }),
    });
  });
});
