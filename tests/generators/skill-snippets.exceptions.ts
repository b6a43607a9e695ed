/**
 * The blocks of the copied skills that tests/generators/skill-snippets-typecheck.test.ts does not
 * check as whole files, each with its reason. `file` is the skill file, `has` how the block's
 * code starts once its imports and leading comments are set aside (`''` for every block of the
 * file that no entry before it picks out), on every line where it appears unless `lines` narrows it.
 */

import { REQUEST_CONTEXT } from '../../src/init/skill-code-notes.js';
import type { FrameworkRelease } from '../helpers/framework-installs.js';
import { codeStart, type Frame, type Snippet } from '../helpers/skill-snippets.js';

export interface SnippetException {
  file: string;
  /** A string: how the block's code starts; a RegExp: something anywhere in its text. */
  has: string | RegExp;
  lines?: FrameworkRelease[];
  why: string;
  /** Not checked at all. */
  skip?: true;
  /** How the block is made a file (`module` when not given). */
  frame?: Frame;
  /** Where the block goes, when other blocks import it or it imports by a relative path. */
  at?: string;
  /**
   * Declarations put before the block (inside the class, for `class`), for names it uses in a
   * sense the reader supplies.
   */
  declare?: string;
  /** The errors the block has on these lines, and no other: a block that compiles fails the list. */
  known?: number[];
  /** Where the block is wrong for the line: the project note (skill-notes.ts) that tells the reader. */
  note?: RegExp;
  /** The block as the note says to write it, which must compile. */
  fix?: (text: string) => string;
}

/** Why a block is wrapped or left out, shared by the entries that have the same reason. */
const WHY = {
  anchor: 'a whole file the other blocks of the skills import: written where they import it from',
  index: 'shows src/index.ts or a barrel, which import by relative paths: written beside them',
  members: "shows properties of a definition (or of createApp's options) without the call around them",
  methods: 'shows methods of a service class without the class around them',
  statements: 'shows statements of a handler or a test without the function around them',
  open: 'uses names (its own data, helpers, services) that the code around it defines',
  signatures: 'lists signatures or interfaces for reading, not code to compile',
  pseudo: 'pseudo-code: parts left as `...` or comments where code would go',
  workers: 'needs the Cloudflare Workers types and test pool, which a Node server made by init does not install',
  otherFile:
    'imports a file of a server the page describes (a config module, a canvas accessor) that this one does not have',
} as const;

/** The add-service page's own `parseResponse`, shown in a block of its own. */
const PARSE_RESPONSE = 'declare parseResponse: <T>(text: string) => T;';

/** The add-service examples as its 0.10 note says: a request context made from ctx for /utils. */
function requestContextFix(text: string): string {
  const made = REQUEST_CONTEXT;
  return `import { requestContextService } from '@cyanheads/mcp-ts-core/utils';\n${text
    .replace(/(\d[\d_]*,\n\s*)ctx,/, `$1${made},`)
    .replace('context: ctx,', `context: ${made},`)}`;
}

/** A handler's own fetching function, where a block calls it `fetch`. */
const OWN_FETCH = 'declare function fetch(...args: unknown[]): Promise<any>;';

export const SNIPPET_EXCEPTIONS: SnippetException[] = [
  // The templates the other blocks import, written where those imports look.
  {
    file: 'add-tool/SKILL.md',
    has: "export const {{TOOL_EXPORT}} = tool('{{tool_name}}', {\n  title:",
    frame: 'open',
    at: 'src/mcp-server/tools/definitions/{{tool-name}}.tool.ts',
    known: [2322, 2345, 18048],
    why: `${WHY.anchor}; its input and output schemas are left as \`z.object({ /* ... */ })\`, so the handler's \`input.query\` and its \`items\` do not type`,
  },
  {
    file: 'add-app-tool/SKILL.md',
    has: 'const UI_RESOURCE_URI',
    at: 'src/mcp-server/tools/definitions/{{tool-name}}.app-tool.ts',
    why: WHY.anchor,
  },
  {
    file: 'add-app-tool/SKILL.md',
    has: 'const ParamsSchema',
    at: 'src/mcp-server/resources/definitions/{{tool-name}}-ui.app-resource.ts',
    why: WHY.anchor,
  },
  {
    file: 'add-resource/SKILL.md',
    has: "export const {{RESOURCE_EXPORT}} = resource('{{scheme}}://{{{paramName}}}/data'",
    at: 'src/mcp-server/resources/definitions/{{resource-name}}.resource.ts',
    why: WHY.anchor,
  },
  {
    file: 'add-prompt/SKILL.md',
    has: "export const {{PROMPT_EXPORT}} = prompt('{{prompt_name}}', {\n  description: '{{PROMPT_DESCRIPTION}}',\n  // title",
    at: 'src/mcp-server/prompts/definitions/{{prompt-name}}.prompt.ts',
    why: WHY.anchor,
  },
  {
    file: 'add-service/SKILL.md',
    has: 'export class {{ServiceName}} {',
    at: 'src/services/{{domain}}/{{domain}}-service.ts',
    why: WHY.anchor,
  },
  // src/index.ts and the barrels, beside the files they import.
  {
    file: 'add-tool/SKILL.md',
    has: 'await createApp({',
    skip: true,
    why: 'registers `existingTool`, from a file the page only names, beside the new tool',
  },
  { file: 'add-app-tool/SKILL.md', has: 'await createApp({', at: 'src/add-app-tool-index.ts', why: WHY.index },
  {
    file: 'add-resource/SKILL.md',
    has: 'await createApp({\n  tools: [/* existing tools */],\n  resources: [{{RESOURCE_EXPORT}}]',
    at: 'src/add-resource-index.ts',
    why: WHY.index,
  },
  {
    file: 'add-resource/SKILL.md',
    has: "export { {{RESOURCE_EXPORT}} } from './{{resource-name}}.resource.js';",
    at: 'src/mcp-server/resources/definitions/skill-barrel.ts',
    why: WHY.index,
  },
  { file: 'add-prompt/SKILL.md', has: 'await createApp({', at: 'src/add-prompt-index.ts', why: WHY.index },
  {
    file: 'add-prompt/SKILL.md',
    has: "export { {{PROMPT_EXPORT}} } from './{{prompt-name}}.prompt.js';",
    at: 'src/mcp-server/prompts/definitions/skill-barrel.ts',
    why: WHY.index,
  },
  {
    file: 'add-service/SKILL.md',
    has: 'setup(core) {',
    frame: 'members',
    at: 'src/add-service-setup.ts',
    why: `${WHY.index}; ${WHY.members}`,
  },
  // The add-service page: a service's methods, the wiring, its errors.
  {
    file: 'add-service/SKILL.md',
    has: 'async fetchItem(id: string, ctx: Context): Promise<Item> {\n  return withRetry(\n    async () => {\n      const response = await fetchWithTimeout(',
    lines: ['0.10.17'],
    frame: 'class',
    declare: PARSE_RESPONSE,
    known: [2322, 2345],
    note: new RegExp(`fetchWithTimeout.*withRetry.*${REQUEST_CONTEXT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 's'),
    fix: requestContextFix,
    why: `${WHY.methods}; 0.10's /utils take a RequestContext, which the handler's Context is not`,
  },
  {
    file: 'add-service/SKILL.md',
    has: 'async fetchItem(id: string, ctx: Context): Promise<Item> {\n  return withRetry(\n    async () => {\n      const response = await fetch(',
    lines: ['0.10.17'],
    frame: 'class',
    declare: PARSE_RESPONSE,
    known: [2322],
    note: new RegExp(`fetchWithTimeout.*withRetry.*${REQUEST_CONTEXT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 's'),
    fix: requestContextFix,
    why: `${WHY.methods}; 0.10's withRetry takes a RequestContext, which the handler's Context is not`,
  },
  { file: 'add-service/SKILL.md', has: 'async fetchItem(', frame: 'class', declare: PARSE_RESPONSE, why: WHY.methods },
  { file: 'add-service/SKILL.md', has: 'async getStudiesBatch(', frame: 'class', why: WHY.methods },
  {
    file: 'add-service/SKILL.md',
    has: 'parseResponse<T>(text: string): T {',
    skip: true,
    why: `${WHY.methods}; its body ends at "Parse and validate..."`,
  },
  { file: 'add-service/SKILL.md', has: 'handler: async (input, ctx) => {', frame: 'members', why: WHY.members },
  { file: 'add-service/SKILL.md', has: '', frame: 'open', why: WHY.open },
  // The add-test page's templates, against the templates of the add-* pages above.
  {
    file: 'add-test/SKILL.md',
    has: "describe('{{TOOL_EXPORT}}', () => {",
    lines: ['0.10.17'],
    known: [2345, 2379],
    note: /createMockContext\(\{ errors: def\.errors \?\? \[\] \}\) as Parameters<typeof def\.handler>\[1\]/,
    fix: (t) =>
      t.replace(
        /createMockContext\((\{ errors: \{\{TOOL_EXPORT\}\}\.errors \})?\)/g,
        'createMockContext({ errors: {{TOOL_EXPORT}}.errors ?? [] }) as Parameters<typeof {{TOOL_EXPORT}}.handler>[1]',
      ),
    why: "calls a handler with an error contract with a plain mock, and 0.10's createMockContext takes no optional `errors` under exactOptionalPropertyTypes",
  },
  {
    file: 'add-test/SKILL.md',
    has: "describe('{{TOOL_EXPORT}}', () => {",
    known: [2345],
    note: /createMockContext\(\{ errors: def\.errors \}\)/,
    fix: (t) => t.replaceAll('createMockContext()', 'createMockContext({ errors: {{TOOL_EXPORT}}.errors })'),
    why: 'calls a handler with an error contract with a plain mock, where the typed one is needed',
  },
  {
    file: 'add-test/SKILL.md',
    has: "describe('{{RESOURCE_EXPORT}}', () => {",
    known: [2554, 18048],
    note: /def\.params!\.parse.*def\.list!\(\{\} as ListExtra\)/,
    fix: (t) =>
      `import type { ListExtra } from '@cyanheads/mcp-ts-core/resources';\n${t.replaceAll('.params.parse(', '.params!.parse(').replace('.list!()', '.list!({} as ListExtra)')}`,
    why: "reads a resource's optional `params` and `list` as if required, and calls `list` without its argument",
  },
  {
    file: 'add-test/SKILL.md',
    has: "describe('{{PROMPT_EXPORT}}', () => {",
    known: [2339, 2488],
    note: /await def\.generate\(args\)/,
    fix: (t) => t.replace(/, \(\) => \{/g, ', async () => {').replace(/= (\S+)\.generate\(/g, '= await $1.generate('),
    why: "uses a prompt's `generate()` result without awaiting it, and its type allows a promise",
  },
  {
    file: 'add-test/SKILL.md',
    has: 'const mockConfig = {',
    known: [2304, 2339],
    note: /imports `AppConfig`.*createInMemoryStorage\(\)/,
    fix: (t) =>
      [
        "import type { AppConfig } from '@cyanheads/mcp-ts-core/config';",
        "import { createInMemoryStorage } from '@cyanheads/mcp-ts-core/testing';",
        t
          .replace(/await StorageService\.create\(\{[^}]*\}\)/, 'createInMemoryStorage()')
          .replace(/^import \{ StorageService \}.*\n/m, ''),
      ].join('\n'),
    why: 'casts to `AppConfig` without importing it, and builds storage with `StorageService.create`, which the framework does not have',
  },
  { file: 'add-test/SKILL.md', has: 'it(', frame: 'open', why: WHY.statements },
  // The add-tool, add-resource, add-prompt pages' fragments.
  {
    file: 'add-tool/SKILL.md',
    has: 'export class NcbiService {',
    skip: true,
    why: `${WHY.pseudo}: \`fetchWithRetry(...)\``,
  },
  {
    file: 'add-tool/SKILL.md',
    has: 'enrichment: {\n  sizeInBytes',
    skip: true,
    why: 'puts an enrichment block and a handler statement side by side, each out of its place',
  },
  { file: 'add-tool/SKILL.md', has: 'const submitObservationsDef', skip: true, why: WHY.otherFile },
  { file: 'add-tool/SKILL.md', has: 'async handler(input, ctx) {', frame: 'members', why: WHY.members },
  { file: 'add-tool/SKILL.md', has: 'output: z.object({', frame: 'members', why: WHY.members },
  { file: 'add-tool/SKILL.md', has: 'enrichment: {', frame: 'members', why: WHY.members },
  { file: 'add-tool/SKILL.md', has: 'input: z.object({', frame: 'members', why: WHY.members },
  { file: 'add-tool/SKILL.md', has: 'return {', frame: 'body', why: WHY.statements },
  { file: 'add-tool/SKILL.md', has: 'const normalize', frame: 'body', why: WHY.statements },
  { file: 'add-tool/SKILL.md', has: 'ctx.', frame: 'body', why: WHY.statements },
  {
    file: 'add-tool/SKILL.md',
    has: 'export const fetchArticles',
    frame: 'open',
    declare: OWN_FETCH,
    why: `${WHY.open}; \`fetch\` is its own fetching function`,
  },
  { file: 'add-tool/SKILL.md', has: '', frame: 'open', why: WHY.open },
  { file: 'add-resource/SKILL.md', has: 'params: z.object({', frame: 'members', why: WHY.members },
  { file: 'add-resource/SKILL.md', has: '', frame: 'open', why: WHY.open },
  { file: 'add-prompt/SKILL.md', has: 'generate: (args) =>', frame: 'members', why: WHY.members },
  // The api-* pages: references, mostly fragments of handlers, services and tests.
  { file: 'api-auth/SKILL.md', has: 'handler: async (input, ctx) => {', frame: 'members', why: WHY.members },
  {
    file: 'api-auth/SKILL.md',
    has: "const myTool = tool('my_tool', {",
    frame: 'open',
    known: [2322],
    why: `${WHY.open}; its handler's body is a comment`,
  },
  { file: 'api-auth/SKILL.md', has: '', frame: 'open', why: WHY.open },
  { file: 'api-context/SKILL.md', has: 'ctx.fail(\n  reason: R,', skip: true, why: WHY.signatures },
  { file: 'api-context/SKILL.md', has: 'ctx.recoveryFor(reason: string)', skip: true, why: WHY.signatures },
  {
    file: 'api-context/SKILL.md',
    has: 'ctx.enrich(fields: Record<string, unknown>): void',
    skip: true,
    why: WHY.signatures,
  },
  { file: 'api-context/SKILL.md', has: 'ctx.content(block: ContentBlock): void', skip: true, why: WHY.signatures },
  {
    file: 'api-context/SKILL.md',
    has: /^interface Context\b/m,
    skip: true,
    why: `${WHY.signatures}: it declares the \`Context\` it imports`,
  },
  {
    file: 'api-context/SKILL.md',
    has: 'interface ',
    frame: 'open',
    declare: "import type { ZodType } from 'zod';",
    why: `${WHY.open}: interfaces for reading, with zod's \`ZodType\``,
  },
  {
    file: 'api-context/SKILL.md',
    has: 'async handler(input, ctx) {',
    frame: 'members',
    declare: OWN_FETCH,
    why: WHY.members,
  },
  { file: 'api-context/SKILL.md', has: 'enrichment: {', frame: 'members', declare: OWN_FETCH, why: WHY.members },
  { file: 'api-context/SKILL.md', has: 'return ', frame: 'body', why: WHY.statements },
  { file: 'api-context/SKILL.md', has: 'await createApp({\n  tools: [...],', skip: true, why: WHY.pseudo },
  {
    file: 'api-context/SKILL.md',
    has: 'if (ctx.signal.aborted) return earlyResult;',
    frame: 'body',
    why: WHY.statements,
  },
  {
    file: 'api-context/SKILL.md',
    has: "export const myResource = resource('myscheme://{itemId}/data', {\n  async handler",
    frame: 'open',
    known: [2345],
    note: /it is cut short/,
    why: `${WHY.open}; shows only the resource's handler, not the description and params a definition needs`,
  },
  {
    file: 'api-context/SKILL.md',
    has: 'export const fetchItems',
    frame: 'open',
    declare: OWN_FETCH,
    why: `${WHY.open}; \`fetch\` is its own fetching function`,
  },
  { file: 'api-context/SKILL.md', has: '', frame: 'open', why: WHY.open },
  {
    file: 'api-errors/SKILL.md',
    has: 'throw new McpError(code, message?, data?, options?)',
    skip: true,
    why: WHY.signatures,
  },
  { file: 'api-errors/SKILL.md', has: 'errors: [', frame: 'members', why: WHY.members },
  {
    file: 'api-errors/SKILL.md',
    has: "export const calculateTool = tool('calculate', {",
    frame: 'open',
    known: [2322, 18046],
    why: `${WHY.open}; shows the error contract and a throw, with its schemas and return left out`,
  },
  {
    file: 'api-errors/SKILL.md',
    has: 'export class MathService {',
    frame: 'open',
    known: [18046],
    note: /err instanceof Error \? err\.message : String\(err\)/,
    fix: (t) => t.replace('${err.message}', '${err instanceof Error ? err.message : String(err)}'),
    why: "reads `err.message` off a catch variable, which the framework's tsconfig (useUnknownInCatchVariables) types `unknown`: wrong under the server's settings on every line",
  },
  {
    file: 'api-errors/SKILL.md',
    has: "export const myTool = tool('my_tool', {",
    frame: 'open',
    known: [2345],
    note: /it is cut short/,
    why: `${WHY.open}; leaves out the description a definition needs, to keep to the error factory`,
  },
  {
    file: 'api-errors/SKILL.md',
    has: 'const result = await ErrorHandler.tryCatch(',
    lines: ['0.12.3'],
    frame: 'open',
    known: [2353],
    note: /context: \{ extra: \{ url \} \}/,
    fix: (t) => t.replace('context: { url },', 'context: { extra: { url } },'),
    why: "passes a `url` in ErrorHandler's context, which 0.12's ErrorContext does not have",
  },
  { file: 'api-errors/SKILL.md', has: '', frame: 'open', why: WHY.open },
  {
    file: 'api-linter/SKILL.md',
    has: 'homepage:',
    skip: true,
    why: 'puts a wrong and a right line side by side on one line',
  },
  {
    file: 'api-linter/SKILL.md',
    has: 'input: z.array(z.string())',
    skip: true,
    why: 'shows a wrong and a right property one after the other',
  },
  {
    file: 'api-linter/SKILL.md',
    has: "auth: 'tool:my_tool:read'",
    skip: true,
    why: 'shows a wrong and a right property one after the other',
  },
  { file: 'api-linter/SKILL.md', has: 'output: z.discriminatedUnion', frame: 'members', why: WHY.members },
  { file: 'api-linter/SKILL.md', has: 'variable: z', frame: 'members', why: WHY.members },
  {
    file: 'api-linter/SKILL.md',
    has: 'enrichment: {',
    skip: true,
    why: 'puts an enrichment block and a handler statement side by side, each out of its place',
  },
  { file: 'api-linter/SKILL.md', has: 'errors: [', frame: 'members', why: WHY.members },
  { file: 'api-linter/SKILL.md', has: 'output: z.', frame: 'members', why: WHY.members },
  { file: 'api-linter/SKILL.md', has: "resource('myscheme://{id}/data', {", skip: true, why: WHY.pseudo },
  { file: 'api-linter/SKILL.md', has: 'ctx.', frame: 'body', why: WHY.statements },
  { file: 'api-linter/SKILL.md', has: 'throw ', frame: 'body', why: WHY.statements },
  { file: 'api-linter/SKILL.md', has: 'try {', frame: 'body', why: WHY.statements },
  { file: 'api-linter/SKILL.md', has: '', frame: 'open', why: WHY.open },
  { file: 'api-testing/SKILL.md', has: 'interface ', frame: 'open', why: `${WHY.open}: interfaces for reading` },
  {
    file: 'api-testing/SKILL.md',
    has: /mockResolvedValue\(\.\.\.\)/,
    skip: true,
    why: 'lists calls one per line, one of them with `...` for its argument',
  },
  {
    file: 'api-testing/SKILL.md',
    has: /definitions\/my-tool\.tool\.js|my-domain\/my-service\.js|definitions\/fetch-items\.tool\.js/,
    skip: true,
    why: "imports the reader's own definition or service from a file the page names, which this server does not have",
  },
  {
    file: 'api-testing/SKILL.md',
    has: 'export default mergeConfig(',
    skip: true,
    why: "a vitest.config.ts, which the server's tsconfig does not cover (the framework ships the config it extends without types)",
  },
  { file: 'api-testing/SKILL.md', has: '', frame: 'open', why: WHY.open },
  { file: 'api-workers/SKILL.md', has: /from 'cloudflare:|cloudflareTest\(/, skip: true, why: WHY.workers },
  {
    file: 'api-workers/SKILL.md',
    has: "const storageSetTool = tool('storage_set', {",
    frame: 'open',
    known: [2345],
    note: /it is cut short/,
    why: `${WHY.open}; leaves out the description a definition needs`,
  },
  {
    file: 'api-workers/SKILL.md',
    has: /from '\.\/mcp-server\/tools\/definitions\/echo\.tool\.js'/,
    skip: true,
    why: "imports the framework template's echo definitions and a service this server does not have",
  },
  {
    file: 'api-workers/SKILL.md',
    has: 'export default createWorkerHandler({\n  tools: [echoTool],\n  instructions:',
    frame: 'open',
    known: [2339],
    why: `${WHY.open}; reads \`env.MAINTENANCE_MODE\`, a binding of the reader's own Worker that the framework's \`CloudflareBindings\` does not list`,
  },
  { file: 'api-workers/SKILL.md', has: '', frame: 'open', why: WHY.open },
  { file: 'api-canvas/SKILL.md', has: 'let _canvas', at: 'src/services/canvas-accessor.ts', why: WHY.anchor },
  {
    file: 'api-canvas/SKILL.md',
    has: 'await createApp({\n  setup(core) {\n    setCanvas',
    frame: 'open',
    at: 'src/api-canvas-index.ts',
    why: WHY.index,
  },
  { file: 'api-canvas/SKILL.md', has: '', frame: 'open', why: WHY.open },
  { file: 'api-config/SKILL.md', has: '', frame: 'open', why: WHY.open },
  {
    file: 'api-mirror/SKILL.md',
    has: '',
    frame: 'open',
    known: [2345],
    note: /sqliteMirrorStore\(\{ table: 'papers'/,
    fix: (t) => t.replace('sqliteMirrorStore({\n', "sqliteMirrorStore({\n    table: 'papers',\n"),
    why: '`sqliteMirrorStore()` is given no `table`, which its spec requires: wrong on every line',
  },
  { file: 'api-telemetry/SKILL.md', has: '', frame: 'open', why: WHY.open },
  { file: 'api-services/references/graph.md', has: '', frame: 'open', why: WHY.open },
  { file: 'api-services/references/llm.md', has: '', frame: 'open', why: WHY.open },
  { file: 'api-services/references/speech.md', has: '', frame: 'open', why: WHY.open },
  {
    file: 'api-utils/references/formatting.md',
    has: 'const md = markdown()',
    frame: 'open',
    known: [2339],
    note: /const md = markdown\(\); md\.h1/,
    fix: (t) => t.replace('const md = markdown()\n', 'const md = markdown();\nexport const text = md\n'),
    why: 'chains MarkdownBuilder methods after a call that returns the built string',
  },
  { file: 'api-utils/references/formatting.md', has: '', frame: 'open', why: WHY.open },
  {
    file: 'api-utils/references/parsing.md',
    has: 'const { frontmatter',
    frame: 'open',
    declare: 'declare const markdown: string;',
    known: [2345],
    note: /logger\.info\(`parsed frontmatter of \$\{frontmatter\.name\}`\)/,
    fix: (t) =>
      t.replace(
        /logger\.info\(\{[^}]*\}, 'parsed frontmatter'\)/,
        'logger.info(`parsed frontmatter of ${frontmatter.name}`)',
      ),
    why: `${WHY.open} (\`markdown\` is the text it parses, not the framework's function of that name); calls \`logger.info(object, message)\` in pino's order, where the framework's logger takes the message first`,
  },
  { file: 'api-utils/references/parsing.md', has: '', frame: 'open', why: WHY.open },
  {
    file: 'api-utils/references/security.md',
    has: 'new RateLimiter(config: AppConfig, logger: Logger)',
    skip: true,
    why: WHY.signatures,
  },
  {
    file: 'api-utils/references/security.md',
    has: 'new IdGenerator(entityPrefixes?: EntityPrefixConfig)',
    skip: true,
    why: WHY.signatures,
  },
  {
    file: 'api-utils/references/security.md',
    has: 'interface HtmlSanitizeConfig',
    frame: 'open',
    declare: 'declare namespace sanitizeHtml {\n  type IOptions = Record<string, any>;\n}',
    why: `${WHY.open}: interfaces for reading; \`sanitizeHtml.IOptions\` is from the optional sanitize-html peer, which a server made by init does not install`,
  },
  {
    file: 'api-utils/references/security.md',
    has: 'interface ',
    frame: 'open',
    why: `${WHY.open}: interfaces for reading`,
  },
  { file: 'api-utils/references/security.md', has: '', frame: 'open', why: WHY.open },
  // Design notes and techniques: examples from other servers, often pseudo-code.
  {
    file: 'design-mcp-server/SKILL.md',
    has: 'async handler(input, ctx) {',
    frame: 'members',
    why: `${WHY.members}; ${WHY.pseudo}`,
  },
  {
    file: 'design-mcp-server/SKILL.md',
    has: "const findStudies = tool('clinicaltrials_find_studies', {",
    skip: true,
    why: WHY.pseudo,
  },
  {
    file: 'design-mcp-server/SKILL.md',
    has: "const wrapupInstructions = tool('git_wrapup_instructions', {",
    frame: 'open',
    known: [2345, 2554],
    note: /z\.record\(z\.string\(\), z\.unknown\(\)\)/,
    why: "a design sketch without its handler (TS2345); calls zod 4's `z.record()` with one argument, where it takes a key and a value schema: wrong on every line",
  },
  {
    file: 'design-mcp-server/SKILL.md',
    has: 'text_search:',
    frame: 'members',
    known: [2554],
    note: /z\.record\(z\.string\(\), z\.unknown\(\)\)/,
    fix: (t) => t.replaceAll('z.record(z.unknown())', 'z.record(z.string(), z.unknown())'),
    why: "calls zod 4's `z.record()` with one argument, where it takes a key and a value schema: wrong on every line",
  },
  {
    file: 'design-mcp-server/SKILL.md',
    has: 'annotations: { destructiveHint: true },',
    skip: true,
    why: 'puts properties and a statement of a definition side by side, with `// ...` between',
  },
  {
    file: 'design-mcp-server/SKILL.md',
    has: "description: 'Set the session",
    skip: true,
    why: 'lists three alternative values of one property',
  },
  { file: 'design-mcp-server/SKILL.md', has: 'throw ', frame: 'body', why: WHY.statements },
  { file: 'design-mcp-server/SKILL.md', has: '', frame: 'members', why: WHY.members },
  {
    file: 'techniques/references/outline-on-overflow.md',
    has: 'const FullLabel',
    frame: 'open',
    known: [2339],
    why: `${WHY.pseudo}: its \`FullLabel\` is \`z.object({ /* every section field */ })\`, so the \`r.id\` its format reads is in no schema`,
  },
  { file: 'techniques/references/outline-on-overflow.md', has: '', frame: 'open', why: WHY.open },
];

/** The exception that applies to `snippet` on `release`, and its place in the list. */
export function exceptionFor(
  snippet: Snippet,
  release: FrameworkRelease,
): { exception: SnippetException; index: number } | undefined {
  const code = codeStart(snippet.text);
  const index = SNIPPET_EXCEPTIONS.findIndex(
    (e) =>
      e.file === snippet.file &&
      (typeof e.has === 'string' ? code.startsWith(e.has) : e.has.test(snippet.text)) &&
      (!e.lines || e.lines.includes(release)),
  );
  return index < 0 ? undefined : { exception: SNIPPET_EXCEPTIONS[index]!, index };
}
