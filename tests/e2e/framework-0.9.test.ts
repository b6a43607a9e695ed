/**
 * Public servers pin ^0.9 as well as ^0.10, and the registry serves 0.9.21: generated code must
 * compile against the framework a project really has installed, not the one mcp-scaffold was
 * written against. On ONE server made by 0.9.21's own `init` and installed from the registry,
 * every kind of `add` runs, then the project's TypeScript and the generated tests judge it.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCliBuilt,
  createFrameworkProject,
  describeRun,
  makeTempDir,
  parseJsonStdout,
  removeTempDir,
  run,
  runCli,
} from './support.js';

const OLD_FRAMEWORK = '0.9.21';
const ADDS: string[][] = [
  ['add', 'tool', 'demo_find_items'],
  ['add', 'resource', 'demo_item', '--uri', 'demo://items/{itemId}'],
  ['add', 'prompt', 'demo_review_item', '--title', 'Review Item'],
  ['add', 'service', 'ncbi'],
  ['add', 'tool', 'demo_fetch_record', '--service', 'ncbi'],
  ['add', 'tool', 'demo_rebuild_index', '--task'],
  ['add', 'tool', 'demo_show_board', '--app'],
];

let tmp: string;
let root: string;
const results: { args: string[]; json: Record<string, any> }[] = [];

beforeAll(async () => {
  assertCliBuilt();
  tmp = makeTempDir('mcp-scaffold-e2e-09-');
  root = await createFrameworkProject(tmp, 'demo', { version: OLD_FRAMEWORK });
  for (const args of ADDS) {
    const r = await runCli([...args, '--no-devcheck', '--json'], { cwd: root });
    if (r.exitCode !== 0) throw new Error(`${args.join(' ')} failed:\n${describeRun(r)}`);
    results.push({ args, json: parseJsonStdout(r) });
  }
}, 600_000);

afterAll(() => removeTempDir(tmp));

describe(`on a server made by @cyanheads/mcp-ts-core@${OLD_FRAMEWORK} init`, () => {
  it('every add succeeds; the prompt leaves out the title 0.9 does not know, and says so', () => {
    expect(results.map((r) => r.json.ok)).toEqual(ADDS.map(() => true));
    const prompt = results.find((r) => r.args[1] === 'prompt')!.json;
    expect(prompt.warnings).toContain(
      "The installed framework's prompts have no title (added in 0.10.3): --title ignored.",
    );
  });

  it('--confirm is refused: 0.9 declares ctx.elicit but never wires it to the client', async () => {
    const r = await runCli(['add', 'tool', 'demo_delete_item', '--confirm', '--no-devcheck', '--json'], { cwd: root });
    expect(r.exitCode, describeRun(r)).toBe(1);
    const json = parseJsonStdout(r);
    expect(json.error.code).toBe('FRAMEWORK_UNSUPPORTED');
    expect(json.error.hint).toContain('0.10.3 or later (ctx.elicit on 0.10.3 to 0.11.x, ctx.requestInput from 0.12.0)');
  });

  it('tsc --noEmit passes with all the generated code', async () => {
    const r = await run('npx', ['tsc', '--noEmit'], { cwd: root });
    expect(r.exitCode, describeRun(r)).toBe(0);
  });

  it('the generated tests pass against 0.9.21', async () => {
    const tests = results.flatMap((r) =>
      Object.values(r.json).flatMap((v: any) =>
        v && typeof v === 'object' && typeof v.testFile === 'string' ? [v.testFile] : [],
      ),
    );
    expect(tests.length).toBeGreaterThanOrEqual(6);
    const r = await run('npx', ['vitest', 'run', ...tests], { cwd: root });
    expect(r.exitCode, describeRun(r)).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`Test Files\\s+\\S*${tests.length} passed`));
  });
});

describe(`mcp-scaffold init --framework-version ^${OLD_FRAMEWORK}`, () => {
  let ours: string;

  beforeAll(async () => {
    const r = await runCli(
      ['init', 'ours', '--framework-version', `^${OLD_FRAMEWORK}`, '--yes', '--pm', 'npm', '--no-git', '--json'],
      {
        cwd: tmp,
      },
    );
    if (r.exitCode !== 0) throw new Error(describeRun(r));
    ours = `${tmp}/ours`;
  }, 600_000);

  it('installs 0.9.x, and the new server passes its own devcheck and tests there', async () => {
    const installed = await run('node', ['-p', "require('@cyanheads/mcp-ts-core/package.json').version"], {
      cwd: ours,
    });
    expect(installed.stdout.trim()).toMatch(/^0\.9\./);
    const devcheck = await run('npm', ['run', 'devcheck', '--', '--no-fix'], { cwd: ours });
    expect(devcheck.exitCode, describeRun(devcheck)).toBe(0);
    // The three starters' STAND-IN marks are its only warnings (--strict would fail on them).
    expect(devcheck.stdout).toMatch(/^4 passed, 0 failed, 3 warnings in /m);
    const tests = await run('npm', ['test'], { cwd: ours });
    expect(tests.exitCode, describeRun(tests)).toBe(0);
  });
});
