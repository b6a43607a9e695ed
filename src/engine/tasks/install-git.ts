/**
 * The side effects of init, run after the flush and never on a dry run: installing the
 * dependencies (with a spinner at a terminal, its log kept in a file) and the first git commit.
 * execa and @clack/prompts are loaded on first use.
 */

import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PackageManager } from '../../project/project.js';
import { EXIT, ScaffoldError } from '../errors.js';
import type { Reporter } from '../reporter.js';
import { findOnPath } from './devcheck.js';

export interface InstallReport {
  ran: boolean;
  passed?: boolean;
  exitCode?: number;
  durationMs?: number;
  command?: string;
  /** Kept only when the install failed. */
  logFile?: string;
  reason?: string;
}

export interface GitReport {
  ran: boolean;
  initialized?: boolean;
  committed?: boolean;
  reason?: string;
}

const INSTALL_ARGS: Record<PackageManager, string[]> = {
  npm: ['install', '--no-audit', '--no-fund'],
  pnpm: ['install'],
  yarn: ['install'],
  bun: ['install'],
};

const INSTALL_HINT: Record<PackageManager, string> = {
  npm: 'Install Node.js with npm',
  pnpm: 'Install pnpm (`npm i -g pnpm` or `corepack enable`)',
  yarn: 'Install yarn (`npm i -g yarn` or `corepack enable`)',
  bun: 'Install bun (`npm i -g bun`)',
};

/** The last `lines` lines of a log, for the failure message. */
export function logTail(text: string, lines = 25): string {
  const all = text.replace(/\s+$/, '').split('\n');
  return all.slice(-lines).join('\n');
}

/**
 * `<pm> install` in the new project. Output goes to a log file (and to stderr with --verbose);
 * a person at a terminal sees a spinner. Failure is reported, not thrown: the files stay.
 */
export async function runInstall(
  root: string,
  pm: PackageManager,
  reporter: Reporter,
  spinner: boolean,
): Promise<InstallReport> {
  const args = INSTALL_ARGS[pm];
  const command = [pm, ...args].join(' ');
  if (!findOnPath(pm)) {
    throw new ScaffoldError(
      'PACKAGE_MANAGER_MISSING',
      `${pm} is not on PATH, so the dependencies were not installed; the files were written.`,
      {
        hint: `${INSTALL_HINT[pm]}, then run \`${pm} install\` in ${root}. Or pass --pm with another package manager.`,
        exitCode: EXIT.writtenButFailed,
      },
    );
  }
  const logFile = path.join(tmpdir(), `mcp-scaffold-install-${process.pid}-${Date.now()}.log`);
  const log = createWriteStream(logFile);
  const { execa } = await import('execa');
  const clack = spinner ? await import('@clack/prompts') : undefined;
  const spin = clack?.spinner({
    onCancel: () => {
      process.exit(EXIT.writtenButFailed);
    },
  });
  if (spin) spin.start(`Installing dependencies with ${pm}`);
  else reporter.info(`Installing dependencies: ${command} …`);

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
  const passed = exitCode === 0 && !result.failed;
  const seconds = (durationMs / 1000).toFixed(1);
  if (passed) {
    rmSync(logFile, { force: true });
    if (spin) spin.stop(`Dependencies installed with ${pm} in ${seconds}s`);
    else reporter.success(`Dependencies installed in ${seconds}s`);
    return { ran: true, passed, exitCode, durationMs, command };
  }
  if (spin) spin.error(`${command} failed after ${seconds}s`);
  let tail = '';
  try {
    tail = logTail(readFileSync(logFile, 'utf8'));
  } catch {
    tail = result.all ? logTail(String(result.all)) : '';
  }
  process.stderr.write(`${tail}\n(full log: ${logFile})\n`);
  return { ran: true, passed: false, exitCode, durationMs, command, logFile };
}

/**
 * `git init` and a first commit of everything written (and the lockfile). A missing git or
 * identity is a warning, not a failure: the server itself is complete without it.
 */
export async function runGit(root: string, packageName: string, reporter: Reporter): Promise<GitReport> {
  if (!findOnPath('git')) {
    reporter.warn('git is not on PATH: no repository was created.');
    return { ran: false, reason: 'git not on PATH' };
  }
  const { execa } = await import('execa');
  const git = (args: string[]) => execa('git', args, { cwd: root, reject: false, stdin: 'ignore' });
  const init = await git(['init', '--quiet']);
  if (init.exitCode !== 0) {
    reporter.warn(`git init failed: ${String(init.stderr).trim()}`);
    return { ran: true, initialized: false, committed: false, reason: 'git init failed' };
  }
  const add = await git(['add', '--all']);
  const commit =
    add.exitCode === 0
      ? await git(['commit', '--quiet', '--no-verify', '-m', `Start ${packageName} with mcp-scaffold init`])
      : add;
  if (commit.exitCode !== 0) {
    reporter.warn(
      `git commit failed, the files are staged: ${String(commit.stderr).trim().split('\n')[0]} (set git config user.name and user.email, then commit).`,
    );
    return { ran: true, initialized: true, committed: false, reason: 'git commit failed' };
  }
  reporter.success('Created a git repository with a first commit');
  return { ran: true, initialized: true, committed: true };
}
