/**
 * What the copies of the framework's skills say where their code does not compile in this server:
 * the skills are written for the framework's own template, while a server made by our init runs
 * the installed release under the framework's strict settings over src and tests (its tsconfig
 * includes tests/). Each sentence here answers a block that tests/generators/skill-snippets-
 * typecheck.test.ts finds wrong, on the releases it is wrong for, and says what compiles instead;
 * where a page sends the reader to the framework's AGENTS.md, the note says where that file is.
 */

import type { FrameworkFeatures } from '../project/framework-features.js';

/** What of the installed framework decides the notes. */
export type SkillFramework = Pick<FrameworkFeatures, 'utilsTakeCtx' | 'inMemoryStorage'> & {
  mock: Pick<FrameworkFeatures['mock'], 'errors'>;
};

const FRAMEWORK_AGENTS =
  "The framework's `CLAUDE.md`/`AGENTS.md` this page points to is `node_modules/@cyanheads/mcp-ts-core/AGENTS.md`: it is not loaded at session start here, where `AGENTS.md` is this server's own.";

/** A RequestContext for /utils, made from the handler's ctx (what `add service` writes on 0.10). */
export const REQUEST_CONTEXT =
  "requestContextService.createRequestContext({ operation: 'fetchItem', parentContext: { requestId: ctx.requestId, tenantId: ctx.tenantId, traceId: ctx.traceId } })";

/** The typed mock a test of a definition with an `errors` contract needs on the installed line. */
function typedMock(f: SkillFramework): string {
  return f.mock.errors
    ? '`createMockContext({ errors: def.errors })`'
    : '`createMockContext({ errors: def.errors ?? [] }) as Parameters<typeof def.handler>[1]` (this release types its mock as a plain `Context`)';
}

/** zod 4's record takes a key and a value schema; some pages still write zod 3's one-argument form. */
const ZOD_RECORD =
  "zod 4's `z.record()` takes a key and a value schema: write `z.record(z.string(), z.unknown())` where the examples below have `z.record(z.unknown())`.";

/** Pages whose short examples leave out what a definition requires. */
const ABRIDGED =
  'Where an example below has no `description` (or a resource no `params`), it is cut short: `tool()` and `resource()` need them.';

const NOTES: Record<string, (f: SkillFramework) => string[]> = {
  'add-service': (f) => [
    FRAMEWORK_AGENTS,
    ...(f.utilsTakeCtx
      ? []
      : [
          `On the installed release, \`fetchWithTimeout\` and \`withRetry\` (like the other /utils functions that take a context) want a \`RequestContext\`, which the handler's \`ctx: Context\` is not (TS2345), nor may it be a \`parentContext\`: where the examples below pass \`ctx\` to them, pass a request context made from its fields instead, \`${REQUEST_CONTEXT}\` (\`requestContextService\` from \`@cyanheads/mcp-ts-core/utils\`), and keep \`signal: ctx.signal\`.`,
        ]),
  ],
  'add-app-tool': () => [FRAMEWORK_AGENTS],
  'api-context': () => [ABRIDGED],
  'api-errors': () => [
    ABRIDGED,
    "A catch variable is `unknown` under the strict settings here: read its message as `err instanceof Error ? err.message : String(err)`, not `err.message`. The `context` of `ErrorHandler.tryCatch` takes only the fields of the release's `ErrorContext`; put your own (a `url`) under `extra`: `context: { extra: { url } }`.",
  ],
  'api-mirror': () => [
    "`sqliteMirrorStore()` also needs the name of its table, which the example below leaves out: `sqliteMirrorStore({ table: 'papers', path, … })`.",
  ],
  'api-utils': () => [
    // biome-ignore lint/suspicious/noTemplateCurlyInString: it quotes a template literal for the reader's code.
    "In `references/formatting.md`, `markdown()…build()` returns the string, so a `section`/`when` callback cannot write to it: keep the builder, `const md = markdown(); md.h1(…).section(…, () => { md.table(…); }); const text = md.build();`. In `references/parsing.md`, the framework's `logger` takes the message first and an optional request context second, not an object of fields: `` logger.info(`parsed frontmatter of ${frontmatter.name}`) ``.",
  ],
  'api-workers': () => [ABRIDGED],
  'design-mcp-server': () => [ZOD_RECORD],
  'add-test': (f) => [
    [
      "This server type-checks its tests under the framework's strict settings (`exactOptionalPropertyTypes`, `noUncheckedIndexedAccess`), where the templates below need these changes:",
      `a definition with an \`errors\` contract takes the typed mock in every test that calls its handler, ${typedMock(f)};`,
      "a resource's `params` and `list` are optional: `def.params!.parse(…)`, and `await def.list!({} as ListExtra)` (`ListExtra` from `@cyanheads/mcp-ts-core/resources`);",
      "a prompt's `generate()` may return a promise: `const messages = await def.generate(args)` in an `async` test;",
      f.inMemoryStorage === 'createInMemoryStorage'
        ? 'a service test imports `AppConfig` (from `@cyanheads/mcp-ts-core/config`) and takes its storage from `createInMemoryStorage()` (from `@cyanheads/mcp-ts-core/testing`): `StorageService.create` does not exist.'
        : 'a service test imports `AppConfig` (from `@cyanheads/mcp-ts-core/config`); `StorageService.create` does not exist.',
    ].join(' '),
  ],
};

/** The paragraphs the copy of skill `name` opens with about its code, for the installed framework. */
export function codeNotes(name: string, framework: SkillFramework | undefined): string[] {
  return framework ? (NOTES[name]?.(framework) ?? []) : [];
}
