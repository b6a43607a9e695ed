import type { DefinitionLayout } from '../../registration/layout.js';

export const toolLayout: DefinitionLayout = {
  kind: 'tool',
  appKey: 'tools',
  dir: 'src/mcp-server/tools',
  suffixes: ['.tool.ts', '.app-tool.ts'],
  builders: ['tool', 'appTool'],
  nameIn: 'first-argument',
  groupSuffixes: ['Tools', 'Definitions', 'Defs', 'Group'],
  testsDir: 'tools',
  exportSuffix: 'Tool',
};
