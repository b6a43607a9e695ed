/**
 * Every command the MCP server runs is the built CLI itself, spawned once per call with `--json`
 * and `--yes` and no terminal: the same kind registry and pipeline, its one JSON object as the
 * result. A process per call keeps each run's state (the project cache, the run state, its signal
 * handlers, its stdout) its own, lets two calls on one project meet at the CLI's lock as two
 * shells would, and leaves the server standing whatever a run does.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ScaffoldError } from '../engine/errors.js';

/** bin/mcp-scaffold.js, found from this module: in the bundle and in tsc's modules alike. */
export const SCAFFOLD_BIN = fileURLToPath(new URL('../../bin/mcp-scaffold.js', import.meta.url));

/** The one object the CLI printed under --json. */
export interface CliResult {
  ok: boolean;
  command: string;
  error?: { code: string; message: string; hint: string | null; details?: unknown[] };
  [field: string]: unknown;
}

export interface CliRunOptions {
  /** The project folder (`--cwd`). */
  cwd: string;
  /** Each line the run writes on stderr (its progress, devcheck's output), as it comes. */
  onLine?: (line: string) => void;
  /** Aborted when the client cancels the call: the run gets SIGTERM and stops as the CLI does. */
  signal?: AbortSignal;
}

/** Calls `onLine` with each whole line of a stream's text; the rest waits for its end. */
function lines(onLine: (line: string) => void): { push: (chunk: string) => void; end: () => void } {
  let rest = '';
  return {
    push(chunk) {
      const parts = (rest + chunk).split(/\r?\n/);
      rest = parts.pop() ?? '';
      for (const line of parts) if (line.trim() !== '') onLine(line);
    },
    end() {
      if (rest.trim() !== '') onLine(rest);
      rest = '';
    },
  };
}

/** What a run that printed no object of ours said, as a coded error (a crash is a bug of ours). */
function noResult(args: readonly string[], code: number | null, stdout: string, stderr: string): CliResult {
  const error = new ScaffoldError(
    'INTERNAL',
    `mcp-scaffold ${args.join(' ')} printed no JSON result (exit ${code ?? 'by a signal'}): ${(stderr || stdout).trim().slice(-2000)}`,
    { hint: 'This is a bug in mcp-scaffold; run the same command in a shell with --verbose to see it.' },
  );
  return {
    ok: false,
    command: args[0] ?? '',
    error: { code: error.code, message: error.message, hint: error.hint ?? null },
  };
}

/** The arguments with flags put before the positionals (after a `--`, every word is one). */
export function withFlags(args: readonly string[], ...flags: string[]): string[] {
  const end = args.indexOf('--');
  return end < 0 ? [...args, ...flags] : [...args.slice(0, end), ...flags, ...args.slice(end)];
}

/** The runs under way: when the server ends (its client gone), they are stopped as a shell's would be. */
const running = new Set<ChildProcess>();
let stopOnExit = false;

function track(child: ChildProcess): void {
  running.add(child);
  child.once('close', () => running.delete(child));
  if (stopOnExit) return;
  stopOnExit = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGTERM');
  });
}

/** Runs `mcp-scaffold <args> --json --yes --cwd <cwd>` and resolves with its exit status and object. */
export function runScaffold(
  args: readonly string[],
  opts: CliRunOptions,
): Promise<{ exitCode: number; result: CliResult }> {
  const argv = [SCAFFOLD_BIN, ...withFlags(args, '--json', '--yes', `--cwd=${opts.cwd}`)];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {
      cwd: opts.cwd,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    track(child);
    let stdout = '';
    let stderr = '';
    const progress = lines((line) => opts.onLine?.(line));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // Only the end is kept for a report: devcheck may print without limit.
      stderr = (stderr + chunk).slice(-8192);
      progress.push(chunk);
    });
    const stop = () => child.kill('SIGTERM');
    opts.signal?.addEventListener('abort', stop, { once: true });
    child.on('error', reject);
    child.on('close', (code) => {
      opts.signal?.removeEventListener('abort', stop);
      progress.end();
      const text = stdout.trim();
      let result: CliResult | undefined;
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed !== null && typeof parsed === 'object' && 'ok' in parsed) result = parsed as CliResult;
      } catch {
        result = undefined;
      }
      resolve({ exitCode: code ?? 1, result: result ?? noResult(args, code, stdout, stderr) });
    });
  });
}
