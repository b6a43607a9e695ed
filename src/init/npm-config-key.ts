/**
 * Everything `npm config get` reads, hashed into one key, so that npm's answer can be kept and
 * reused while none of it changed: which npm would run (and the node that runs it, whose place
 * picks the global npmrc), the environment npm reads settings from, and the bytes of every npmrc
 * it would load (its builtin one, the global one, the user's, the project's for this folder).
 * Whatever cannot be resolved with certainty gives no key, and the caller asks npm as before: a
 * file that moves another config file (`prefix=`, `globalconfig=`, `userconfig=`), a relative
 * path, a PATH entry that depends on the folder, an npm or node that is not what it looks like
 * (a version manager's shim), a workspace root above the folder, Windows.
 */

import { createHash } from 'node:crypto';
import { accessSync, constants, readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** Settings that move a config file: one of them in a file is a redirect this key cannot follow. */
const REDIRECT = /^\s*["']?(prefix|globalconfig|userconfig)["']?\s*(=|$)/im;
/** `${NAME}` and `${NAME?}`, which npm replaces with the environment's value in npmrc files. */
const ENV_REFERENCE = /\$\{([^${}?]+)\??\}/g;

class Unsure extends Error {}

/** The file's text, or null when there is none; anything else than absence is unsure. */
function readIfThere(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw new Unsure();
  }
}

const isThere = (file: string) => {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
};

/** The real path of the command a shell would run, or unsure when PATH depends on the folder. */
function onPath(command: string, env: NodeJS.ProcessEnv): string {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!path.isAbsolute(dir)) throw new Unsure();
    const candidate = path.join(dir, command);
    try {
      if (!statSync(candidate, { throwIfNoEntry: false })) continue;
      accessSync(candidate, constants.X_OK);
      return realpathSync(candidate);
    } catch {
      // keep looking
    }
  }
  throw new Unsure();
}

/** npm's own folder (`<dir>/bin/npm-cli.js`, a package named npm run by `env node`) and its package.json. */
function npmInstall(env: NodeJS.ProcessEnv): { dir: string; manifest: string } {
  const cli = onPath('npm', env);
  if (path.basename(cli) !== 'npm-cli.js') throw new Unsure();
  const dir = path.dirname(path.dirname(cli));
  const manifest = readFileSync(path.join(dir, 'package.json'), 'utf8');
  const head = readFileSync(cli, 'utf8').slice(0, 64);
  if ((JSON.parse(manifest) as { name?: unknown }).name !== 'npm' || !head.startsWith('#!/usr/bin/env node\n')) {
    throw new Unsure();
  }
  return { dir, manifest };
}

/** An absolute path from a setting, or unsure (npm would resolve `~` and relative ones itself). */
function absolute(value: string): string {
  if (!path.isAbsolute(value)) throw new Unsure();
  return value;
}

/**
 * The npm settings in the environment (`npm_config_*` in any case, empty ones skipped as npm
 * does); unsure when two spellings of one setting disagree, since which wins follows the
 * environment's order.
 */
function envSettings(env: NodeJS.ProcessEnv): [string, string][] {
  const settings = Object.entries(env)
    .filter((e): e is [string, string] => /^npm_config_/i.test(e[0]) && e[1] !== undefined && e[1] !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const seen = new Map<string, string>();
  for (const [name, value] of settings) {
    const key = name
      .slice(11)
      .replace(/(?!^)_/g, '-')
      .toLowerCase();
    if (seen.has(key) && seen.get(key) !== value) throw new Unsure();
    seen.set(key, value);
  }
  return settings;
}

/** The value of setting `key` in the environment. */
const envSetting = (settings: [string, string][], key: string) =>
  settings.find(([k]) => k.slice(11).toLowerCase() === key)?.[1];

/**
 * The project npmrc npm would load is `.npmrc` in the nearest folder above `cwd` with a
 * package.json or node_modules, else in `cwd`: every candidate's .npmrc goes into the key, and
 * when there is one, what decides among them (package.json bytes, node_modules) too. A
 * workspace root above can move the project elsewhere: unsure.
 */
function projectFiles(cwd: string): { npmrcs: string[]; parts: unknown[] } {
  const dirs: string[] = [];
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    dirs.push(dir);
    if (path.dirname(dir) === dir) break;
  }
  const found = dirs.map((dir) => readIfThere(path.join(dir, '.npmrc')));
  const npmrcs = found.filter((text) => text !== null);
  if (npmrcs.length === 0) return { npmrcs, parts: ['no project npmrc'] };
  const parts = dirs.map((dir, i) => {
    const manifest = readIfThere(path.join(dir, 'package.json'));
    if (manifest?.includes('"workspaces"')) throw new Unsure();
    return [dir, found[i], manifest, isThere(path.join(dir, 'node_modules'))];
  });
  return { npmrcs, parts };
}

/** The key of npm's answer in `cwd` with `env`, or undefined when it cannot be told with certainty. */
export function npmConfigKey(cwd: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (process.platform === 'win32') return undefined;
  try {
    const npm = npmInstall(env);
    const node = onPath('node', env);
    if (node !== realpathSync(process.execPath)) throw new Unsure();
    const settings = envSettings(env);
    const prefix = env.PREFIX
      ? absolute(env.PREFIX)
      : path.join(env.DESTDIR ? absolute(env.DESTDIR) : '/', path.dirname(path.dirname(node)));
    const home = env.HOME || homedir();
    const userFile = absolute(envSetting(settings, 'userconfig') ?? path.join(home, '.npmrc'));
    const globalPrefix = absolute(envSetting(settings, 'prefix') ?? prefix);
    const globalFile = absolute(envSetting(settings, 'globalconfig') ?? path.join(globalPrefix, 'etc/npmrc'));
    const files = [path.join(npm.dir, 'npmrc'), userFile, globalFile].map((f) => [f, readIfThere(f)] as const);
    const project = projectFiles(absolute(cwd));
    const npmrcs = [...files.map(([, text]) => text).filter((t) => t !== null), ...project.npmrcs];
    if (npmrcs.some((text) => REDIRECT.test(text))) throw new Unsure();
    const referenced = [...new Set(npmrcs.flatMap((t) => [...t.matchAll(ENV_REFERENCE)].map((m) => m[1]!)))].sort();
    const all = {
      npm: [npm.dir, npm.manifest],
      node,
      settings,
      home,
      prefix,
      files,
      project: project.parts,
      referenced: referenced.map((name) => [name, env[name] ?? null]),
    };
    return createHash('sha256').update(JSON.stringify(all)).digest('base64url');
  } catch {
    return undefined;
  }
}
