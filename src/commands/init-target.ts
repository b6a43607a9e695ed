/**
 * Where `init` writes: the folder it was given or the server it stands in, and what the
 * environment around that folder says (the enclosing git repository, its origin, the user).
 */

import { existsSync, readFileSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import * as find from 'empathic/find';
import * as walk from 'empathic/walk';
import { ScaffoldError } from '../engine/errors.js';
import type { InitOptions } from '../init/generator.js';
import { FRAMEWORK, unscoped } from '../project/package-names.js';

const SCOPED_NAME = /^@[a-z0-9-~][a-z0-9-._~]*\/[a-z0-9-~][a-z0-9-._~]*$/;

export interface Target {
  root: string;
  mode: 'create' | 'upgrade';
  /** A package name implied by the folder argument (`init @acme/weather`). */
  impliedName: string | undefined;
  /** The server a new one would be made inside of (a folder above with the framework in package.json). */
  enclosingServer?: string;
}

function dependsOnFramework(dir: string): boolean {
  try {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    return [pkg.dependencies, pkg.devDependencies, pkg.peerDependencies].some(
      (deps) => deps?.[FRAMEWORK] !== undefined,
    );
  } catch {
    return false;
  }
}

/** The nearest folder at or above `start` that holds a server, if any. */
function enclosingServer(start: string): string | undefined {
  return walk.up(start).find(dependsOnFramework);
}

export function nearestExisting(dir: string): string {
  return walk.up(dir).find((d) => existsSync(d)) ?? dir;
}

/** The folder argument, refused when a file is where it or one of its parents would go. */
function givenFolder(base: string, dir: string): Target {
  if (dir.trim() === '') {
    throw new ScaffoldError('OPTION_INVALID', 'The folder argument is empty.', {
      hint: 'Pass a folder name, e.g. mcp-scaffold init my-server.',
    });
  }
  const scoped = SCOPED_NAME.test(dir);
  const root = path.resolve(base, scoped ? unscoped(dir) : dir);
  if (existsSync(root) && !statSync(root).isDirectory()) {
    throw new ScaffoldError('CONFLICT', `${root} exists and is not a folder.`, { hint: 'Choose another folder name.' });
  }
  // A file on the way (`init notes.txt/server`) made every write fail with ENOTDIR, reported
  // as a generic WRITE_FAILED ("check permissions and free space") after the plan was printed.
  const ancestor = nearestExisting(root);
  if (ancestor !== root && !statSync(ancestor).isDirectory()) {
    throw new ScaffoldError('CONFLICT', `${ancestor} is a file, so ${root} cannot be created.`, {
      hint: 'Choose another folder name.',
    });
  }
  const impliedName = scoped ? dir : undefined;
  if (dependsOnFramework(root)) return { root, mode: 'upgrade', impliedName };
  const outer = enclosingServer(nearestExisting(path.dirname(root)));
  return { root, mode: 'create', impliedName, ...(outer ? { enclosingServer: outer } : {}) };
}

/**
 * A new server inside another is seldom meant (`init tools` run in a server's folder, to add
 * tools): refused, unless --force says it is (a workspace package, say); then a warning.
 */
export function nestingWarning(target: Target, force: boolean): string | undefined {
  const outer = target.enclosingServer;
  if (target.mode !== 'create' || outer === undefined) return undefined;
  const message = `${target.root} is inside the server at ${outer}: init would make a new server nested in it.`;
  if (!force) {
    throw new ScaffoldError('NESTED_SERVER', `${message} Nothing was written.`, {
      hint: `To grow that server, run mcp-scaffold add … in ${outer}; to refresh it, mcp-scaffold init there. Pass --force to make the nested server anyway.`,
    });
  }
  return `${message} Made anyway (--force).`;
}

/**
 * `init <dir>`: that folder (a server there means upgrade). `init` alone: the server enclosing
 * the current folder (upgrade), else the current folder itself.
 */
export function resolveTarget(cwd: string, dir: string | undefined): Target {
  const base = path.resolve(cwd);
  if (dir !== undefined) return givenFolder(base, dir);
  const server = existsSync(base) ? enclosingServer(base) : undefined;
  return server
    ? { root: server, mode: 'upgrade', impliedName: undefined }
    : { root: base, mode: 'create', impliedName: undefined };
}

/** Whether init makes a new server in `dir` from `cwd`: not an existing one, nor a folder it refuses. */
export function makesNewServer(cwd: string, dir: string | undefined): boolean {
  try {
    return resolveTarget(cwd, dir).mode === 'create';
  } catch {
    return false; // init reports it
  }
}

/** Walks up from `start` (or its nearest existing ancestor) to a `.git` entry. */
export function gitRootOf(start: string): string | undefined {
  const git = find.up('.git', { cwd: path.resolve(start) });
  return git && path.dirname(git);
}

/** The `origin` remote's URL from a repository's .git/config, read as text (no git process). */
export function originRemote(gitRoot: string): string | undefined {
  try {
    const config = readFileSync(path.join(gitRoot, '.git', 'config'), 'utf8');
    const section = /\[remote "origin"\]([^[]*)/.exec(config)?.[1] ?? '';
    return /^\s*url\s*=\s*(.+?)\s*$/m.exec(section)?.[1];
  } catch {
    return undefined;
  }
}

export function safeUsername(): string | undefined {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME;
  }
}

/** What the environment of the target says, gathered here so that the generator stays pure. */
export function environmentOf(root: string): NonNullable<InitOptions['environment']> {
  const gitRoot = gitRootOf(nearestExisting(root));
  const remote = gitRoot ? originRemote(gitRoot) : undefined;
  const username = safeUsername();
  return {
    ...(username ? { username } : {}),
    ...(remote ? { gitRemote: remote } : {}),
    insideGitWorkTree: gitRoot !== undefined,
  };
}
