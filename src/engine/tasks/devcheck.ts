/**
 * Side effects that run after the flush, never on a dry run: today the project's devcheck.
 * execa is loaded on first use.
 */

import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { PackageManager, Project } from '../../project/project.js';
import { EXIT, ScaffoldError } from '../errors.js';
import type { DevcheckReport, Reporter } from '../reporter.js';

/** Looks a command up on PATH the way a shell would. */
export function findOnPath(command: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, command + ext);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // keep looking
      }
    }
  }
  return undefined;
}

const INSTALL_HINT: Record<PackageManager, string> = {
  npm: 'Install Node.js and npm.',
  pnpm: 'Install pnpm (`npm i -g pnpm` or `corepack enable`).',
  yarn: 'Install yarn (`npm i -g yarn` or `corepack enable`).',
  bun: 'Install bun (`npm i -g bun`).',
};

/**
 * Runs `<pm> run devcheck` in the project, streaming its output (to stderr under --json). Files
 * are already written when this runs, so a failure here is exit 2, never 1.
 */
export async function runDevcheck(project: Project, reporter: Reporter): Promise<DevcheckReport> {
  if (!project.pkg.scripts?.devcheck) {
    reporter.info('No devcheck script in package.json: skipped.');
    return { ran: false, reason: 'no devcheck script' };
  }
  const pm = project.packageManager;
  if (!findOnPath(pm)) {
    throw new ScaffoldError(
      'PACKAGE_MANAGER_MISSING',
      `The project uses ${pm} (from ${project.packageManagerSource}) but ${pm} is not on PATH, so devcheck could not run.`,
      { hint: `${INSTALL_HINT[pm]} Or pass --no-devcheck.`, exitCode: EXIT.writtenButFailed },
    );
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
  if (passed) reporter.success(`devcheck passed in ${(durationMs / 1000).toFixed(1)}s`);
  else reporter.warn(`devcheck failed with exit code ${exitCode} after ${(durationMs / 1000).toFixed(1)}s`);
  return { ran: true, passed, exitCode, durationMs, command };
}
