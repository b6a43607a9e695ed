/**
 * The project's own tools (its `typescript`, its `vitest`), found where the project installed them
 * and run with this Node, supervised like devcheck (stopped with what they started at the timeout
 * or on our own SIGINT/SIGTERM), their output collected for reading rather than shown.
 */

import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
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

/** Whether a bin is a script for Node (a `.js` file, or a node shebang), not a native executable. */
function runsOnNode(bin: string): boolean {
  if (/\.[cm]?js$/.test(bin)) return true;
  const head = Buffer.alloc(128);
  const fd = openSync(bin, 'r');
  try {
    const read = readSync(fd, head, 0, head.length, 0);
    const text = head.subarray(0, read).toString('latin1');
    if (text.startsWith('#!')) return /\bnode\b/.test(text.split('\n')[0]!);
    // No shebang: a script Node is meant to load, unless it is a compiled executable (binary bytes).
    return !text.includes('\0');
  } finally {
    closeSync(fd);
  }
}

/** Runs the bin (with this Node, when it is a Node script) in `root`, collecting what it prints; rejects when it cannot start. */
export async function runProjectTool(root: string, bin: string, args: string[], timeoutMs: number): Promise<ToolRun> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const [file, argv] = runsOnNode(bin) ? [process.execPath, [bin, ...args]] : [bin, args];
  const exit = await runSupervised(file, argv, {
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
