#!/usr/bin/env node
// Whole-process timings of the CLI beside its peers, every case interleaved in one run (the
// machines are shared and noisy: compare ratios of medians, not milliseconds), and peak memory
// where /usr/bin/time is there. Prints each goal with its ratio; a goal missed is shown, never
// a failure. Usage: npm run bench [-- --runs 7] [-- --sizes 10,100,1000,3000]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { frameworkInitBin, hygenBin, writeHygenTemplates } from './bench-peers.mjs';
import { LAYOUTS, writeScaleFixture } from './scale-fixture.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', '7'));
const SIZES = arg('--sizes', '10,100,1000,3000').split(',').map(Number);
const BIN = path.resolve(import.meta.dirname, '../bin/mcp-scaffold.js');
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const work = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-bench-'));
const NEW_TOOL = 'demo_find_things';

function once(cmd, cwd, env = {}) {
  const argv = TIME ? [TIME, '-f', '%M', ...cmd] : cmd;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv.slice(1), { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd.join(' ')} (in ${cwd}) exited ${r.status}: ${r.stderr}`);
  const kb = TIME ? Number(r.stderr.trim().split('\n').pop()) : Number.NaN;
  return { ms, kb };
}
const node = (...args) => [process.execPath, ...args];

/**
 * A scale fixture that an `add` may change: before each run it gets back its entry point and
 * barrel, and loses what the previous run created (new definition file, tests/).
 */
function fixture(name, tools, layout) {
  const dir = path.join(work, name);
  const files = writeScaleFixture(dir, tools, layout);
  const kept = files.filter((f) => f === 'src/index.ts' || f.endsWith('/index.ts'));
  const original = new Map(kept.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
  const reset = () => {
    for (const [f, text] of original) writeFileSync(path.join(dir, f), text);
    rmSync(path.join(dir, 'tests'), { recursive: true, force: true });
    rmSync(path.join(dir, 'src/mcp-server/tools/definitions/demo-find-things.tool.ts'), { force: true });
  };
  return { dir, reset };
}

const cases = new Map();
const addCase = (name, run) => cases.set(name, run);

addCase('node -e 0', () => once(node('-e', '0'), work));
addCase('mcp-scaffold --help', () => once(node(BIN, '--help'), work));

const sizes = [1, ...SIZES];
const label = (n) => (n === 1 ? 'fresh' : `${n} tools`);
for (const layout of LAYOUTS) {
  for (const n of sizes) {
    const f = fixture(`${layout}-${n}`, n, layout);
    addCase(`add tool, ${label(n)}, ${layout}`, () => {
      f.reset();
      return once(node(BIN, 'add', 'tool', NEW_TOOL, '--no-devcheck', '--yes'), f.dir);
    });
    addCase(`list, ${label(n)}, ${layout}`, () => once(node(BIN, 'list'), f.dir));
  }
}

const hygen = hygenBin();
if (hygen) {
  const templates = writeHygenTemplates(work);
  const f = fixture('hygen-fresh', 1, 'inline');
  addCase('hygen: 1 file + 2 injects, fresh', () => {
    f.reset();
    return once(node(hygen, 'tool', 'new', '--name', NEW_TOOL), f.dir, { HYGEN_TMPLS: templates });
  });
}

addCase('mcp-scaffold init --no-install --no-git', () => {
  rmSync(path.join(work, 'ours'), { recursive: true, force: true });
  return once(node(BIN, 'init', 'ours', '--yes', '--no-install', '--no-git'), work);
});
const framework = frameworkInitBin(work);
if (framework) {
  addCase(`framework ${framework.version} init`, () => {
    rmSync(path.join(work, 'theirs'), { recursive: true, force: true });
    return once(node(framework.bin, 'init', 'theirs'), work);
  });
}

const results = new Map([...cases.keys()].map((k) => [k, []]));
for (const run of cases.values()) run(); // warm-up: file cache
for (let i = 0; i < RUNS; i++) for (const [name, run] of cases) results.get(name).push(run());
rmSync(work, { recursive: true, force: true });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (name) => (results.has(name) ? median(results.get(name).map((r) => r.ms)) : Number.NaN);
const mb = (name) => (results.has(name) ? median(results.get(name).map((r) => r.kb)) / 1024 : Number.NaN);
const base = ms('node -e 0');

console.log(`Node ${process.version}; ${RUNS} runs per case, interleaved (medians)\n`);
console.log(`${'case'.padEnd(44)}     ms  × node -e 0  peak RSS MB`);
for (const name of results.keys()) {
  const rss = mb(name);
  console.log(
    `${name.padEnd(44)} ${ms(name).toFixed(0).padStart(6)}  ${(ms(name) / base).toFixed(2).padStart(10)}  ${Number.isNaN(rss) ? '        n/a' : rss.toFixed(0).padStart(11)}`,
  );
}

const goals = [
  ['--help ≤ 1.2× node -e 0', ms('mcp-scaffold --help') / base, 1.2],
  [
    'add tool, fresh ≤ 1.0× hygen (1 file + 2 injects)',
    ms('add tool, fresh, inline') / ms('hygen: 1 file + 2 injects, fresh'),
    1.0,
  ],
  ...LAYOUTS.flatMap((layout) =>
    SIZES.filter((n) => n === 1000 || n === 3000).map((n) => [
      `add tool, ${n} tools ≤ ${n === 1000 ? '1.1' : '1.3'}× fresh (${layout})`,
      ms(`add tool, ${n} tools, ${layout}`) / ms(`add tool, fresh, ${layout}`),
      n === 1000 ? 1.1 : 1.3,
    ]),
  ),
  ...LAYOUTS.map((layout) => [
    `list, 1000 tools ≤ 1.5× fresh (${layout})`,
    ms(`list, 1000 tools, ${layout}`) / ms(`list, fresh, ${layout}`),
    1.5,
  ]),
  ...['add tool', 'list'].flatMap((cmd) =>
    LAYOUTS.map((layout) => [
      `peak memory, ${cmd}, 3000 tools ≤ 1.2× fresh (${layout})`,
      mb(`${cmd}, 3000 tools, ${layout}`) / mb(`${cmd}, fresh, ${layout}`),
      1.2,
    ]),
  ),
  [
    `init --no-install --no-git ≤ 1.0× the framework's init`,
    ms('mcp-scaffold init --no-install --no-git') / ms(`framework ${framework?.version} init`),
    1.0,
  ],
];
console.log(`\n${'goal'.padEnd(56)}  ratio  met`);
for (const [name, ratio, target] of goals) {
  const shown = Number.isNaN(ratio) ? '  n/a' : `${ratio.toFixed(2)}×`;
  const met = Number.isNaN(ratio) ? 'not measured' : ratio <= target ? 'yes' : 'NO';
  console.log(`${name.padEnd(56)} ${shown.padStart(6)}  ${met}`);
}
if (!hygen) console.log('\nhygen is not installed (npm install, or MCP_BENCH_HYGEN=<folder with it>).');
if (!framework) console.log("\nthe framework's init was not found (../shared/frameworks, or MCP_BENCH_FRAMEWORK).");
