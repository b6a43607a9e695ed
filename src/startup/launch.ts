/**
 * What bin/mcp-scaffold.js runs (the build bundles this folder into dist/launch.cjs, so that the
 * launcher is CommonJS end to end and never starts Node's ES module loader). With the build's
 * bundle there (and MCP_SCAFFOLD_CODE_CACHE not 0): a help page or the version the build rendered
 * is printed without loading the CLI, else the bundle runs with V8's code cache. Otherwise, the
 * plain path: tsc's ES modules in dist/, loaded by Node. The bytes written, the files and the exit
 * status are the same on every path.
 */

import path from 'node:path';
import { currentBundle } from './bundle.js';
import { writeStdout } from './pipes.js';
import { prerenderedOutput } from './prerendered.js';

type Main = (argv: string[]) => Promise<void>;

/** Runs the CLI on `argv` from the build in `dist`; `plain` imports dist/cli/main.js. */
export async function launch(argv: string[], dist: string, plain: () => Promise<{ main: Main }>): Promise<void> {
  const bundle = process.env.MCP_SCAFFOLD_CODE_CACHE === '0' ? undefined : currentBundle(dist);
  if (!bundle) return (await plain()).main(argv);
  const files = { help: path.join(dist, 'help.json'), bundle, packageJson: path.join(dist, '../package.json') };
  const output = prerenderedOutput(argv.slice(2), files);
  if (output !== undefined) return writeStdout(output);
  // Imported here so that printing a help page loads no more than it needs.
  const { runBundle } = await import('./code-cache.js');
  return (runBundle(bundle) as { main: Main }).main(argv);
}
