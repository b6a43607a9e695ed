// `mcp-scaffold mcp` beside the same work done by spawning the CLI, and beside nx-mcp's start-up:
// start to the first tools/list answer (an MCP client over stdio), against `mcp-scaffold --help`
// (the CLI saying what it can do) and nx-mcp (installed into the bench's own folder now; left out
// with a note when it cannot be); a preview + apply of `add tool` through one running server,
// against `add tool --dry-run --json` then `add tool --json` spawned. Every case interleaved.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { writeScaleFixture } from './scale-fixture.mjs';

const BIN = path.resolve(import.meta.dirname, '../bin/mcp-scaffold.js');
const NX_MCP = 'nx-mcp@0.25.0';
// The bench's environment (its cache folders) for the servers too: the SDK's client hands a server
// only a few variables of its own.
const ENV = () => process.env;

/** nx-mcp installed into `dir`, or why it could not be. */
function installNxMcp(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"name":"bench-nx-mcp","version":"1.0.0","private":true}\n');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', NX_MCP], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (r.status !== 0)
    return {
      note: `${NX_MCP} could not be installed: ${(r.stderr || r.error?.message || '').trim().split('\n').pop()}`,
    };
  return { main: path.join(dir, 'node_modules/nx-mcp/main.js') };
}

/** Milliseconds from spawning `args` to the answer of its first tools/list. */
async function firstToolsList(args, cwd) {
  const t0 = performance.now();
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, cwd, env: ENV(), stderr: 'ignore' }),
  );
  await client.listTools();
  const ms = performance.now() - t0;
  await client.close();
  return ms;
}

function spawned(args, cwd) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`mcp-scaffold ${args.join(' ')} exited ${r.status}: ${r.stdout}${r.stderr}`);
  return performance.now() - t0;
}

async function mcpCall(client, name, args) {
  const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
  if (r.isError) throw new Error(`${name}: ${JSON.stringify(r.structuredContent)}`);
}

export async function benchMcp({ runs, work }) {
  const server = path.join(work, 'mcp-server');
  const cli = path.join(work, 'mcp-cli');
  writeScaleFixture(server, 1, 'inline');
  writeScaleFixture(cli, 1, 'inline');
  const nx = installNxMcp(path.join(work, 'nx-mcp'));
  // One server for the session, as an agent keeps it: the calls below are what each add costs.
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--cwd', server],
      env: ENV(),
      stderr: 'ignore',
    }),
  );
  let added = 0;
  const cases = new Map([
    ['mcp: start → first tools/list', () => firstToolsList([BIN, 'mcp', '--cwd', server], server)],
    ['CLI: mcp-scaffold --help', async () => spawned(['--help'], cli)],
    [
      'mcp: preview + apply add tool',
      async () => {
        const name = `demo_find_things_${++added}`;
        const t0 = performance.now();
        await mcpCall(client, 'scaffold_preview_add_tool', { name });
        await mcpCall(client, 'scaffold_add_tool', { name, devcheck: false });
        return performance.now() - t0;
      },
    ],
    [
      'CLI: add tool --dry-run, then add tool',
      async () => {
        const name = `demo_find_things_${++added}`;
        const base = ['add', 'tool', name, '--json', '--yes', '--no-devcheck'];
        return spawned([...base, '--dry-run'], cli) + spawned(base, cli);
      },
    ],
  ]);
  if (nx.main)
    cases.set('nx-mcp: start → first tools/list', () => firstToolsList([nx.main, '--disableTelemetry'], work));
  const results = new Map([...cases.keys()].map((k) => [k, []]));
  for (const run of cases.values()) await run(); // warm-up
  for (let i = 0; i < runs; i++) for (const [name, run] of cases) results.get(name).push(await run());
  await client.close();
  return { results, note: nx.note };
}

export function printMcpBench({ results, note }) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ms = (name) => (results.has(name) ? median(results.get(name)) : Number.NaN);
  console.log(`\n${'mcp-scaffold mcp'.padEnd(52)} wall ms`);
  for (const name of results.keys()) console.log(`${name.padEnd(52)} ${ms(name).toFixed(0).padStart(7)}`);
  const rows = [
    ['start → first tools/list, × mcp-scaffold --help', 'mcp: start → first tools/list', 'CLI: mcp-scaffold --help'],
    ["start → first tools/list, × nx-mcp's", 'mcp: start → first tools/list', 'nx-mcp: start → first tools/list'],
    [
      'preview + apply add tool, × the CLI spawned twice',
      'mcp: preview + apply add tool',
      'CLI: add tool --dry-run, then add tool',
    ],
  ];
  console.log(`\n${'ratio'.padEnd(58)}  ratio`);
  for (const [label, subject, peer] of rows) {
    const ratio = ms(subject) / ms(peer);
    console.log(`${label.padEnd(58)} ${Number.isNaN(ratio) ? '   n/a' : `${ratio.toFixed(2)}×`.padStart(6)}`);
  }
  if (note) console.log(`\n${note}`);
}
