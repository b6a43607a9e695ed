/**
 * `<pm> install` in a new project, after init's flush: a spinner for a person at a terminal, the
 * output kept in a log file whose tail is shown when the install fails. It runs supervised (its
 * own process group, stopped with all it started at the timeout or on our SIGINT/SIGTERM), and
 * a stopped install says the files are kept and how to finish. @clack/prompts loads on first use.
 */

import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { EXIT, ScaffoldError } from '../engine/errors.js';
import { monotonicMs } from '../engine/monotonic.js';
import type { Reporter } from '../engine/reporter.js';
import type { Task, TaskContext, TaskOutcome } from '../engine/task.js';
import type { PackageManager } from '../project/project.js';
import { findOnPath, HOW_TO_INSTALL } from './path-lookup.js';
import { runSupervised, type StopReason, type SupervisedExit } from './supervised-run.js';

const INSTALL_ARGS: Record<PackageManager, string[]> = {
  npm: ['install', '--no-audit', '--no-fund'],
  pnpm: ['install'],
  yarn: ['install'],
  bun: ['install'],
};

/** The last `lines` lines of a log, for the failure message. */
export function logTail(text: string, lines = 25): string {
  const all = text.replace(/\s+$/, '').split('\n');
  return all.slice(-lines).join('\n');
}

/** Seconds an install may take by default: far above a cold npm install on a busy 2-core machine. */
export const INSTALL_TIMEOUT_DEFAULT = 1200;

/** `timeoutSeconds`: when the install is stopped (0: never). */
export function installTask(pm: PackageManager, timeoutSeconds = INSTALL_TIMEOUT_DEFAULT): Task {
  return { key: 'install', run: (ctx) => runInstall(pm, timeoutSeconds, ctx) };
}

function packageManagerMissing(pm: PackageManager, root: string): ScaffoldError {
  return new ScaffoldError(
    'PACKAGE_MANAGER_MISSING',
    `${pm} is not on PATH, so the dependencies were not installed; the files were written.`,
    {
      hint: `${HOW_TO_INSTALL[pm]}, then run \`${pm} install\` in ${root}. Or pass --pm with another package manager.`,
      exitCode: EXIT.writtenButFailed,
    },
  );
}

/**
 * Progress for the install: a spinner at a terminal, else one line before and one after. The
 * spinner reads keys in raw mode and ends the process with status 0 on Ctrl-C; with the terminal
 * back in cooked mode, Ctrl-C is a SIGINT, which stops the install and is reported as such.
 */
async function progress(pm: PackageManager, command: string, reporter: Reporter, spinner: boolean) {
  const clack = spinner ? await import('@clack/prompts') : undefined;
  const spin = clack?.spinner({ cancelMessage: `${command} interrupted` });
  if (spin) {
    spin.start(`Installing dependencies with ${pm}`);
    if (process.stdin.isTTY) process.stdin.setRawMode(false);
  } else reporter.info(`Installing dependencies: ${command} …`);
  return {
    passed: (seconds: string) =>
      spin
        ? spin.stop(`Dependencies installed with ${pm} in ${seconds}s`)
        : reporter.success(`Dependencies installed in ${seconds}s`),
    failed: (seconds: string) => spin?.error(`${command} failed after ${seconds}s`),
    stopped: (why: string) => spin?.cancel(`${command} ${why}`),
  };
}

/**
 * The install's output, into the log file (and onto stderr with --verbose). `close` ends the sink
 * first: chunks it still holds reach the file before the file is closed.
 */
function logSink(logFile: string, verbose: boolean) {
  const log = createWriteStream(logFile);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (verbose) process.stderr.write(chunk);
      log.write(chunk, done);
    },
    final(done) {
      log.end(done);
    },
  });
  return { sink, close: () => new Promise<void>((resolve) => sink.end(resolve)) };
}

/** Output goes to a log file (and to stderr with --verbose). Failure is reported, not thrown: the files stay. */
async function runInstall(
  pm: PackageManager,
  timeoutSeconds: number,
  { root, reporter, spinner }: TaskContext,
): Promise<TaskOutcome> {
  const args = INSTALL_ARGS[pm];
  const command = [pm, ...args].join(' ');
  if (!findOnPath(pm)) {
    const error = packageManagerMissing(pm, root);
    return { report: { ran: false, reason: error.message }, error };
  }
  const logFile = path.join(tmpdir(), `mcp-scaffold-install-${process.pid}-${Date.now()}.log`);
  const { sink, close } = logSink(logFile, reporter.verbose);
  const shown = await progress(pm, command, reporter, spinner);
  const started = monotonicMs();
  let exit: SupervisedExit;
  try {
    exit = await runSupervised(pm, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', npm_config_update_notifier: 'false' },
      stdout: sink,
      stderr: sink,
      timeoutMs: timeoutSeconds * 1000,
    });
  } catch (e) {
    await close();
    const error = notStarted(command, root, e);
    return { report: { ran: false, reason: error.message }, error };
  }
  await close();
  const durationMs = Math.round(monotonicMs() - started);
  const base = { command, durationMs, root, logFile, timeoutSeconds };
  return verdict(exit, base, shown);
}

interface InstallRun {
  command: string;
  durationMs: number;
  root: string;
  logFile: string;
  timeoutSeconds: number;
}

/** Passed, failed (with the log's tail), stopped at the timeout or by our own signal. */
function verdict(exit: SupervisedExit, run: InstallRun, shown: Awaited<ReturnType<typeof progress>>): TaskOutcome {
  const { command, durationMs, root, logFile } = run;
  const seconds = (durationMs / 1000).toFixed(1);
  const report = { ran: true, passed: false, exitCode: exit.code, durationMs, command, logFile };
  if (exit.code === 0 && exit.stopped === undefined) {
    rmSync(logFile, { force: true });
    shown.passed(seconds);
    const { logFile: _kept, ...passed } = report;
    return { report: { ...passed, passed: true } };
  }
  if (exit.stopped) {
    const why =
      exit.stopped.by === 'timeout'
        ? `stopped at the ${run.timeoutSeconds}s timeout`
        : `interrupted by ${exit.stopped.signal}`;
    shown.stopped(why);
    const error = stoppedError(exit.stopped, run, seconds);
    const flag = exit.stopped.by === 'timeout' ? { timedOut: true } : { interrupted: exit.stopped.signal };
    return { report: { ...report, ...flag, reason: why }, error };
  }
  shown.failed(seconds);
  showLogTail(logFile);
  return {
    report,
    error: new ScaffoldError(
      'INSTALL_FAILED',
      `${command} exited with ${exit.code ?? exit.signal}; the files were written and kept.`,
      {
        hint: `Fix the cause shown above (full log: ${logFile}), then run \`${command}\` in ${root}.`,
        exitCode: EXIT.writtenButFailed,
      },
    ),
  };
}

function stoppedError(stopped: StopReason, run: InstallRun, seconds: string): ScaffoldError {
  const rerun = `run \`${run.command}\` in ${run.root}`;
  if (stopped.by === 'timeout') {
    return new ScaffoldError(
      'INSTALL_TIMEOUT',
      `${run.command} did not finish within ${run.timeoutSeconds}s and was stopped; files kept; ${rerun}.`,
      { hint: `Pass a longer --install-timeout (0: no limit), or ${rerun} yourself.`, exitCode: EXIT.writtenButFailed },
    );
  }
  return new ScaffoldError(
    'INSTALL_INTERRUPTED',
    `Interrupted by ${stopped.signal} during the install (after ${seconds}s); files kept; ${rerun}.`,
    { hint: `Its output so far: ${run.logFile}.`, exitCode: EXIT.writtenButFailed },
  );
}

function notStarted(command: string, root: string, e: unknown): ScaffoldError {
  const why = e instanceof Error ? e.message : String(e);
  return new ScaffoldError(
    'INSTALL_FAILED',
    `\`${command}\` could not start (${why}); the files were written and kept.`,
    {
      hint: `Run \`${command}\` in ${root}.`,
      exitCode: EXIT.writtenButFailed,
    },
  );
}

function showLogTail(logFile: string): void {
  let tail = '';
  try {
    tail = logTail(readFileSync(logFile, 'utf8'));
  } catch {
    tail = '(the log could not be read)';
  }
  process.stderr.write(`${tail}\n(full log: ${logFile})\n`);
}
