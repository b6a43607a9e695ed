import { DEFINITION_IMPORTS, definitionOptions } from '../options.js';
import type { DefinitionData } from '../spec.js';
import { resourceLayout } from './layout.js';
import { resourceTest } from './test-template.js';

const examples = `
Examples:
  $ mcp-scaffold add resource item --uri 'acme://items/{itemId}' --description "One catalogue item."
  $ mcp-scaffold add resource acme_status --uri 'acme://status'
  $ mcp-scaffold add resource pubmed-article --service ncbi --param 'pmid:string:PubMed id of the article'
  $ mcp-scaffold add resource pubmed-article --service ncbi --param 'pmid:string:PubMed id' \\
      --output 'title:string:Article title' --output 'authors:string[]:Author names'
  $ mcp-scaffold add resource item --dry-run --json

Each {variable} of the URI template becomes a params field; --param 'name:string:description'
describes one (URI variables are always strings and always present, so no other type and no ?).
Without --uri the template is <prefix>://<name>/{id}, or /{a}/{b} for the --param names given.
--service <name> reads through the service made by \`add service <name>\`: the handler calls its
fetchRecord(<first variable>, ctx). --output 'name:type[?]:description' (once per field; the
types of add tool's --output, object{…} and object[]{…} with their fields too) writes the output schema: the handler fills each field from the
service record (id, title, fetchedAt), a URI variable of the same name, or an empty value to
replace (under a // STAND-IN: comment), and the framework serves it as JSON, every field
included. list() lists nothing until you list real resources there. Descriptions not given are
written as "TODO: …" placeholders.
Writes src/mcp-server/resources/definitions/<name>.resource.ts and its test, and registers it in
createApp's resources (or the project's resources barrel).`;

export const resourceSpec = {
  name: 'resource',
  summary: 'add a resource: definition, test, registration',
  example: "add resource item --uri 'acme://items/{itemId}'",
  examples,
  heading: 'Resources',
  layout: resourceLayout,
  testTemplate: resourceTest,
  reservedNames: [...resourceLayout.builders, ...DEFINITION_IMPORTS],
  options: {
    ...definitionOptions,
    uri: {
      flags: '--uri <template>',
      help: 'RFC 6570 URI template, e.g. acme://items/{itemId} (default: <prefix>://<name>/{id})',
      type: (z) => z.string().optional(),
    },
    param: {
      flags: '--param <field>',
      help: "a URI variable as 'name:string:description' (repeatable); the template must have it",
      type: (z) => z.array(z.string()).default([]),
      repeatable: true,
    },
    output: {
      flags: '--output <field>',
      help: "an output field, name:type[?][:description] (again for more), e.g. 'abstract:string:The abstract'; types: string, number, integer, boolean, object, enum(a|b), any of them with []; or a JSON Schema of an object, '{…}' or @file.json",
      type: (z) => z.array(z.string()).default([]),
      repeatable: true,
    },
    service: {
      flags: '--service <name>',
      help: 'the handler reads through this service (made by `add service <name>`) and passes ctx',
      type: (z) => z.string().optional(),
    },
  },
} satisfies DefinitionData;
