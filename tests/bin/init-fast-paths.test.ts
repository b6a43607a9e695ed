/**
 * init in real runs. What a fresh `init` loads: not ts-morph
 * (nor the TypeScript it bundles), since what init writes it knows without parsing; the module
 * trace is checked to see ts-morph where a run does parse (`add tool` on the new server, `init
 * --force` over a folder holding a tool of its own). And what it writes: a new folder (made in a
 * temp folder and renamed into place) holds the same bytes as an empty folder there already
 * (written through the journal), and the run says the same.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp.js';
import { parseJsonOut, runCli, treeDigest } from './support.js';

const temp = () => tempFolder('mcp-scaffold-init-loads-');
const HOOK = path.resolve(import.meta.dirname, '../helpers/trace-modules.cjs');
const TS_MORPH = /[\\/]node_modules[\\/](ts-morph|@ts-morph[\\/]common|typescript)[\\/]/;

/** Runs the CLI with a fresh cache folder: its JSON result, and the CommonJS modules a require hook saw it load. */
function traced(args: string[], cwd: string): { out: Record<string, any>; modules: string[] } {
  const trace = path.join(temp(), 'modules.txt');
  const run = runCli(args, {
    cwd,
    env: { NODE_OPTIONS: `--require ${HOOK}`, MCP_SCAFFOLD_TRACE_MODULES: trace, MCP_SCAFFOLD_CACHE_DIR: temp() },
  });
  expect(run.status, run.stderr).toBe(0);
  const modules = existsSync(trace) ? readFileSync(trace, 'utf8').split('\n').filter(Boolean) : [];
  // The trace itself works: every run loads the CLI's bundle.
  expect(modules.some((m) => m.endsWith(`${path.sep}dist${path.sep}cli.cjs`))).toBe(true);
  return { out: parseJsonOut(run), modules };
}

const INIT = ['init', 'demo', '--json', '--yes', '--no-install', '--no-git', '--framework-version', '0.12.3'];

describe('ts-morph is loaded only where something is parsed', () => {
  it('a fresh init does not load it; add tool on the server it made does', () => {
    const parent = temp();
    const init = traced(INIT, parent);
    expect(init.out.ok).toBe(true);
    expect(init.out.project.suggestedTool).toBe('demo_find_items');
    expect(init.modules.filter((m) => TS_MORPH.test(m))).toEqual([]);
    const add = traced(['add', 'tool', 'demo_find_items', '--json', '--no-devcheck'], path.join(parent, 'demo'));
    expect(add.out.ok).toBe(true);
    expect(add.modules.some((m) => TS_MORPH.test(m))).toBe(true);
  });

  it('init --force over a folder with a tool of its own parses it, and suggests a name it lacks', () => {
    const parent = temp();
    const file = path.join(parent, 'demo/src/mcp-server/tools/definitions/find-items.tool.ts');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      "import { tool } from '@cyanheads/mcp-ts-core';\nexport const t = tool('demo_find_items', {} as never);\n",
    );
    const init = traced([...INIT, '--force'], parent);
    expect(init.out.project.suggestedTool).toBe('demo_search_items');
    expect(init.modules.some((m) => TS_MORPH.test(m))).toBe(true);
  });
});

/** The unbundled CLI (dist/'s modules) in `cwd`: its exit status, and the URLs of the modules it imported. */
function importsOf(args: string[], cwd: string): { status: number | null; stderr: string; modules: string[] } {
  const trace = path.join(temp(), 'imports.txt');
  const main = pathToFileURL(path.resolve(import.meta.dirname, '../../dist/cli/main.js')).href;
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      pathToFileURL(path.resolve(import.meta.dirname, '../helpers/trace-esm.mjs')).href,
      '--input-type=module',
      '-e',
      `const { main } = await import(${JSON.stringify(main)}); await main([process.argv[0], 'mcp-scaffold', ...process.argv.slice(1)]);`,
      '--',
      ...args,
    ],
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, MCP_SCAFFOLD_TRACE_MODULES: trace, MCP_SCAFFOLD_CACHE_DIR: temp(), NO_COLOR: '1' },
      timeout: 120_000,
    },
  );
  const modules = existsSync(trace) ? readFileSync(trace, 'utf8').split('\n').filter(Boolean) : [];
  return { status: run.status, stderr: run.stderr, modules };
}

// Our modules that only a write into an existing folder needs: the journal, the lock, the schemas
// that check both when read back (zod).
const JOURNALED = /\/dist\/engine\/(journaled-flush|journal|journal-format|lock|recovery)\.js$|\/node_modules\/zod\//;

describe('a new server is written without the journal', () => {
  // registerHooks is Node's since 22.15; the suite runs on 24.
  it.skipIf(!registerHooks)('init into a new folder loads none of it; add into the server loads it', () => {
    const parent = temp();
    const init = importsOf(INIT, parent);
    expect(init.status, init.stderr).toBe(0);
    expect(init.modules.some((m) => m.endsWith('/dist/engine/new-folder.js'))).toBe(true);
    expect(init.modules.filter((m) => JOURNALED.test(m))).toEqual([]);
    const add = importsOf(['add', 'tool', 'demo_find_items', '--json', '--no-devcheck'], path.join(parent, 'demo'));
    expect(add.status, add.stderr).toBe(0);
    expect(add.modules.some((m) => m.endsWith('/dist/engine/journaled-flush.js'))).toBe(true);
  });
});

describe('a new folder and an empty one get the same server', () => {
  it.each([[[]], [['--no-examples', '--pm', 'pnpm', '--license', 'MIT']]])('init %j', (extra) => {
    const [made, there] = [temp(), temp()];
    mkdirSync(path.join(there, 'demo'));
    const env = { MCP_SCAFFOLD_CACHE_DIR: temp(), npm_config_offline: 'true' };
    const args = ['init', 'demo', '--json', '--yes', '--no-install', '--no-git', ...extra];
    const runs = [made, there].map((cwd) => runCli(args, { cwd, env }));
    for (const r of runs) expect(r.status, r.stderr).toBe(0);
    expect(treeDigest(path.join(made, 'demo'))).toBe(treeDigest(path.join(there, 'demo')));
    expect(readdirSync(made)).toEqual(['demo']);
    const [a, b] = runs.map((r) =>
      JSON.stringify(parseJsonOut(r)).replaceAll(made, '<cwd>').replaceAll(there, '<cwd>'),
    );
    expect(a).toBe(b);
  });
});
