/**
 * How the devcheck after `add` is started. `<pm> run devcheck` costs a package manager's start,
 * and for our init's script (`tsx scripts/devcheck.ts`) a second Node that tsx's command starts to
 * run the file in: half a second of CPU before any check begins. When the script is exactly the
 * one our init wrote, with no pre/post script beside it, the same file is run directly: this Node,
 * tsx's loader, the project's node_modules/.bin first on PATH, as the package manager would set it.
 * Anything else, the package manager runs it.
 */

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Project } from '../../project/project.js';
import { checksChangedFiles } from './devcheck-scope.js';

/** The devcheck script our init writes for Node (bun's own start is cheap: left to `bun run`). */
const TSX_DEVCHECK = 'tsx scripts/devcheck.ts';

export interface DevcheckLaunch {
  command: string;
  args: string[];
  /** Added to the environment. */
  env: Record<string, string>;
}

/** The folders from `root` up, nearest first. */
function ancestors(root: string): string[] {
  const dirs: string[] = [];
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    dirs.push(dir);
    if (path.dirname(dir) === dir) return dirs;
  }
}

/** tsx installed where Node's resolution from the project finds it (the project or a workspace root). */
function hasTsx(root: string): boolean {
  return ancestors(root).some((dir) => existsSync(path.join(dir, 'node_modules', 'tsx', 'package.json')));
}

/** Whether `<pm> run devcheck` would run our init's script and nothing else. */
export function runsOurDevcheckAlone(project: Project): boolean {
  const scripts = project.pkg.scripts ?? {};
  return (
    scripts.devcheck === TSX_DEVCHECK &&
    scripts.predevcheck === undefined &&
    scripts.postdevcheck === undefined &&
    checksChangedFiles(project) &&
    hasTsx(project.root)
  );
}

/** The process that runs the project's devcheck. */
export function devcheckLaunch(project: Project, pm: string, env: NodeJS.ProcessEnv = process.env): DevcheckLaunch {
  if (!runsOurDevcheckAlone(project)) return { command: pm, args: ['run', 'devcheck'], env: {} };
  const bins = ancestors(project.root)
    .map((dir) => path.join(dir, 'node_modules', '.bin'))
    .filter((dir) => existsSync(dir));
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  const searched = [...bins, ...(env[pathKey] ? [env[pathKey]] : [])].join(path.delimiter);
  return {
    command: process.execPath,
    args: ['--import', 'tsx', path.join('scripts', 'devcheck.ts')],
    env: { [pathKey]: searched },
  };
}
