/** The top-level handler for failures: kept apart from run.ts so `--help` loads none of the engine. */

import { ScaffoldError } from './errors.js';
import type { Reporter } from './reporter.js';

export function reportFailure(reporter: Reporter, command: string, e: unknown): number {
  const error =
    e instanceof ScaffoldError
      ? e
      : new ScaffoldError('INTERNAL', `Unexpected error: ${e instanceof Error ? e.message : String(e)}`, {
          hint: 'This is a bug in mcp-scaffold. Run again with --verbose for the stack trace and report it.',
        });
  reporter.failure(command, error, e instanceof Error ? e.stack : undefined);
  return error.exitCode;
}
