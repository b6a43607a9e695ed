/**
 * The pipeline every generating command runs, over trees held in memory: problems reported as
 * one error that keeps each problem's own sentence and every location, diffs for created files
 * on a dry run, and task reports in the JSON result.
 */

import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Planned, runPipeline } from '../../src/commands/pipeline.js';
import { ScaffoldError } from '../../src/engine/errors.js';
import type { GeneratorResult } from '../../src/engine/generator.js';
import { MemoryHost } from '../../src/engine/host.js';
import type { GlobalOptions } from '../../src/engine/options.js';
import { Reporter } from '../../src/engine/reporter.js';
import { skippedTask, type Task } from '../../src/engine/task.js';
import { Tree } from '../../src/engine/tree.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import { jsonRun } from '../helpers/global-options.js';
import { memoryProject, PACKAGE_JSON, VITEST_CONFIG } from '../helpers/projects.js';

const GLOBAL: GlobalOptions = jsonRun('/memory/project');

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs the pipeline with stdout and stderr captured; the exit status and what each said. */
async function pipeline(
  generate: () => Planned,
  global: Partial<GlobalOptions> = {},
  beforeFlush?: (planned: Planned) => Promise<void>,
) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
  const options = { ...GLOBAL, ...global };
  const reporter = new Reporter({ json: options.json, verbose: false });
  const code = await runPipeline({
    command: 'add tool',
    global: options,
    reporter,
    generate,
    ...(beforeFlush ? { beforeFlush } : {}),
  });
  vi.restoreAllMocks();
  // What a person reads: CI turns colour on, and the words are what is checked.
  const stdout = stripVTControlCharacters(out.join(''));
  const stderr = stripVTControlCharacters(err.join(''));
  return { code, stdout, stderr, json: options.json ? JSON.parse(stdout) : undefined };
}

/** `add tool` planned over files in memory. */
function addTool(files: Record<string, string>, name = 'demo_find_items'): () => Planned {
  return () => {
    const host = new MemoryHost({ 'package.json': PACKAGE_JSON, 'vitest.config.ts': VITEST_CONFIG, ...files });
    const tree = new Tree(host);
    return { tree, result: addToolGenerator(tree, memoryProject(host), { name, devcheck: false }) };
  };
}

const tool = (exportName: string, name: string) =>
  `import { tool, z } from '@cyanheads/mcp-ts-core';\n\nexport const ${exportName} = tool('${name}', {\n  description: 'x',\n  input: z.object({}),\n  handler: () => ({}),\n});\n`;

const DEFS = 'src/mcp-server/tools/definitions';
const GROUPED = {
  [`${DEFS}/demo-read.tool.ts`]: tool('demoReadTool', 'demo_read'),
  [`${DEFS}/demo-write.tool.ts`]: tool('demoWriteTool', 'demo_write'),
  'src/index.ts': [
    "import { createApp } from '@cyanheads/mcp-ts-core';",
    "import { demoReadTool } from './mcp-server/tools/definitions/demo-read.tool.js';",
    "import { demoWriteTool } from './mcp-server/tools/definitions/demo-write.tool.js';",
    '',
    'const readTools = [demoReadTool];',
    'const writeTools = [demoWriteTool];',
    '',
    "await createApp({ name: 'demo', tools: [...readTools, ...writeTools] });",
    '',
  ].join('\n'),
};
const GROUPS_SENTENCE =
  'src/index.ts:8: the definitions are split into groups (readTools, writeTools); choose one with --group.';

describe('problems through the pipeline', () => {
  it('GROUP_REQUIRED reads as its sentence, with the groups in its details', async () => {
    const r = await pipeline(addTool(GROUPED));
    expect(r.code).toBe(1);
    expect(r.json).toMatchObject({ ok: false, command: 'add tool' });
    expect(r.json.error).toEqual({
      code: 'GROUP_REQUIRED',
      message: GROUPS_SENTENCE,
      hint: 'Pass --group <name>, one of: readTools, writeTools.',
      details: [{ path: 'src/index.ts', line: 8, message: 'groups: readTools, writeTools' }],
    });
    const human = await pipeline(addTool(GROUPED), { json: false });
    expect(human.code).toBe(1);
    expect(human.stderr).toContain(`[GROUP_REQUIRED] ${GROUPS_SENTENCE}\n`);
    expect(human.stderr).toContain('  - src/index.ts:8: groups: readTools, writeTools\n');
  });

  it('"several files start an app" names every file and line', async () => {
    const server = (pad: string) =>
      `${pad}import { createApp } from '@cyanheads/mcp-ts-core';\n\nexport async function start() {\n  await createApp({ name: 'demo', tools: [] });\n}\n`;
    const r = await pipeline(
      addTool({ 'src/index.ts': 'export {};\n', 'src/a.ts': server(''), 'src/b.ts': server('\n') }),
    );
    expect(r.code).toBe(1);
    expect(r.json.error).toMatchObject({
      code: 'UNSUPPORTED_LAYOUT',
      message: 'Several files start an app (src/a.ts:4, src/b.ts:5); cannot tell which one is the server.',
      details: [
        { path: 'src/a.ts', line: 4, message: 'calls an app factory' },
        { path: 'src/b.ts', line: 5, message: 'calls an app factory' },
      ],
    });
  });

  it('several problems: each said with its place, every detail kept', async () => {
    const r = await pipeline(addTool({ ...GROUPED, [`${DEFS}/demo-find-items.tool.ts`]: 'export {};\n' }));
    expect(r.code).toBe(1);
    expect(r.json.error.code).toBe('CONFLICT');
    expect(r.json.error.message).toBe(
      [
        '2 problems, nothing was written:',
        `  ${DEFS}/demo-find-items.tool.ts: file already exists`,
        `  ${GROUPS_SENTENCE}`,
      ].join('\n'),
    );
    expect(r.json.error.details).toEqual([
      { path: `${DEFS}/demo-find-items.tool.ts`, message: 'file already exists' },
      { path: 'src/index.ts', line: 8, message: 'groups: readTools, writeTools' },
    ]);
  });
});

describe('a dry run', () => {
  const created = (): Planned => {
    const tree = new Tree(new MemoryHost({ 'old.txt': 'one\n' }));
    tree.write('old.txt', 'two\n');
    tree.write('new.txt', 'hello\n');
    const result: GeneratorResult = {
      notes: [],
      warnings: [],
      problems: [],
      tasks: [skippedTask('install', '--no-install')],
      data: { extra: 1 },
    };
    return { tree, result, headline: 'Creating demo' };
  };

  it('gives every change its diff, created files too, and runs no task', async () => {
    const r = await pipeline(created, { dryRun: true });
    expect(r.code).toBe(0);
    expect(r.json).toEqual({
      ok: true,
      command: 'add tool',
      dryRun: true,
      changes: [
        { path: 'new.txt', action: 'create', diff: '--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,1 @@\n+hello\n' },
        { path: 'old.txt', action: 'update', diff: '--- a/old.txt\n+++ b/old.txt\n@@ -1,1 +1,1 @@\n-one\n+two\n' },
      ],
      install: { ran: false, reason: 'dry run' },
      warnings: [],
      extra: 1,
    });
    const human = await pipeline(created, { dryRun: true, json: false });
    expect(human.stdout).toBe(
      [
        'Creating demo',
        'CREATE new.txt',
        '--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,1 @@\n+hello\n',
        'UPDATE old.txt',
        '--- a/old.txt\n+++ b/old.txt\n@@ -1,1 +1,1 @@\n-one\n+two\n',
        'Dry run: nothing was written.',
        '',
      ].join('\n'),
    );
  });
});

describe('a run: flush, then the tasks, each report under its key', () => {
  const ran: string[] = [];
  const probe = (key: string, failing = false): Task => ({
    key,
    run: async ({ root }) => {
      ran.push(`${key} in ${root}`);
      if (!failing) return { report: { ran: true, passed: true } };
      const error = new ScaffoldError('INSTALL_FAILED', `${key} failed; the files were written.`, { exitCode: 2 });
      return { report: { ran: true, passed: false, exitCode: 1 }, error };
    },
  });
  const planned = (host: MemoryHost, tasks: Task[]) => (): Planned => {
    const tree = new Tree(host);
    tree.write('new.txt', 'hello\n');
    return { tree, result: { notes: [], warnings: [], problems: [], tasks, data: {} } };
  };

  it('writes through the host, runs every task in order, reports each', async () => {
    ran.length = 0;
    const host = new MemoryHost({}, { root: '/memory/demo' });
    const r = await pipeline(planned(host, [probe('install'), skippedTask('git', '--no-git'), probe('devcheck')]));
    expect(r.code).toBe(0);
    expect(host.read('new.txt')).toBe('hello\n');
    expect(ran).toEqual([`install in ${host.root}`, `devcheck in ${host.root}`]);
    expect(r.json).toMatchObject({
      ok: true,
      changes: [{ path: 'new.txt', action: 'create' }],
      install: { ran: true, passed: true },
      git: { ran: false, reason: '--no-git' },
      devcheck: { ran: true, passed: true },
    });
  });

  it('a failed task: exit 2 with its error and every report; the tasks after it still run', async () => {
    ran.length = 0;
    const host = new MemoryHost({}, { root: '/memory/demo' });
    const r = await pipeline(planned(host, [probe('install', true), probe('git')]));
    expect(r.code).toBe(2);
    expect(ran).toEqual([`install in ${host.root}`, `git in ${host.root}`]);
    expect(r.json).toMatchObject({
      ok: false,
      error: { code: 'INSTALL_FAILED', message: 'install failed; the files were written.' },
      install: { ran: true, passed: false, exitCode: 1 },
      git: { ran: true, passed: true },
    });
    expect(host.read('new.txt')).toBe('hello\n');
  });

  it('nothing changed: no task runs', async () => {
    ran.length = 0;
    const host = new MemoryHost({ 'new.txt': 'hello\n' });
    const r = await pipeline(planned(host, [probe('devcheck'), skippedTask('git', '--no-git')]));
    expect(r.code).toBe(0);
    expect(ran).toEqual([]);
    expect(r.json).toMatchObject({
      changes: [],
      devcheck: { ran: false, reason: 'no changes' },
      git: { reason: '--no-git' },
    });
  });

  it('beforeFlush: once, on the project as it was, right before the flush; never on a dry run or no change', async () => {
    const seen: (string | undefined)[] = [];
    const look = (host: MemoryHost) => async () => {
      seen.push(host.read('new.txt'));
    };
    const host = new MemoryHost({}, { root: '/memory/demo' });
    expect((await pipeline(planned(host, []), {}, look(host))).code).toBe(0);
    expect(seen).toEqual([undefined]);
    expect(host.read('new.txt')).toBe('hello\n');
    const dry = new MemoryHost({}, { root: '/memory/demo' });
    await pipeline(planned(dry, []), { dryRun: true }, look(dry));
    await pipeline(planned(host, []), {}, look(host));
    expect(seen).toEqual([undefined]);
  });
});
