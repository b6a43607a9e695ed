/**
 * Which releases of @cyanheads/mcp-ts-core have each API a generator may emit, for messages and
 * help. What a project may use is read from its installed package (framework-features.ts); these
 * strings only tell the user which versions to move to. They come from the framework's changelog
 * and are checked against the real 0.9.21, 0.10.17, 0.11.5 and 0.12.3 packages by the unit tests.
 * No imports: `--help` loads this without the declaration reader.
 */

/** Tool variants (`add tool --confirm|--task|--app`) and the releases that have them. */
export const VARIANT_VERSIONS = {
  /**
   * `ctx.elicit` is declared since 0.9 but was wired to the client only in 0.10.3 (before, it was
   * always undefined at run time); 0.12.0 replaced it with `ctx.requestInput` + `ctx.inputs`.
   */
  confirm: '0.10.3 or later (ctx.elicit on 0.10.3 to 0.11.x, ctx.requestInput from 0.12.0)',
  /** `tool(name, { task: true })` with `ctx.progress` came in 0.1.0; 0.12.0 removed tasks. */
  task: '0.11.x and earlier (0.12.0 removed tasks)',
  /** `appTool()` and `appResource()` came in 0.3.0. */
  app: '0.3.0 or later',
} as const;

/** Releases of the smaller APIs the generated tests and definitions rely on. */
export const API_VERSIONS = {
  /** createInMemoryStorage() in ./testing. */
  inMemoryStorage: '0.4.0 or later',
  /** createMockContext({ elicit }). */
  mockElicit: '0.11.x and earlier',
  /** createMockContext({ progress: true }). */
  mockProgress: '0.11.x and earlier (0.12.0 removed tasks)',
  /** createMockContext({ inputResponses }) and expectInputRequired(). */
  mockInputResponses: '0.12.0 or later',
  /** PromptDefinition.title. */
  promptTitle: '0.10.3 or later',
} as const;
