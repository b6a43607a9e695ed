/**
 * Placeholder text (a string that starts with the `TODO:` mark) in a definition, and the
 * `// STAND-IN:` comments on init's starters, as the generated devcheck, `mcp-scaffold list` and
 * `add --json` report them. The server is one our `init` writes (no install); the definition
 * holding the mark is written here by hand. The generated devcheck is run with node after its
 * types are stripped, with fakes of the tools it starts (Biome, tsc) and of the linter it imports,
 * all passing at once: what is tested is its own report, not theirs.
 */

import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_MARK } from '../../src/text/placeholders.js';
import { parseJsonOut, runCli } from './support.js';

const DEFINITION = 'src/mcp-server/tools/definitions/demo-find-items.tool.ts';
/** A definition as an `add` with no --description leaves it: the description still a placeholder. */
const MARKED = `import { tool, z } from '@cyanheads/mcp-ts-core';

export const demoFindItemsTool = tool('demo_find_items', {
  title: 'Find Items',
  description:
    '${PLACEHOLDER_MARK} Find items. Say what it returns and when to use it.',
  annotations: { readOnlyHint: true },
  input: z.object({ query: z.string().describe('Text to match.') }),
  output: z.object({ count: z.number().describe('How many matched.') }),
  handler: async () => ({ count: 0 }),
});
`;

let cwd: string;
let root: string;

beforeAll(() => {
  cwd = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-placeholders-'));
  const made = runCli(['init', 'demo', '--no-install', '--no-git', '--framework-version', '0.10.17'], {
    cwd,
    env: { npm_config_offline: 'true' },
  });
  expect(made.status, made.stderr).toBe(0);
  root = path.join(cwd, 'demo');
  writeFileSync(path.join(root, DEFINITION), MARKED);
  const index = path.join(root, 'src/index.ts');
  const registered = readFileSync(index, 'utf8')
    .replace(
      /^(import .*echo-message\.tool\.js';)$/m,
      `$1\nimport { demoFindItemsTool } from './${DEFINITION.slice(4, -3)}.js';`,
    )
    .replace(/tools: \[([^\]]*)\]/, 'tools: [$1, demoFindItemsTool]');
  writeFileSync(index, registered);
  // Stand-ins for the installed tools devcheck starts: each passes at once, printing nothing.
  mkdirSync(path.join(root, 'node_modules/.bin'), { recursive: true });
  for (const name of ['biome', 'tsc']) {
    writeFileSync(path.join(root, 'node_modules/.bin', name), '#!/bin/sh\nexit 0\n');
    chmodSync(path.join(root, 'node_modules/.bin', name), 0o755);
  }
  // devcheck imports the linter (scripts/lint-mcp.ts) into its own process: this stands in for it.
  writeFileSync(
    path.join(root, 'lint-mcp.stand-in.mjs'),
    "export const lintMcp = async () => ({ exitCode: 0, output: 'Checked 1 tool\\n0 errors, 0 warnings\\n' });\n",
  );
}, 60_000);

afterAll(() => rmSync(cwd, { recursive: true, force: true }));

function devcheck(...args: string[]) {
  const source = readFileSync(path.join(root, 'scripts/devcheck.ts'), 'utf8');
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  expect(js).toContain("import('./lint-mcp.ts')");
  writeFileSync(
    path.join(root, 'devcheck.mjs'),
    js.replace("import('./lint-mcp.ts')", "import('./lint-mcp.stand-in.mjs')"),
  );
  return spawnSync(process.execPath, ['devcheck.mjs', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 60_000,
  });
}

/** init's three starters, each marked as the example it is, by file and line (under the record line). */
const STARTERS = [
  'src/mcp-server/prompts/definitions/demo-summarize.prompt.ts:11  // STAND-IN: an example prompt',
  'src/mcp-server/resources/definitions/demo-echo.resource.ts:11  // STAND-IN: an example resource',
  'src/mcp-server/tools/definitions/demo-echo-message.tool.ts:12  // STAND-IN: an example tool',
];

describe('a definition string that still starts with the placeholder mark', () => {
  it('the generated devcheck warns with file and line, counts each in its summary, and still exits 0', () => {
    const r = devcheck();
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^⚠ Stand-ins [\d.]+s 4 stand-ins left to replace$/m);
    expect(r.stdout).toContain(`${DEFINITION}:6  '${PLACEHOLDER_MARK} Find items.`);
    for (const starter of STARTERS) expect(r.stdout).toContain(starter);
    expect(r.stdout.match(/\.ts:\d+ {2}/g)).toHaveLength(4);
    // The summary line says what the report above it says: no "0 warnings" under a warning.
    expect(r.stdout).toMatch(/^4 passed, 0 failed, 4 warnings in [\d.]+s$/m);
  });

  it('with --strict the same run fails, saying why', () => {
    const r = devcheck('--strict');
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^✖ Stand-ins [\d.]+s 4 stand-ins left to replace \(--strict\)$/m);
    expect(r.stdout).toMatch(/^3 passed, 1 failed, 4 warnings in [\d.]+s$/m);
  });

  it("devcheck passes --strict once the text is written and the starters are the server's own", () => {
    const fixed = MARKED.replace(
      `${PLACEHOLDER_MARK} Find items. Say what it returns and when to use it.`,
      'Find items.',
    );
    writeFileSync(path.join(root, DEFINITION), fixed);
    const starters = STARTERS.map((s) => path.join(root, s.slice(0, s.indexOf(':'))));
    const kept = starters.map((f) => readFileSync(f, 'utf8'));
    starters.forEach((f, i) => {
      writeFileSync(f, kept[i]!.replace(/^\/\/ STAND-IN:.*\n/m, ''));
    });
    try {
      const r = devcheck('--strict');
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^✔ Stand-ins [\d.]+s none left$/m);
      expect(r.stdout).toMatch(/^4 passed, 0 failed, 0 warnings in [\d.]+s$/m);
    } finally {
      writeFileSync(path.join(root, DEFINITION), MARKED);
      starters.forEach((f, i) => {
        writeFileSync(f, kept[i]!);
      });
    }
  });

  it('list shows it under the definition, in the table and in --json', () => {
    const human = runCli(['list'], { cwd: root });
    expect(human.status, human.stderr).toBe(0);
    expect(human.stdout + human.stderr).toContain(
      `placeholder demo_find_items at ${DEFINITION}:6: '${PLACEHOLDER_MARK} Find items.`,
    );
    const out = parseJsonOut(runCli(['list', '--json'], { cwd: root }));
    const defs = out.definitions as { name: string; placeholders: { line: number; text: string }[] }[];
    expect(defs.find((d) => d.name === 'demo_find_items')?.placeholders).toEqual([
      { line: 6, text: `'${PLACEHOLDER_MARK} Find items. Say what it returns and when to use it.',` },
    ]);
    // Each starter: its stand-in mark, as devcheck reports it.
    const starters = defs.filter((d) => d.name !== 'demo_find_items');
    expect(starters.map((d) => d.placeholders.map((p) => p.text.slice(0, 32)))).toEqual([
      ['// STAND-IN: an example tool: re'],
      ['// STAND-IN: an example resource'],
      ['// STAND-IN: an example prompt: '],
    ]);
    expect(human.stdout + human.stderr).toContain(
      'stand-in demo_echo_message at src/mcp-server/tools/definitions/demo-echo-message.tool.ts:12: // STAND-IN: an example tool',
    );
    expect(human.stdout + human.stderr).toContain(
      '4 lines still to replace (stand-ins and TODO: text, listed above): devcheck --strict fails until each is real.',
    );
  });

  it('add --json names each stand-in and TODO: text it wrote, file and line, among its warnings', () => {
    const r = runCli(['add', 'tool', 'demo_search_records', '--json', '--no-devcheck'], { cwd: root });
    const out = parseJsonOut(r);
    expect(r.status, r.stderr).toBe(0);
    const file = 'src/mcp-server/tools/definitions/demo-search-records.tool.ts';
    const text = readFileSync(path.join(root, file), 'utf8');
    const marked = text
      .split('\n')
      .flatMap((line, i) => (/TODO:|STAND-IN:/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
    expect(marked).toHaveLength(2);
    const warnings = out.warnings as string[];
    for (const m of marked)
      expect(warnings).toContain(`${m} (still to replace: devcheck --strict fails until it is real)`);
    // Only what this add wrote: the starters' marks, already there, are not repeated.
    expect(warnings.filter((w) => w.includes('STAND-IN: an example'))).toEqual([]);
  });
});
