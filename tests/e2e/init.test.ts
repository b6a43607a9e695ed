/**
 * `mcp-scaffold init`, for real: `init demo --yes --pm npm` in a temp folder installs the real
 * framework from the registry; then, in the new project and on Node alone (no bun on PATH), its
 * own devcheck passes read-only with no error and no warning, its tests pass, it builds, and a real
 * MCP client over stdio lists and calls the starter tool, resource and prompt. Then `add tool`,
 * `add resource` and `add prompt` grow it: devcheck still passes and the rebuilt server answers
 * each new definition. A second init changes nothing.
 *
 * One project, one npm install (≈20 s), shared by the tests below in order.
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCliBuilt,
  BIN,
  connectMcpClient,
  describeRun,
  hashTree,
  makeTempDir,
  parseJsonStdout,
  type RunResult,
  removeTempDir,
  run,
  runOk,
} from './support.js';

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'mcp-scaffold e2e',
  GIT_AUTHOR_EMAIL: 'e2e@example.invalid',
  GIT_COMMITTER_NAME: 'mcp-scaffold e2e',
  GIT_COMMITTER_EMAIL: 'e2e@example.invalid',
};

/** PATH without any folder that holds bun: the project must need Node and npm only. */
function pathWithoutBun(): string {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir && !existsSync(path.join(dir, 'bun')))
    .join(path.delimiter);
}
const NODE_ONLY = { PATH: pathWithoutBun(), ...GIT_ENV };

let tmp: string;
let demo: string;
let init: RunResult;

const npm = (args: string[], timeoutMs = 300_000) => run('npm', args, { cwd: demo, env: NODE_ONLY, timeoutMs });
const cli = (args: string[], cwd = demo) =>
  run(process.execPath, [BIN, ...args], { cwd, env: NODE_ONLY, timeoutMs: 600_000 });

/** The checks a devcheck summary reports, with their marks: { Biome: '✔', … }. */
function summary(output: string): Record<string, string> {
  const part = output.slice(output.lastIndexOf('Summary'));
  const out: Record<string, string> = {};
  for (const m of part.matchAll(/^\s+([✔⚠✖-])\s+(Biome|TypeScript|MCP definitions|Tests)\b/gmu)) out[m[2]!] = m[1]!;
  return out;
}

/**
 * `npm run devcheck -- <flags>` must exit 0 with every check ✔ and no warning anywhere but the
 * Stand-ins check's list of what is still to replace (init's starters and the code add made up,
 * under `// STAND-IN:`; descriptions add made up for params and arguments typed without one).
 */
async function expectCleanDevcheck(flags: string[]): Promise<RunResult> {
  const r = await npm(['run', 'devcheck', '--', ...flags]);
  expect(r.exitCode, describeRun(r)).toBe(0);
  expect(r.stdout).toMatch(/\d+ passed, 0 failed, \d+ warnings? in [\d.]+s/);
  const standIns = /^⚠ Stand-ins [^\n]*\n(?: {4}[^\n]*\n)+/mu;
  const standInsSummary = /^ {2}⚠ Stand-ins [^\n]*\n/mu;
  const rest = r.stdout.replace(standIns, '').replace(standInsSummary, '');
  expect(rest, describeRun(r)).not.toMatch(/[⚠✖]|warning \[|error \[/u);
  expect(summary(r.stdout)).toMatchObject({ Biome: '✔', TypeScript: '✔', 'MCP definitions': '✔' });
  process.stderr.write(`[e2e] npm run devcheck -- ${flags.join(' ')}: ${(r.durationMs / 1000).toFixed(1)} s\n`);
  return r;
}

beforeAll(async () => {
  assertCliBuilt();
  tmp = makeTempDir('mcp-scaffold-e2e-init-');
  demo = path.join(tmp, 'demo');
  init = await cli(
    ['init', 'demo', '--yes', '--pm', 'npm', '--json', '--description', 'Demo server made by the e2e test.'],
    tmp,
  );
  process.stderr.write(`[e2e] init demo --yes --pm npm (with npm install): ${(init.durationMs / 1000).toFixed(1)} s\n`);
});

afterAll(() => removeTempDir(tmp));

describe('init demo --yes --pm npm', () => {
  it('writes, installs the real framework, commits, and says so in one JSON object', async () => {
    expect(init.exitCode, describeRun(init)).toBe(0);
    const out = parseJsonStdout(init);
    expect(out).toMatchObject({
      ok: true,
      command: 'init',
      install: { ran: true, passed: true, exitCode: 0, command: 'npm install --no-audit --no-fund' },
      git: { ran: true, initialized: true, committed: true },
      project: { name: 'demo', prefix: 'demo', packageManager: 'npm' },
    });
    expect(out.changes).toHaveLength(31);
    const installed = JSON.parse(
      readFileSync(path.join(demo, 'node_modules/@cyanheads/mcp-ts-core/package.json'), 'utf8'),
    );
    expect(installed.version).toMatch(/^0\.10\.\d+$/);
    expect(existsSync(path.join(demo, 'package-lock.json'))).toBe(true);
    const status = await runOk('git', ['status', '--porcelain'], { cwd: demo });
    expect(status.stdout).toBe('');
  });

  it('passes its own devcheck read-only on Node alone: no error, no warning, nothing changed', async () => {
    const before = hashTree(demo);
    await expectCleanDevcheck(['--no-fix']);
    expect(hashTree(demo)).toEqual(before);
  });

  it("devcheck's --only and --fast pick checks; a name that matches nothing is an error", async () => {
    const only = await npm(['run', 'devcheck', '--', '--only', 'mcp', '--no-fix']);
    expect(only.exitCode, describeRun(only)).toBe(0);
    expect(summary(only.stdout)).toEqual({ Biome: '-', TypeScript: '-', 'MCP definitions': '✔', Tests: '-' });
    const fast = await npm(['run', 'devcheck', '--', '--fast', '--no-fix']);
    expect(fast.exitCode, describeRun(fast)).toBe(0);
    expect(summary(fast.stdout)).toEqual({ Biome: '✔', TypeScript: '-', 'MCP definitions': '✔', Tests: '-' });
    expect(fast.stdout).toMatch(/TypeScript\s+skipped \(--fast\)/);
    const none = await npm(['run', 'devcheck', '--', '--only', 'lnt']);
    expect(none.exitCode).not.toBe(0);
    expect(none.stderr).toContain('--only lnt matches no check');
  });

  it('passes its tests', async () => {
    const r = await npm(['test']);
    expect(r.exitCode, describeRun(r)).toBe(0);
    expect(r.stdout).toMatch(/Test Files\s+3 passed/);
    expect(r.stdout).toMatch(/Tests\s+7 passed/);
  });

  it('builds with npm run build and answers an MCP client: list and call tool, resource, prompt', async () => {
    const build = await npm(['run', 'build']);
    expect(build.exitCode, describeRun(build)).toBe(0);
    expect(existsSync(path.join(demo, 'dist/index.js'))).toBe(true);

    const session = await connectMcpClient(demo);
    try {
      const { client } = session;
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toEqual(['demo_echo_message']);
      expect(tools.tools[0]).toMatchObject({ title: 'Echo Message', annotations: { readOnlyHint: true } });

      const called = await client.callTool({ name: 'demo_echo_message', arguments: { message: 'hello e2e' } });
      expect(called.isError ?? false, session.stderr()).toBe(false);
      expect(called.structuredContent).toEqual({ message: 'hello e2e', characterCount: 9 });
      expect(JSON.stringify(called.content)).toContain('hello e2e');

      const resources = await client.listResources();
      expect(resources.resources.map((r) => r.uri)).toEqual(['demo://echo/hello']);
      const templates = await client.listResourceTemplates();
      expect(templates.resourceTemplates.map((t) => [t.name, t.uriTemplate])).toEqual([
        ['demo-echo', 'demo://echo/{message}'],
      ]);
      const read = await client.readResource({ uri: 'demo://echo/hello' });
      const first = read.contents[0] as { text?: string; mimeType?: string };
      expect(first.mimeType).toBe('application/json');
      expect(JSON.parse(first.text ?? '')).toEqual({ message: 'hello', characterCount: 5 });

      const prompts = await client.listPrompts();
      expect(prompts.prompts.map((p) => p.name)).toEqual(['demo_summarize']);
      const got = await client.getPrompt({ name: 'demo_summarize', arguments: { text: 'The e2e text.' } });
      expect(got.messages).toHaveLength(1);
      expect(got.messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } });
      expect(JSON.stringify(got.messages[0])).toContain('The e2e text.');
    } finally {
      await session.close();
    }
  });
});

describe('then grow it with add tool, add resource, add prompt', () => {
  it('adds them, devcheck still passes, and the rebuilt server lists and answers each', async () => {
    const add = await cli(['add', 'tool', 'demo_find_items', '--description', 'Find demo items by keyword.', '--json']);
    expect(add.exitCode, describeRun(add)).toBe(0);
    const out = parseJsonStdout(add);
    expect(out).toMatchObject({ ok: true, devcheck: { ran: true, passed: true, exitCode: 0 } });
    expect(out.changes.map((c: { path: string }) => c.path)).toEqual(
      expect.arrayContaining(['src/index.ts', 'src/mcp-server/tools/definitions/demo-find-items.tool.ts']),
    );
    // The next two skip their own devcheck: one read-only devcheck below covers all three.
    const resource = await cli([
      'add',
      'resource',
      'demo-item',
      '--uri',
      'demo://items/{itemId}',
      '--description',
      'One demo item.',
      '--json',
      '--no-devcheck',
    ]);
    expect(resource.exitCode, describeRun(resource)).toBe(0);
    const prompt = await cli([
      'add',
      'prompt',
      'demo_review_item',
      '--description',
      'Ask for a review of one item.',
      '--json',
      '--no-devcheck',
    ]);
    expect(prompt.exitCode, describeRun(prompt)).toBe(0);

    const check = await expectCleanDevcheck(['--no-fix']);
    expect(check.stdout).toContain('2 tools, 2 resources, 2 prompts + server.json');
    const tests = await npm(['test']);
    expect(tests.exitCode, describeRun(tests)).toBe(0);
    expect(tests.stdout).toMatch(/Test Files\s+6 passed/);

    const build = await npm(['run', 'build']);
    expect(build.exitCode, describeRun(build)).toBe(0);
    const session = await connectMcpClient(demo);
    try {
      const { client } = session;
      const names = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(names).toEqual(['demo_echo_message', 'demo_find_items']);
      const called = await client.callTool({ name: 'demo_find_items', arguments: { query: 'widgets' } });
      expect(called.isError ?? false, session.stderr()).toBe(false);
      expect(called.structuredContent).toMatchObject({ effectiveQuery: 'widgets', totalCount: 1 });

      const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
      expect(templates).toEqual(expect.arrayContaining(['demo://echo/{message}', 'demo://items/{itemId}']));
      const read = await client.readResource({ uri: 'demo://items/42' });
      expect(read.contents[0]?.uri).toBe('demo://items/42');
      expect((read.contents[0] as { text?: string }).text).toContain('42');

      const prompts = (await client.listPrompts()).prompts.map((p) => p.name).sort();
      expect(prompts).toEqual(['demo_review_item', 'demo_summarize']);
      const got = await client.getPrompt({ name: 'demo_review_item', arguments: { item: 'the e2e item' } });
      expect(got.messages.length).toBeGreaterThan(0);
      expect(JSON.stringify(got.messages)).toContain('the e2e item');
    } finally {
      await session.close();
    }
  });
});

describe('a second init', () => {
  it('into the same folder changes nothing and says so', async () => {
    const before = hashTree(demo);
    const again = await cli(['init', 'demo', '--yes', '--json'], tmp);
    expect(again.exitCode, describeRun(again)).toBe(0);
    const out = parseJsonStdout(again);
    expect(out).toMatchObject({ ok: true, changes: [], project: { mode: 'upgrade' }, install: { ran: false } });
    expect(out.skipped).toEqual(expect.arrayContaining(['package.json', 'scripts/devcheck.ts', 'AGENTS.md']));
    expect(again.stderr).toContain('Nothing to change');
    expect(hashTree(demo)).toEqual(before);
  });
});

/**
 * bun as the chosen package manager: `bun install`, then `bun run devcheck`. bun comes from PATH,
 * else from the npm registry (the `bun` package) into the temp folder; if neither works the test
 * is skipped with the reason, since that is the machine's limit, not the project's.
 */
describe('init with --pm bun', () => {
  it('installs with bun, and bun run devcheck and bun run test pass', async (ctx) => {
    let bunDir = (process.env.PATH ?? '').split(path.delimiter).find((dir) => dir && existsSync(path.join(dir, 'bun')));
    if (!bunDir) {
      const tools = path.join(tmp, 'tools');
      const got = await run('npm', ['install', '--prefix', tools, '--no-audit', '--no-fund', 'bun@1'], {
        cwd: tmp,
        timeoutMs: 300_000,
      });
      const candidate = path.join(tools, 'node_modules', '.bin');
      if (got.exitCode !== 0 || !existsSync(path.join(candidate, 'bun'))) {
        ctx.skip(`bun could not be had: ${describeRun(got).slice(0, 500)}`);
        return;
      }
      bunDir = candidate;
    }
    const env = { ...GIT_ENV, PATH: `${bunDir}${path.delimiter}${process.env.PATH ?? ''}` };
    const made = await run(process.execPath, [BIN, 'init', 'bunny', '--yes', '--pm', 'bun', '--json', '--no-git'], {
      cwd: tmp,
      env,
      timeoutMs: 300_000,
    });
    expect(made.exitCode, describeRun(made)).toBe(0);
    expect(parseJsonStdout(made)).toMatchObject({ install: { ran: true, passed: true, command: 'bun install' } });
    const root = path.join(tmp, 'bunny');
    expect(existsSync(path.join(root, 'bun.lock'))).toBe(true);

    const check = await run('bun', ['run', 'devcheck', '--no-fix'], { cwd: root, env });
    expect(check.exitCode, describeRun(check)).toBe(0);
    // The warnings: init's three starters, each marked as the example it is.
    expect(check.stdout).toMatch(/4 passed, 0 failed, 3 warnings/);
    const tests = await run('bun', ['run', 'test'], { cwd: root, env });
    expect(tests.exitCode, describeRun(tests)).toBe(0);
  });
});
