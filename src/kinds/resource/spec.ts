import { DEFINITION_IMPORTS, definitionOptions } from '../options.js';
import type { DefinitionSpec, KindGenerator } from '../spec.js';
import { resourceLayout } from './layout.js';

const examples = `
Examples:
  $ mcp-scaffold add resource item --uri 'acme://items/{itemId}' --description "One catalogue item."
  $ mcp-scaffold add resource acme_status --uri 'acme://status'
  $ mcp-scaffold add resource item --dry-run --json

Each {placeholder} of the URI template becomes a described params field. Without --uri the
template is <prefix>://<name>/{id}. Writes src/mcp-server/resources/definitions/<name>.resource.ts
and its test, and registers it in createApp's resources (or the project's resources barrel).`;

export const resourceSpec = {
  name: 'resource',
  summary: 'add a resource: definition, test, registration',
  example: "add resource item --uri 'acme://items/{itemId}'",
  examples,
  heading: 'Resources',
  layout: resourceLayout,
  reservedNames: [...resourceLayout.builders, ...DEFINITION_IMPORTS],
  options: {
    ...definitionOptions,
    uri: {
      flags: '--uri <template>',
      help: 'RFC 6570 URI template, e.g. acme://items/{itemId} (default: <prefix>://<name>/{id})',
      type: (z) => z.string().optional(),
    },
  },
  load: async (): Promise<KindGenerator> => ({ generate: (await import('./generator.js')).addResourceGenerator }),
} satisfies DefinitionSpec;
