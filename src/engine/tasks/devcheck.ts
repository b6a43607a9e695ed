/**
 * The project's devcheck after `add`, streaming its output (to stderr under --json). Files are
 * already written when it runs, so a failure here is exit 2, never 1. execa is loaded on first use.
 */

import { FRAMEWORK, findProject, type Project } from '../../project/project.js';
import { EXIT, ScaffoldError } from '../errors.js';
import type { Reporter } from '../reporter.js';
import { findOnPath, HOW_TO_INSTALL } from './path-lookup.js';
import { skippedTask, type Task, type TaskOutcome } from './task.js';

/** The project's devcheck as the task after the flush, unless --no-devcheck. */
export function devcheckTask(enabled: boolean): Task {
  if (!enabled) return skippedTask('devcheck', '--no-devcheck');
  // The project is read again after the flush: its package.json is the one devcheck will see.
  return { key: 'devcheck', run: ({ root, reporter }) => runDevcheck(findProject(root), reporter) };
}

function packageManagerMissing(project: Project): ScaffoldError {
  const pm = project.packageManager;
  return new ScaffoldError(
    'PACKAGE_MANAGER_MISSING',
    `The project uses ${pm} (from ${project.packageManagerSource}) but ${pm} is not on PATH, so devcheck could not run.`,
    { hint: `${HOW_TO_INSTALL[pm]}. Or pass --no-devcheck.`, exitCode: EXIT.writtenButFailed },
  );
}

function devcheckFailed(project: Project, exitCode: number, command: string): ScaffoldError {
  return new ScaffoldError('DEVCHECK_FAILED', `devcheck exited with ${exitCode}; the files were written.`, {
    // With no framework in node_modules the usual cause is an uninstalled project, not the code.
    hint:
      project.frameworkVersion === undefined
        ? `The dependencies look uninstalled (no ${FRAMEWORK} in node_modules): run \`${project.packageManager} install\`, then \`${command}\`.`
        : `Run \`${command}\` in the project to see the failures.`,
    exitCode: EXIT.writtenButFailed,
  });
}

/** `<pm> run devcheck` in the project. */
export async function runDevcheck(project: Project, reporter: Reporter): Promise<TaskOutcome> {
  if (!project.pkg.scripts?.devcheck) {
    reporter.info('No devcheck script in package.json: skipped.');
    return { report: { ran: false, reason: 'no devcheck script' } };
  }
  const pm = project.packageManager;
  if (!findOnPath(pm)) {
    const error = packageManagerMissing(project);
    return { report: { ran: false, reason: error.message }, error };
  }
  const command = `${pm} run devcheck`;
  reporter.info(`Running ${command} …`);
  const { execa } = await import('execa');
  const started = performance.now();
  const child = execa(pm, ['run', 'devcheck'], {
    cwd: project.root,
    reject: false,
    stdin: 'ignore',
    stdout: ['pipe'],
    stderr: ['pipe'],
    env: { FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  child.stdout?.pipe(reporter.logStream, { end: false });
  child.stderr?.pipe(process.stderr, { end: false });
  const result = await child;
  const durationMs = Math.round(performance.now() - started);
  const exitCode = result.exitCode ?? 1;
  const passed = exitCode === 0 && !result.failed;
  const seconds = (durationMs / 1000).toFixed(1);
  const report = { ran: true, passed, exitCode, durationMs, command };
  if (passed) {
    reporter.success(`devcheck passed in ${seconds}s`);
    return { report };
  }
  reporter.warn(`devcheck failed with exit code ${exitCode} after ${seconds}s`);
  return { report, error: devcheckFailed(project, exitCode, command) };
}
