/**
 * The command line: parses the arguments with the program built from the kinds registry, and
 * turns every outcome (done, help, version, bad arguments, failure) into one exit status and,
 * under --json, exactly one JSON object on stdout.
 */

import { type Command, CommanderError } from 'commander';
import { strikeAt } from '../engine/durable.js';
import { EXIT, ScaffoldError } from '../engine/errors.js';
import { reportFailure } from '../engine/failure.js';
import { Reporter } from '../engine/reporter.js';
import {
  interruptedBeforeWrite,
  markReported,
  resetRunState,
  resultIsOut,
  watchStopSignals,
} from '../engine/run-state.js';
import { KINDS, oneOf } from '../kinds/index.js';
import type { KindSpec } from '../kinds/spec.js';
import { outputFailuresStopNothing, outputWritten } from './pipes.js';
import { buildProgram, commandPath } from './program.js';

interface Invocation {
  /** The command as JSON output names it: `add tool`, `list`. */
  command: string;
  /** The command whose --help a usage error points at: `mcp-scaffold add tool`. */
  helpOf: string;
  json: boolean;
  verbose: boolean;
  kinds: readonly KindSpec[];
  /** What commander wrote for people under --json. */
  jsonOut: { text: string };
}

const writeJson = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

/** The exit status for an error commander threw (help, version, bad arguments). */
function commanderExit(e: CommanderError, run: Invocation): number {
  const { command, json, verbose } = run;
  if (e.code === 'commander.version') {
    if (json) writeJson({ ok: true, command: 'version', version: run.jsonOut.text.trim() });
    return 0;
  }
  if (e.code === 'commander.helpDisplayed' || (e.code === 'commander.help' && e.exitCode === 0)) {
    if (json) writeJson({ ok: true, command: command.startsWith('-') ? 'help' : command, help: run.jsonOut.text });
    return 0;
  }
  if (e.code === 'commander.help') {
    // `mcp-scaffold add` or `mcp-scaffold --json` with no command: commander printed the help
    // on stderr as an error (exitCode 1). Nothing was done, so this is not a success.
    if (json) {
      const group = command === 'add' ? 'add' : '';
      const message = group
        ? `add needs a command: ${oneOf(run.kinds.map((k) => k.name))}.`
        : 'No command given: one of init, add, list.';
      new Reporter({ json, verbose }).failure(
        group,
        new ScaffoldError('OPTION_INVALID', message, { hint: `Run \`${run.helpOf} --help\` for usage.` }),
      );
    }
    return 1;
  }
  // Commander already printed its message for people; under --json, say it as JSON.
  if (json) {
    new Reporter({ json, verbose }).failure(
      command,
      new ScaffoldError('OPTION_INVALID', e.message.replace(/^error: /, ''), {
        hint: `Run \`${run.helpOf} --help\` for its options and examples.`,
      }),
    );
  }
  return 1;
}

/** The deepest command the arguments name (`add tool` for `add tool x --frob`; the root for `frob`). */
function helpOf(program: Command, args: string[]): string {
  let cmd = program;
  for (const arg of args) {
    const sub = cmd.commands.find((c) => c.name() === arg);
    if (!sub) break;
    cmd = sub;
  }
  return commandPath(cmd);
}

/** What the arguments ask for, as far as the output needs it: before commander has parsed them. */
function outputOf(args: string[]): { command: string; json: boolean; verbose: boolean } {
  return {
    command: args[0] === 'add' && args[1] && !args[1].startsWith('-') ? `${args[0]} ${args[1]}` : (args[0] ?? ''),
    json: args.includes('--json'),
    verbose: args.includes('--verbose'),
  };
}

/** Runs the CLI on `argv` (as process.argv: node, script, arguments) with these kinds; the exit status. */
export async function run(argv: string[], kinds: readonly KindSpec[] = KINDS): Promise<number> {
  resetRunState();
  const args = argv.slice(2);
  const { command, json, verbose } = outputOf(args);
  let exitCode = 0;
  const setExit = (code: number) => {
    exitCode = code;
  };
  const jsonOut = { text: '' };
  const program = buildProgram({ kinds, setExit, ...(json ? { jsonOut } : {}) });
  const invocation: Invocation = { command, helpOf: helpOf(program, args), json, verbose, kinds, jsonOut };
  try {
    if (args.length === 0) {
      program.outputHelp({ error: true });
      markReported(EXIT.nothingWritten);
      return EXIT.nothingWritten;
    }
    await program.parseAsync(argv);
    return exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      const code = commanderExit(e, invocation);
      markReported(code);
      return code;
    }
    return reportFailure(new Reporter({ json, verbose }), command, e);
  }
}

export async function main(argv: string[]): Promise<void> {
  outputFailuresStopNothing();
  const { command, json, verbose } = outputOf(argv.slice(2));
  // A stop signal before anything is written ends the run here, with its one result.
  watchStopSignals((signal) => {
    new Reporter({ json, verbose }).failure(command, interruptedBeforeWrite(signal));
    process.exit(EXIT.nothingWritten);
  });
  process.exitCode = await run(argv, KINDS);
  strikeAt('after', 'exit', '');
  if (!resultIsOut()) return;
  // Ended here rather than by Node's teardown, which gives the stop signals back to their default
  // first: a SIGHUP then would end the process by the signal, a status that belies the result.
  await outputWritten();
  process.exit(process.exitCode);
}
