/**
 * `mcp-scaffold add tool`, for real: a server made by the framework's own `init`, installed from
 * the registry, gets a tool from the built CLI; then the project's own tools judge the result
 * (tsc, Biome, the framework linter, vitest), the server is built and a real MCP client lists and
 * calls the tool over stdio. Bad input and --dry-run must leave the project byte-identical.
 *
 * One project is made in beforeAll (≈20 s of npm install) and shared by every test here. The
 * tests that read it never change it; the ones that must change it work on clones or restore it.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCliBuilt,
  biomeCheck,
  buildServer,
  cloneProject,
  connectMcpClient,
  copyProject,
  createFrameworkProject,
  describeRun,
  expectBiomeClean,
  expectNoNewBiomeDiagnostics,
  gitInitAndCommit,
  hashTree,
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

const NAME = 'demo_find_items';
const EXPORT = 'demoFindItemsTool';
const TOOL_FILE = 'src/mcp-server/tools/definitions/demo-find-items.tool.ts';
const TEST_FILE = 'tests/tools/demo-find-items.tool.test.ts';
const INDEX = 'src/index.ts';
/** Everything that could break a string literal or a comment, plus non-ASCII. */
const DESCRIPTION =
  'Find demo items by name. Tricky text: quotes \' " backslash \\ backtick ` and ${x} and */ and ünïcödé';

let tmp: string;
let demo: string;
let add: RunResult;

beforeAll(async () => {
  assertCliBuilt();
  tmp = makeTempDir();
  demo = await createFrameworkProject(tmp, 'demo');
  add = await runCli(['add', 'tool', NAME, '--description', DESCRIPTION, '--no-devcheck', '--json'], { cwd: demo });
});

afterAll(() => removeTempDir(tmp));

// The server's build and the linter run are shared by several tests; each runs once, on demand.
let built: Promise<void> | undefined;
const ensureBuilt = () => (built ??= buildServer(demo));
let linted: Promise<LintResult> | undefined;
const ensureLinted = () => (linted ??= ensureBuilt().then(() => lintDefinitions(demo)));

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
describe('add tool on a server made by `@cyanheads/mcp-ts-core init`', () => {
  it('writes the tool, its test and the registration; --json prints exactly one object', async () => {
    expect(add.exitCode, describeRun(add)).toBe(0);
    const out = parseJsonStdout(add);
    expect(out).toMatchObject({ ok: true, command: 'add tool', dryRun: false });
    expect(
      out.changes.map((c: { path: string; action: string }) => ({ path: c.path, action: c.action })).sort(byPath),
    ).toEqual([
      { path: INDEX, action: 'update' },
      { path: TOOL_FILE, action: 'create' },
      { path: TEST_FILE, action: 'create' },
    ]);
    expect(out.devcheck).toMatchObject({ ran: false });

    // The disk agrees with the report: these three files and nothing else changed.
    const status = await runOk('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: demo });
    expect(status.stdout.split('\n').filter(Boolean).sort()).toEqual([
      ` M ${INDEX}`,
      `?? ${TOOL_FILE}`,
      `?? ${TEST_FILE}`,
    ]);
    expect(readFileSync(path.join(demo, INDEX), 'utf8')).toContain(EXPORT);
  });

  it('type-checks: tsc --noEmit', async () => {
    const r = await run('npx', ['tsc', '--noEmit'], { cwd: demo });
    expect(r.exitCode, describeRun(r)).toBe(0);
  });

  it('biome check finds nothing in the two new files', async () => {
    await expectBiomeClean(demo, [TOOL_FILE, TEST_FILE]);
  });

  it('biome check finds nothing new in src/index.ts (init leaves it with unsorted imports)', async () => {
    // The framework's init already leaves index.ts with one complaint (assist/source/organizeImports),
    // so "clean" is impossible here; "the same diagnostics as before our edit" is the bar. A
    // formatting slip in our edit adds a `format` diagnostic; a lint problem adds its rule.
    const original = await cloneProject(demo, path.join(tmp, 'demo-original'));
    await expectNoNewBiomeDiagnostics(original, demo, INDEX);
  });

  it('in an index.ts that Biome has sorted, the import lands where Biome puts it and the file stays clean', async () => {
    // The ordering half of "nothing new": with the pre-existing complaint fixed first, any misplaced
    // import, any formatting slip in the import or the tools array shows up as a diagnostic.
    const sorted = await cloneProject(demo, path.join(tmp, 'demo-sorted'));
    await runOk('npx', ['biome', 'check', '--write', INDEX], { cwd: sorted });
    const baseline = await biomeCheck(sorted, [INDEX]);
    expect(baseline.diagnostics, 'Biome --write should leave index.ts clean').toEqual([]);

    // demo_find_items sorts before the existing tool imports, echo_zeta after them.
    for (const name of [NAME, 'echo_zeta']) {
      const r = await runCli(['add', 'tool', name, '--description', DESCRIPTION, '--no-devcheck', '--json'], {
        cwd: sorted,
      });
      expect(r.exitCode, describeRun(r)).toBe(0);
      const report = await biomeCheck(sorted, [INDEX]);
      expect(report.diagnostics, `after add tool ${name}:\n${readFileSync(path.join(sorted, INDEX), 'utf8')}`).toEqual(
        [],
      );
      expect(report.exitCode).toBe(0);
    }
    expect(readFileSync(path.join(sorted, INDEX), 'utf8')).toMatch(/tools: \[[^\]]*demoFindItemsTool, echoZetaTool\]/);
  });

  it('builds without bun: tsc -p tsconfig.build.json && tsc-alias', async () => {
    await ensureBuilt();
    expect(existsSync(path.join(demo, 'dist/index.js'))).toBe(true);
    expect(existsSync(path.join(demo, 'dist/mcp-server/tools/definitions/demo-find-items.tool.js'))).toBe(true);
  });

  it('the framework linter (validateDefinitions) reports no error and no warning for the tool', async () => {
    const lint = await ensureLinted();
    const ours = lint.definitions.filter((d) => d.name === NAME);
    expect(ours, JSON.stringify(lint.definitions, null, 2)).toHaveLength(1);
    expect(ours[0]).toMatchObject({ kind: 'tool', file: 'dist/mcp-server/tools/definitions/demo-find-items.tool.js' });
    expect(lint.errors.filter((d) => d.definitionName === NAME)).toEqual([]);
    expect(lint.warnings.filter((d) => d.definitionName === NAME)).toEqual([]);
  });

  it("the tool's description at runtime is exactly the text that was typed", async () => {
    const lint = await ensureLinted();
    expect(lint.definitions.find((d) => d.name === NAME)?.description).toBe(DESCRIPTION);
  });

  it("the generated test passes under the project's vitest", async () => {
    const r = await run('npx', ['vitest', 'run', TEST_FILE], { cwd: demo });
    expect(r.exitCode, describeRun(r)).toBe(0);
    expect(r.stdout).toContain('demo-find-items.tool.test.ts');
    expect(r.stdout).toMatch(/Tests\s+\d+ passed/);
    expect(r.stdout).not.toMatch(/failed|skipped/);
  });

  it('a real MCP client over stdio lists demo_find_items and calls it', async () => {
    await ensureBuilt();
    const definition = (await ensureLinted()).definitions.find((d) => d.name === NAME);
    const session = await connectMcpClient(demo);
    try {
      const { tools } = await session.client.listTools();
      const listed = tools.find((t) => t.name === NAME);
      expect(listed, `tools listed: ${tools.map((t) => t.name).join(', ')}\n${session.stderr()}`).toBeDefined();
      expect(listed!.title).toMatch(/\S/);
      expect(listed!.title).toBe(definition?.title);
      expect(listed!.description).toBe(DESCRIPTION);
      expect(listed!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      // A search verb: a query and an optional limit in, a list out (the echo and total as enrichment).
      expect(Object.keys(listed!.inputSchema.properties ?? {})).toEqual(['query', 'limit']);
      expect(Object.keys(listed!.outputSchema?.properties ?? {})).toEqual(expect.arrayContaining(['items']));

      // listTools cached the output schema, so callTool has also validated structuredContent against it.
      const ok = await session.client.callTool({ name: NAME, arguments: { query: 'widgets' } });
      expect(ok.isError, JSON.stringify(ok)).toBeFalsy();
      const sc = ok.structuredContent as {
        effectiveQuery: string;
        totalCount: number;
        items: { id: string; title: string }[];
      };
      expect(sc).toMatchObject({ effectiveQuery: 'widgets', totalCount: expect.any(Number), items: expect.any(Array) });
      expect(sc.totalCount).toBe(sc.items.length);
      const text = textOf(ok.content);
      expect(text).toContain('widgets');
      for (const item of sc.items) {
        expect(item).toEqual({ id: expect.any(String), title: expect.any(String) });
        expect(text).toContain(item.id);
        expect(text).toContain(item.title);
      }

      // The error result carries structuredContent that is not the output schema ({ error: … }), and
      // SDK 1.32.2's callTool validates structuredContent even when isError is set, so it would throw
      // here; a plain tools/call request shows what the server actually answered.
      const bad = await session.client.request(
        { method: 'tools/call', params: { name: NAME, arguments: { query: '   ' } } },
        CallToolResultSchema,
      );
      expect(bad.isError, JSON.stringify(bad)).toBe(true);
      expect(bad.structuredContent).toMatchObject({ error: { data: { reason: 'empty_query' } } });
      expect(textOf(bad.content)).toMatch(/blank|empty/i);
    } finally {
      await session.close();
    }
  });
});

describe('bad input leaves the project byte-identical', () => {
  /** Runs the CLI with --json, expects exit 1 and one `{ ok: false, error: { code } }`, and no byte changed under any root. */
  async function expectRefused(args: string[], code: string, roots: string[] = [demo]) {
    const before = roots.map(hashTree);
    const r = await runCli([...args, '--no-devcheck', '--json'], { cwd: demo });
    const after = roots.map(hashTree);
    expect(r.exitCode, describeRun(r)).toBe(1);
    const out = parseJsonStdout(r);
    expect(out).toMatchObject({
      ok: false,
      command: 'add tool',
      error: { code, message: expect.stringMatching(/\S/) },
    });
    expect(after).toEqual(before);
    return out;
  }

  it.each(['bad name', '1tool', '../x', ''])('invalid name %j: exit 1, NAME_INVALID', async (name) => {
    await expectRefused(['add', 'tool', name], 'NAME_INVALID');
  });

  it('the same tool again: exit 1, ALREADY_EXISTS', async () => {
    const out = await expectRefused(['add', 'tool', NAME, '--description', DESCRIPTION], 'ALREADY_EXISTS');
    expect(JSON.stringify(out.error)).toContain(TOOL_FILE);
  });

  it('--cwd at a folder with no project: exit 1, NOT_A_PROJECT', async () => {
    const empty = path.join(tmp, 'not-a-project');
    mkdirSync(empty, { recursive: true });
    writeFileSync(path.join(empty, 'notes.txt'), 'not a server\n');
    await expectRefused(['add', 'tool', 'demo_other_thing', '--cwd', empty], 'NOT_A_PROJECT', [demo, empty]);
  });

  it('an unparseable src/index.ts: exit 1, PARSE_ERROR, the broken file untouched', async () => {
    const indexPath = path.join(demo, INDEX);
    const good = readFileSync(indexPath);
    writeFileSync(
      indexPath,
      "import { createApp from '@cyanheads/mcp-ts-core';\n\nawait createApp({\n  tools: [echoTool,\n});\n",
    );
    try {
      const out = await expectRefused(['add', 'tool', 'demo_other_thing'], 'PARSE_ERROR');
      expect(JSON.stringify(out.error)).toContain(INDEX);
      expect(existsSync(path.join(demo, 'src/mcp-server/tools/definitions/demo-other-thing.tool.ts'))).toBe(false);
    } finally {
      writeFileSync(indexPath, good);
    }
  });
});

describe('--dry-run', () => {
  const NEW = 'demo_list_things';
  const NEW_TOOL = 'src/mcp-server/tools/definitions/demo-list-things.tool.ts';
  const NEW_TEST = 'tests/tools/demo-list-things.tool.test.ts';

  it('prints CREATE/UPDATE with unified diffs, writes nothing, and the diffs are exactly what a real run writes', async () => {
    const before = hashTree(demo);
    const human = await runCli(['add', 'tool', NEW, '--dry-run', '--no-devcheck'], { cwd: demo });
    expect(human.exitCode, describeRun(human)).toBe(0);
    expect(hashTree(demo)).toEqual(before);
    const json = await runCli(['add', 'tool', NEW, '--dry-run', '--no-devcheck', '--json'], { cwd: demo });
    expect(json.exitCode, describeRun(json)).toBe(0);
    expect(hashTree(demo)).toEqual(before);

    for (const line of [
      `UPDATE ${INDEX}`,
      `CREATE ${NEW_TOOL}`,
      `CREATE ${NEW_TEST}`,
      `--- a/${INDEX}`,
      `+++ b/${INDEX}`,
      `+++ b/${NEW_TOOL}`,
      '--- /dev/null',
    ]) {
      expect(human.stdout, describeRun(human)).toContain(line);
    }
    expect(human.stdout).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@/m);
    expect(human.stdout).toMatch(
      /^\+import \{ demoListThingsTool \} from '\.\/mcp-server\/tools\/definitions\/demo-list-things\.tool\.js';$/m,
    );
    // A changed line reads as `diff -u` and git print it: the old line, then the new one.
    expect(human.stdout).toMatch(/^- {2}tools: \[[^\]\n]*\],\n\+ {2}tools: \[[^\]\n]*, demoListThingsTool\],$/m);

    const out = parseJsonStdout(json);
    expect(out).toMatchObject({ ok: true, command: 'add tool', dryRun: true });
    const changes = (out.changes as { path: string; action: string; diff: string }[]).slice().sort(byPath);
    expect(changes.map(({ path: p, action }) => ({ path: p, action }))).toEqual([
      { path: INDEX, action: 'update' },
      { path: NEW_TOOL, action: 'create' },
      { path: NEW_TEST, action: 'create' },
    ]);
    for (const change of changes) {
      expect(typeof change.diff).toBe('string');
      expect(human.stdout).toContain(change.diff);
    }

    // Faithful diffs: in a copy, run the command for real, then reverse-apply the dry run's patch.
    // git apply only succeeds if every hunk matches, and the copy must come back to the original bytes.
    const copy = copyProject(demo, path.join(tmp, 'demo-dry-run'));
    await gitInitAndCommit(copy, 'copy');
    const real = await runCli(['add', 'tool', NEW, '--no-devcheck', '--json'], { cwd: copy });
    expect(real.exitCode, describeRun(real)).toBe(0);
    expect(hashTree(copy)).not.toEqual(hashTree(demo));
    const patchFile = path.join(tmp, 'dry-run.patch');
    writeFileSync(patchFile, changes.map((c) => (c.diff.endsWith('\n') ? c.diff : `${c.diff}\n`)).join(''));
    const reverse = await run('git', ['apply', '-R', '--whitespace=nowarn', patchFile], { cwd: copy });
    expect(reverse.exitCode, describeRun(reverse)).toBe(0);
    expect(hashTree(copy)).toEqual(hashTree(demo));
  });
});
