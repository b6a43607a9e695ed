#!/usr/bin/env node
// `mcp-scaffold add tool` followed by the devcheck it runs, on a server made by our `init`, beside
// the framework's own devcheck on the framework's fresh server (its `init` of 0.10.17, installed
// with bun, which its scripts need), interleaved, as ratios of medians (wall and CPU: user + sys of
// the whole process tree). Both servers are installed and checked once before timing, as after a
// first `devcheck`. Needs the npm registry. Goal (issue 12): ≤ 0.7× the framework's devcheck.
//
//   node scripts/bench-devcheck.mjs [--runs 5] [--dir <folder to keep the servers in between runs>]
// From bench.mjs: `import { benchDevcheck } from './bench-devcheck.mjs'`, then
// `printDevcheckBench(await benchDevcheck({ runs }))`.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const BIN = path.resolve(import.meta.dirname, '../bin/mcp-scaffold.js');
const FRAMEWORK = '@cyanheads/mcp-ts-core@0.10.17';
const GOAL = 0.7;
/** Where our init's tsconfig.json keeps tsc's build info. */
const TSC_CACHE = 'node_modules/.cache/tsc';

function sh(cmd, args, cwd, env = process.env) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r;
}

/** Wall and CPU seconds of one whole process tree (GNU time counts the children it waited for). */
function timed(cmd, args, cwd, env, { mustPass }) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', cmd, ...args], {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (mustPass && r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  const [wall, user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: user + sys };
}

/** The tools folder (the framework's bin, bun) and both servers, made once. */
function setUp(dir) {
  const tools = path.join(dir, 'tools');
  const env = { ...process.env, PATH: `${path.join(tools, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` };
  if (!existsSync(path.join(tools, 'node_modules/.bin/bun'))) {
    mkdirSync(tools, { recursive: true });
    writeFileSync(path.join(tools, 'package.json'), '{"name":"bench-tools","private":true}\n');
    sh('npm', ['install', '--no-audit', '--no-fund', FRAMEWORK, 'bun'], tools);
  }
  const theirs = path.join(dir, 'theirs');
  if (!existsSync(path.join(theirs, 'node_modules'))) {
    rmSync(theirs, { recursive: true, force: true });
    sh('mcp-ts-core', ['init', 'theirs'], dir, env);
    sh('bun', ['install'], theirs, env);
  }
  const ours = path.join(dir, 'ours');
  if (!existsSync(path.join(ours, 'node_modules'))) {
    rmSync(ours, { recursive: true, force: true });
    rmSync(path.join(dir, 'ours-pristine'), { recursive: true, force: true });
    sh(process.execPath, [BIN, 'init', 'ours', '--yes', '--pm', 'npm', '--no-git'], dir);
  }
  // What add changes, as init wrote it, put back before each run; and tsc's build info as init's
  // own devcheck left it, so each run type-checks the new files (not a copy it saw last run).
  const pristine = path.join(dir, 'ours-pristine');
  if (!existsSync(pristine)) {
    spawnSync('npm', ['run', 'devcheck'], { cwd: ours, encoding: 'utf8' }); // the user's first devcheck
    for (const part of ['src', 'tests']) cpSync(path.join(ours, part), path.join(pristine, part), { recursive: true });
    if (existsSync(path.join(ours, TSC_CACHE))) {
      cpSync(path.join(ours, TSC_CACHE), path.join(pristine, 'tsc-cache'), { recursive: true });
    }
  }
  return { env, ours, theirs, pristine };
}

function restore(ours, pristine) {
  for (const part of ['src', 'tests']) {
    rmSync(path.join(ours, part), { recursive: true, force: true });
    cpSync(path.join(pristine, part), path.join(ours, part), { recursive: true });
  }
  rmSync(path.join(ours, 'node_modules/.cache/mcp-scaffold'), { recursive: true, force: true });
  rmSync(path.join(ours, TSC_CACHE), { recursive: true, force: true });
  if (existsSync(path.join(pristine, 'tsc-cache'))) {
    cpSync(path.join(pristine, 'tsc-cache'), path.join(ours, TSC_CACHE), { recursive: true });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs the cases interleaved; returns their medians and the ratios to the framework's devcheck. */
export async function benchDevcheck({ runs = 5, dir } = {}) {
  const work = dir ?? mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-bench-devcheck-'));
  mkdirSync(work, { recursive: true });
  try {
    const { env, ours, theirs, pristine } = setUp(work);
    const add = (extra) => () => {
      restore(ours, pristine);
      return timed(process.execPath, [BIN, 'add', 'tool', 'ours_find_items', '--yes', ...extra], ours, env, {
        mustPass: true,
      });
    };
    const cases = {
      "framework's devcheck, its fresh server": () =>
        timed('bun', ['run', 'devcheck'], theirs, env, { mustPass: false }),
      'add tool + its devcheck (what changed)': add([]),
      'add tool + --full-devcheck': add(['--full-devcheck']),
    };
    const results = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    for (const fn of Object.values(cases)) fn(); // warm-up: caches, tsc build info
    for (let i = 0; i < runs; i++) for (const [name, fn] of Object.entries(cases)) results[name].push(fn());
    const [base, ...rest] = Object.entries(results).map(([name, rs]) => ({
      name,
      wall: median(rs.map((r) => r.wall)),
      cpu: median(rs.map((r) => r.cpu)),
    }));
    return {
      runs,
      rows: [base, ...rest].map((row) => ({ ...row, wallRatio: row.wall / base.wall, cpuRatio: row.cpu / base.cpu })),
      goal: GOAL,
    };
  } finally {
    if (!dir) rmSync(work, { recursive: true, force: true });
  }
}

export function printDevcheckBench({ runs, rows, goal }) {
  console.log(`\nadd + devcheck vs the framework's devcheck (${runs} runs, median; goal ≤ ${goal}× wall)\n`);
  console.log(`${'case'.padEnd(42)}  wall s  × theirs   cpu s  × theirs`);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(42)} ${r.wall.toFixed(2).padStart(6)}  ${r.wallRatio.toFixed(2).padStart(7)}  ${r.cpu.toFixed(2).padStart(6)}  ${r.cpuRatio.toFixed(2).padStart(7)}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (flag) => {
    const i = process.argv.indexOf(flag);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const runs = Number(arg('--runs') ?? 5);
  printDevcheckBench(await benchDevcheck({ runs, dir: arg('--dir') }));
}
