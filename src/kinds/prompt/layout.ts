import type { DefinitionLayout } from '../../registration/layout.js';

export const promptLayout: DefinitionLayout = {
  kind: 'prompt',
  appKey: 'prompts',
  dir: 'src/mcp-server/prompts',
  suffixes: ['.prompt.ts'],
  builders: ['prompt'],
  nameIn: 'first-argument',
  groupSuffixes: ['Prompts', 'Definitions', 'Defs', 'Group'],
  testsDir: 'prompts',
  exportSuffix: 'Prompt',
};
