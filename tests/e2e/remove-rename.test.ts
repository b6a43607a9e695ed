/**
 * `remove` and `rename` on each kind, for real, on ONE server made by our `init` with the 0.12.3
 * framework (one npm install): grown with a second tool, resource and prompt and two services,
 * then one of each kind renamed and the other removed (the starter examples among them). After it:
 * devcheck passes, tsc reports nothing, the project's tests pass, `list` finds nothing dangling,
 * and a real MCP client lists exactly what is left, under the new names. And a server made with
 * `init --no-examples` (sharing that install) passes its devcheck and its (empty) test run, and
 * `add test` on each kind made there with `--no-test` writes a test that passes and fails once
 * the definition is broken.
 */

import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCliBuilt,
  buildServer,
  connectMcpClient,
  describeRun,
  frameworkTarball,
  makeTempDir,
  parseJsonStdout,
  type RunResult,
  removeTempDir,
  run,
  runCli,
  typeCheck,
} from './support.js';

const GROW = [
  ['add', 'tool', 'demo_find_items'],
  ['add', 'resource', 'demo_item', '--uri', 'demo://items/{itemId}'],
  ['add', 'prompt', 'demo_review_item'],
  ['add', 'service', 'ncbi'],
  ['add', 'service', 'geo'],
];
const CHANGES = [
  ['rename', 'tool', 'demo_find_items', 'demo_search_items'],
  ['rename', 'resource', 'demo-item', 'demo_record'],
  ['rename', 'prompt', 'demo_review_item', 'demo_critique'],
  ['rename', 'service', 'ncbi', 'pubmed'],
  ['remove', 'tool', 'demo_echo_message'],
  ['remove', 'resource', 'demo-echo'],
  ['remove', 'prompt', 'demo_summarize'],
  ['remove', 'service', 'geo'],
];

let tmp: string;
let demo: string;
let bare: string;
const changed: RunResult[] = [];

async function cliOk(args: string[], cwd: string): Promise<Record<string, any>> {
  const r = await runCli([...args, '--yes', '--json'], { cwd });
  expect(r.exitCode, describeRun(r)).toBe(0);
  return parseJsonStdout(r);
}

beforeAll(async () => {
  assertCliBuilt();
  tmp = makeTempDir('mcp-scaffold-e2e-remove-');
  const tgz = frameworkTarball('0.12.3');
  const init = await run(
    process.execPath,
    [
      path.join(import.meta.dirname, '../../bin/mcp-scaffold.js'),
      'init',
      'demo',
      '--yes',
      '--json',
      '--no-git',
      '--framework-version',
      tgz,
    ],
    { cwd: tmp, timeoutMs: 600_000, env: {} },
  );
  if (init.exitCode !== 0) throw new Error(describeRun(init));
  demo = path.join(tmp, 'demo');
  for (const args of GROW) await cliOk([...args, '--no-devcheck'], demo);
  for (const [i, args] of CHANGES.entries()) {
    // The last one runs the project's devcheck, as every command does by default.
    const last = i === CHANGES.length - 1;
    changed.push(await runCli([...args, '--yes', '--json', ...(last ? [] : ['--no-devcheck'])], { cwd: demo }));
  }
}, 900_000);

afterAll(() => removeTempDir(tmp));

describe('remove and rename on each kind', () => {
  it('every command exits 0 with one JSON object; the last ran devcheck and it passed', () => {
    for (const r of changed) {
      expect(r.exitCode, describeRun(r)).toBe(0);
      expect(parseJsonStdout(r)).toMatchObject({ ok: true, dryRun: false });
    }
    expect(parseJsonStdout(changed.at(-1)!).devcheck).toMatchObject({ ran: true, passed: true });
  });

  it('tsc over src and tests reports nothing', async () => {
    const { run: r, errors } = await typeCheck(demo);
    expect(errors).toEqual([]);
    expect(r.exitCode, describeRun(r)).toBe(0);
  });

  it("list finds exactly what is left, all registered, nothing dangling; the project's tests pass", async () => {
    const r = await runCli(['list', '--json'], { cwd: demo });
    expect(r.exitCode, describeRun(r)).toBe(0);
    const out = parseJsonStdout(r);
    expect(out.dangling).toEqual([]);
    expect(out.definitions.map((d: { kind: string; name: string }) => `${d.kind} ${d.name}`)).toEqual([
      'tool demo_search_items',
      'resource demo-record',
      'prompt demo_critique',
      'service pubmed',
    ]);
    const tests = await run('npx', ['vitest', 'run'], { cwd: demo });
    expect(tests.exitCode, describeRun(tests)).toBe(0);
    expect(tests.stdout).toMatch(/Test Files\s+4 passed/);
  });

  it('a real MCP client lists exactly what is left, under the new names, and calls the renamed tool', async () => {
    await buildServer(demo);
    const session = await connectMcpClient(demo);
    try {
      const { client } = session;
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['demo_search_items']);
      const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.name);
      expect(templates).toEqual(['demo-record']);
      // What resources/list has comes from that template's own list(): no starter resource is left.
      const listed = (await client.listResources()).resources.map((r) => r.uri);
      expect(listed.filter((uri) => !uri.startsWith('demo://items/'))).toEqual([]);
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['demo_critique']);
      const called = await client.callTool({ name: 'demo_search_items', arguments: { query: 'x' } });
      expect(called.isError ?? false, session.stderr()).toBe(false);
    } finally {
      await session.close();
    }
  });

  it('the index no longer names anything removed or renamed', () => {
    const index = readFileSync(path.join(demo, 'src/index.ts'), 'utf8');
    for (const gone of ['demoEchoMessageTool', 'demoEchoResource', 'demoSummarizePrompt', 'Geo', 'Ncbi', 'FindItems'])
      expect(index).not.toContain(gone);
    expect(index).toContain('initPubmedService(');
  });
});

describe('init --no-examples', () => {
  beforeAll(async () => {
    // The framework demo installed, so that node_modules can be shared.
    const tgz = frameworkTarball('0.12.3');
    await cliOk(['init', 'bare', '--no-examples', '--no-install', '--no-git', '--framework-version', tgz], tmp);
    bare = path.join(tmp, 'bare');
    symlinkSync(path.join(demo, 'node_modules'), path.join(bare, 'node_modules'), 'dir');
  });

  it('has no definitions, and its devcheck (tests too) passes', async () => {
    const list = parseJsonStdout(await runCli(['list', '--json'], { cwd: bare }));
    expect(list.definitions).toEqual([]);
    const r = await run('npm', ['run', 'devcheck', '--', '--test'], { cwd: bare, timeoutMs: 600_000 });
    expect(r.exitCode, describeRun(r)).toBe(0);
  });
});

describe('add test on a tool made with --no-test', () => {
  const TOOL = 'src/mcp-server/tools/definitions/bare-untested.tool.ts';
  const TEST = 'tests/tools/bare-untested.tool.test.ts';

  it('list marks it; the test add test writes passes, type-checks, and fails once the handler is broken', async () => {
    await cliOk(['add', 'tool', 'bare_untested', '--no-test', '--no-devcheck'], bare);
    const listed = parseJsonStdout(await runCli(['list', '--json'], { cwd: bare }));
    expect(listed.definitions).toEqual([expect.objectContaining({ name: 'bare_untested', test: null })]);
    const out = await cliOk(['add', 'test', 'bare_untested', '--no-devcheck'], bare);
    // The first test add test writes brings the server's shared sample helper with it.
    expect(out.changes).toEqual([
      { path: 'tests/helpers/sample-input.ts', action: 'create' },
      { path: TEST, action: 'create' },
    ]);
    const passing = await run('npx', ['vitest', 'run', TEST], { cwd: bare });
    expect(passing.exitCode, describeRun(passing)).toBe(0);
    const { errors } = await typeCheck(bare);
    expect(errors).toEqual([]);
    // The handler broken: it answers with nothing its output schema accepts.
    const source = readFileSync(path.join(bare, TOOL), 'utf8');
    const broken = source.replace(/(\n {2}(?:async )?handler\([^)]*\) \{)/, '$1\n    if (ctx) return {} as never;');
    expect(broken).not.toBe(source);
    writeFileSync(path.join(bare, TOOL), broken);
    const failing = await run('npx', ['vitest', 'run', TEST], { cwd: bare });
    expect(failing.exitCode, describeRun(failing)).not.toBe(0);
    writeFileSync(path.join(bare, TOOL), source);
  });
});

describe('add test on a resource, a prompt and a service made with --no-test (0.12.3)', () => {
  const CASES = [
    {
      add: ['resource', 'bare_note', '--uri', 'bare://notes/{noteId}'],
      test: 'tests/resources/bare-note.resource.test.ts',
      file: 'src/mcp-server/resources/definitions/bare-note.resource.ts',
      broken: 'bareNoteResource.handler = (() => undefined) as never;',
    },
    {
      add: ['prompt', 'bare_outline'],
      test: 'tests/prompts/bare-outline.prompt.test.ts',
      file: 'src/mcp-server/prompts/definitions/bare-outline.prompt.ts',
      broken: 'bareOutlinePrompt.generate = (() => []) as never;',
    },
    {
      add: ['service', 'notes'],
      test: 'tests/services/notes/notes-service.test.ts',
      file: 'src/services/notes/notes-service.ts',
      broken: "NotesService.prototype.search = () => Promise.reject(new Error('broken'));",
    },
  ];

  it('each new test passes and type-checks, and fails once its definition is broken', async () => {
    for (const c of CASES) {
      await cliOk(['add', ...c.add, '--no-test', '--no-devcheck'], bare);
      const out = await cliOk(['add', 'test', c.add[1]!, '--kind', c.add[0]!, '--no-devcheck'], bare);
      // The sample helper is there already (the tool's test above wrote it): only the test is new.
      expect(out.changes).toEqual([{ path: c.test, action: 'create' }]);
    }
    const tests = CASES.map((c) => c.test);
    const passing = await run('npx', ['vitest', 'run', ...tests], { cwd: bare });
    expect(passing.exitCode, describeRun(passing)).toBe(0);
    expect(passing.stdout).toMatch(/Test Files\s+3 passed/);
    const { errors } = await typeCheck(bare);
    expect(errors).toEqual([]);
    for (const c of CASES) {
      const source = readFileSync(path.join(bare, c.file), 'utf8');
      writeFileSync(path.join(bare, c.file), `${source}\n${c.broken}\n`);
      const failing = await run('npx', ['vitest', 'run', c.test], { cwd: bare });
      writeFileSync(path.join(bare, c.file), source);
      expect(failing.exitCode, describeRun(failing)).not.toBe(0);
      // A failing test of its own, not a file that did not load.
      expect(failing.stdout, describeRun(failing)).toMatch(/Tests\s+\d+ failed/);
    }
  });
});
