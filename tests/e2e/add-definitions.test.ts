/**
 * `add tool`, `add resource` and `add prompt` together, for real, on ONE server made by the
 * framework's own `init` and installed from the registry: the project's own tools judge the result
 * (tsc, Biome, the framework linter, vitest), the built server answers a real MCP client over stdio
 * that lists and calls the tool, lists and reads the resource, lists and gets the prompt, and
 * `mcp-scaffold list` finds all of it registered.
 *
 * One project and one npm install for the whole file (≈20 s); the tests after beforeAll only read it.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCliBuilt,
  buildServer,
  cloneProject,
  connectMcpClient,
  createFrameworkProject,
  describeRun,
  expectBiomeClean,
  expectNoNewBiomeDiagnostics,
  type LintResult,
  lintDefinitions,
  makeTempDir,
  parseJsonStdout,
  type RunResult,
  removeTempDir,
  run,
  runCli,
  runOk,
  textOf,
} from './support.js';

const INDEX = 'src/index.ts';
const ADDED = {
  tool: {
    args: ['add', 'tool', 'demo_find_items'],
    name: 'demo_find_items',
    exportName: 'demoFindItemsTool',
    file: 'src/mcp-server/tools/definitions/demo-find-items.tool.ts',
    test: 'tests/tools/demo-find-items.tool.test.ts',
  },
  resource: {
    args: ['add', 'resource', 'demo_item', '--uri', 'demo://items/{itemId}'],
    name: 'demo-item',
    exportName: 'demoItemResource',
    file: 'src/mcp-server/resources/definitions/demo-item.resource.ts',
    test: 'tests/resources/demo-item.resource.test.ts',
  },
  prompt: {
    args: ['add', 'prompt', 'demo_review_item'],
    name: 'demo_review_item',
    exportName: 'demoReviewItemPrompt',
    file: 'src/mcp-server/prompts/definitions/demo-review-item.prompt.ts',
    test: 'tests/prompts/demo-review-item.prompt.test.ts',
  },
} as const;
const KINDS = ['tool', 'resource', 'prompt'] as const;
const NEW_FILES = KINDS.flatMap((k) => [ADDED[k].file, ADDED[k].test]);
const URI_TEMPLATE = 'demo://items/{itemId}';

let tmp: string;
let demo: string;
const adds: Partial<Record<(typeof KINDS)[number], RunResult>> = {};

beforeAll(async () => {
  assertCliBuilt();
  tmp = makeTempDir();
  demo = await createFrameworkProject(tmp, 'demo');
  // One after the other: each edits src/index.ts.
  for (const kind of KINDS) adds[kind] = await runCli([...ADDED[kind].args, '--no-devcheck', '--json'], { cwd: demo });
});

afterAll(() => removeTempDir(tmp));

let built: Promise<void> | undefined;
const ensureBuilt = () => (built ??= buildServer(demo));
let linted: Promise<LintResult> | undefined;
const ensureLinted = () => (linted ??= ensureBuilt().then(() => lintDefinitions(demo)));

describe('add tool, add resource, add prompt on a server made by `@cyanheads/mcp-ts-core init`', () => {
  it.each(KINDS)('add %s: exit 0, one JSON object, the definition, its test and src/index.ts', (kind) => {
    const r = adds[kind]!;
    expect(r.exitCode, describeRun(r)).toBe(0);
    const out = parseJsonStdout(r);
    expect(out).toMatchObject({ ok: true, command: `add ${kind}`, dryRun: false, devcheck: { ran: false } });
    expect(out.changes.map((c: { path: string; action: string }) => `${c.action} ${c.path}`).sort()).toEqual(
      [`create ${ADDED[kind].file}`, `create ${ADDED[kind].test}`, `update ${INDEX}`].sort(),
    );
  });

  it('the disk holds exactly those changes, and src/index.ts registers all three', async () => {
    const status = await runOk('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: demo });
    expect(status.stdout.split('\n').filter(Boolean).sort()).toEqual(
      [` M ${INDEX}`, ...NEW_FILES.map((f) => `?? ${f}`)].sort(),
    );
    const index = readFileSync(path.join(demo, INDEX), 'utf8');
    expect(index).toMatch(/tools: \[[^\]]*\bdemoFindItemsTool\]/);
    expect(index).toMatch(/resources: \[[^\]]*\bdemoItemResource\]/);
    expect(index).toMatch(/prompts: \[[^\]]*\bdemoReviewItemPrompt\]/);
  });

  it('type-checks: tsc --noEmit', async () => {
    const r = await run('npx', ['tsc', '--noEmit'], { cwd: demo });
    expect(r.exitCode, describeRun(r)).toBe(0);
  });

  it('biome check finds nothing in the six new files', async () => {
    await expectBiomeClean(demo, NEW_FILES);
  });

  it('biome check finds nothing new in src/index.ts (the same diagnostics as before the three adds)', async () => {
    const original = await cloneProject(demo, path.join(tmp, 'demo-original'));
    await expectNoNewBiomeDiagnostics(original, demo, INDEX);
  });

  it('the framework linter (validateDefinitions) knows all three and reports no error and no warning for them', async () => {
    const lint = await ensureLinted();
    for (const kind of KINDS) {
      const { name, file } = ADDED[kind];
      const ours = lint.definitions.filter((d) => d.name === name && d.kind === kind);
      expect(ours, JSON.stringify(lint.definitions, null, 2)).toEqual([
        expect.objectContaining({ kind, name, file: file.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js') }),
      ]);
      expect(
        lint.errors.filter((d) => d.definitionName === name),
        kind,
      ).toEqual([]);
      expect(
        lint.warnings.filter((d) => d.definitionName === name),
        kind,
      ).toEqual([]);
    }
  });

  it("the three generated tests pass under the project's vitest", async () => {
    const tests = KINDS.map((k) => ADDED[k].test);
    const r = await run('npx', ['vitest', 'run', ...tests], { cwd: demo });
    expect(r.exitCode, describeRun(r)).toBe(0);
    for (const t of tests) expect(r.stdout).toContain(path.basename(t));
    expect(r.stdout).toMatch(/Test Files\s+3 passed/);
    expect(r.stdout).not.toMatch(/failed|skipped/);
  });

  it('a real MCP client over stdio lists and calls the tool, lists and reads the resource, lists and gets the prompt', async () => {
    await ensureBuilt();
    const session = await connectMcpClient(demo);
    const why = () => `--- server stderr\n${session.stderr()}`;
    try {
      // Tool
      const { tools } = await session.client.listTools();
      expect(
        tools.map((t) => t.name),
        why(),
      ).toContain(ADDED.tool.name);
      const called = await session.client.callTool({ name: ADDED.tool.name, arguments: { query: 'widgets' } });
      expect(called.isError, JSON.stringify(called)).toBeFalsy();
      expect(called.structuredContent).toMatchObject({ effectiveQuery: 'widgets', items: expect.any(Array) });
      expect(textOf(called.content)).toContain('widgets');

      // Resource: the template is listed, its list() advertises no made-up resource, and reading a
      // URI of the template works.
      const { resourceTemplates } = await session.client.listResourceTemplates();
      const template = resourceTemplates.find((t) => t.uriTemplate === URI_TEMPLATE);
      expect(template, `${JSON.stringify(resourceTemplates)}\n${why()}`).toMatchObject({
        name: ADDED.resource.name,
        mimeType: 'application/json',
      });
      const { resources } = await session.client.listResources();
      expect(
        resources.filter((r) => r.uri.startsWith('demo://items/')),
        why(),
      ).toEqual([]);
      const example = { uri: 'demo://items/example-itemId' };
      const read = await session.client.readResource({ uri: example.uri });
      expect(read.contents).toHaveLength(1);
      const content = read.contents[0]! as { uri: string; mimeType?: string; text?: string };
      expect(content).toMatchObject({ uri: example.uri, mimeType: 'application/json' });
      expect(JSON.parse(content.text ?? 'null')).toMatchObject({ variables: { itemId: 'example-itemId' } });

      // Prompt
      const { prompts } = await session.client.listPrompts();
      const listed = prompts.find((p) => p.name === ADDED.prompt.name);
      expect(listed, `${JSON.stringify(prompts)}\n${why()}`).toBeDefined();
      // Its one argument comes from the name: demo_review_item → item.
      expect(listed!.arguments?.map((a) => [a.name, a.required ?? false])).toEqual([['item', true]]);
      const got = await session.client.getPrompt({ name: ADDED.prompt.name, arguments: { item: 'widgets' } });
      expect(got.messages).toEqual([
        // The item itself goes whole under the line that asks for its review.
        { role: 'user', content: { type: 'text', text: 'Review the item below.\n\nwidgets' } },
      ]);
    } finally {
      await session.close();
    }
  });

  it('`mcp-scaffold list --json` finds every definition registered and nothing dangling: exit 0', async () => {
    const r = await runCli(['list', '--json'], { cwd: demo });
    expect(r.exitCode, describeRun(r)).toBe(0);
    const out = parseJsonStdout(r);
    expect(out).toMatchObject({ ok: true, command: 'list', dangling: [], warnings: [] });
    const index = readFileSync(path.join(demo, INDEX), 'utf8').split('\n');
    const lineOf = (key: string) => index.findIndex((l) => l.trimStart().startsWith(`${key}: [`)) + 1;
    for (const kind of KINDS) {
      const { name, file, exportName } = ADDED[kind];
      expect(out.definitions).toContainEqual(
        expect.objectContaining({
          kind,
          name,
          file,
          exportName,
          registered: true,
          registeredAt: [{ path: INDEX, line: lineOf(`${kind}s`) }],
        }),
      );
    }
    // The framework's five starter definitions and our three; no services.
    expect(out.definitions).toHaveLength(8);
    expect(out.definitions.every((d: { registered: boolean }) => d.registered)).toBe(true);
  });
});
