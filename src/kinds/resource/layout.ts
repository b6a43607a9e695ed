import type { DefinitionLayout } from '../../registration/layout.js';

export const resourceLayout: DefinitionLayout = {
  kind: 'resource',
  appKey: 'resources',
  dir: 'src/mcp-server/resources',
  suffixes: ['.resource.ts', '.app-resource.ts'],
  builders: ['resource', 'appResource'],
  nameIn: 'name-option',
  groupSuffixes: ['Resources', 'Definitions', 'Defs', 'Group'],
  testsDir: 'resources',
  exportSuffix: 'Resource',
};
