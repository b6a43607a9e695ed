/**
 * init's registry look-up of the newest framework, started by the launcher before the CLI's
 * bundle loads, so that the request is on its way while the CLI reads its code cache, builds
 * its program and loads init (the build bundles this module apart, into dist/early-lookup.cjs,
 * which the launcher loads only for such an `init`). It is started only where the CLI itself
 * will surely start it: arguments commander accepts without fail and that reach init's action
 * (only flags known to src/startup/init-arguments.ts: no --help, --version or
 * --framework-version, at most one folder), for a folder init will make a new server in.
 * Anything else is left to init's action, which starts it as before; a look-up started here
 * that the action does not take is abandoned.
 */

import { createRequire } from 'node:module';
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

/** Starts the look-up for init's arguments (plainInitArguments) where init makes a new server; else undefined. */
export function startEarlyLookup(run: { dir: string | undefined; cwd: string }): EarlyLookup | undefined {
  if (!makesNewServer(run.cwd, run.dir)) return undefined;
  // Node's HTTP clients (https brings TLS and most of http) and the resolver the request loads
  // when it connects, loaded now, before V8's flags change: see the launcher's loadNodeModulesFirst.
  const require = createRequire(import.meta.url);
  for (const id of ['node:https', 'node:http', 'node:dns']) require(id);
  const abandon = new AbortController();
  return { ...run, pending: latestFrameworkVersion(undefined, abandon.signal), abandon };
}
