/**
 * How the devcheck after `add` is started. `<pm> run devcheck` costs a package manager's start,
 * and for our init's script (`tsx scripts/devcheck.ts`) a second Node that tsx's command starts to
 * run the file in: half a second of CPU before any check begins. When the script is exactly the
 * one our init wrote, with no pre/post script beside it, the same file is run directly: this Node,
 * the project's node_modules/.bin first on PATH, as the package manager would set it. Anything
 * else, the package manager runs it.
 *
 * A devcheck that registers tsx's ESM loader itself when it needs one (our init's does, for the
 * framework linter's definitions) is required as CommonJS through tsx's in-thread require hook:
 * no ESM loader is registered before the framework loads, whose hooks on Node 20 would cost a
 * round trip to their thread for each of its modules. Any other is run under `--import tsx`.
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as find from 'empathic/find';
import * as walk from 'empathic/walk';
import type { Project } from '../project/project.js';
import { checksChangedFiles } from './devcheck-scope.js';

/** The devcheck script our init writes for Node (bun's own start is cheap: left to `bun run`). */
const TSX_DEVCHECK = 'tsx scripts/devcheck.ts';

export interface DevcheckLaunch {
  command: string;
  args: string[];
  /** Added to the environment. */
  env: Record<string, string>;
}

const DEVCHECK_FILE = path.join('scripts', 'devcheck.ts');

/**
 * Runs scripts/devcheck.ts as CommonJS under tsx's require hook, removed once the file is loaded
 * (the framework's CommonJS dependencies need no transform). Not tsx's scoped require: its fresh
 * namespace on each run misses tsx's transform cache and starts esbuild every time. A file that
 * CommonJS cannot hold (top-level await: esbuild refuses it before anything runs), or a tsx
 * without that API, and the file is imported as ESM under tsx's loader instead.
 */
const COMMONJS_START = `const path = require('node:path');
const { pathToFileURL } = require('node:url');
const script = path.resolve(${JSON.stringify(DEVCHECK_FILE)});
process.argv.splice(1, 0, script);
// As ESM, the file must not see the require and module globals node -e gives.
const asEsm = () => {
  delete globalThis.require;
  delete globalThis.module;
  return import('tsx/esm/api').then(({ register }) => {
    register();
    return import(pathToFileURL(script).href);
  });
};
let api;
try {
  api = require('tsx/cjs/api');
} catch {}
if (api === undefined) asEsm();
else {
  const unregister = api.register();
  try {
    require(script);
  } catch (error) {
    if (error?.name !== 'TransformError') throw error;
    asEsm();
  } finally {
    unregister();
  }
}`;

/** Our init's devcheck registers tsx's ESM loader itself, and nothing in it needs ESM's import.meta. */
function startsAsCommonJs(root: string): boolean {
  try {
    const source = readFileSync(path.join(root, DEVCHECK_FILE), 'utf8');
    return source.includes("'tsx/esm/api'") && !source.includes('import.meta');
  } catch {
    return false;
  }
}

/** tsx installed where Node's resolution from the project finds it (the project or a workspace root). */
const hasTsx = (root: string) =>
  find.file(path.join('node_modules', 'tsx', 'package.json'), { cwd: path.resolve(root) }) !== undefined;

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

/**
 * Whether the project's devcheck takes `--strict` (fail on any warning): the one our init writes
 * does; the framework's own and hand-written ones are not known to.
 */
export function devcheckTakesStrict(project: Project): boolean {
  if (!project.pkg.scripts?.devcheck?.includes('scripts/devcheck.ts')) return false;
  try {
    return readFileSync(path.join(project.root, DEVCHECK_FILE), 'utf8').includes("'--strict'");
  } catch {
    return false;
  }
}

/** What follows `<pm> run devcheck` to hand `args` to the script: npm takes flags before `--` as its own. */
export function scriptArgs(pm: string, args: readonly string[]): string[] {
  return args.length === 0 ? [] : pm === 'npm' ? ['--', ...args] : [...args];
}

/** The process that runs the project's devcheck, with `args` for the script itself. */
export function devcheckLaunch(
  project: Project,
  pm: string,
  env: NodeJS.ProcessEnv = process.env,
  args: readonly string[] = [],
): DevcheckLaunch {
  if (!runsOurDevcheckAlone(project))
    return { command: pm, args: ['run', 'devcheck', ...scriptArgs(pm, args)], env: {} };
  const bins = walk
    .up(path.resolve(project.root))
    .map((dir) => path.join(dir, 'node_modules', '.bin'))
    .filter((dir) => existsSync(dir));
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  const searched = [...bins, ...(env[pathKey] ? [env[pathKey]] : [])].join(path.delimiter);
  // After `--`, node -e leaves the script's flags in process.argv instead of reading them as its own.
  const start = startsAsCommonJs(project.root)
    ? ['-e', COMMONJS_START, ...(args.length > 0 ? ['--', ...args] : [])]
    : ['--import', 'tsx', DEVCHECK_FILE, ...args];
  return { command: process.execPath, args: start, env: { [pathKey]: searched } };
}
