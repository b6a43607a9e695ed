import { VARIANT_VERSIONS } from '../../project/framework-versions.js';
import { DEFINITION_IMPORTS, definitionOptions } from '../options.js';
import type { DefinitionData } from '../spec.js';
import { toolLayout } from './layout.js';
import { toolTest } from './test-template.js';

const examples = `
Examples:
  $ mcp-scaffold add tool pubmed_search_articles --description "Search PubMed for articles matching a query."
  $ mcp-scaffold add tool pubmed_search_articles --service ncbi --input 'query:string:Text to match' \\
      --input 'limit:integer?:At most this many' --output 'articles:object[]:The matching articles'
  $ mcp-scaffold add tool books_list_works --input 'authorId:string:Whose works' \\
      --output 'works:object[]{title:string,year:integer?:"First published, if known"}:The works'
  $ mcp-scaffold add tool books_get_work --input 'workId:string:Which work' --output @work.schema.json
  $ mcp-scaffold add tool pubmed_update_draft --input 'id:string:Which draft' --input 'title:string?'
  $ mcp-scaffold add tool pubmed-delete-draft --destructive --title "Delete Draft"
  $ mcp-scaffold add tool acme_find_items --dry-run          # show the diff, write nothing
  $ mcp-scaffold add tool acme_find_items --json --yes       # for scripts and agents

The name is snake_case (server prefix first: acme_find_items); kebab-case and camelCase are
converted. Writes src/mcp-server/tools/definitions/<name>.tool.ts and tests/tools/<name>.tool.test.ts,
registers the export in createApp({ tools: [...] }), then runs the project's devcheck.

The body fits the verb after the server prefix: search/find/list/query take a query and a limit
and return a list (with enrichment where the framework has it); fetch/get/read/lookup take an id
and return one record; any other --input of theirs, of any type, goes into the criteria they
search or fetch by; write verbs (create/update/set/delete/remove/…) take the fields they change
and return what changed. --no-read-only or --destructive makes any tool a write tool. Defaults
taken from the verb (not read-only, destructive) or --service (open-world) are said in notes; a
destructive tool asks the user first where the framework can (--no-confirm: it does not).
Fields: --input/--output 'name:type[?][:description]', once per field; types string, number,
integer, boolean, object, enum(a|b), any of them with [] for a list. Number inputs are bounded.
An object names its fields in braces, nesting allowed: object{…} or object[]{…}, the fields split
by commas, each name:type[?][:description] and each described in the schema. A description in
braces holding , : or " is written in double quotes ('n:string:"Name, as: printed"'); the
description after the closing brace, the object's own, may hold anything, as at the top level.
A field flag also takes the JSON Schema of an object, inline ('{"type":"object",…}') or from a
file (@work.schema.json): one field per property, optional unless required; $ref, unions,
nullable type lists and constraints such as maxLength are refused, naming where.
What the body makes up (results, a record, a change, an output nothing fills) sits under a
// STAND-IN: comment, listed in warnings, until you replace it; devcheck --strict fails on it.

--service combines with the search, fetch and write bodies (a missing method is added to the
service class as a stub):
  $ mcp-scaffold add tool acme_search_records --service acme # calls getAcmeService().search(query, limit, ctx)
  $ mcp-scaffold add tool acme_fetch_record --service acme   # calls getAcmeService().fetchRecord(id, ctx)
  $ mcp-scaffold add tool acme_list_author_works --service acme --input 'authorId:string' \\
      --input 'limit:integer?'   # calls getAcmeService().searchBy(criteria, limit, ctx)
Kinds of tool (one at most), each only where the installed framework supports it:
  $ mcp-scaffold add tool acme_delete_item --confirm         # destructive: asks the user first
  $ mcp-scaffold add tool acme_rebuild_index --task          # long-running task reporting progress
  $ mcp-scaffold add tool acme_show_board --app              # app tool + its ui:// resource
Each combines with --service and --input/--output: its steps go around the search, fetch or
write body those ask for (a destructive tool on a service asks before it calls the service):
  $ mcp-scaffold add tool acme_purge_record --confirm --service acme  # asks, then purgeRecord(input, ctx)
  $ mcp-scaffold add tool acme_sync_records --task --service acme     # progress around search(…)
  $ mcp-scaffold add tool acme_show_record --app --input 'id:string:Which record' \\
      --output 'id:string:The record' --output 'title:string:Its title'
The framework versions each needs (@cyanheads/mcp-ts-core; the installed one decides):
  --confirm  ${VARIANT_VERSIONS.confirm}
  --task     ${VARIANT_VERSIONS.task}
  --app      ${VARIANT_VERSIONS.app}
An option the installed version cannot support exits 1 with FRAMEWORK_UNSUPPORTED.`;

export const toolSpec = {
  name: 'tool',
  summary: 'add a tool: definition, test, registration',
  example: 'add tool acme_find_items --description "Find items by keyword."',
  examples,
  heading: 'Tools',
  layout: toolLayout,
  testTemplate: toolTest,
  reservedNames: [...toolLayout.builders, ...DEFINITION_IMPORTS],
  options: {
    ...definitionOptions,
    readOnly: {
      flags: '--read-only',
      help: 'annotate readOnlyHint: true (default: true, but false for a write verb or --task)',
      negation: { flags: '--no-read-only', help: 'the tool changes state (readOnlyHint: false): a write tool' },
      type: (z) => z.boolean().optional(),
    },
    destructive: {
      flags: '--destructive',
      help: 'the tool may destroy data (destructiveHint: true; a write tool that confirms where the framework can ask; default: from the verb, delete/remove/…)',
      negation: { flags: '--no-destructive', help: 'not destructive, whatever the verb' },
      type: (z) => z.boolean().optional(),
    },
    idempotent: {
      flags: '--idempotent',
      help: 'repeating a call has no further effect (idempotentHint: true)',
      type: (z) => z.boolean().default(false),
    },
    openWorld: {
      flags: '--open-world',
      help: 'the tool reaches outside systems (openWorldHint: true; the default with --service)',
      negation: { flags: '--no-open-world', help: 'openWorldHint: false, with --service too' },
      type: (z) => z.boolean().optional(),
    },
    input: {
      flags: '--input <field>',
      help: "an input field, name:type[?][:description] (again for more), e.g. 'query:string:Text to match'; or a JSON Schema of an object, '{…}' or @file.json",
      type: (z) => z.array(z.string()).default([]),
      repeatable: true,
    },
    output: {
      flags: '--output <field>',
      help: "an output field, same form, e.g. 'items:object[]{id:string,score:number?}:The matches'; types: string, number, integer, boolean, object, enum(a|b), any of them with []; object{…} and object[]{…} name an object's fields; or a JSON Schema of an object, '{…}' or @file.json",
      type: (z) => z.array(z.string()).default([]),
      repeatable: true,
    },
    // The variants (variants.ts), at most one of them; each combines with --service and typed fields.
    service: {
      flags: '--service <name>',
      help: 'the handler calls this service (made by `add service <name>`) and passes ctx',
      type: (z) => z.string().optional(),
    },
    confirm: {
      flags: '--confirm',
      help: `destructive: asks the user to confirm; framework ${VARIANT_VERSIONS.confirm} (the default for a destructive tool where the framework can ask)`,
      negation: { flags: '--no-confirm', help: 'a destructive tool that does not ask first' },
      type: (z) => z.boolean().optional(),
    },
    task: {
      flags: '--task',
      help: `a long-running task tool (task: true) that reports progress; framework ${VARIANT_VERSIONS.task}`,
      type: (z) => z.boolean().default(false),
    },
    app: {
      flags: '--app',
      help: `an app tool with its paired UI resource (ui://<tool>/app.html), both registered; framework ${VARIANT_VERSIONS.app}`,
      type: (z) => z.boolean().default(false),
    },
  },
} satisfies DefinitionData;
