/**
 * `add test`, `remove` and `rename` on ONE server made by the framework's own `init` at 0.10.17
 * (one npm install), its starter definitions among them. First `add test` on each kind, for
 * definitions generated with `--no-test` and for hand-written ones (the framework's starters, a
 * service written here): the tests pass, type-check strictly, and each fails once its
 * definition's handler, read, generate or method is broken. Then one of each kind renamed and one
 * removed: tsc reports nothing, `list` finds nothing dangling, the project's tests pass, and a
 * real MCP client lists exactly what is left, under the new names.
 */

import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCliBuilt,
  buildServer,
  connectMcpClient,
  createFrameworkProject,
  describeRun,
  gitCommitAll,
  makeTempDir,
  parseJsonStdout,
  type RunResult,
  removeTempDir,
  run,
  runCli,
  STRICT_CHECK_CONFIG,
  typeCheck,
  writeStrictCheckConfig,
} from './support.js';

/** A service written by hand, not by `add service`: counts in memory, logs through the Context. */
const TAGS_SERVICE = `import type { Context } from '@cyanheads/mcp-ts-core';
import type { AppConfig } from '@cyanheads/mcp-ts-core/config';
import type { StorageService } from '@cyanheads/mcp-ts-core/storage';

export class TagsService {
  private readonly counts = new Map<string, number>();

  constructor(
    readonly config: AppConfig,
    readonly storage: StorageService,
  ) {}

  count(tag: string, ctx: Context): Promise<number> {
    ctx.log.info('Counting', { tag });
    const next = (this.counts.get(tag) ?? 0) + 1;
    this.counts.set(tag, next);
    return Promise.resolve(next);
  }
}

let instance: TagsService | undefined;

export function initTagsService(config: AppConfig, storage: StorageService): void {
  instance = new TagsService(config, storage);
}

export function getTagsService(): TagsService {
  if (!instance) throw new Error('call initTagsService() first');
  return instance;
}
`;

const DEFS = 'src/mcp-server';
/**
 * Each `add test`, the test it writes, and how the check breaks the definition: the export's
 * handler, generate or method replaced (appended to its own file) by one that answers nothing
 * its schema accepts, or throws.
 */
const ADD_TESTS: { args: string[]; test: string; file: string; broken: string }[] = [
  {
    args: ['fw_find_items'],
    test: 'tests/tools/fw-find-items.tool.test.ts',
    file: `${DEFS}/tools/definitions/fw-find-items.tool.ts`,
    broken: 'fwFindItemsTool.handler = (() => ({})) as never;',
  },
  {
    args: ['fw_item'],
    test: 'tests/resources/fw-item.resource.test.ts',
    file: `${DEFS}/resources/definitions/fw-item.resource.ts`,
    broken: 'fwItemResource.handler = (() => undefined) as never;',
  },
  {
    args: ['fw_review_item'],
    test: 'tests/prompts/fw-review-item.prompt.test.ts',
    file: `${DEFS}/prompts/definitions/fw-review-item.prompt.ts`,
    broken: 'fwReviewItemPrompt.generate = (() => []) as never;',
  },
  {
    args: ['ncbi'],
    test: 'tests/services/ncbi/ncbi-service.test.ts',
    file: 'src/services/ncbi/ncbi-service.ts',
    broken: "NcbiService.prototype.fetchRecord = () => Promise.reject(new Error('broken'));",
  },
  // Hand-written: the framework's starters, and the service above.
  {
    args: ['template_echo_app', '--kind', 'tool'],
    test: 'tests/tools/echo-app.app-tool.test.ts',
    file: `${DEFS}/tools/definitions/echo-app.app-tool.ts`,
    broken: "echoAppTool.handler = (() => { throw new Error('broken'); }) as never;",
  },
  {
    args: ['echo-app-ui'],
    test: 'tests/resources/echo-app-ui.app-resource.test.ts',
    file: `${DEFS}/resources/definitions/echo-app-ui.app-resource.ts`,
    broken: 'echoAppUiResource.handler = (() => undefined) as never;',
  },
  {
    // Its hand-written test is replaced by one from the definition.
    args: ['template_echo_message', '--kind', 'prompt', '--force', '--overwrite-edited'],
    test: 'tests/prompts/echo.prompt.test.ts',
    file: `${DEFS}/prompts/definitions/echo.prompt.ts`,
    broken: 'echoPrompt.generate = (() => []) as never;',
  },
  {
    args: ['tags', '--kind', 'service'],
    test: 'tests/services/tags/tags-service.test.ts',
    file: 'src/services/tags/tags-service.ts',
    broken: 'TagsService.prototype.count = () => Promise.resolve(undefined as never);',
  },
];

const GROW = [
  ['add', 'tool', 'fw_find_items', '--no-test'],
  ['add', 'resource', 'fw_item', '--uri', 'fw://items/{itemId}', '--no-test'],
  ['add', 'prompt', 'fw_review_item', '--no-test'],
  ['add', 'service', 'ncbi', '--no-test'],
  ['add', 'service', 'geo'],
];
const CHANGES = [
  ['rename', 'tool', 'template_echo_message', 'fw_say_hello'],
  ['remove', 'tool', 'template_echo_app'],
  ['rename', 'tool', 'fw_find_items', 'fw_search_items'],
  ['rename', 'resource', 'template-echo-resource', 'fw_echo'],
  ['remove', 'resource', 'echo-app-ui'],
  ['rename', 'prompt', 'template_echo_message', 'fw_greet'],
  ['remove', 'prompt', 'fw_review_item'],
  ['rename', 'service', 'ncbi', 'pubmed'],
  ['remove', 'service', 'geo'],
  ['remove', 'service', 'tags'],
];

let tmp: string;
let fw: string;
const changed: RunResult[] = [];

async function cliOk(args: string[], cwd: string): Promise<Record<string, any>> {
  const r = await runCli([...args, '--yes', '--json', '--no-devcheck'], { cwd });
  expect(r.exitCode, describeRun(r)).toBe(0);
  return parseJsonStdout(r);
}

interface FileResult {
  name: string;
  status: string;
  assertionResults: { status: string }[];
}

/**
 * The project's vitest over `files`, as JSON: each file's status; a file that failed without a
 * failing test in it (it did not load) is 'not loaded', so a failure is the check's own.
 */
async function vitestStatus(files: string[]): Promise<Record<string, string>> {
  const out = path.join(tmp, 'vitest.json');
  await run('npx', ['vitest', 'run', '--reporter=json', `--outputFile=${out}`, ...files], { cwd: fw });
  const report = JSON.parse(readFileSync(out, 'utf8')) as { testResults: FileResult[] };
  const status = (t: FileResult) =>
    t.status === 'failed' && !t.assertionResults.some((a) => a.status === 'failed') ? 'not loaded' : t.status;
  return Object.fromEntries(report.testResults.map((t) => [path.relative(fw, t.name), status(t)]));
}

beforeAll(async () => {
  assertCliBuilt();
  tmp = makeTempDir('mcp-scaffold-e2e-remove-fw-');
  fw = await createFrameworkProject(tmp, 'fw', { prepare: writeStrictCheckConfig });
  for (const args of GROW) await cliOk(args, fw);
  mkdirSync(path.join(fw, 'src/services/tags'), { recursive: true });
  writeFileSync(path.join(fw, 'src/services/tags/tags-service.ts'), TAGS_SERVICE);
}, 900_000);

afterAll(() => removeTempDir(tmp));

describe('add test on each kind, generated with --no-test and hand-written', () => {
  it('list marks them untested; add test writes each test where the layout puts it', async () => {
    const listed = parseJsonStdout(await runCli(['list', '--json'], { cwd: fw }));
    const untested = listed.definitions.filter((d: { test: string | null }) => d.test === null).map((d: any) => d.name);
    expect(untested.sort()).toEqual(
      ['echo-app-ui', 'fw-item', 'fw_find_items', 'fw_review_item', 'ncbi', 'tags', 'template_echo_app'].sort(),
    );
    for (const [i, { args, test }] of ADD_TESTS.entries()) {
      const out = await cliOk(['add', 'test', ...args], fw);
      // The first one (a tool's) brings the server's shared sample helper with it.
      const helper = i === 0 ? [{ path: 'tests/helpers/sample-input.ts', action: 'create' }] : [];
      expect(out.changes).toEqual([...helper, { path: test, action: args.includes('--force') ? 'update' : 'create' }]);
    }
  });

  it('the tests pass, and type-check with the strictest settings', async () => {
    const status = await vitestStatus(ADD_TESTS.map((t) => t.test));
    expect(status).toEqual(Object.fromEntries(ADD_TESTS.map((t) => [t.test, 'passed'])));
    const { errors } = await typeCheck(fw, STRICT_CHECK_CONFIG);
    const ours = new Set(ADD_TESTS.map((t) => t.test));
    expect(errors.filter((e) => ours.has(e.file))).toEqual([]);
  });

  it("each fails once its definition's behaviour is broken", async () => {
    const sources = ADD_TESTS.map((t) => [t.file, readFileSync(path.join(fw, t.file), 'utf8')] as const);
    for (const t of ADD_TESTS) appendFileSync(path.join(fw, t.file), `\n${t.broken}\n`);
    try {
      const status = await vitestStatus(ADD_TESTS.map((t) => t.test));
      expect(status).toEqual(Object.fromEntries(ADD_TESTS.map((t) => [t.test, 'failed'])));
    } finally {
      for (const [file, text] of sources) writeFileSync(path.join(fw, file), text);
    }
    await gitCommitAll(fw, 'add test');
  });
});

describe('remove and rename on each kind, the starters among them', () => {
  beforeAll(async () => {
    for (const args of CHANGES) changed.push(await runCli([...args, '--yes', '--json', '--no-devcheck'], { cwd: fw }));
  }, 300_000);

  it('every command exits 0 with one JSON object', () => {
    for (const r of changed) {
      expect(r.exitCode, describeRun(r)).toBe(0);
      expect(parseJsonStdout(r)).toMatchObject({ ok: true, dryRun: false });
    }
  });

  it("tsc reports nothing over the project's config, nor the strict one over what mcp-scaffold wrote", async () => {
    const { run: r, errors } = await typeCheck(fw);
    expect(errors).toEqual([]);
    expect(r.exitCode, describeRun(r)).toBe(0);
    // The framework's own starter tests do not pass the five strict settings; ours must.
    const strict = await typeCheck(fw, STRICT_CHECK_CONFIG);
    const starters = ['tests/tools/fw-say-hello.tool.test.ts', 'tests/resources/fw-echo.resource.test.ts'];
    expect(strict.errors.filter((e) => !starters.includes(e.file))).toEqual([]);
  });

  it("list finds exactly what is left, registered, nothing dangling; the project's tests pass", async () => {
    const out = parseJsonStdout(await runCli(['list', '--json'], { cwd: fw }));
    expect(out.dangling).toEqual([]);
    const names = out.definitions.map((d: { kind: string; name: string }) => `${d.kind} ${d.name}`);
    expect(names.sort()).toEqual(
      [
        'tool fw_say_hello',
        'tool fw_search_items',
        'resource fw-echo',
        'resource fw-item',
        'prompt fw_greet',
        'service pubmed',
      ].sort(),
    );
    for (const d of out.definitions) expect(d.registered, d.name).toBe(true);
    const tests = await run('npx', ['vitest', 'run'], { cwd: fw });
    expect(tests.exitCode, describeRun(tests)).toBe(0);
    expect(tests.stdout).toMatch(/Test Files\s+6 passed/);
  });

  it('a real MCP client lists exactly what is left, under the new names, and calls the renamed starter', async () => {
    await buildServer(fw);
    const session = await connectMcpClient(fw);
    try {
      const { client } = session;
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools.sort()).toEqual(['fw_say_hello', 'fw_search_items']);
      const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.name);
      expect(templates.sort()).toEqual(['fw-echo', 'fw-item']);
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['fw_greet']);
      const called = await client.callTool({ name: 'fw_say_hello', arguments: { message: 'hi' } });
      expect(called.isError ?? false, session.stderr()).toBe(false);
      const greeting = await client.getPrompt({ name: 'fw_greet', arguments: { message: 'hi' } });
      expect(greeting.messages.length).toBeGreaterThan(0);
    } finally {
      await session.close();
    }
  });
});
