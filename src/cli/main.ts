/**
 * The command line. Only commander is loaded up front: each command's module (and with it zod,
 * Handlebars, ts-morph) is imported when that command runs, so `--help` stays cheap.
 */

import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { ScaffoldError } from '../core/errors.js';
import { Reporter } from '../core/output.js';
import { globalOptions } from './options.js';
import { reportFailure } from './failure.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const ADD_TOOL_EXAMPLES = `
Examples:
  $ mcp-scaffold add tool pubmed_search_articles --description "Search PubMed for articles matching a query."
  $ mcp-scaffold add tool pubmed-delete-draft --destructive --title "Delete Draft"
  $ mcp-scaffold add tool acme_find_items --dry-run          # show the diff, write nothing
  $ mcp-scaffold add tool acme_find_items --json --yes       # for scripts and agents

The name is snake_case (server prefix first: acme_find_items); kebab-case and camelCase are
converted. Writes src/mcp-server/tools/definitions/<name>.tool.ts and tests/tools/<name>.tool.test.ts,
registers the export in createApp({ tools: [...] }), then runs the project's devcheck.`;

const ROOT_EXAMPLES = `
Examples:
  $ mcp-scaffold add tool acme_find_items --description "Find items by keyword."
  $ mcp-scaffold add tool acme_find_items --cwd ./servers/acme --json

Exit status: 0 done; 1 nothing written (bad input, conflict, not a project, cancelled);
2 files written but devcheck (or install) failed.
With --json, stdout carries exactly one JSON object; logs go to stderr.`;

function buildProgram(setExit: (code: number) => void, json: boolean): Command {
  const program = new Command('mcp-scaffold')
    .description('Generate and grow MCP servers built on @cyanheads/mcp-ts-core.')
    .version(pkg.version, '-v, --version', 'print the version')
    .option('--cwd <dir>', 'run in this folder (the project is found from here upwards)')
    .option('--dry-run', 'print what would change, with a diff; write nothing')
    .option('--json', 'print one JSON object on stdout; logs go to stderr')
    .option('-y, --yes', 'never prompt: take defaults')
    .option('--force', 'rewrite files that already exist (registrations are never duplicated)')
    .option('--no-devcheck', 'do not run the project\'s devcheck afterwards')
    .option('--verbose', 'more detail; stack traces on unexpected errors')
    .showHelpAfterError(!json)
    .addHelpText('after', ROOT_EXAMPLES)
    .exitOverride();
  if (json) program.configureOutput({ writeErr: (s) => process.stderr.write(s) });

  const add = program
    .command('add')
    .description('add a definition to an existing server')
    .addHelpText('after', `\nExamples:\n  $ mcp-scaffold add tool acme_find_items --description "Find items by keyword."`)
    .exitOverride();

  add
    .command('tool <name>')
    .description('add a tool: definition, test, registration')
    .option('-d, --description <text>', 'what the tool does, for the model (one paragraph)')
    .option('-t, --title <text>', 'human-readable title (default: from the name)')
    .addOption(new Option('--read-only', 'annotate readOnlyHint: true (the default)'))
    .addOption(new Option('--no-read-only', 'the tool changes state (readOnlyHint: false)'))
    .option('--destructive', 'the tool may destroy data (destructiveHint: true; implies not read-only)')
    .option('--idempotent', 'repeating a call has no further effect (idempotentHint: true)')
    .option('--open-world', 'the tool reaches outside systems (openWorldHint: true)')
    .option('--no-test', 'do not write a test file')
    .addHelpText('after', ADD_TOOL_EXAMPLES)
    .exitOverride()
    .action(async (name: string, flags: Record<string, unknown>, cmd: Command) => {
      const { addToolCommand } = await import('../commands/add-tool.js');
      setExit(await addToolCommand(name, flags, globalOptions(cmd.optsWithGlobals())));
    });

  return program;
}

export async function main(argv: string[]): Promise<void> {
  const args = argv.slice(2);
  const json = args.includes('--json');
  const verbose = args.includes('--verbose');
  let exitCode = 0;
  const program = buildProgram((code) => {
    exitCode = code;
  }, json);
  const command = ['add'].includes(args[0] ?? '') && args[1] && !args[1].startsWith('-') ? `${args[0]} ${args[1]}` : (args[0] ?? '');
  try {
    if (args.length === 0) {
      program.outputHelp({ error: true });
      exitCode = 1;
    } else {
      await program.parseAsync(argv);
    }
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') {
        exitCode = 0;
      } else {
        const reporter = new Reporter({ json, verbose });
        // Commander already printed its message for people; under --json, say it as JSON.
        if (json) {
          reporter.failure(command, new ScaffoldError('OPTION_INVALID', e.message.replace(/^error: /, ''), { hint: 'Run with --help for usage.' }));
        }
        exitCode = 1;
      }
    } else {
      exitCode = reportFailure(new Reporter({ json, verbose }), command, e);
    }
  }
  process.exitCode = exitCode;
}
