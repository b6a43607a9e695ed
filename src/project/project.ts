/**
 * Finds the server project a command works on: the nearest package.json, from `--cwd` upwards,
 * that depends on the framework. Also reads what the project's installed framework version and
 * package manager are.
 */

import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ScaffoldError } from '../engine/errors.js';

export const FRAMEWORK = '@cyanheads/mcp-ts-core';

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

export interface PackageJson {
  name?: string;
  version?: string;
  packageManager?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface Project {
  root: string;
  pkg: PackageJson;
  /** The version installed in node_modules, else undefined. */
  frameworkVersion: string | undefined;
  /** The range package.json asks for. */
  frameworkRange: string;
  packageManager: PackageManager;
  packageManagerSource: string;
}

function readJson(file: string): PackageJson | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
  } catch {
    return undefined;
  }
}

function frameworkRangeOf(pkg: PackageJson): string | undefined {
  return pkg.dependencies?.[FRAMEWORK] ?? pkg.devDependencies?.[FRAMEWORK] ?? pkg.peerDependencies?.[FRAMEWORK];
}

export function findProject(cwd: string): Project {
  const start = path.resolve(cwd);
  if (!existsSync(start)) {
    throw new ScaffoldError('NOT_A_PROJECT', `The folder ${start} does not exist.`, {
      hint: 'Pass --cwd with the folder of an existing server, or run `mcp-scaffold init <dir>`.',
    });
  }
  let nearestPackage: string | undefined;
  for (let dir = start; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    const pkg = existsSync(file) ? readJson(file) : undefined;
    if (pkg) {
      nearestPackage ??= file;
      const range = frameworkRangeOf(pkg);
      if (range !== undefined) {
        return {
          root: dir,
          pkg,
          frameworkRange: range,
          frameworkVersion: installedFrameworkVersion(dir),
          ...detectPackageManager(dir, pkg),
        };
      }
    }
    if (path.dirname(dir) === dir) break;
  }
  const below = statSync(start).isDirectory() ? serversBelow(start) : [];
  throw new ScaffoldError(
    'NOT_A_PROJECT',
    `No package.json that depends on ${FRAMEWORK} was found from ${start} upwards${nearestPackage ? ` (nearest: ${nearestPackage})` : ''}.`,
    {
      hint:
        below.length > 0
          ? `Servers below this folder: ${below.slice(0, 5).join(', ')}. Pass --cwd ${path.join(start, below[0]!)}.`
          : 'Run `mcp-scaffold init <dir>` to create a server, or pass --cwd <server folder>.',
    },
  );
}

/** The installed framework package folder, found as Node would: node_modules of the root, then of each parent (workspaces hoist). */
export function frameworkPackageDir(root: string): string | undefined {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', ...FRAMEWORK.split('/'));
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function installedFrameworkVersion(root: string): string | undefined {
  const dir = frameworkPackageDir(root);
  return dir ? readJson(path.join(dir, 'package.json'))?.version : undefined;
}

const LOCKFILES: [string, PackageManager][] = [
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['package-lock.json', 'npm'],
];

/**
 * A lockfile says what really installed the project, so it wins over the `packageManager` field
 * (the framework's own template declares bun even when the user installs with npm).
 */
export function detectPackageManager(
  root: string,
  pkg: PackageJson,
): { packageManager: PackageManager; packageManagerSource: string } {
  for (const [file, pm] of LOCKFILES) {
    if (existsSync(path.join(root, file))) return { packageManager: pm, packageManagerSource: file };
  }
  // A server inside a workspace (packages/x) has no lockfile of its own: the workspace root holds
  // it. Without this, a pnpm or yarn monorepo was reported and devchecked as npm (the default).
  const workspace = workspaceRootAbove(root);
  if (workspace) {
    for (const [file, pm] of LOCKFILES) {
      if (existsSync(path.join(workspace, file))) {
        return {
          packageManager: pm,
          packageManagerSource: path.relative(root, path.join(workspace, file)).split(path.sep).join('/'),
        };
      }
    }
  }
  const declared = pkg.packageManager?.split('@')[0];
  if (declared === 'npm' || declared === 'pnpm' || declared === 'yarn' || declared === 'bun') {
    return { packageManager: declared, packageManagerSource: 'packageManager field' };
  }
  return { packageManager: 'npm', packageManagerSource: 'default' };
}

/** The nearest folder above `root` that declares workspaces (package.json `workspaces`, or pnpm's file). */
function workspaceRootAbove(root: string): string | undefined {
  for (let dir = path.dirname(root); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const pkg = readJson(path.join(dir, 'package.json')) as (PackageJson & { workspaces?: unknown }) | undefined;
    if (pkg?.workspaces !== undefined) return dir;
  }
  return undefined;
}

/**
 * Servers in the folders just below `start` (packages/x, apps/y/z): run at a monorepo's root,
 * the hint names them instead of only suggesting `init`. Two levels, no node_modules, no dot dirs.
 */
function serversBelow(start: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!e.isDirectory() || e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const sub = path.join(dir, e.name);
      const pkg = readJson(path.join(sub, 'package.json'));
      if (pkg && frameworkRangeOf(pkg) !== undefined) found.push(path.relative(start, sub).split(path.sep).join('/'));
      else if (depth < 2) walk(sub, depth + 1);
    }
  };
  walk(start, 1);
  return found.sort();
}
