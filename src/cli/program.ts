/**
 * The commander program, built from the kinds registry. Only commander and the kinds' specs are
 * loaded up front: each command's module (and with it zod, Handlebars, ts-morph) is imported when
 * that command runs, so `--help` stays cheap.
 */

import { Command, InvalidArgumentError } from 'commander';
import { DEVCHECK_TIMEOUT_DEFAULT, globalOptions, parseDevcheckTimeout } from '../engine/options.js';
import { VERSION } from '../engine/version.js';
import { allOf } from '../kinds/index.js';
import { addCommands } from './add.js';
import { definitionCommands } from './definition-commands.js';
import { INIT_EXAMPLES, listExamples, rootExamples } from './help.js';
import type { ProgramContext } from './program-context.js';

const UPGRADE_EXAMPLES = `
Examples:
  mcp-scaffold upgrade --dry-run                 # the plan and its diffs, nothing written
  mcp-scaffold upgrade --to 0.11.5 --json
  mcp-scaffold upgrade --to ../cyanheads-mcp-ts-core-0.12.3.tgz --drop-tasks
  mcp-scaffold upgrade --to 0.11.5 --test        # the tests too, before and after, test by test
`;

const RECOVER_EXAMPLES = `
Examples:
  mcp-scaffold recover                     # undo a run that was cut short, and say what was put back
  mcp-scaffold recover --dry-run --json    # what undoing would put back; nothing written
  mcp-scaffold recover --discard           # show what undoing would do, then remove the journal instead

A run cut short while writing (a kill, a power cut) leaves .mcp-scaffold.journal in the project;
the next command that writes undoes it first, and this does the same on its own. A journal that
mcp-scaffold cannot have written (a cloned repository may carry one) stops every command that
writes with JOURNAL_INVALID: --discard removes it (and its temp files) without undoing anything.
Exit status: 0 done (or nothing to recover); 1 the journal is refused (JOURNAL_INVALID) or the
project is locked; 2 some files could not be put back (ROLLBACK_FAILED: the journal stays).`;

function rootCommand(ctx: ProgramContext): Command {
  const program = new Command('mcp-scaffold')
    .description('Generate and grow MCP servers built on @cyanheads/mcp-ts-core.')
    .version(VERSION, '-v, --version', 'print the version')
    .option('--cwd <dir>', 'run in this folder (the project is found from here upwards)')
    .option('--dry-run', 'print what would change, with a diff; write nothing')
    .option('--json', 'print one JSON object on stdout; logs go to stderr')
    .option('-y, --yes', 'never prompt: take defaults')
    .option('--force', 'rewrite files that already exist (registrations are never duplicated)')
    .option('--overwrite-edited', 'with --force (implied), also rewrite files edited since mcp-scaffold wrote them')
    .option('--no-devcheck', "do not run the project's devcheck afterwards")
    .option('--full-devcheck', "run the project's whole devcheck, not only the checks of what changed")
    .option(
      '--devcheck-timeout <seconds>',
      'stop devcheck (and all it started) after this many seconds; 0: no limit',
      devcheckTimeout,
      DEVCHECK_TIMEOUT_DEFAULT,
    )
    .option('--verbose', 'more detail; stack traces on unexpected errors')
    // Each command's --help lists these too: its own examples use them.
    .configureHelp({ showGlobalOptions: true })
    .addHelpText('after', rootExamples(ctx.kinds))
    .exitOverride();
  // stdout must carry exactly one JSON object, so the caller wraps what commander wrote into one.
  const out = ctx.jsonOut;
  if (out) {
    program.configureOutput({
      writeErr: (s) => process.stderr.write(s),
      writeOut: (s) => {
        out.text += s;
      },
    });
  }
  return program;
}

/** Commander's parser for --devcheck-timeout: a bad value is its usage error (OPTION_INVALID). */
function devcheckTimeout(text: string): number {
  try {
    return parseDevcheckTimeout(text);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
}

function initCommand(program: Command, { setExit }: ProgramContext): void {
  program
    .command('init [dir]')
    .description('create a new server (or add missing files to an existing one)')
    .option('--name <package>', 'npm package name, scoped allowed (default: from the folder)')
    .option('-d, --description <text>', 'one sentence on what the server is for')
    .option('--owner <owner>', 'GitHub user/org or reverse-DNS namespace for the MCP Registry name')
    .option('--prefix <word>', 'tool-name prefix (default: from the package name)')
    .option('--repository <url>', 'source repository URL (default: the git origin, if any)')
    .option('--pm <manager>', 'npm, pnpm, yarn or bun (default: the one that launched mcp-scaffold, else npm)')
    .option('--no-install', 'do not install the dependencies')
    .option(
      '--install-timeout <seconds>',
      'stop the install after this many seconds (default 1200; 0: no limit)',
      devcheckTimeout,
    )
    .option('--no-git', 'do not create a git repository and first commit')
    .option('--no-examples', 'leave out the starter tool, resource and prompt (and their tests)')
    .option(
      '--framework-version <range>',
      'version range of @cyanheads/mcp-ts-core, or a packed .tgz (default: ^ the newest release on the registry)',
    )
    .option(
      '--license <spdx>',
      'LICENSE and package.json licence: Apache-2.0, MIT, ISC or UNLICENSED (default: Apache-2.0)',
    )
    .addHelpText('after', INIT_EXAMPLES)
    .exitOverride()
    .action(async (dir: string | undefined, flags: Record<string, unknown>, cmd: Command) => {
      const { initCommand } = await import('../commands/init.js');
      const source = (key: string) => cmd.getOptionValueSource(key);
      setExit(await initCommand(dir, flags, globalOptions(cmd.optsWithGlobals()), source));
    });
}

function listCommand(program: Command, ctx: ProgramContext): void {
  program
    .command('list')
    .description(`list every ${allOf(ctx.kinds.map((k) => k.name))}, and where each is registered`)
    .addHelpText('after', listExamples(ctx.kinds))
    .exitOverride()
    .action(async (_flags: Record<string, unknown>, cmd: Command) => {
      const { listCommand } = await import('../commands/list.js');
      ctx.setExit(await listCommand(globalOptions(cmd.optsWithGlobals()), ctx.kinds));
    });
}

function upgradeCommand(program: Command, setExit: (code: number) => void): void {
  program
    .command('upgrade')
    .description('move the server to a newer framework line: package.json, codemods, install, devcheck')
    .option(
      '--to <version>',
      'version, range, packed .tgz or folder of the framework to move to (default: ^ the newest release on the registry)',
    )
    .option('--drop-tasks', 'turn task tools into plain tools (0.12 removed tasks) instead of refusing')
    .option('--no-install', 'do not install the new framework (nor refresh its skills, nor check the upgrade)')
    .option(
      '--adopt-tsconfig-split',
      'type-check tests/ from now on (the 0.11.4 tsconfig split) even if they do not compile yet (default: only if they do, after the codemods)',
    )
    .option(
      '--test',
      "run the project's tests before and after the upgrade, and fail if one that passed no longer does",
    )
    .addHelpText('after', UPGRADE_EXAMPLES)
    .exitOverride()
    .action(async (flags: Record<string, unknown>, cmd: Command) => {
      const { upgradeCommand } = await import('../commands/upgrade.js');
      setExit(await upgradeCommand(flags, globalOptions(cmd.optsWithGlobals())));
    });
}

function recoverCommand(program: Command, setExit: (code: number) => void): void {
  program
    .command('recover')
    .description('undo a run that was cut short while writing, or (--discard) remove what it left')
    .option('--discard', 'remove the journal and its temp files without undoing, after showing what undoing would do')
    .addHelpText('after', RECOVER_EXAMPLES)
    .exitOverride()
    .action(async (flags: Record<string, unknown>, cmd: Command) => {
      const { recoverCommand } = await import('../commands/recover.js');
      setExit(await recoverCommand({ discard: flags.discard === true }, globalOptions(cmd.optsWithGlobals())));
    });
}

const MCP_EXAMPLES = `
Examples:
  mcp-scaffold mcp                          # an MCP server over stdio, for the project in this folder
  mcp-scaffold mcp --read-only              # only the tools that write nothing
  mcp-scaffold mcp --http 3011              # Streamable HTTP on http://127.0.0.1:3011/mcp
  mcp-scaffold mcp --print-config           # the configuration for Claude Code, Cursor and VS Code

Its tools run the same commands as the CLI (describe, kind schema, preview, apply, list,
devcheck); where the CLI would need --force, the user is asked through the client.`;

function mcpCommand(program: Command, setExit: (code: number) => void): void {
  program
    .command('mcp')
    .description('serve the scaffolder as an MCP server (stdio, or --http on 127.0.0.1)')
    .option('--read-only', 'serve only the tools that write nothing')
    .option('--http <port>', 'serve Streamable HTTP on 127.0.0.1:<port>/mcp instead of stdio')
    .option('--print-config', 'print the configuration that starts it, for Claude Code, Cursor and VS Code')
    .addHelpText('after', MCP_EXAMPLES)
    .exitOverride()
    .action(async (flags: Record<string, unknown>, cmd: Command) => {
      const { mcpCommand } = await import('../mcp/start.js');
      setExit(await mcpCommand(flags, globalOptions(cmd.optsWithGlobals())));
    });
}

/** `mcp-scaffold add tool`: the words that run a command, as its --help hint names them. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** After a usage error, the command's one-line usage and where its options are, not the whole help page. */
function usageAfterErrors(cmd: Command): void {
  cmd.showHelpAfterError(
    `Usage: ${cmd.createHelp().commandUsage(cmd)}\nhint: run \`${commandPath(cmd)} --help\` for its options and examples.`,
  );
  for (const sub of cmd.commands) usageAfterErrors(sub);
}

export function buildProgram(ctx: ProgramContext): Command {
  const program = rootCommand(ctx);
  addCommands(program, ctx.kinds, ctx.setExit);
  initCommand(program, ctx);
  listCommand(program, ctx);
  definitionCommands(program, ctx);
  upgradeCommand(program, ctx.setExit);
  recoverCommand(program, ctx.setExit);
  mcpCommand(program, ctx.setExit);
  // Under --json the error becomes one JSON object instead (main.ts).
  if (!ctx.jsonOut) usageAfterErrors(program);
  return program;
}
