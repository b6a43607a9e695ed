/**
 * `<pm> install` in a new project, after init's flush: a spinner for a person at a terminal, the
 * output kept in a log file whose tail is shown when the install fails. execa and @clack/prompts
 * are loaded on first use.
 */

import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PackageManager } from '../../project/project.js';
import { EXIT, ScaffoldError } from '../errors.js';
import type { Reporter } from '../reporter.js';
import { findOnPath, HOW_TO_INSTALL } from './path-lookup.js';
import type { Task, TaskContext, TaskOutcome } from './task.js';

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

export function installTask(pm: PackageManager): Task {
  return { key: 'install', run: (ctx) => runInstall(pm, ctx) };
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

/** Progress for the install: a spinner at a terminal, else one line before and one after. */
async function progress(pm: PackageManager, command: string, reporter: Reporter, spinner: boolean) {
  const clack = spinner ? await import('@clack/prompts') : undefined;
  const spin = clack?.spinner({
    onCancel: () => {
      process.exit(EXIT.writtenButFailed);
    },
  });
  if (spin) spin.start(`Installing dependencies with ${pm}`);
  else reporter.info(`Installing dependencies: ${command} …`);
  return {
    passed: (seconds: string) =>
      spin
        ? spin.stop(`Dependencies installed with ${pm} in ${seconds}s`)
        : reporter.success(`Dependencies installed in ${seconds}s`),
    failed: (seconds: string) => spin?.error(`${command} failed after ${seconds}s`),
  };
}

/** Output goes to a log file (and to stderr with --verbose). Failure is reported, not thrown: the files stay. */
async function runInstall(pm: PackageManager, { root, reporter, spinner }: TaskContext): Promise<TaskOutcome> {
  const args = INSTALL_ARGS[pm];
  const command = [pm, ...args].join(' ');
  if (!findOnPath(pm)) {
    const error = packageManagerMissing(pm, root);
    return { report: { ran: false, reason: error.message }, error };
  }
  const logFile = path.join(tmpdir(), `mcp-scaffold-install-${process.pid}-${Date.now()}.log`);
  const log = createWriteStream(logFile);
  const { execa } = await import('execa');
  const shown = await progress(pm, command, reporter, spinner);
  const started = performance.now();
  const child = execa(pm, args, {
    cwd: root,
    reject: false,
    stdin: 'ignore',
    all: true,
    env: { FORCE_COLOR: '0', npm_config_update_notifier: 'false' },
  });
  child.all?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    if (reporter.verbose) process.stderr.write(chunk);
  });
  const result = await child;
  await new Promise<void>((resolve) => log.end(resolve));
  const durationMs = Math.round(performance.now() - started);
  const exitCode = result.exitCode ?? 1;
  const seconds = (durationMs / 1000).toFixed(1);
  if (exitCode === 0 && !result.failed) {
    rmSync(logFile, { force: true });
    shown.passed(seconds);
    return { report: { ran: true, passed: true, exitCode, durationMs, command } };
  }
  shown.failed(seconds);
  showLogTail(logFile, result.all);
  return {
    report: { ran: true, passed: false, exitCode, durationMs, command, logFile },
    error: new ScaffoldError('INSTALL_FAILED', `${command} exited with ${exitCode}; the files were written and kept.`, {
      hint: `Fix the cause shown above (full log: ${logFile}), then run \`${command}\` in ${root}.`,
      exitCode: EXIT.writtenButFailed,
    }),
  };
}

function showLogTail(logFile: string, all: unknown): void {
  let tail = '';
  try {
    tail = logTail(readFileSync(logFile, 'utf8'));
  } catch {
    tail = all ? logTail(String(all)) : '';
  }
  process.stderr.write(`${tail}\n(full log: ${logFile})\n`);
}
