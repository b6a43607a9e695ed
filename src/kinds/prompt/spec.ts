import { DEFINITION_IMPORTS, definitionOptions } from '../options.js';
import type { DefinitionData } from '../spec.js';
import { promptLayout } from './layout.js';
import { promptTest } from './test-template.js';

const examples = `
Examples:
  $ mcp-scaffold add prompt acme_review_item --description "Ask for a review of one item."
  $ mcp-scaffold add prompt pubmed_summarize_article --arg 'pmid:string:PubMed id of the article'
  $ mcp-scaffold add prompt acme_summarize --arg 'text:string:What to summarize' --arg 'length:string?:How long'
  $ mcp-scaffold add prompt acme_summarize --json --yes

Arguments: --arg 'name:string[?]:description' (repeatable; prompt arguments are strings in MCP,
? makes one optional). Without --arg, one argument from the name: acme_review_item → item.
The generated messages carry every argument. Descriptions not given are "TODO: …" placeholders.
Writes src/mcp-server/prompts/definitions/<name>.prompt.ts and its test, and registers it in
createApp's prompts (or the project's prompts barrel).`;

export const promptSpec = {
  name: 'prompt',
  summary: 'add a prompt: definition, test, registration',
  example: 'add prompt acme_review_item',
  examples,
  heading: 'Prompts',
  layout: promptLayout,
  testTemplate: promptTest,
  reservedNames: [...promptLayout.builders, ...DEFINITION_IMPORTS],
  options: {
    ...definitionOptions,
    arg: {
      flags: '--arg <field>',
      help: "an argument as 'name:string[?]:description' (repeatable; default: one from the name)",
      type: (z) => z.array(z.string()).default([]),
      repeatable: true,
    },
  },
} satisfies DefinitionData;
