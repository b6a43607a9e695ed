/**
 * What bin/mcp-scaffold.js runs (the build bundles this folder into dist/launch.cjs, so that the
 * launcher is CommonJS end to end and never starts Node's ES module loader). With the build's
 * bundle there (and MCP_SCAFFOLD_CODE_CACHE not 0): a help page or the version the build rendered
 * is printed without loading the CLI, else the bundle runs with V8's code cache. Otherwise, the
 * plain path: tsc's ES modules in dist/, loaded by Node. The bytes written, the files and the exit
 * status are the same on every path.
 */

import { createRequire } from 'node:module';
import path from 'node:path';
import { currentBundle } from './bundle.js';
import type { EarlyLookup } from './early-lookup.js';
import { plainInitArguments } from './init-arguments.js';
import { writeStdout } from './pipes.js';
import { prerenderedOutput } from './prerendered.js';

type Main = (argv: string[], early?: EarlyLookup) => Promise<void>;

/**
 * init's registry look-up, started before the bundle loads where init will surely make it
 * (src/startup/early-lookup.ts, bundled apart so that no other run reads it); undefined otherwise.
 */
function earlyLookup(args: string[], dist: string): EarlyLookup | undefined {
  const run = plainInitArguments(args);
  if (!run) return undefined;
  let start: typeof import('./early-lookup.js').startEarlyLookup;
  try {
    start = createRequire(path.join(dist, 'launch.cjs'))('./early-lookup.cjs').startEarlyLookup;
  } catch {
    return undefined; // not built: init's action starts it
  }
  return start(run);
}

/**
 * Loads the modules of Node's that nearly every run of the CLI needs (besides those code-cache.ts
 * and the early look-up load), before leanStart sets V8's flags. Node compiles its modules with a
 * cache of their code made when it was built, which V8 takes only under the flags it was made
 * for: one loaded after the flags change compiles from source (an add loaded 26 that way, crypto's
 * 16 among them; https, zlib, child_process, readline, crypto, vm, os and perf_hooks took 19–26 ms
 * after a change of flags, 8–10 ms before). Putting the defaults back around each later load would
 * let a collection meanwhile grow the young generation lean-vm.ts keeps small. stdout is made now
 * for the same reason: every command prints, and a pipe or a terminal brings node:net or node:tty.
 */
function loadNodeModulesFirst(dist: string): void {
  const require = createRequire(path.join(dist, 'launch.cjs'));
  for (const id of ['node:os', 'node:process', 'node:timers/promises', 'node:tty']) require(id);
  void process.stdout;
}

/** One turn of the event loop, so that the early look-up's connection moves on between long stretches of work. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs the CLI on `argv` from the build in `dist`; `plain` imports dist/cli/main.js. */
export async function launch(argv: string[], dist: string, plain: () => Promise<{ main: Main }>): Promise<void> {
  const bundle = process.env.MCP_SCAFFOLD_CODE_CACHE === '0' ? undefined : currentBundle(dist);
  if (!bundle) return (await plain()).main(argv);
  const files = { help: path.join(dist, 'help.json'), bundle, packageJson: path.join(dist, '../package.json') };
  const output = prerenderedOutput(argv.slice(2), files);
  if (output !== undefined) return writeStdout(output);
  const early = earlyLookup(argv.slice(2), dist);
  try {
    // Imported here, so that printing a help page loads no more than it needs (vm, zlib, crypto).
    const { runBundle, runBundlePausing } = await import('./code-cache.js');
    loadNodeModulesFirst(dist);
    // Before any bundle compiles: V8's code cache is made for, and only taken with, the same flags.
    (await import('../engine/lean-vm.js')).leanStart();
    // With a request under way, the event loop turns between the stretches of loading the CLI, so
    // that each step of its connection (address, TLS handshake, request) goes on while it loads.
    const cli = (early ? await runBundlePausing(bundle, breathe) : runBundle(bundle)) as { main: Main };
    if (early) await breathe();
    return await cli.main(argv, early);
  } finally {
    // A run that ended without taking it (a refused folder, say) does not wait for it.
    early?.abandon.abort();
  }
}
