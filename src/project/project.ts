/**
 * Finds the server project a command works on: the nearest package.json, from `--cwd` upwards,
 * that depends on the framework. Also reads what the project's installed framework version and
 * package manager are.
 */

import { type Dirent, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import * as find from 'empathic/find';
import * as walk from 'empathic/walk';
import { ScaffoldError } from '../engine/errors.js';
import { isJsonObject } from '../engine/json-object.js';
import { readRegularFile } from '../engine/regular-file.js';
import { detectPackageManager, type PackageManager } from './package-manager.js';
import { FRAMEWORK } from './package-names.js';

export type { PackageManager } from './package-manager.js';
export { FRAMEWORK };

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

/** A package.json's contents, or why it has none that counts; undefined when there is no file (a FIFO is CONFLICT). */
function readPackage(file: string): { pkg: PackageJson } | { problem: string } | undefined {
  const bytes = readRegularFile(file, path.basename(file));
  if (bytes === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    return { problem: `does not parse: ${e instanceof Error ? e.message : String(e)}` };
  }
  return isJsonObject(value) ? { pkg: value as PackageJson } : { problem: 'is not a JSON object' };
}

/** A package.json's contents; undefined when there is none, or none that counts. */
function readJson(file: string): PackageJson | undefined {
  const read = readPackage(file);
  return read && 'pkg' in read ? read.pkg : undefined;
}

export function frameworkRangeOf(pkg: PackageJson): string | undefined {
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
  for (const dir of walk.up(start)) {
    const file = path.join(dir, 'package.json');
    const read = existsSync(file) ? readPackage(file) : undefined;
    if (!read) continue;
    // The nearest package.json says which package this is, as npm reads it: one that cannot be
    // read ends the search rather than letting a project further up be taken for it.
    if ('problem' in read) {
      throw new ScaffoldError('PARSE_ERROR', `${file} ${read.problem}`, {
        hint: 'Fix package.json (npm and every other tool read it too), then run the command again.',
        // Relative to the folder it would be the root of, as a result's paths are.
        details: [{ path: 'package.json', message: read.problem }],
      });
    }
    const { pkg } = read;
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
  const manifest = find.file(path.join('node_modules', ...FRAMEWORK.split('/'), 'package.json'), {
    cwd: path.resolve(root),
  });
  return manifest && path.dirname(manifest);
}

function installedFrameworkVersion(root: string): string | undefined {
  const dir = frameworkPackageDir(root);
  return dir ? readJson(path.join(dir, 'package.json'))?.version : undefined;
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
