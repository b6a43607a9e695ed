/**
 * `upgrade` across the framework's lines on a real server: made by our `init` on 0.10.17 (from the
 * registry), grown with every kind and variant `add` has there, then upgraded to 0.11.5 and to
 * 0.12.3 (the tarballs beside the repository). After each step the server's own tools judge it:
 * tsc over src and tests, the generated tests, the build, and a real MCP client that lists and
 * calls everything, the confirm tool answered yes and no. On the way to 0.12 the task tool is
 * refused (nothing written) without --drop-tasks, and becomes a plain tool with it. The same runs
 * on a server made by the framework's own `init` 0.10.17 (whose devcheck and build need bun, so
 * tsc and the build run here directly; its starter tests come from the new template). Last, the
 * fixture server of the upgrade tests (tests/fixtures/upgrade-server: every test shape real
 * servers carry, never type-checked), installed on 0.9.21 from the registry and moved to 0.11.5
 * then 0.12.3 with --test: the codemods clear its backlog, so the tsconfig split is adopted with 0
 * errors; each test has its result of before; the build compiles.
 */

import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCliBuilt,
  BIN,
  buildServer,
  connectMcpClient,
  createFrameworkProject,
  describeRun,
  expectConfirmToolAnswers,
  FRAMEWORK,
  frameworkTarball,
  gitCommitAll,
  gitInitAndCommit,
  hashTree,
  makeTempDir,
  npmInstall,
  parseJsonStdout,
  type RunResult,
  removeTempDir,
  run,
  runCli,
  runOk,
  textOf,
  typeCheck,
} from './support.js';

const DEFS = 'src/mcp-server/tools/definitions';
const TASK_TOOL = `${DEFS}/acme-rebuild-index.tool.ts`;

/** Every kind and variant `add` has on 0.10.17. */
const ADDS = [
  ['service', 'ncbi', '--description', 'Wraps the NCBI E-utilities API.'],
  ['tool', 'acme_find_items', '--description', 'Find catalogue items whose names match a query.'],
  ['tool', 'acme_delete_item', '--confirm', '--description', 'Delete one item, after the user confirms.'],
  ['tool', 'acme_rebuild_index', '--task', '--description', 'Rebuild the search index in the background.'],
  ['tool', 'acme_show_board', '--app', '--description', 'Show a board of values as an interactive view.'],
  ['tool', 'acme_fetch_record', '--service', 'ncbi', '--description', 'Fetch one NCBI record by id.'],
  ['resource', 'acme-item', '--uri', 'acme://items/{itemId}', '--description', 'One catalogue item.'],
  ['prompt', 'acme_review_item', '--description', 'Ask for a review of one catalogue item.'],
];

let tmp: string;
const timings: string[] = [];
/** One upgrade: the install, tsc before and several times after it, the tests twice with --test, devcheck. */
const UPGRADE_MS = 900_000;
const started = performance.now();

/** One server to upgrade: how it is made, and whether its own devcheck and build can run here. */
interface Scenario {
  title: string;
  make: (parent: string) => Promise<string>;
  /** Its devcheck runs on Node (ours); the framework's runs on bun. */
  devcheck: boolean;
  tools: string[];
}

const ADDED_TOOLS = [
  'acme_delete_item',
  'acme_fetch_record',
  'acme_find_items',
  'acme_rebuild_index',
  'acme_show_board',
];

const SCENARIOS: Scenario[] = [
  {
    title: 'our init',
    devcheck: true,
    tools: ['acme_echo_message', ...ADDED_TOOLS],
    make: async (parent) => {
      const init = await run(
        process.execPath,
        [BIN, 'init', 'acme', '--yes', '--no-git', '--owner', 'acme', '--description', 'Catalogue tools.'],
        { cwd: parent, timeoutMs: 600_000 },
      );
      if (init.exitCode !== 0) throw new Error(describeRun(init));
      return path.join(parent, 'acme');
    },
  },
  {
    title: "the framework's own init",
    devcheck: false,
    tools: ADDED_TOOLS,
    make: (parent) => createFrameworkProject(parent, 'catalogue', { git: false }),
  },
];

const roots = new Map<Scenario, string>();

/** The server made, its install included, and grown with every kind and variant, then committed. */
async function prepare(scenario: Scenario): Promise<void> {
  const t = performance.now();
  const parent = path.join(tmp, scenario.devcheck ? 'ours' : 'framework');
  await runOk('mkdir', ['-p', parent], { cwd: tmp });
  const root = await scenario.make(parent);
  timings.push(`${scenario.title} with install: ${Math.round((performance.now() - t) / 1000)} s`);
  for (const args of ADDS) {
    const r = await runCli(['add', ...args, '--no-devcheck', '--json', '--yes'], { cwd: root });
    if (r.exitCode !== 0) throw new Error(describeRun(r));
  }
  await gitInitAndCommit(root, 'grown on 0.10.17');
  roots.set(scenario, root);
}

/** The fixture server of the upgrade tests, on the framework release it was written against first. */
const SHAPES_FIXTURE = path.resolve(import.meta.dirname, '../fixtures/upgrade-server');
let shapesRoot: string;

async function prepareShapes(): Promise<void> {
  const t = performance.now();
  shapesRoot = path.join(tmp, 'shapes');
  cpSync(SHAPES_FIXTURE, shapesRoot, { recursive: true });
  await runOk('npm', ['pkg', 'set', `dependencies.${FRAMEWORK}=^0.9.21`], { cwd: shapesRoot });
  await npmInstall(shapesRoot);
  await gitInitAndCommit(shapesRoot, 'on 0.9.21');
  timings.push(`shapes fixture with install: ${Math.round((performance.now() - t) / 1000)} s`);
}

// The servers at once: their installs wait on the network, not the CPU.
beforeAll(async () => {
  assertCliBuilt();
  tmp = makeTempDir('mcp-scaffold-upgrade-');
  await Promise.all([...SCENARIOS.map(prepare), prepareShapes()]);
});

afterAll(() => {
  removeTempDir(tmp);
  timings.push(`whole file: ${Math.round((performance.now() - started) / 1000)} s`);
  process.stderr.write(`[upgrade] ${timings.join('; ')}\n`);
});

const installedVersion = (root: string) =>
  (JSON.parse(readFileSync(path.join(root, 'node_modules', FRAMEWORK, 'package.json'), 'utf8')) as { version: string })
    .version;

async function upgrade(root: string, scenario: Scenario, args: string[]): Promise<RunResult> {
  const t = performance.now();
  const flags = [...args, ...(scenario.devcheck ? [] : ['--no-devcheck']), '--json'];
  // An install, the checks before and after it, and devcheck: minutes on a loaded machine.
  const r = await run(process.execPath, [BIN, 'upgrade', ...flags], { cwd: root, timeoutMs: UPGRADE_MS });
  const what = args.join(' ').replace(/\S*\//g, '');
  timings.push(`${scenario.title}: upgrade ${what}: ${Math.round((performance.now() - t) / 1000)} s`);
  return r;
}

/**
 * The upgrade passed its install and devcheck, and tsc over src and tests reports nothing: from
 * devcheck's TypeScript check (tsconfig.json covers both), or, where devcheck needs bun, tsc itself.
 */
async function expectUpgraded(root: string, scenario: Scenario, r: RunResult): Promise<void> {
  expect(r.exitCode, describeRun(r)).toBe(0);
  expect(parseJsonStdout(r)).toMatchObject({ ok: true, install: { passed: true }, skills: { passed: true } });
  const include = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8').replace(/\/\/.*$/gm, '')).include;
  expect(include).toEqual(expect.arrayContaining(['tests/**/*']));
  if (scenario.devcheck) {
    expect(parseJsonStdout(r).devcheck).toMatchObject({ passed: true });
    expect(r.stderr).toMatch(/✔ TypeScript .* no type errors/);
    expect(r.stderr).toMatch(/✔ Biome/);
  } else {
    const { run: tsc, errors } = await typeCheck(root);
    expect(errors, describeRun(tsc)).toEqual([]);
  }
}

/** The tests, the build; then a client lists and calls everything. */
async function expectServerWorks(root: string, scenario: Scenario, tasks: boolean): Promise<void> {
  const tests = await run('npx', ['vitest', 'run'], { cwd: root });
  expect(tests.exitCode, describeRun(tests)).toBe(0);
  expect(tests.stdout).not.toMatch(/\d+ failed/);
  if (scenario.devcheck) await runOk('npm', ['run', 'build'], { cwd: root });
  else await buildServer(root);
  const session = await connectMcpClient(root);
  try {
    const tools = (await session.client.listTools()).tools;
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(scenario.tools));
    expect(tools.find((t) => t.name === 'acme_rebuild_index')?.execution ?? {}).toEqual(
      tasks ? { taskSupport: 'optional' } : {},
    );
    const call = (name: string, args: Record<string, unknown>) => session.client.callTool({ name, arguments: args });
    if (scenario.tools.includes('acme_echo_message')) {
      expect((await call('acme_echo_message', { message: 'hi' })).structuredContent).toMatchObject({ message: 'hi' });
    }
    expect((await call('acme_find_items', { query: 'widgets' })).structuredContent).toMatchObject({
      effectiveQuery: 'widgets',
      totalCount: 1,
    });
    expect((await call('acme_fetch_record', { id: 'rec-42' })).structuredContent).toMatchObject({ id: 'rec-42' });
    expect((await call('acme_show_board', { topic: 'widgets' })).isError).toBeFalsy();
    const rebuilt = await call('acme_rebuild_index', { steps: 2 });
    expect(rebuilt.structuredContent).toEqual({ stepsRequested: 2, stepsCompleted: 2, cancelled: false });
    const uris = (await session.client.listResources()).resources.map((r) => r.uri);
    expect(uris).toEqual(expect.arrayContaining(['ui://acme-show-board/app.html']));
    for (const uri of uris) expect((await session.client.readResource({ uri })).contents.length).toBeGreaterThan(0);
    const prompt = await session.client.getPrompt({ name: 'acme_review_item', arguments: { item: 'item 7' } });
    expect(textOf(prompt.messages.map((m) => m.content))).toContain('item 7');
  } finally {
    await session.close();
  }
  await expectConfirmToolAnswers(root, 'acme_delete_item');
}

for (const scenario of SCENARIOS) {
  describe(`upgrade of a server made by ${scenario.title} on ${FRAMEWORK} 0.10.17`, () => {
    let root: string;

    beforeAll(() => {
      root = roots.get(scenario)!;
    });

    it('to 0.11.5: exit 0, the range, the typed mock contexts, tsconfig split, install passed, tsc clean', {
      timeout: UPGRADE_MS,
    }, async () => {
      expect(installedVersion(root)).toBe('0.10.17');
      const r = await upgrade(root, scenario, ['--to', frameworkTarball('0.11.5')]);
      await expectUpgraded(root, scenario, r);
      const out = parseJsonStdout(r);
      expect(out).toMatchObject({ command: 'upgrade', upgrade: { from: '0.10.17', to: '0.11.5' } });
      expect(out.upgrade.migrations.map((m: { id: string }) => m.id)).toEqual([
        '0.11/tsconfig-split',
        '0.11/typed-mock-context',
      ]);
      const paths = out.changes.map((c: { path: string }) => c.path);
      expect(paths).toEqual(expect.arrayContaining(['package.json', 'tests/tools/acme-delete-item.tool.test.ts']));
      expect(installedVersion(root)).toBe('0.11.5');
      expect(readFileSync(path.join(root, 'tests/tools/acme-find-items.tool.test.ts'), 'utf8')).not.toContain(' as ');
      await gitCommitAll(root, 'on 0.11.5');
    });

    it('on 0.11.5: the tests and the build pass; a client lists and calls everything, the task tool too', async () => {
      await expectServerWorks(root, scenario, true);
    });

    it('to 0.12.3 without --drop-tasks: refused with the task tool file and line, nothing written', async () => {
      const before = hashTree(root);
      const r = await upgrade(root, scenario, ['--to', frameworkTarball('0.12.3')]);
      expect(r.exitCode, describeRun(r)).toBe(1);
      const out = parseJsonStdout(r);
      expect(out).toMatchObject({ ok: false, error: { code: 'FRAMEWORK_UNSUPPORTED' } });
      expect(out.error.details).toEqual([expect.objectContaining({ path: TASK_TOOL, line: expect.any(Number) })]);
      expect(out.error.hint).toContain('--drop-tasks');
      expect(hashTree(root)).toEqual(before);
    });

    it('to 0.12.3 with --drop-tasks --test: the confirm flow on ctx.requestInput, the task a plain tool, tsc clean, tests renewed', {
      timeout: UPGRADE_MS,
    }, async () => {
      const r = await upgrade(root, scenario, ['--to', frameworkTarball('0.12.3'), '--drop-tasks', '--test']);
      await expectUpgraded(root, scenario, r);
      const out = parseJsonStdout(r);
      expect(out.upgrade).toMatchObject({ from: '0.11.5', to: '0.12.3', dropTasks: true });
      // The confirm and task tools' tests are written again for 0.12: their old tests are gone,
      // which is no regression; each new one passes.
      expect(out.tests).toMatchObject({ ran: true, passed: true });
      const renewedFiles = new Set(out.tests.renewed.map((t: string) => t.slice(0, t.indexOf(' > '))));
      expect([...renewedFiles].sort()).toEqual([
        'tests/tools/acme-delete-item.tool.test.ts',
        'tests/tools/acme-rebuild-index.tool.test.ts',
      ]);
      expect(installedVersion(root)).toBe('0.12.3');
      const confirm = readFileSync(path.join(root, `${DEFS}/acme-delete-item.tool.ts`), 'utf8');
      expect(confirm).toContain('return ctx.requestInput({');
      expect(confirm).not.toContain('ctx.elicit');
      const task = readFileSync(path.join(root, TASK_TOOL), 'utf8');
      expect(task).not.toMatch(/task: true|ctx\.progress/);
    });

    it('on 0.12.3: the tests and the build pass; a client lists and calls everything, the confirm tool both ways', async () => {
      await expectServerWorks(root, scenario, false);
    });
  });
}

describe(`upgrade of the shapes fixture on ${FRAMEWORK} 0.9.21, installed from the registry, with --test`, () => {
  const SHAPES = [
    'mock-context-errors',
    'optional-schema-member',
    'await-maybe-promise',
    'list-argument',
    'content-text',
    'indexed-access',
  ];
  const fixed = (out: Record<string, any>) =>
    out.upgrade.codemods.filter((c: { files: string[] }) => c.files.length > 0).map((c: { id: string }) => c.id);

  async function upgradeShapes(to: string): Promise<Record<string, any>> {
    const t = performance.now();
    const r = await run(
      process.execPath,
      [BIN, 'upgrade', '--to', frameworkTarball(to), '--test', '--no-devcheck', '--json'],
      {
        cwd: shapesRoot,
        timeoutMs: 900_000,
      },
    );
    timings.push(`shapes fixture: upgrade to ${to}: ${Math.round((performance.now() - t) / 1000)} s`);
    expect(r.exitCode, describeRun(r)).toBe(0);
    const out = parseJsonStdout(r);
    expect(out).toMatchObject({ ok: true, install: { passed: true } });
    expect(out.typecheck).toMatchObject({ ran: true, passed: true, before: 0, after: 0 });
    expect(out.tests).toMatchObject({ ran: true, passed: true, tests: 9, changed: [] });
    return out;
  }

  it('to 0.11.5: the codemods clear the backlog, the split adopted, tests as before, the build compiles', {
    timeout: UPGRADE_MS,
  }, async () => {
    const out = await upgradeShapes('0.11.5');
    expect(installedVersion(shapesRoot)).toBe('0.11.5');
    expect(fixed(out)).toEqual(SHAPES.map((s) => `test-shape/${s}`));
    expect(out.upgrade.decisions).toEqual([expect.objectContaining({ id: '0.11/tsconfig-split', adopted: true })]);
    const { run: tsc, errors } = await typeCheck(shapesRoot);
    expect(errors, describeRun(tsc)).toEqual([]);
    await runOk('npm', ['run', 'build'], { cwd: shapesRoot });
    await gitCommitAll(shapesRoot, 'on 0.11.5');
  });

  it('to 0.12.3: createRequestContext keys into additionalContext, tsc clean, tests as before, the build compiles', {
    timeout: UPGRADE_MS,
  }, async () => {
    const out = await upgradeShapes('0.12.3');
    expect(installedVersion(shapesRoot)).toBe('0.12.3');
    expect(out.upgrade.migrations).toContainEqual(
      expect.objectContaining({ id: '0.12/request-context-keys', changed: ['src/services/catalog.ts'] }),
    );
    expect(out.upgrade.decisions).toEqual([]);
    const { run: tsc, errors } = await typeCheck(shapesRoot);
    expect(errors, describeRun(tsc)).toEqual([]);
    await runOk('npm', ['run', 'build'], { cwd: shapesRoot });
  });
});
