import { DEFINITION_IMPORTS, definitionOptions } from '../options.js';
import type { DefinitionSpec, KindGenerator } from '../spec.js';
import { promptLayout } from './layout.js';

const examples = `
Examples:
  $ mcp-scaffold add prompt acme_review_item --description "Ask for a review of one item."
  $ mcp-scaffold add prompt acme_summarize --json --yes

Writes src/mcp-server/prompts/definitions/<name>.prompt.ts and its test, and registers it in
createApp's prompts (or the project's prompts barrel).`;

export const promptSpec = {
  name: 'prompt',
  summary: 'add a prompt: definition, test, registration',
  example: 'add prompt acme_review_item',
  examples,
  heading: 'Prompts',
  layout: promptLayout,
  reservedNames: [...promptLayout.builders, ...DEFINITION_IMPORTS],
  options: definitionOptions,
  load: async (): Promise<KindGenerator> => ({ generate: (await import('./generator.js')).addPromptGenerator }),
} satisfies DefinitionSpec;
