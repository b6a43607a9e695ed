/**
 * `upgrade` across the framework's lines on a real server: made by our `init` on 0.10.17 (from the
 * registry), grown with every kind and variant `add` has there, then upgraded to 0.11.5 and to
 * 0.12.3 (the tarballs beside the repository). After each step the server's own tools judge it:
 * tsc over src and tests, the generated tests, the build, and a real MCP client that lists and
 * calls everything, the confirm tool answered yes and no. On the way to 0.12 the task tool is
 * refused (nothing written) without --drop-tasks, and becomes a plain tool with it.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCliBuilt,
  BIN,
  connectMcpClient,
  describeRun,
  expectConfirmToolAnswers,
  FRAMEWORK,
  frameworkTarball,
  gitCommitAll,
  gitInitAndCommit,
  hashTree,
  makeTempDir,
  parseJsonStdout,
  type RunResult,
  removeTempDir,
  run,
  runCli,
  runOk,
  textOf,
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
let root: string;
const timings: string[] = [];
const started = performance.now();

beforeAll(async () => {
  assertCliBuilt();
  tmp = makeTempDir('mcp-scaffold-upgrade-');
  const t = performance.now();
  const init = await run(
    process.execPath,
    [BIN, 'init', 'acme', '--yes', '--no-git', '--owner', 'acme', '--description', 'Catalogue tools.'],
    { cwd: tmp, timeoutMs: 600_000 },
  );
  if (init.exitCode !== 0) throw new Error(describeRun(init));
  root = path.join(tmp, 'acme');
  timings.push(`init with install: ${Math.round((performance.now() - t) / 1000)} s`);
  for (const args of ADDS) {
    const r = await runCli(['add', ...args, '--no-devcheck', '--json', '--yes'], { cwd: root });
    if (r.exitCode !== 0) throw new Error(describeRun(r));
  }
  await gitInitAndCommit(root, 'grown on 0.10.17');
});

afterAll(() => {
  removeTempDir(tmp);
  timings.push(`whole file: ${Math.round((performance.now() - started) / 1000)} s`);
  process.stderr.write(`[upgrade] ${timings.join('; ')}\n`);
});

const installedVersion = () =>
  (JSON.parse(readFileSync(path.join(root, 'node_modules', FRAMEWORK, 'package.json'), 'utf8')) as { version: string })
    .version;

async function upgrade(args: string[]): Promise<RunResult> {
  const t = performance.now();
  // An install and devcheck: minutes on a loaded machine, not the CLI's usual minute.
  const r = await run(process.execPath, [BIN, 'upgrade', ...args, '--json'], { cwd: root, timeoutMs: 600_000 });
  timings.push(`upgrade ${args.join(' ').replace(/\S*\//g, '')}: ${Math.round((performance.now() - t) / 1000)} s`);
  return r;
}

/** The devcheck upgrade ran passed: Biome, tsc over src and tests (tsconfig.json has both), the linter. */
function expectDevcheckPassed(r: RunResult): void {
  expect(parseJsonStdout(r)).toMatchObject({ ok: true, install: { passed: true }, devcheck: { passed: true } });
  expect(r.stderr).toMatch(/✔ TypeScript .* no type errors/);
  expect(r.stderr).toMatch(/✔ Biome/);
  expect(JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8').replace(/\/\/.*$/gm, '')).include).toContain(
    'tests/**/*',
  );
}

/** The tests, the build; then a client lists and calls everything. */
async function expectServerWorks(tasks: boolean): Promise<void> {
  const tests = await run('npx', ['vitest', 'run'], { cwd: root });
  expect(tests.exitCode, describeRun(tests)).toBe(0);
  expect(tests.stdout).not.toMatch(/\d+ failed/);
  await runOk('npm', ['run', 'build'], { cwd: root });
  const session = await connectMcpClient(root);
  try {
    const tools = (await session.client.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual([
      'acme_delete_item',
      'acme_echo_message',
      'acme_fetch_record',
      'acme_find_items',
      'acme_rebuild_index',
      'acme_show_board',
    ]);
    expect(tools.find((t) => t.name === 'acme_rebuild_index')?.execution ?? {}).toEqual(
      tasks ? { taskSupport: 'optional' } : {},
    );
    const call = (name: string, args: Record<string, unknown>) => session.client.callTool({ name, arguments: args });
    expect((await call('acme_echo_message', { message: 'hi' })).structuredContent).toMatchObject({ message: 'hi' });
    expect((await call('acme_find_items', { query: 'widgets' })).structuredContent).toMatchObject({ itemCount: 1 });
    expect((await call('acme_fetch_record', { id: 'rec-42' })).structuredContent).toMatchObject({ id: 'rec-42' });
    expect((await call('acme_show_board', { topic: 'widgets' })).isError).toBeFalsy();
    const rebuilt = await call('acme_rebuild_index', { steps: 2 });
    expect(rebuilt.structuredContent).toEqual({ stepsRequested: 2, stepsCompleted: 2, cancelled: false });
    const uris = (await session.client.listResources()).resources.map((r) => r.uri);
    expect(uris).toEqual(expect.arrayContaining(['ui://acme-show-board/app.html']));
    for (const uri of uris) expect((await session.client.readResource({ uri })).contents.length).toBeGreaterThan(0);
    const prompt = await session.client.getPrompt({ name: 'acme_review_item', arguments: { topic: 'item 7' } });
    expect(textOf(prompt.messages.map((m) => m.content))).toContain('item 7');
  } finally {
    await session.close();
  }
  await expectConfirmToolAnswers(root, 'acme_delete_item');
}

describe(`upgrade of a server made by our init on ${FRAMEWORK} 0.10.17`, () => {
  it('to 0.11.5: exit 0, the range, the typed mock contexts, install and devcheck passed', async () => {
    expect(installedVersion()).toBe('0.10.17');
    const r = await upgrade(['--to', frameworkTarball('0.11.5')]);
    expect(r.exitCode, describeRun(r)).toBe(0);
    expectDevcheckPassed(r);
    const out = parseJsonStdout(r);
    expect(out).toMatchObject({ command: 'upgrade', upgrade: { from: '0.10.17', to: '0.11.5' } });
    expect(out.upgrade.migrations.map((m: { id: string }) => m.id)).toEqual([
      '0.11/tsconfig-split',
      '0.11/typed-mock-context',
    ]);
    const paths = out.changes.map((c: { path: string }) => c.path);
    expect(paths).toEqual(expect.arrayContaining(['package.json', 'tests/tools/acme-delete-item.tool.test.ts']));
    expect(installedVersion()).toBe('0.11.5');
    expect(readFileSync(path.join(root, 'tests/tools/acme-find-items.tool.test.ts'), 'utf8')).not.toContain(' as ');
    await gitCommitAll(root, 'on 0.11.5');
  });

  it('on 0.11.5: the tests and the build pass; a client lists and calls everything, the task tool as a task', async () => {
    await expectServerWorks(true);
  });

  it('to 0.12.3 without --drop-tasks: refused with the task tool file and line, nothing written', async () => {
    const before = hashTree(root);
    const r = await upgrade(['--to', frameworkTarball('0.12.3')]);
    expect(r.exitCode, describeRun(r)).toBe(1);
    const out = parseJsonStdout(r);
    expect(out).toMatchObject({ ok: false, error: { code: 'FRAMEWORK_UNSUPPORTED' } });
    expect(out.error.details).toEqual([expect.objectContaining({ path: TASK_TOOL, line: expect.any(Number) })]);
    expect(out.error.hint).toContain('--drop-tasks');
    expect(hashTree(root)).toEqual(before);
  });

  it('to 0.12.3 with --drop-tasks: confirm flow on ctx.requestInput, the task a plain tool, devcheck passed', async () => {
    const r = await upgrade(['--to', frameworkTarball('0.12.3'), '--drop-tasks']);
    expect(r.exitCode, describeRun(r)).toBe(0);
    expectDevcheckPassed(r);
    expect(parseJsonStdout(r).upgrade).toMatchObject({ from: '0.11.5', to: '0.12.3', dropTasks: true });
    expect(installedVersion()).toBe('0.12.3');
    const confirm = readFileSync(path.join(root, `${DEFS}/acme-delete-item.tool.ts`), 'utf8');
    expect(confirm).toContain('return ctx.requestInput({');
    expect(confirm).not.toContain('ctx.elicit');
    const task = readFileSync(path.join(root, TASK_TOOL), 'utf8');
    expect(task).not.toMatch(/task: true|ctx\.progress/);
  });

  it('on 0.12.3: the tests and the build pass; a client lists and calls everything, the confirm tool both ways', async () => {
    await expectServerWorks(false);
  });
});
