/**
 * Everything a command says goes through a Reporter. Under `--json` stdout carries exactly one
 * JSON object at the end and every log line goes to stderr; otherwise logs go to stdout and
 * warnings/errors to stderr. picocolors honours NO_COLOR and FORCE_COLOR. A character the terminal
 * would act on (from a project's file, in a name, a path or a line quoted) is printed as its escape,
 * colour codes among them: the only ones printed are those mcp-scaffold adds after the escaping.
 */

import pc from './colors.js';
import { EXIT, type ScaffoldError } from './errors.js';
import { markReported } from './run-state.js';
import { shown } from './shown-text.js';
import type { FileChange } from './tree.js';

/** A change as the result lists it: with its unified diff on a dry run. */
export interface ListedChange {
  path: string;
  action: FileChange['action'];
  diff?: string;
}

/** The --json result of a generating command; each task's report sits under its key (`devcheck`). */
export interface CommandResult {
  ok: boolean;
  command: string;
  dryRun: boolean;
  changes: ListedChange[];
  warnings: string[];
  [extra: string]: unknown;
}

export class Reporter {
  readonly json: boolean;
  readonly verbose: boolean;
  readonly warnings: string[] = [];

  constructor(opts: { json: boolean; verbose: boolean }) {
    this.json = opts.json;
    this.verbose = opts.verbose;
  }

  /** Where human-readable progress goes: never stdout under --json. */
  get logStream(): NodeJS.WriteStream {
    return this.json ? process.stderr : process.stdout;
  }

  info(message: string): void {
    this.logStream.write(`${shown(message)}\n`);
  }

  /** Lines coloured by the caller, each part from outside passed through `shown` before. */
  infoShown(text: string): void {
    this.logStream.write(`${text}\n`);
  }

  success(message: string): void {
    this.logStream.write(`${pc.green('✔')} ${shown(message)}\n`);
  }

  warn(message: string): void {
    this.warnings.push(message);
    process.stderr.write(`${pc.yellow('warning')} ${shown(message)}\n`);
  }

  debug(message: string): void {
    if (this.verbose) process.stderr.write(`${pc.dim(shown(message))}\n`);
  }

  /** CREATE/UPDATE/DELETE lines, with the diff on a dry run. */
  changes(changes: ListedChange[], dryRun: boolean): void {
    for (const change of changes) {
      const label =
        change.action === 'create'
          ? pc.green('CREATE')
          : change.action === 'delete'
            ? pc.red('DELETE')
            : pc.cyan('UPDATE');
      this.infoShown(`${label} ${shown(change.path)}`);
      if (dryRun && change.diff) this.infoShown(colorDiff(shown(change.diff)));
    }
  }

  /** The run's one result, for the exit status `exitCode`: after it, a stop signal prints nothing more. */
  result(result: CommandResult, exitCode: number = EXIT.ok): void {
    this.emit(result, exitCode);
  }

  /** The one JSON object under --json (any shape), for the exit status `exitCode`. */
  emit(value: Record<string, unknown>, exitCode: number): void {
    if (this.json) process.stdout.write(`${JSON.stringify(value)}\n`);
    markReported(exitCode);
  }

  /**
   * A failure after the flush (devcheck, install): the error for people, and under --json the
   * full result (changes and all) with ok: false, since the files are on disk. Returns the exit code.
   */
  failureAfterWrite(result: CommandResult, error: ScaffoldError): number {
    if (!this.json) this.failure(result.command, error);
    const details = error.details.length > 0 ? { details: error.details } : {};
    this.result({ ...result, ok: false, error: { ...errorJson(error), ...details } }, error.exitCode);
    return error.exitCode;
  }

  failure(command: string, error: ScaffoldError, stack?: string): void {
    if (this.json) {
      const out = {
        ok: false,
        command,
        error: {
          ...errorJson(error),
          ...(error.details.length > 0 ? { details: error.details } : {}),
        },
        warnings: this.warnings,
      };
      process.stdout.write(`${JSON.stringify(out)}\n`);
    } else {
      process.stderr.write(`${pc.red('error')} ${pc.dim(`[${error.code}]`)} ${shown(error.message)}\n`);
      // A detail the message already says (one problem, or each line of several) is not repeated.
      const single = error.details.length === 1;
      for (const d of error.details) {
        const where = d.path ? `${d.path}${d.line ? `:${d.line}` : ''}: ` : '';
        const said = error.message.includes(single ? d.message : `${where}${d.message}`);
        if (!said) process.stderr.write(`  - ${shown(`${where}${d.message}`)}\n`);
      }
      if (error.hint) process.stderr.write(`${pc.dim('hint')} ${shown(error.hint)}\n`);
    }
    if (stack && this.verbose) process.stderr.write(`${pc.dim(shown(stack))}\n`);
    markReported(error.exitCode);
  }
}

/** The `error` object of a --json result. */
export function errorJson(error: ScaffoldError): { code: string; message: string; hint: string | null } {
  return { code: error.code, message: error.message, hint: error.hint ?? null };
}

function colorDiff(diff: string): string {
  return diff
    .split('\n')
    .map((line) =>
      line.startsWith('+')
        ? pc.green(line)
        : line.startsWith('-')
          ? pc.red(line)
          : line.startsWith('@@')
            ? pc.cyan(line)
            : line,
    )
    .join('\n');
}
