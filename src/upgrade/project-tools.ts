/**
 * The project's own tools (its `typescript`, its `vitest`), found where the project installed them
 * and run with this Node, supervised like devcheck (stopped with what they started at the timeout
 * or on our own SIGINT/SIGTERM), their output collected for reading rather than shown.
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { runSupervised, type StopReason } from '../tasks/supervised-run.js';

/** The file of `pkg`'s bin `name` in the project's node_modules, or undefined when it is not installed. */
export function projectBin(root: string, pkg: string, name = pkg): string | undefined {
  const dir = path.join(root, 'node_modules', ...pkg.split('/'));
  const manifest = path.join(dir, 'package.json');
  if (!existsSync(manifest)) return undefined;
  let bin: unknown;
  try {
    bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: unknown }).bin;
  } catch {
    return undefined;
  }
  const rel = typeof bin === 'string' ? bin : (bin as Record<string, unknown> | undefined)?.[name];
  if (typeof rel !== 'string') return undefined;
  const file = path.join(dir, rel);
  return existsSync(file) ? file : undefined;
}

export interface ToolRun {
  code: number | null;
  /** stdout and stderr, in the order they came. */
  output: string;
  stopped?: StopReason;
}

/** Runs `node <bin> ...args` in `root` and collects what it prints; rejects when it cannot start. */
export async function runProjectTool(root: string, bin: string, args: string[], timeoutMs: number): Promise<ToolRun> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const exit = await runSupervised(process.execPath, [bin, ...args], {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    stdout: sink,
    stderr: sink,
    timeoutMs,
  });
  return {
    code: exit.code,
    output: Buffer.concat(chunks).toString('utf8'),
    ...(exit.stopped ? { stopped: exit.stopped } : {}),
  };
}

/** Why a stopped run stopped, for a report. */
export function stoppedWhy(stopped: StopReason, seconds: number): string {
  return stopped.by === 'timeout' ? `stopped at the ${seconds}s timeout` : `interrupted by ${stopped.signal}`;
}
