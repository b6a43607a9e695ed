#!/usr/bin/env node
// Whole-process timings of the CLI beside its peers, every case interleaved in one run (the
// machines are shared and noisy: compare ratios of medians, not milliseconds), and peak memory
// where /usr/bin/time is there. Prints each goal with its ratio; a goal missed is shown, never
// a failure. Usage: npm run bench [-- --runs 7] [-- --sizes 10,100,1000,3000] [-- --only add,list]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchDevcheck, printDevcheckBench } from './bench-devcheck.mjs';
import { benchMcp, printMcpBench } from './bench-mcp.mjs';
import { frameworkInitBin, hygenBin, writeHygenTemplates, writeRegistryProbe } from './bench-peers.mjs';
import { LAYOUTS, scaleTool, writeScaleFixture } from './scale-fixture.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', '7'));
const SIZES = arg('--sizes', '10,100,1000,3000').split(',').map(Number);
const BIN = path.resolve(import.meta.dirname, '../bin/mcp-scaffold.js');
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const work = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-bench-'));
// The user's caches (the project caches, and Node's compile cache of the bundle) in folders of
// the bench's own: the warm-up run fills them, so every measured run is a warm one, as a user's is.
process.env.MCP_SCAFFOLD_CACHE_DIR = path.join(work, 'cache');
process.env.NODE_COMPILE_CACHE = path.join(work, 'node-compile-cache');
const NEW_TOOL = 'demo_find_things';

function once(cmd, cwd, env = {}) {
  // What earlier runs wrote (and the folder a case removes before its run) is put on disk first:
  // a run that writes many files (an init) otherwise pays for the writes of the one before it.
  spawnSync('sync');
  const argv = TIME ? [TIME, '-f', '%M %U %S', ...cmd] : cmd;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv.slice(1), { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd.join(' ')} (in ${cwd}) exited ${r.status}: ${r.stderr}`);
  const [kb, user, sys] = TIME ? r.stderr.trim().split('\n').pop().split(' ').map(Number) : [];
  return { ms, kb: kb ?? Number.NaN, cpu: TIME ? (user + sys) * 1000 : Number.NaN };
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
// --only add,list: just the cases whose name contains one of these (a quicker look while working).
const ONLY = arg('--only', '').split(',').filter(Boolean);
const wants = (name) => ONLY.length === 0 || name === 'node -e 0' || ONLY.some((o) => name.includes(o));
const addCase = (name, run) => {
  if (wants(name)) cases.set(name, run);
};

addCase('node -e 0', () => once(node('-e', '0'), work));
addCase('mcp-scaffold --help', () => once(node(BIN, '--help'), work));

const sizes = [1, ...SIZES];
const label = (n) => (n === 1 ? 'fresh' : `${n} tools`);
for (const layout of LAYOUTS) {
  for (const n of sizes) {
    // Each run adds one more tool to the server the last run left, as a user's adds follow one
    // another; `list` has a server of its own that nothing changes.
    const grown = fixture(`${layout}-${n}-add`, n, layout);
    let added = 0;
    addCase(`add tool, ${label(n)}, ${layout}`, () =>
      once(node(BIN, 'add', 'tool', `${NEW_TOOL}_${++added}`, '--no-devcheck', '--yes'), grown.dir),
    );
    const listed = fixture(`${layout}-${n}-list`, n, layout);
    addCase(`list, ${label(n)}, ${layout}`, () => once(node(BIN, 'list'), listed.dir));
    if (n < 1000) continue;
    // Each run removes (or renames) the next tool of the server the last run left, as a user's
    // commands follow one another; the rename keeps the tool's place in the import order.
    const shrunk = fixture(`${layout}-${n}-remove`, n, layout);
    let removed = 0;
    addCase(`remove tool, ${label(n)}, ${layout}`, () =>
      once(node(BIN, 'remove', 'tool', scaleTool(++removed), '--no-devcheck', '--yes'), shrunk.dir),
    );
    const renamedIn = fixture(`${layout}-${n}-rename`, n, layout);
    let renamed = 0;
    addCase(`rename tool, ${label(n)}, ${layout}`, () => {
      const from = scaleTool(++renamed);
      return once(
        node(BIN, 'rename', 'tool', from, from.replace(/_find$/, '_lookup'), '--no-devcheck', '--yes'),
        renamedIn.dir,
      );
    });
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
// The framework's init writes its own version and asks no registry; ours asks for the newest
// release unless told one. This row shows what the look-up costs (the goal is on the default).
if (framework) {
  addCase('mcp-scaffold init --no-install --no-git, version given', () => {
    rmSync(path.join(work, 'ours-pinned'), { recursive: true, force: true });
    const pinned = ['--framework-version', framework.version];
    return once(node(BIN, 'init', 'ours-pinned', '--yes', '--no-install', '--no-git', ...pinned), work);
  });
}
// The floor of the default init: a Node process that only asks the registry init's question.
const REGISTRY_PROBE = "init's floor: node asking the registry alone";
const probe = wants(REGISTRY_PROBE) ? writeRegistryProbe(work) : undefined;
if (probe) addCase(REGISTRY_PROBE, () => once(node(probe), work));
if (framework) {
  addCase(`framework ${framework.version} init`, () => {
    rmSync(path.join(work, 'theirs'), { recursive: true, force: true });
    return once(node(framework.bin, 'init', 'theirs'), work);
  });
}

const results = new Map([...cases.keys()].map((k) => [k, []]));
for (const run of cases.values()) run(); // warm-up: file cache
for (let i = 0; i < RUNS; i++) for (const [name, run] of cases) results.get(name).push(run());
// The MCP server's cases run a client in this process (--only mcp runs them alone).
const mcp = ONLY.length === 0 || ONLY.includes('mcp') ? await benchMcp({ runs: RUNS, work }) : undefined;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (name) => (results.has(name) ? median(results.get(name).map((r) => r.ms)) : Number.NaN);
const cpu = (name) => (results.has(name) ? median(results.get(name).map((r) => r.cpu)) : Number.NaN);
const mb = (name) => (results.has(name) ? median(results.get(name).map((r) => r.kb)) / 1024 : Number.NaN);
const base = ms('node -e 0');

console.log(`Node ${process.version}; ${RUNS} runs per case, interleaved (medians)`);
console.log("caches warm (Node's compile cache and the project caches, filled by the warm-up run)\n");
const num = (x, digits, width) => (Number.isNaN(x) ? 'n/a' : x.toFixed(digits)).padStart(width);
console.log(`${'case'.padEnd(52)} wall ms  × node -e 0  CPU ms  peak RSS MB`);
for (const name of results.keys()) {
  console.log(
    `${name.padEnd(52)} ${num(ms(name), 0, 7)}  ${num(ms(name) / base, 2, 10)}  ${num(cpu(name), 0, 6)}  ${num(mb(name), 0, 11)}`,
  );
}

// Each goal: its case, the peer it is measured against, the target ratio, and what is compared:
// wall time (CPU time beside it, steadier on a loaded machine), CPU time alone, or peak RSS.
const FRAMEWORK_INIT = `framework ${framework?.version} init`;
const goals = [
  ['--help ≤ 1.2× node -e 0', 'mcp-scaffold --help', 'node -e 0', 1.2],
  [
    "add tool, fresh ≤ 2.0× hygen's CPU (1 file + 2 injects)",
    'add tool, fresh, inline',
    'hygen: 1 file + 2 injects, fresh',
    2.0,
    'cpu',
  ],
  ...LAYOUTS.flatMap((layout) =>
    SIZES.filter((n) => n === 1000 || n === 3000).map((n) => {
      const target = n === 1000 ? 1.15 : 1.3;
      return [
        `add tool, ${n} tools ≤ ${target}× fresh (${layout})`,
        `add tool, ${n} tools, ${layout}`,
        `add tool, fresh, ${layout}`,
        target,
      ];
    }),
  ),
  ...LAYOUTS.map((layout) => [
    `list, 1000 tools ≤ 1.5× fresh (${layout})`,
    `list, 1000 tools, ${layout}`,
    `list, fresh, ${layout}`,
    1.5,
  ]),
  // remove and rename against the warm add at the same size: each is one command on one definition.
  ...['remove tool', 'rename tool'].flatMap((cmd) =>
    LAYOUTS.flatMap((layout) => [
      [
        `${cmd}, 3000 tools ≤ 1.5× add (${layout})`,
        `${cmd}, 3000 tools, ${layout}`,
        `add tool, 3000 tools, ${layout}`,
        1.5,
      ],
      [
        `peak memory, ${cmd}, 3000 tools ≤ 1.5× add (${layout})`,
        `${cmd}, 3000 tools, ${layout}`,
        `add tool, 3000 tools, ${layout}`,
        1.5,
        'memory',
      ],
    ]),
  ),
  ...['add tool', 'list'].flatMap((cmd) =>
    LAYOUTS.map((layout) => [
      `peak memory, ${cmd}, 3000 tools ≤ 1.2× fresh (${layout})`,
      `${cmd}, 3000 tools, ${layout}`,
      `${cmd}, fresh, ${layout}`,
      1.2,
      'memory',
    ]),
  ),
  [
    "init --no-install --no-git ≤ 1.1× the framework's init",
    'mcp-scaffold init --no-install --no-git',
    FRAMEWORK_INIT,
    1.1,
  ],
];
console.log(`\n${'goal'.padEnd(58)}  ratio  CPU ratio  met`);
for (const [name, subject, peer, target, measure] of goals) {
  const of = { memory: mb, cpu }[measure] ?? ms;
  const ratio = of(subject) / of(peer);
  const cpuRatio = measure === undefined ? cpu(subject) / cpu(peer) : Number.NaN;
  const met = Number.isNaN(ratio) ? 'not measured' : ratio <= target ? 'yes' : 'NO';
  const shown = (x) => (Number.isNaN(x) ? 'n/a' : `${x.toFixed(2)}×`);
  console.log(`${name.padEnd(58)} ${shown(ratio).padStart(6)}  ${shown(cpuRatio).padStart(9)}  ${met}`);
}
// What the init goal asks is below what this machine can do when the registry is slower than the
// framework's whole init: the default init must have the registry's answer before it writes.
if (results.has(REGISTRY_PROBE) && results.has(FRAMEWORK_INIT)) {
  const floor = ms(REGISTRY_PROBE) / ms(FRAMEWORK_INIT);
  console.log(
    `\nthe default init's floor, the registry question alone (${ms(REGISTRY_PROBE).toFixed(0)} ms): ` +
      `${floor.toFixed(2)}× the framework's init; ours is ${(ms('mcp-scaffold init --no-install --no-git') / ms(REGISTRY_PROBE)).toFixed(2)}× that floor`,
  );
}
if (mcp) printMcpBench(mcp);
// The last goal installs two servers (ours and the framework's), so it can be left out offline.
if (!process.argv.includes('--no-devcheck-bench') && (ONLY.length === 0 || ONLY.includes('devcheck'))) {
  printDevcheckBench(await benchDevcheck({ runs: Math.min(RUNS, 5) }));
}
// Removed last: the devcheck step's runs use the caches named at the top, which are in `work`.
rmSync(work, { recursive: true, force: true });
if (!hygen) console.log('\nhygen is not installed (npm install, or MCP_BENCH_HYGEN=<folder with it>).');
if (!framework) console.log("\nthe framework's init was not found (../shared/frameworks, or MCP_BENCH_FRAMEWORK).");
