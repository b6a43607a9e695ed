/**
 * The command line. Only commander is loaded up front: each command's module (and with it zod,
 * Handlebars, ts-morph) is imported when that command runs, so `--help` stays cheap.
 */

import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { ScaffoldError } from '../engine/errors.js';
import { reportFailure } from '../engine/failure.js';
import { globalOptions } from '../engine/options.js';
import { Reporter } from '../engine/reporter.js';

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
registers the export in createApp({ tools: [...] }), then runs the project's devcheck.

Kinds of tool (one at most), each only where the installed framework supports it:
  $ mcp-scaffold add tool acme_fetch_record --service acme   # calls getAcmeService().fetchRecord(id, ctx)
  $ mcp-scaffold add tool acme_delete_item --confirm         # destructive: asks the user first
  $ mcp-scaffold add tool acme_rebuild_index --task          # long-running task reporting progress
  $ mcp-scaffold add tool acme_show_board --app              # app tool + its ui:// resource`;

const ADD_SERVICE_EXAMPLES = `
Examples:
  $ mcp-scaffold add service ncbi --description "Wraps the NCBI E-utilities API."
  $ mcp-scaffold add service ncbi --dry-run --json

Writes src/services/<name>/<name>-service.ts (a class whose methods take ctx, with
init<Name>Service()/get<Name>Service()), its types.ts and tests/services/<name>/<name>-service.test.ts,
then imports init<Name>Service and calls it from createApp's setup() (adding setup(core) when there
is none). Tools reach it with: mcp-scaffold add tool <name> --service <name>`;

const INIT_EXAMPLES = `
Examples:
  $ mcp-scaffold init weather-server                  # asks what it needs (at a terminal)
  $ mcp-scaffold init weather-server --yes --owner acme --description "Forecasts and alerts."
  $ mcp-scaffold init @acme/weather --pm pnpm --no-git   # folder "weather", scoped package name
  $ mcp-scaffold init                                  # inside a server: add only missing files
  $ mcp-scaffold init demo --dry-run --json            # list every file, write nothing

Creates the folder (an empty one is fine; a non-empty one needs --force), writes a server with one
tool, one resource and one prompt, each with a test, then installs the dependencies and makes a
first git commit. In a folder that already holds a server it never overwrites a file.
Without a terminal, or with --yes/--json, nothing is asked: defaults are taken.`;

const ADD_RESOURCE_EXAMPLES = `
Examples:
  $ mcp-scaffold add resource item --uri 'acme://items/{itemId}' --description "One catalogue item."
  $ mcp-scaffold add resource acme_status --uri 'acme://status'
  $ mcp-scaffold add resource item --dry-run --json

Each {placeholder} of the URI template becomes a described params field. Without --uri the
template is <prefix>://<name>/{id}. Writes src/mcp-server/resources/definitions/<name>.resource.ts
and its test, and registers it in createApp's resources (or the project's resources barrel).`;

const ADD_PROMPT_EXAMPLES = `
Examples:
  $ mcp-scaffold add prompt acme_review_item --description "Ask for a review of one item."
  $ mcp-scaffold add prompt acme_summarize --json --yes

Writes src/mcp-server/prompts/definitions/<name>.prompt.ts and its test, and registers it in
createApp's prompts (or the project's prompts barrel).`;

const LIST_EXAMPLES = `
Examples:
  $ mcp-scaffold list                      # a table of tools, resources, prompts and services
  $ mcp-scaffold list --json               # one JSON object: definitions, dangling, warnings
  $ mcp-scaffold list --cwd ./servers/acme # in CI: exit 1 when something is not registered

Reads every definition file (*.tool.ts, *.resource.ts, *.prompt.ts, …) and service
(src/services/<domain>/<domain>-service.ts), and follows createApp's arrays (local variables,
barrels, spreads, groups) and setup() to where each one is registered. Writes nothing.
Exit status: 0 everything registered; 1 a definition is not registered (UNREGISTERED), a
registration's import no longer resolves (DANGLING), or the layout cannot be followed.`;

const ROOT_EXAMPLES = `
Examples:
  $ mcp-scaffold init acme-server --yes --owner acme --description "Find things in Acme."
  $ mcp-scaffold add tool acme_find_items --description "Find items by keyword."
  $ mcp-scaffold add resource item --uri 'acme://items/{itemId}'
  $ mcp-scaffold add prompt acme_review_item
  $ mcp-scaffold add service acme
  $ mcp-scaffold list --json
  $ mcp-scaffold add tool acme_find_items --cwd ./servers/acme --json --yes

Exit status: 0 done; 1 nothing written (bad input, conflict, not a project, cancelled);
2 files written but devcheck (or install) failed.
With --json, stdout carries exactly one JSON object; logs go to stderr.`;

/** What commander wrote to stdout under --json (help or version text). */
const jsonOut = { text: '' };

function buildProgram(setExit: (code: number) => void, json: boolean): Command {
  const program = new Command('mcp-scaffold')
    .description('Generate and grow MCP servers built on @cyanheads/mcp-ts-core.')
    .version(pkg.version, '-v, --version', 'print the version')
    .option('--cwd <dir>', 'run in this folder (the project is found from here upwards)')
    .option('--dry-run', 'print what would change, with a diff; write nothing')
    .option('--json', 'print one JSON object on stdout; logs go to stderr')
    .option('-y, --yes', 'never prompt: take defaults')
    .option('--force', 'rewrite files that already exist (registrations are never duplicated)')
    .option('--no-devcheck', "do not run the project's devcheck afterwards")
    .option('--verbose', 'more detail; stack traces on unexpected errors')
    .showHelpAfterError(!json)
    .addHelpText('after', ROOT_EXAMPLES)
    .exitOverride();
  // Under --json, what commander prints for people (help, version) is collected, not printed:
  // stdout must carry exactly one JSON object, so main() wraps it into one.
  if (json) {
    program.configureOutput({
      writeErr: (s) => process.stderr.write(s),
      writeOut: (s) => {
        jsonOut.text += s;
      },
    });
  }

  const add = program
    .command('add')
    .description('add a definition to an existing server')
    .addHelpText(
      'after',
      `\nExamples:\n  $ mcp-scaffold add tool acme_find_items --description "Find items by keyword."\n  $ mcp-scaffold add resource item --uri 'acme://items/{itemId}'\n  $ mcp-scaffold add prompt acme_review_item\n  $ mcp-scaffold add service acme`,
    )
    .exitOverride();

  /** Flags every `add <definition>` takes. */
  const definitionFlags = (cmd: Command, kind: string) =>
    cmd
      .option('-d, --description <text>', `what the ${kind} does, for the model (one paragraph)`)
      .option('-t, --title <text>', 'human-readable title (default: from the name)')
      .option('--file-name <kebab>', "file name without suffix (default: by the project's habit)")
      .option('--export-name <identifier>', "export name (default: by the project's habit)")
      .option('--group <name>', 'where definitions are split into spread groups: the group to join')
      .option('--no-test', 'do not write a test file');
  const addAction =
    (kind: 'tool' | 'resource' | 'prompt') => async (name: string, flags: Record<string, unknown>, cmd: Command) => {
      const { addCommand } = await import('../commands/add.js');
      setExit(await addCommand(kind, name, flags, globalOptions(cmd.optsWithGlobals())));
    };

  definitionFlags(add.command('tool <name>').description('add a tool: definition, test, registration'), 'tool')
    .addOption(new Option('--read-only', 'annotate readOnlyHint: true (the default)'))
    .addOption(new Option('--no-read-only', 'the tool changes state (readOnlyHint: false)'))
    .option('--destructive', 'the tool may destroy data (destructiveHint: true; implies not read-only)')
    .option('--idempotent', 'repeating a call has no further effect (idempotentHint: true)')
    .option('--open-world', 'the tool reaches outside systems (openWorldHint: true)')
    .option('--service <name>', 'the handler calls this service (made by `add service <name>`) and passes ctx')
    .option('--confirm', 'destructive: asks the user to confirm (ctx.requestInput, or ctx.elicit on 0.10)')
    .option('--task', 'a long-running task tool (task: true) that reports progress')
    .option('--app', 'an app tool with its paired UI resource (ui://<tool>/app.html), both registered')
    .addHelpText('after', ADD_TOOL_EXAMPLES)
    .exitOverride()
    .action(addAction('tool'));

  definitionFlags(
    add.command('resource <name>').description('add a resource: definition, test, registration'),
    'resource',
  )
    .option('--uri <template>', 'RFC 6570 URI template, e.g. acme://items/{itemId} (default: <prefix>://<name>/{id})')
    .addHelpText('after', ADD_RESOURCE_EXAMPLES)
    .exitOverride()
    .action(addAction('resource'));

  definitionFlags(add.command('prompt <name>').description('add a prompt: definition, test, registration'), 'prompt')
    .addHelpText('after', ADD_PROMPT_EXAMPLES)
    .exitOverride()
    .action(addAction('prompt'));

  add
    .command('service <name>')
    .description('add a service: class with init/get accessors, types, test, setup() registration')
    .option('-d, --description <text>', 'what the service wraps (one sentence, for its file header)')
    .option('--no-test', 'do not write a test file')
    .addHelpText('after', ADD_SERVICE_EXAMPLES)
    .exitOverride()
    .action(async (name: string, flags: Record<string, unknown>, cmd: Command) => {
      const { addServiceCommand } = await import('../commands/add.js');
      setExit(await addServiceCommand(name, flags, globalOptions(cmd.optsWithGlobals())));
    });

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
    .option('--no-git', 'do not create a git repository and first commit')
    .option('--framework-version <range>', 'version range of @cyanheads/mcp-ts-core (default: ^0.10.17)')
    .addHelpText('after', INIT_EXAMPLES)
    .exitOverride()
    .action(async (dir: string | undefined, flags: Record<string, unknown>, cmd: Command) => {
      const { initCommand } = await import('../commands/init.js');
      const source = (key: string) => cmd.getOptionValueSource(key);
      setExit(await initCommand(dir, flags, globalOptions(cmd.optsWithGlobals()), source));
    });

  program
    .command('list')
    .description('list every tool, resource, prompt and service, and where each is registered')
    .addHelpText('after', LIST_EXAMPLES)
    .exitOverride()
    .action(async (_flags: Record<string, unknown>, cmd: Command) => {
      const { listCommand } = await import('../commands/list.js');
      setExit(await listCommand(globalOptions(cmd.optsWithGlobals())));
    });

  return program;
}

export async function main(argv: string[]): Promise<void> {
  // `mcp-scaffold --help | head` closes the pipe early: that is not an error.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
  const args = argv.slice(2);
  const json = args.includes('--json');
  const verbose = args.includes('--verbose');
  let exitCode = 0;
  const program = buildProgram((code) => {
    exitCode = code;
  }, json);
  const command =
    ['add'].includes(args[0] ?? '') && args[1] && !args[1].startsWith('-') ? `${args[0]} ${args[1]}` : (args[0] ?? '');
  try {
    if (args.length === 0) {
      program.outputHelp({ error: true });
      exitCode = 1;
    } else {
      await program.parseAsync(argv);
    }
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.version') {
        if (json)
          process.stdout.write(`${JSON.stringify({ ok: true, command: 'version', version: jsonOut.text.trim() })}\n`);
        exitCode = 0;
      } else if (e.code === 'commander.helpDisplayed' || (e.code === 'commander.help' && e.exitCode === 0)) {
        if (json)
          process.stdout.write(
            `${JSON.stringify({ ok: true, command: command.startsWith('-') ? 'help' : command, help: jsonOut.text })}\n`,
          );
        exitCode = 0;
      } else if (e.code === 'commander.help') {
        // `mcp-scaffold add` or `mcp-scaffold --json` with no command: commander printed the help
        // on stderr as an error (exitCode 1). Nothing was done, so this is not a success.
        if (json) {
          const group = command === 'add' ? 'add' : '';
          new Reporter({ json, verbose }).failure(
            group,
            new ScaffoldError(
              'OPTION_INVALID',
              group
                ? 'add needs a command: tool, resource, prompt or service.'
                : 'No command given: one of init, add, list.',
              {
                hint: 'Run with --help for usage.',
              },
            ),
          );
        }
        exitCode = 1;
      } else {
        const reporter = new Reporter({ json, verbose });
        // Commander already printed its message for people; under --json, say it as JSON.
        if (json) {
          reporter.failure(
            command,
            new ScaffoldError('OPTION_INVALID', e.message.replace(/^error: /, ''), {
              hint: 'Run with --help for usage.',
            }),
          );
        }
        exitCode = 1;
      }
    } else {
      exitCode = reportFailure(new Reporter({ json, verbose }), command, e);
    }
  }
  process.exitCode = exitCode;
}
