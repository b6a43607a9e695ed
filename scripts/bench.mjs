#!/usr/bin/env node
// Whole-process timings of the CLI, each beside `node -e 0` measured in the same run, printed as
// ratios (the machines are shared and noisy: compare ratios, not milliseconds). Also peak memory
// where /usr/bin/time is available. Usage: npm run bench [-- --runs 15]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 11;
const BIN = path.resolve(import.meta.dirname, '../bin/mcp-scaffold.js');
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const work = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-bench-'));

// A fixture server like the framework's fresh scaffold (no node_modules: add tool does not need it).
const fixture = path.join(work, 'fixture');
const files = {
  'package.json': JSON.stringify({
    name: 'demo',
    type: 'module',
    dependencies: { '@cyanheads/mcp-ts-core': '^0.10.17' },
  }),
  'src/index.ts': [
    "import { createApp } from '@cyanheads/mcp-ts-core';",
    "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
    '',
    "await createApp({ name: 'demo', title: 'demo', tools: [echoTool] });",
    '',
  ].join('\n'),
  'src/mcp-server/tools/definitions/echo.tool.ts': "export const echoTool = tool('demo_echo', {});\n",
  'vitest.config.ts': "const alias = { '@/': '' };\n",
};
for (const [rel, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(fixture, rel)), { recursive: true });
  writeFileSync(path.join(fixture, rel), text);
}

function once(args, cwd) {
  const cmd = TIME ? [TIME, '-f', '%M', process.execPath, ...args] : [process.execPath, ...args];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd[0], cmd.slice(1), { cwd, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const kb = TIME ? Number(r.stderr.trim().split('\n').pop()) : NaN;
  return { ms, kb };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Interleave the cases so drift on a shared machine hits all of them alike.
const cases = {
  'node -e 0': () => once(['-e', '0'], work),
  'mcp-scaffold --help': () => once([BIN, '--help'], work),
  'mcp-scaffold add tool --no-devcheck': () => {
    const dir = path.join(work, 'run');
    rmSync(dir, { recursive: true, force: true });
    cpSync(fixture, dir, { recursive: true });
    return once([BIN, 'add', 'tool', 'demo_find_items', '--no-devcheck', '--yes'], dir);
  },
  'mcp-scaffold init --no-install --no-git': () => {
    rmSync(path.join(work, 'fresh'), { recursive: true, force: true });
    return once([BIN, 'init', 'fresh', '--yes', '--no-install', '--no-git'], work);
  },
  'mcp-scaffold list': () => once([BIN, 'list'], path.join(work, 'run')),
};
const results = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (const fn of Object.values(cases)) fn(); // warm-up: file cache, compile cache
for (let i = 0; i < RUNS; i++) for (const [name, fn] of Object.entries(cases)) results[name].push(fn());

const base = median(results['node -e 0'].map((r) => r.ms));
console.log(`runs per case: ${RUNS} (median)\n`);
console.log(`${'case'.padEnd(42)}     ms    × node -e 0   peak RSS MB`);
for (const [name, rs] of Object.entries(results)) {
  const ms = median(rs.map((r) => r.ms));
  const kb = median(rs.map((r) => r.kb));
  console.log(
    `${name.padEnd(42)} ${ms.toFixed(0).padStart(5)}   ${(ms / base).toFixed(2).padStart(8)}   ${Number.isNaN(kb) ? '   n/a' : (kb / 1024).toFixed(0).padStart(6)}`,
  );
}
rmSync(work, { recursive: true, force: true });
