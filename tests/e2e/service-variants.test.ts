/**
 * `add service` and the `add tool` variants, for real: a server made by our own `init` and
 * installed with npm gets the ncbi service, a tool that uses it, and one tool of each variant
 * (--confirm, --task, --app), all from the built CLI. Then the project's own tools judge the
 * result (its devcheck, tsc, Biome, the framework linter, the generated tests), the server is
 * built, and a real MCP client lists and calls everything over stdio: the --confirm tool with a
 * client that declares elicitation and answers yes in one call and no in another, the task tool
 * as a task whose progress it watches, the app tool with its ui:// resource.
 *
 * E2E_PROJECT=framework makes the project with the framework's own `init` instead (its devcheck
 * needs bun, so that check is skipped there).
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCliBuilt,
  BIN,
  biomeCheck,
  buildServer,
  callToolRaw,
  connectMcpClient,
  createFrameworkProject,
  describeRun,
  expectBiomeClean,
  expectConfirmToolAnswers,
  expectTaskToolRuns,
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

const USE_FRAMEWORK_INIT = process.env.E2E_PROJECT === 'framework';
/** Our init's README has a table of definitions, which add updates. */
const README_TABLE = !USE_FRAMEWORK_INIT;
const DEFS = 'src/mcp-server/tools/definitions';
const RES = 'src/mcp-server/resources/definitions';

/** Each command, and the files it must create (besides updating src/index.ts). */
const STEPS: { args: string[]; command: string; creates: string[] }[] = [
  {
    // With --storage: it takes (config, storage) and keeps what it fetched in the framework's storage.
    args: ['add', 'service', 'ncbi', '--storage', '--description', 'Wraps the NCBI E-utilities API.'],
    command: 'add service',
    creates: [
      'src/services/ncbi/ncbi-service.ts',
      'src/services/ncbi/types.ts',
      'tests/services/ncbi/ncbi-service.test.ts',
    ],
  },
  {
    // Without: it takes only the config.
    args: ['add', 'service', 'chembl', '--description', 'Wraps the ChEMBL API.'],
    command: 'add service',
    creates: [
      'src/services/chembl/chembl-service.ts',
      'src/services/chembl/types.ts',
      'tests/services/chembl/chembl-service.test.ts',
    ],
  },
  {
    args: ['add', 'tool', 'demo_search_compounds', '--service', 'chembl', '--description', 'Search compounds.'],
    command: 'add tool',
    creates: [`${DEFS}/demo-search-compounds.tool.ts`, 'tests/tools/demo-search-compounds.tool.test.ts'],
  },
  {
    args: ['add', 'tool', 'demo_fetch_record', '--service', 'ncbi', '--description', 'Fetch one NCBI record by id.'],
    command: 'add tool',
    creates: [`${DEFS}/demo-fetch-record.tool.ts`, 'tests/tools/demo-fetch-record.tool.test.ts'],
  },
  {
    args: [
      'add',
      'tool',
      'demo_delete_record',
      '--confirm',
      '--description',
      'Delete one record, after the user confirms.',
    ],
    command: 'add tool',
    creates: [`${DEFS}/demo-delete-record.tool.ts`, 'tests/tools/demo-delete-record.tool.test.ts'],
  },
  {
    args: [
      'add',
      'tool',
      'demo_rebuild_index',
      '--task',
      '--description',
      'Rebuild the search index in the background.',
    ],
    command: 'add tool',
    creates: [`${DEFS}/demo-rebuild-index.tool.ts`, 'tests/tools/demo-rebuild-index.tool.test.ts'],
  },
  {
    args: [
      'add',
      'tool',
      'demo_show_board',
      '--app',
      '--description',
      'Show a board of values as an interactive view.',
    ],
    command: 'add tool',
    creates: [
      `${DEFS}/demo-show-board.app-tool.ts`,
      'tests/tools/demo-show-board.app-tool.test.ts',
      `${RES}/demo-show-board-ui.app-resource.ts`,
      'tests/resources/demo-show-board-ui.app-resource.test.ts',
    ],
  },
];
const NEW_FILES = STEPS.flatMap((s) => s.creates);
const NEW_TESTS = NEW_FILES.filter((f) => f.endsWith('.test.ts'));
const NEW_NAMES = [
  'demo_search_compounds',
  'demo_fetch_record',
  'demo_delete_record',
  'demo_rebuild_index',
  'demo_show_board',
  'demo-show-board-ui',
];

let tmp: string;
let demo: string;
const runs: RunResult[] = [];

beforeAll(async () => {
  assertCliBuilt();
  tmp = makeTempDir();
  if (USE_FRAMEWORK_INIT) {
    demo = await createFrameworkProject(tmp, 'demo');
  } else {
    // Our own init, as users run it: installs with npm and makes the first commit.
    const init = await run(process.execPath, [BIN, 'init', 'demo', '--yes', '--pm', 'npm', '--json'], {
      cwd: tmp,
      timeoutMs: 300_000,
    });
    if (init.exitCode !== 0) throw new Error(`mcp-scaffold init failed\n${describeRun(init)}`);
    demo = path.join(tmp, 'demo');
  }
  for (const step of STEPS) runs.push(await runCli([...step.args, '--no-devcheck', '--json'], { cwd: demo }));
});

afterAll(() => removeTempDir(tmp));

let built: Promise<void> | undefined;
const ensureBuilt = () => (built ??= buildServer(demo));
let linted: Promise<LintResult> | undefined;
const ensureLinted = () => (linted ??= ensureBuilt().then(() => lintDefinitions(demo)));

/** The built server over stdio, with a client that does not declare elicitation. */
const connect = () => connectMcpClient(demo);

describe(`add service and tool variants on a server made by ${USE_FRAMEWORK_INIT ? "the framework's init" : '`mcp-scaffold init`'}`, () => {
  it('every command exits 0 with one JSON object, and writes exactly its files', async () => {
    STEPS.forEach((step, i) => {
      const r = runs[i]!;
      expect(r.exitCode, describeRun(r)).toBe(0);
      const out = parseJsonStdout(r);
      expect(out).toMatchObject({ ok: true, command: step.command, dryRun: false });
      expect(out.changes.map((c: { path: string; action: string }) => `${c.action} ${c.path}`).sort()).toEqual(
        [
          'update src/index.ts',
          // Our init's README lists the definitions and add keeps it true; the framework's has no such table.
          ...(README_TABLE && step.command !== 'add service' ? ['update README.md'] : []),
          ...step.creates.map((f) => `create ${f}`),
        ].sort(),
      );
    });
    const status = await runOk('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: demo });
    expect(status.stdout.split('\n').filter(Boolean).sort()).toEqual(
      [...(README_TABLE ? [' M README.md'] : []), ' M src/index.ts', ...NEW_FILES.map((f) => `?? ${f}`)].sort(),
    );

    const index = readFileSync(path.join(demo, 'src/index.ts'), 'utf8');
    expect(index).toContain("import { initNcbiService } from './services/ncbi/ncbi-service.js';");
    // Each service gets exactly what it takes.
    expect(index).toContain(
      '  setup(core) {\n    initNcbiService(core.config, core.storage);\n    initChemblService(core.config);\n  },\n',
    );
    expect(index).toMatch(
      /tools: \[[^\]]*demoSearchCompoundsTool,\s*demoFetchRecordTool,\s*demoDeleteRecordTool,\s*demoRebuildIndexTool,\s*demoShowBoardTool,?\s*\]/,
    );
    expect(index).toMatch(/resources: \[[^\]]*demoShowBoardUiResource\]/);
  });

  it.skipIf(USE_FRAMEWORK_INIT)("the project's devcheck passes, tests included, with Biome read-only", async () => {
    const r = await run('npm', ['run', 'devcheck', '--', '--no-fix', '--test'], { cwd: demo });
    expect(r.exitCode, describeRun(r)).toBe(0);
    expect(r.stdout).toMatch(/0 failed/);
  });

  it("type-checks under the framework's strict settings: tsc --noEmit", async () => {
    const r = await run('npx', ['tsc', '--noEmit'], { cwd: demo });
    expect(r.exitCode, describeRun(r)).toBe(0);
  });

  it('biome check finds nothing in the new files', async () => {
    await expectBiomeClean(demo, NEW_FILES);
  });

  it.skipIf(USE_FRAMEWORK_INIT)('biome check finds nothing in the edited src/index.ts', async () => {
    const report = await biomeCheck(demo, ['src/index.ts']);
    expect(
      report.diagnostics,
      `${readFileSync(path.join(demo, 'src/index.ts'), 'utf8')}\n${describeRun(report.run)}`,
    ).toEqual([]);
  });

  it('the framework linter (validateDefinitions) reports no error and no warning for the new definitions', async () => {
    const lint = await ensureLinted();
    for (const name of NEW_NAMES)
      expect(
        lint.definitions.map((d) => d.name),
        name,
      ).toContain(name);
    const ours = (d: { definitionName: string }) => NEW_NAMES.includes(d.definitionName);
    expect(lint.errors.filter(ours)).toEqual([]);
    expect(lint.warnings.filter(ours)).toEqual([]);
  });

  it("the generated tests pass under the project's vitest", async () => {
    const r = await run('npx', ['vitest', 'run', ...NEW_TESTS], { cwd: demo });
    expect(r.exitCode, describeRun(r)).toBe(0);
    for (const test of NEW_TESTS) expect(r.stdout).toContain(path.basename(test));
    expect(r.stdout).toMatch(/Test Files\s+8 passed \(8\)/);
    expect(r.stdout).not.toMatch(/failed|skipped/);
  });

  it('an MCP client lists the tools and calls the one that uses the service', async () => {
    await ensureBuilt();
    const session = await connect();
    try {
      const { tools } = await session.client.listTools();
      const names = tools.map((t) => t.name);
      for (const name of NEW_NAMES.slice(0, 5)) expect(names, session.stderr()).toContain(name);
      const result = await session.client.callTool({ name: 'demo_fetch_record', arguments: { id: 'rec-42' } });
      expect(result.isError, JSON.stringify(result)).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ id: 'rec-42', title: expect.stringContaining('rec-42') });
      // Served from the service's storage the second time: the same record, same fetch time.
      const again = await session.client.callTool({ name: 'demo_fetch_record', arguments: { id: 'rec-42' } });
      expect(again.structuredContent).toEqual(result.structuredContent);
      expect(textOf(result.content)).toContain('rec-42');
    } finally {
      await session.close();
    }
  });

  it('--confirm: acts after a yes, fails with not_confirmed after a no, and asks each time', async () => {
    await ensureBuilt();
    await expectConfirmToolAnswers(demo, 'demo_delete_record');
  });

  it('--confirm: a client without elicitation gets confirmation_unavailable, never a go-ahead', async () => {
    await ensureBuilt();
    const session = await connect();
    try {
      const r = await callToolRaw(session.client, 'demo_delete_record', { id: 'rec-7' });
      expect(r.isError, JSON.stringify(r)).toBe(true);
      expect(r.structuredContent).toMatchObject({ error: { data: { reason: 'confirmation_unavailable' } } });
    } finally {
      await session.close();
    }
  });

  it('--task: runs as a task whose progress the client can watch, or as a plain call', async () => {
    await ensureBuilt();
    await expectTaskToolRuns(demo, 'demo_rebuild_index');
  });

  it('--app: the tool points at its ui:// resource, which is listed and serves the HTML page', async () => {
    await ensureBuilt();
    const session = await connect();
    try {
      const listed = (await session.client.listTools()).tools.find((t) => t.name === 'demo_show_board');
      expect(listed?._meta).toMatchObject({ ui: { resourceUri: 'ui://demo-show-board/app.html' } });
      const result = await session.client.callTool({ name: 'demo_show_board', arguments: { topic: 'widgets' } });
      expect(result.isError, JSON.stringify(result)).toBeFalsy();
      const [json] = result.content as { type: string; text: string }[];
      expect(JSON.parse(json!.text)).toEqual(result.structuredContent);

      const { resources } = await session.client.listResources();
      expect(resources.map((r) => r.uri)).toContain('ui://demo-show-board/app.html');
      const read = await session.client.readResource({ uri: 'ui://demo-show-board/app.html' });
      expect(read.contents[0]).toMatchObject({
        uri: 'ui://demo-show-board/app.html',
        mimeType: 'text/html;profile=mcp-app',
      });
      expect((read.contents[0] as { text: string }).text).toMatch(/^<!DOCTYPE html>/);
    } finally {
      await session.close();
    }
  });
});

describe('refusals leave the project byte-identical', () => {
  async function expectRefused(args: string[], command: string, code: string) {
    const before = hashTree(demo);
    const r = await runCli([...args, '--no-devcheck', '--json'], { cwd: demo });
    expect(r.exitCode, describeRun(r)).toBe(1);
    const out = parseJsonStdout(r);
    expect(out).toMatchObject({ ok: false, command, error: { code } });
    expect(hashTree(demo)).toEqual(before);
    return out;
  }

  it('a tool for a service that does not exist: SERVICE_MISSING, with a hint to add the service first', async () => {
    const out = await expectRefused(
      ['add', 'tool', 'demo_lookup_gene', '--service', 'pubchem'],
      'add tool',
      'SERVICE_MISSING',
    );
    expect(out.error.hint).toBe('Run `mcp-scaffold add service pubchem` first, then add the tool.');
  });

  it('the same service again: ALREADY_EXISTS for each of its files', async () => {
    const out = await expectRefused(['add', 'service', 'ncbi'], 'add service', 'ALREADY_EXISTS');
    expect(out.error.message).toContain('src/services/ncbi/ncbi-service.ts');
  });

  it('two variants at once: OPTION_INVALID', async () => {
    await expectRefused(['add', 'tool', 'demo_x_y', '--confirm', '--app'], 'add tool', 'OPTION_INVALID');
  });
});
