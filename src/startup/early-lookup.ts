/**
 * init's registry look-up of the newest framework, started by the launcher before the CLI's
 * bundle loads, so that the request is on its way while the CLI reads its code cache, builds
 * its program and loads init (the build bundles this module apart, into dist/early-lookup.cjs,
 * which the launcher loads only for an `init`). It is started only where the CLI itself will
 * surely start it: arguments commander accepts without fail and that reach init's action (only
 * flags known here, no --help, no --version, no --framework-version, at most one folder), for a
 * folder init will make a new server in. Anything else is left to init's action, which starts
 * it as before; a look-up started here that the action does not take is abandoned.
 */

import { makesNewServer } from '../commands/init-target.js';
import { type LatestVersion, latestFrameworkVersion } from '../init/registry.js';

export interface EarlyLookup {
  /** The folder argument and the `--cwd` (else the current folder) it was started for. */
  dir: string | undefined;
  cwd: string;
  pending: Promise<LatestVersion>;
  /** Abandons it (npm stopped, request aborted), for a run that ends without needing it. */
  abandon: AbortController;
}

/** init's flags and the global ones that take no value (--devcheck-timeout and --install-timeout, checked by a parser, are left out). */
export const FLAGS = new Set([
  '--dry-run',
  '--json',
  '-y',
  '--yes',
  '--force',
  '--no-devcheck',
  '--full-devcheck',
  '--verbose',
  '--no-install',
  '--no-git',
  '--no-examples',
]);
/** Those that take any value. */
export const WITH_VALUE = new Set([
  '--cwd',
  '--name',
  '-d',
  '--description',
  '--owner',
  '--prefix',
  '--repository',
  '--pm',
  '--license',
]);

/**
 * The folder and the `--cwd` of arguments (after `node script`) that are `init` with only the
 * flags above, each value given (separately, or as `--flag=value`) and not starting with `-`, and
 * at most one folder; undefined for any other arguments, so that a doubt never starts a look-up.
 */
export function plainInitArguments(args: readonly string[]): { dir: string | undefined; cwd: string } | undefined {
  if (args[0] !== 'init') return undefined;
  let dir: string | undefined;
  let cwd: string | undefined;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    if (FLAGS.has(arg)) continue;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (WITH_VALUE.has(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined || (eq < 0 && value.startsWith('-'))) return undefined;
      if (name === '--cwd') cwd = value;
    } else if (arg.startsWith('-') || dir !== undefined) return undefined;
    else dir = arg;
  }
  return { dir, cwd: cwd ?? process.cwd() };
}

/** Starts the look-up for `init` arguments that will surely need it; undefined for any others. */
export function startEarlyLookup(args: readonly string[]): EarlyLookup | undefined {
  const run = plainInitArguments(args);
  if (!run || !makesNewServer(run.cwd, run.dir)) return undefined;
  const abandon = new AbortController();
  return { ...run, pending: latestFrameworkVersion(undefined, abandon.signal), abandon };
}
