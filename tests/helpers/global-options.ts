/** The global options of a command run in-process by a test: --json, --yes, no devcheck. */

import type { GlobalOptions } from '../../src/engine/options.js';

export function jsonRun(cwd: string, extra: Partial<GlobalOptions> = {}): GlobalOptions {
  return {
    cwd,
    dryRun: false,
    json: true,
    yes: true,
    force: false,
    devcheck: false,
    devcheckTimeout: 600,
    verbose: false,
    ...extra,
  };
}
