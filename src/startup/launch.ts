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
  // Before any bundle compiles: V8's code cache is made for, and only taken with, the same flags.
  (await import('../engine/lean-vm.js')).leanStart();
  try {
    // Imported here so that printing a help page loads no more than it needs.
    const { runBundle, runBundlePausing } = await import('./code-cache.js');
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
