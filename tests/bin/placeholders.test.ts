/**
 * Placeholder text (a string that starts with the `TODO:` mark) in a definition, as the generated
 * devcheck and `mcp-scaffold list` report it. The server is one our `init` writes (no install);
 * the definition holding the mark is written here by hand. The generated devcheck is run with
 * node after its types are stripped, with stand-ins for the tools it starts (Biome, tsc) and for
 * the linter it imports, all passing at once: what is tested is its own report, not theirs.
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

describe('a definition string that still starts with the placeholder mark', () => {
  it('the generated devcheck warns with file and line, and still exits 0', () => {
    const r = devcheck();
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('Placeholders 1 string still starting with TODO:');
    expect(r.stdout).toContain(`${DEFINITION}:6  '${PLACEHOLDER_MARK} Find items.`);
    // The starters init writes carry real text: only the hand-written definition is reported.
    expect(r.stdout.match(/\.ts:\d+ {2}/g)).toHaveLength(1);
  });

  it('devcheck says nothing of placeholders once the text is written', () => {
    const fixed = MARKED.replace(
      `${PLACEHOLDER_MARK} Find items. Say what it returns and when to use it.`,
      'Find items.',
    );
    writeFileSync(path.join(root, DEFINITION), fixed);
    try {
      const r = devcheck();
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).not.toContain('Placeholders');
    } finally {
      writeFileSync(path.join(root, DEFINITION), MARKED);
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
    expect(defs.filter((d) => d.name !== 'demo_find_items').every((d) => d.placeholders.length === 0)).toBe(true);
  });
});
