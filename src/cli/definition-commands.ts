/**
 * `remove`, `rename` and `add test`: commands that take an existing definition by kind and name.
 * Their modules load when they run, like every command's.
 */

import type { Command } from 'commander';
import { globalOptions } from '../engine/options.js';
import { allOf, oneOf } from '../kinds/index.js';
import type { ProgramContext } from './program-context.js';

export const REMOVE_EXAMPLES = `
Examples:
  $ mcp-scaffold remove tool acme_echo             # file, test, array entry and import
  $ mcp-scaffold remove service ncbi --dry-run     # the diff of what goes, nothing written
  $ mcp-scaffold remove prompt acmeReviewPrompt --json   # by export name too

Deletes the definition's file (a service: its folder) and its tests, and takes every
registration and import of it out: array entries (in createApp, barrels, spread groups),
re-exports, init…() calls in setup(). A use of it that is none of these (a handler that
calls a service, a test of another definition) is refused with file:line: nothing is written.`;

export const RENAME_EXAMPLES = `
Examples:
  $ mcp-scaffold rename tool acme_echo acme_shout      # MCP name, file, export, test, imports
  $ mcp-scaffold rename resource acme_item acme_record --dry-run
  $ mcp-scaffold rename service ncbi pubmed            # folder, class, init…/get… and their uses

Changes the MCP name, renames the files (definition and test) and the export names, and
follows them everywhere in src/ and tests/ (imports, barrels, re-exports, uses). A use it
cannot follow safely (a name declared twice in one file, a name already taken) is refused
with file:line: nothing is written.`;

const addTestExamples = (kinds: string) => `
Examples:
  $ mcp-scaffold add test acme_echo                    # the definition by MCP name
  $ mcp-scaffold add test ncbi --kind service          # when the name is not unique
  $ mcp-scaffold add test acme_echo --dry-run

Writes a test for a definition that has none, from what it declares (its input schema, output,
errors contract, format, URI parameters or service methods), in the folder the project's tests
use. \`mcp-scaffold list\` marks the definitions without a test.
The kinds it writes tests for: ${kinds}.`;

export function definitionCommands(program: Command, ctx: ProgramContext): void {
  const kinds = oneOf(ctx.kinds.map((k) => k.name));
  const tested = oneOf(ctx.kinds.filter((k) => k.testTemplate).map((k) => k.name));
  program
    .command('remove <kind> <name>')
    .description(`remove a ${kinds} with its test, registrations and imports`)
    .addHelpText('after', REMOVE_EXAMPLES)
    .exitOverride()
    .action(async (kind: string, name: string, _flags: Record<string, unknown>, cmd: Command) => {
      const { removeCommand } = await import('../commands/remove.js');
      ctx.setExit(await removeCommand(kind, name, globalOptions(cmd.optsWithGlobals()), ctx.kinds));
    });
  program
    .command('rename <kind> <old> <new>')
    .description('rename a definition: its MCP name, files, exports, and every reference to them')
    .addHelpText('after', RENAME_EXAMPLES)
    .exitOverride()
    .action(async (kind: string, from: string, to: string, _flags: Record<string, unknown>, cmd: Command) => {
      const { renameCommand } = await import('../commands/rename.js');
      ctx.setExit(await renameCommand(kind, from, to, globalOptions(cmd.optsWithGlobals()), ctx.kinds));
    });
  const add = program.commands.find((c) => c.name() === 'add');
  add
    ?.command('test <definition>')
    .description('write a test for an existing definition that has none')
    .option('--kind <kind>', `${tested} (when the name alone is ambiguous)`)
    .addHelpText('after', addTestExamples(allOf(ctx.kinds.filter((k) => k.testTemplate).map((k) => k.name))))
    .exitOverride()
    .action(async (definition: string, flags: { kind?: string }, cmd: Command) => {
      const { addTestCommand } = await import('../commands/add-test.js');
      ctx.setExit(await addTestCommand(definition, flags.kind, globalOptions(cmd.optsWithGlobals()), ctx.kinds));
    });
}
