/**
 * Spawning the built CLI the way users and agents do, and fixture projects small enough to write
 * per test (no node_modules: these tests never need the framework itself).
 */

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { expect } from 'vitest';
import { tempFolder } from '../helpers/temp.js';

export const BIN = path.resolve(import.meta.dirname, '../../bin/mcp-scaffold.js');
const SCALE_FIXTURE = path.resolve(import.meta.dirname, '../../scripts/scale-fixture.mjs');

/** The bench's server of `tools` tools registered `inline` or through a `barrel` (scripts/scale-fixture.mjs), in `parent`/server. */
export function scaleFixture(parent: string, tools: number, layout: string): string {
  const dir = path.join(parent, 'server');
  const r = spawnSync(process.execPath, [SCALE_FIXTURE, dir, String(tools), layout], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return dir;
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): CliRun {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? process.cwd(),
    env: { ...process.env, NO_COLOR: '1', ...opts.env },
    input: opts.input ?? '',
    encoding: 'utf8',
    // Far above a run's few seconds, even on a loaded machine; a hang still ends.
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** This environment as a shell has it: without what an npm that started the tests handed on. */
const SHELL_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && !k.startsWith('MCP_SCAFFOLD_')),
);

/**
 * The built CLI, not blocking this process (a server the test runs here can answer it), in the
 * environment a shell would give it plus `env`: npm's own variables would name another registry.
 */
export async function runCliAsync(args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<CliRun> {
  const r = await execa(process.execPath, [BIN, ...args], {
    cwd: opts.cwd,
    reject: false,
    stdin: 'ignore',
    extendEnv: false,
    env: { ...SHELL_ENV, NO_COLOR: '1', ...opts.env },
    timeout: 120_000,
  });
  return { status: r.exitCode ?? null, stdout: String(r.stdout), stderr: String(r.stderr) };
}

/** stdout must be exactly one JSON object (plus the final newline). */
export function parseJsonOut(run: CliRun): Record<string, any> {
  const text = run.stdout.trim();
  expectOneLine(text);
  return JSON.parse(text) as Record<string, any>;
}

function expectOneLine(text: string): void {
  if (text.includes('\n')) throw new Error(`stdout holds more than one line:\n${text}`);
}

export const FRESH_INDEX = `#!/usr/bin/env node
/**
 * @fileoverview demo MCP server entry point.
 * @module index
 */

import { createApp } from '@cyanheads/mcp-ts-core';
import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';

await createApp({
  name: 'demo',
  title: 'demo',
  tools: [echoTool],
});
`;

export function makeProject(files: Record<string, string> = {}, pkg: Record<string, unknown> = {}): string {
  const root = tempFolder('mcp-scaffold-bin-');
  const all: Record<string, string> = {
    'package.json': JSON.stringify(
      {
        name: 'demo',
        version: '0.1.0',
        type: 'module',
        dependencies: { '@cyanheads/mcp-ts-core': '^0.10.17' },
        ...pkg,
      },
      null,
      2,
    ),
    'src/index.ts': FRESH_INDEX,
    'src/mcp-server/tools/definitions/echo.tool.ts':
      "import { tool } from '@cyanheads/mcp-ts-core';\nexport const echoTool = tool('demo_echo_message', {} as never);\n",
    'vitest.config.ts':
      "const alias = { '@/': new URL('./src/', import.meta.url).pathname };\nexport default { resolve: { alias } };\n",
    ...files,
  };
  for (const [rel, content] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  return root;
}

/** A digest of every file below root (names and bytes): equal digests mean nothing was touched. */
export function treeDigest(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const abs = path.join(dir, name);
      const rel = path.relative(root, abs);
      if (statSync(abs).isDirectory()) {
        hash.update(`d:${rel}\n`);
        walk(abs);
      } else {
        hash.update(`f:${rel}\n`);
        hash.update(readFileSync(abs));
      }
    }
  };
  walk(root);
  return hash.digest('hex');
}

/** Runs the CLI on a pseudo-terminal (util-linux `script`), answering each prompt as it appears. */
export function onTerminal(
  cwd: string,
  args: string[],
  answers: [marker: string, keys: string][],
  env: NodeJS.ProcessEnv = {},
): Promise<{ output: string; exit: number | undefined }> {
  return new Promise((resolve) => {
    // `exec`: the CLI replaces the shell, so a Ctrl-C reaches only the CLI (a shell left waiting may
    // die of the same SIGINT, as dash does), and `script -e` returns the CLI's own exit code.
    const cli = `stty cols 200 rows 50; exec ${process.execPath} ${BIN} ${args.join(' ')}`;
    const child = spawn('script', ['-qfec', cli, '/dev/null'], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', CI: '', ...env },
    });
    let output = '';
    const pending = [...answers];
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const next = pending[0];
      if (next && output.includes(next[0])) {
        pending.shift();
        setTimeout(() => child.stdin.write(next[1]), 150);
      }
    });
    // Generous for a loaded machine; a run that hangs still ends, and its output shows where.
    const timer = setTimeout(() => child.kill(), 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ output, exit: code ?? undefined });
    });
  });
}

export interface Ran {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * The built CLI, spawned without blocking (runs overlap on both cores), offline unless `env` says
 * otherwise; in `opts.cwd`, with `opts.base` (else this process's environment) under `env`.
 */
export function spawnCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  opts: { cwd?: string; base?: NodeJS.ProcessEnv } = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
      env: { ...(opts.base ?? process.env), NO_COLOR: '1', npm_config_offline: 'true', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}
