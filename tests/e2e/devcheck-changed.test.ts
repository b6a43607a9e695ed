/**
 * The devcheck `add` runs on a server made by our `init` (one real install of the framework from
 * the registry): it checks what changed — Biome and the framework linter on the written files,
 * TypeScript incrementally over the whole program — and still fails on a type error the change
 * causes in a file it did not write; files left unchecked by `--no-devcheck` are checked by the
 * next devcheck; `--full-devcheck` checks everything. Timings are the bench's business, not here.
 */

import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCliBuilt,
  BIN,
  describeRun,
  makeTempDir,
  parseJsonStdout,
  type RunResult,
  removeTempDir,
  run,
} from './support.js';

let tmp: string;
let demo: string;

const cli = (args: string[]) => run(process.execPath, [BIN, ...args], { cwd: demo, timeoutMs: 600_000 });
const file = (rel: string) => path.join(demo, rel);
const TOOLS = 'src/mcp-server/tools/definitions';

/** `add … --json` that ran its devcheck: the result object, and devcheck's output (stderr under --json). */
async function add(args: string[]): Promise<{ r: RunResult; out: Record<string, any>; log: string }> {
  const r = await cli(['add', ...args, '--json']);
  return { r, out: parseJsonStdout(r), log: r.stderr };
}

beforeAll(async () => {
  assertCliBuilt();
  tmp = makeTempDir('mcp-scaffold-e2e-devcheck-');
  demo = path.join(tmp, 'demo');
  const init = await run(process.execPath, [BIN, 'init', 'demo', '--yes', '--pm', 'npm', '--no-git', '--json'], {
    cwd: tmp,
    timeoutMs: 600_000,
  });
  if (init.exitCode !== 0) throw new Error(describeRun(init));
});

afterAll(() => removeTempDir(tmp));

describe('the devcheck after add, on a server made by our init', () => {
  it('checks the written files only; --full-devcheck checks the rest too', async () => {
    // A Biome error (no safe fix) in a file no add touches.
    writeFileSync(file('src/elsewhere.ts'), 'export const same = (a: unknown, b: unknown) => a == b;\n');
    const fast = await add(['tool', 'demo_find_items', '--description', 'Find demo items by keyword.']);
    expect(fast.r.exitCode, describeRun(fast.r)).toBe(0);
    expect(fast.out.devcheck).toMatchObject({ ran: true, passed: true, scope: 'changed' });
    expect(fast.out.devcheck.files).toEqual([
      // Our init's README lists the definitions: add keeps its table.
      'README.md',
      'src/index.ts',
      `${TOOLS}/demo-find-items.tool.ts`,
      'tests/tools/demo-find-items.tool.test.ts',
    ]);
    expect(fast.log).toContain('changed files only');

    const full = await add(['tool', 'demo_list_items', '--description', 'List demo items.', '--full-devcheck']);
    expect(full.r.exitCode, describeRun(full.r)).toBe(2);
    expect(full.out.devcheck).toMatchObject({ ran: true, passed: false, scope: 'full' });
    expect(full.out.devcheck.files).toBeUndefined();
    expect(full.log).toContain('src/elsewhere.ts');
    expect(full.log).toContain('noDoubleEquals');
    rmSync(file('src/elsewhere.ts'));
  });

  it('fails on a Biome error and a type error in a written file', async () => {
    // src/index.ts is written by every add: both errors are in a changed file.
    appendFileSync(
      file('src/index.ts'),
      "export const wrong: number = 'text' as string;\nexport const loose = (a: unknown) => a == 1;\n",
    );
    const broken = await add(['tool', 'demo_get_item', '--description', 'Get one demo item.']);
    expect(broken.r.exitCode, describeRun(broken.r)).toBe(2);
    expect(broken.out.devcheck).toMatchObject({ ran: true, passed: false, scope: 'changed' });
    expect(broken.out.devcheck.files).toContain('src/index.ts');
    expect(broken.log).toMatch(/src\/index\.ts.*error TS2322/);
    expect(broken.log).toContain('noDoubleEquals');
    const index = readFileSync(file('src/index.ts'), 'utf8');
    writeFileSync(file('src/index.ts'), index.replace(/export const wrong[^\n]*\n|export const loose[^\n]*\n/g, ''));
  });

  it('fails on a type error the change causes in a file it did not write', async () => {
    // A hand-written test leans on an export the generated file does not have; --force rewrites it.
    const tool = `${TOOLS}/demo-find-items.tool.ts`;
    appendFileSync(file(tool), "export const extra = 'x';\n");
    writeFileSync(
      file('tests/extra.test.ts'),
      [
        "import { describe, expect, it } from 'vitest';",
        "import { extra } from '../src/mcp-server/tools/definitions/demo-find-items.tool.js';",
        '',
        "describe('extra', () => {",
        "  it('is x', () => expect(extra).toBe('x'));",
        '});',
        '',
      ].join('\n'),
    );
    const forced = await add([
      'tool',
      'demo_find_items',
      '--description',
      'Find demo items by keyword.',
      '--force',
      '--overwrite-edited',
    ]);
    expect(forced.r.exitCode, describeRun(forced.r)).toBe(2);
    expect(forced.out.devcheck).toMatchObject({ scope: 'changed', passed: false });
    expect(forced.out.devcheck.files).not.toContain('tests/extra.test.ts');
    expect(forced.log).toMatch(/tests\/extra\.test\.ts.*error TS2305/);
    rmSync(file('tests/extra.test.ts'));
  });

  it('checks what --no-devcheck left unchecked at the next add, framework linter included', async () => {
    const quiet = await cli([
      'add',
      'tool',
      'demo_count_items',
      '--description',
      'Count demo items.',
      '--json',
      '--no-devcheck',
    ]);
    expect(quiet.exitCode, describeRun(quiet)).toBe(0);
    // A linter error (a Date cannot be a JSON Schema) in the definition nobody checked yet.
    const tool = `${TOOLS}/demo-count-items.tool.ts`;
    const text = readFileSync(file(tool), 'utf8');
    expect(text).toContain('  input: z.object({\n');
    writeFileSync(
      file(tool),
      text.replace('  input: z.object({\n', "  input: z.object({\n    when: z.date().optional().describe('When.'),\n"),
    );
    const next = await add(['prompt', 'demo_review_item', '--description', 'Ask for a review of one item.']);
    expect(next.r.exitCode, describeRun(next.r)).toBe(2);
    expect(next.out.devcheck.files).toEqual(expect.arrayContaining([tool, 'src/index.ts']));
    expect(next.log).toMatch(/error \[schema-serializable\] demo_count_items/);

    // Mended, the next devcheck passes, and the list of unchecked files is cleared.
    writeFileSync(file(tool), text);
    const mended = await add([
      'resource',
      'demo-item',
      '--uri',
      'demo://items/{itemId}',
      '--description',
      'One demo item.',
    ]);
    expect(mended.r.exitCode, describeRun(mended.r)).toBe(0);
    expect(mended.out.devcheck.files).toEqual(expect.arrayContaining([tool]));
    const after = await add(['prompt', 'demo_summarize_item', '--description', 'Ask for a summary of one item.']);
    expect(after.r.exitCode, describeRun(after.r)).toBe(0);
    expect(after.out.devcheck.files).not.toContain(tool);
  });

  it('fails on a type error and a Biome error in a tool added unchecked, and on a duplicate MCP name', async () => {
    const quiet = await cli([
      'add',
      'tool',
      'demo_sort_items',
      '--description',
      'Sort demo items.',
      '--json',
      '--no-devcheck',
    ]);
    expect(quiet.exitCode, describeRun(quiet)).toBe(0);
    const tool = `${TOOLS}/demo-sort-items.tool.ts`;
    const text = readFileSync(file(tool), 'utf8');
    appendFileSync(
      file(tool),
      "export const wrong: number = 'text' as string;\nexport const loose = (a: unknown) => a == 1;\n",
    );
    const broken = await add(['prompt', 'demo_explain_item', '--description', 'Ask why an item matters.']);
    expect(broken.r.exitCode, describeRun(broken.r)).toBe(2);
    expect(broken.out.devcheck).toMatchObject({ scope: 'changed', passed: false });
    expect(broken.log).toMatch(/demo-sort-items\.tool\.ts.*error TS2322/);
    expect(broken.log).toContain('noDoubleEquals');

    // Named like the tool the first add wrote: only the checks across definitions see it.
    writeFileSync(file(tool), text.replace("tool('demo_sort_items'", "tool('demo_find_items'"));
    const twice = await add(['prompt', 'demo_rank_item', '--description', 'Ask for a rank of one item.']);
    expect(twice.r.exitCode, describeRun(twice.r)).toBe(2);
    expect(twice.log).toMatch(/error \[name-unique\] demo_find_items/);

    writeFileSync(file(tool), text);
    const mended = await add(['prompt', 'demo_compare_items', '--description', 'Ask to compare two items.']);
    expect(mended.r.exitCode, describeRun(mended.r)).toBe(0);
    // The native compiler checked the types (init installs it beside typescript 6).
    expect(mended.log).toContain('no type errors (tsgo)');
  });

  it('runs a devcheck edited past what CommonJS holds (top-level await, import.meta) as ESM, linter included', async () => {
    // add starts our init's devcheck as CommonJS; these edits need ESM, under tsx's loader.
    const script = file('scripts/devcheck.ts');
    const original = readFileSync(script, 'utf8');
    const edits: [string, string][] = [
      ['demo_await_item', 'await Promise.resolve();'],
      ['demo_meta_item', 'void import.meta.url;'],
    ];
    try {
      for (const [name, line] of edits) {
        writeFileSync(script, `${original}\n${line}\n`);
        const edited = await add(['tool', name, '--description', 'Handle one demo item.']);
        expect(edited.r.exitCode, `${line}\n${describeRun(edited.r)}`).toBe(0);
        expect(edited.out.devcheck).toMatchObject({ ran: true, passed: true, scope: 'changed' });
        expect(edited.log).toMatch(/✔ MCP definitions .*1 changed file/);
      }
    } finally {
      writeFileSync(script, original);
    }
  });

  it('runs by hand as npm run devcheck, whole or on given files', async () => {
    const whole = await run('npm', ['run', 'devcheck'], { cwd: demo, timeoutMs: 600_000 });
    expect(whole.exitCode, describeRun(whole)).toBe(0);
    expect(whole.stdout).toMatch(/MCP definitions .*\d+ tools, \d+ resources?, \d+ prompts \+ server\.json/);
    const given = await run('npm', ['run', 'devcheck', '--', '--changed', `${TOOLS}/demo-sort-items.tool.ts`], {
      cwd: demo,
      timeoutMs: 600_000,
    });
    expect(given.exitCode, describeRun(given)).toBe(0);
    expect(given.stdout).toContain('1 changed file (names unique across');
  });
});
