/**
 * `git init` and a first commit of everything init wrote (and the lockfile). A missing git or
 * identity is a warning, not a failure: the server itself is complete without it.
 */

import type { Task, TaskContext, TaskOutcome } from '../engine/task.js';
import { findOnPath } from './path-lookup.js';

/** The repository's first branch, which the generated CI runs on pushes to. */
export const FIRST_BRANCH = 'main';

type Git = (args: string[]) => Promise<{ exitCode?: number | undefined; stderr: unknown }>;

/**
 * `git init` on FIRST_BRANCH whatever `init.defaultBranch` says (else git's own default, master).
 * Git before 2.28 has no --initial-branch: there HEAD is pointed at the branch before any commit.
 */
async function initOnFirstBranch(git: Git) {
  const init = await git(['init', '--quiet', `--initial-branch=${FIRST_BRANCH}`]);
  if (init.exitCode === 0) return init;
  const plain = await git(['init', '--quiet']);
  if (plain.exitCode !== 0) return plain;
  const head = await git(['symbolic-ref', 'HEAD', `refs/heads/${FIRST_BRANCH}`]);
  return head.exitCode === 0 ? plain : head;
}

export function gitTask(packageName: string): Task {
  return { key: 'git', run: (ctx) => runGit(packageName, ctx) };
}

async function runGit(packageName: string, { root, reporter }: TaskContext): Promise<TaskOutcome> {
  if (!findOnPath('git')) {
    reporter.warn('git is not on PATH: no repository was created.');
    return { report: { ran: false, reason: 'git not on PATH' } };
  }
  const { execa } = await import('execa');
  const git = (args: string[]) => execa('git', args, { cwd: root, reject: false, stdin: 'ignore' });
  const init = await initOnFirstBranch(git);
  if (init.exitCode !== 0) {
    reporter.warn(`git init failed: ${String(init.stderr).trim()}`);
    return { report: { ran: true, initialized: false, committed: false, reason: 'git init failed' } };
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
    return { report: { ran: true, initialized: true, committed: false, reason: 'git commit failed' } };
  }
  reporter.success('Created a git repository with a first commit');
  return { report: { ran: true, initialized: true, committed: true } };
}
