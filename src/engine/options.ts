/** Options every command takes: the global flags of the command-line contract in README.md. */

import { isatty } from 'node:tty';

export interface GlobalOptions {
  cwd: string;
  dryRun: boolean;
  json: boolean;
  yes: boolean;
  force: boolean;
  /** --overwrite-edited: --force, even over files edited since mcp-scaffold wrote them. */
  overwriteEdited?: boolean;
  devcheck: boolean;
  /** Seconds devcheck may run before it is stopped; 0: no limit. */
  devcheckTimeout: number;
  /** --full-devcheck: the whole devcheck, even where the project's can check only what changed. */
  fullDevcheck?: boolean;
  verbose: boolean;
}

export const DEVCHECK_TIMEOUT_DEFAULT = 600;
/** The longest delay a Node timer holds (2^31 - 1 ms), in whole seconds. */
const DEVCHECK_TIMEOUT_MAX = 2_147_483;

/** `--devcheck-timeout <seconds>`: a number of seconds, 0 for no limit; throws with the reason otherwise. */
export function parseDevcheckTimeout(text: string): number {
  const seconds = /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isNaN(seconds)) throw new Error('It takes a number of seconds (0: no limit).');
  if (seconds > DEVCHECK_TIMEOUT_MAX)
    throw new Error(`It takes at most ${DEVCHECK_TIMEOUT_MAX} seconds (0: no limit).`);
  return seconds;
}

export function globalOptions(raw: Record<string, unknown>): GlobalOptions {
  return {
    cwd: typeof raw.cwd === 'string' ? raw.cwd : process.cwd(),
    dryRun: raw.dryRun === true,
    json: raw.json === true,
    yes: raw.yes === true,
    force: raw.force === true || raw.overwriteEdited === true,
    overwriteEdited: raw.overwriteEdited === true,
    devcheck: raw.devcheck !== false,
    devcheckTimeout: typeof raw.devcheckTimeout === 'number' ? raw.devcheckTimeout : DEVCHECK_TIMEOUT_DEFAULT,
    fullDevcheck: raw.fullDevcheck === true,
    verbose: raw.verbose === true,
  };
}

/**
 * A prompt may be shown only to a person: a TTY on both ends, and neither --yes nor --json. stdin
 * is asked with isatty, as process.stdin would be, without opening it: for a file or pipe that
 * costs a stream of its own (and for a pipe, node:net).
 */
export function canPrompt(global: GlobalOptions): boolean {
  return Boolean(!global.yes && !global.json && isatty(0) && process.stdout.isTTY);
}
