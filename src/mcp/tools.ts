/**
 * The MCP tools, one table built from the kinds registry: for each kind a preview (the dry run)
 * and an apply of `add <kind>`; preview and apply of `remove`, `rename`, `add test` and `upgrade`;
 * `list`, the description of the project, each kind's schema, and devcheck. A tool that runs a
 * command gives the CLI's own arguments to the CLI (cli-run.ts); a tool says truthfully whether
 * it writes, and only those that write nothing are served under `--read-only`.
 */

import { z } from 'zod';
import { ScaffoldError } from '../engine/errors.js';
import { KINDS, oneOf } from '../kinds/index.js';
import type { KindSpec } from '../kinds/spec.js';
import { type CliResult, withFlags } from './cli-run.js';
import { kindArgs, kindShape, optionSchema } from './kind-inputs.js';

/** What a tool's run is given by the server for one call. */
/** What scaffold_devcheck asks of the project's devcheck. */
export interface DevcheckRequest {
  /** The whole devcheck, not only what earlier runs left unchecked. */
  full: boolean;
  strict: boolean;
}

export interface CallContext {
  /** The project folder of this call, inside the server's folder. */
  cwd: string;
  /** Runs the CLI on these arguments (with --json, --yes and --cwd) and gives its object. */
  cli: (args: string[]) => Promise<CliResult>;
  /** Runs the CLI for a tool that writes: a refusal the user may lift is asked through the client. */
  apply: (args: string[]) => Promise<CliResult>;
  /** Runs the project's devcheck in this process (it is no CLI command). */
  devcheck: (request: DevcheckRequest) => Promise<CliResult>;
  describe: () => Promise<CliResult>;
}

export interface ScaffoldTool {
  name: string;
  /** The command a refusal names, as the CLI's result does: `add tool`, `list`. */
  command: string;
  title: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodObject;
  /** It changes files in the project (readOnlyHint false). */
  writes: boolean;
  /** It may delete or replace what is there (destructiveHint). */
  destructive: boolean;
  run: (args: Record<string, unknown>, ctx: CallContext) => Promise<CliResult>;
}

/** Every result: the CLI's object, `ok` and `command` always, `error` on a refusal, the rest as the command says. */
export const RESULT_SHAPE = {
  ok: z.boolean().describe('Whether the command did what was asked.'),
  command: z.string().describe('The command, as the CLI names it: "add tool", "remove tool", "list"…'),
  error: z
    .object({
      code: z.string().describe('The coded error, the same as the CLI gives (NAME_INVALID, ALREADY_EXISTS…).'),
      message: z.string(),
      hint: z.string().nullable(),
    })
    .passthrough()
    .optional()
    .describe('Why it did not, when ok is false.'),
};

const commandResult = z
  .object({
    ...RESULT_SHAPE,
    dryRun: z.boolean().optional().describe('True for a preview: nothing was written.'),
    changes: z
      .array(
        z
          .object({
            path: z.string(),
            action: z.enum(['create', 'update', 'delete']),
            diff: z.string().optional().describe('Unified diff of the change (previews).'),
          })
          .passthrough(),
      )
      .optional()
      .describe('Every file created, updated or deleted, relative to the project root.'),
    devcheck: z.object({ ran: z.boolean() }).passthrough().optional().describe("The project's devcheck after writing."),
    warnings: z.array(z.string()).optional(),
  })
  .passthrough();

/** Where the call runs: a folder inside the server's, for a server started above several projects. */
const cwdShape = {
  cwd: z
    .string()
    .optional()
    .describe("Project folder, relative to the server's folder (default: the server's folder). Never outside it."),
};

const devcheckShape = {
  devcheck: z
    .boolean()
    .optional()
    .describe("Run the project's devcheck after writing (default true; CLI: --no-devcheck)."),
  fullDevcheck: z
    .boolean()
    .optional()
    .describe('The whole devcheck, not only the checks of what changed (CLI: --full-devcheck).'),
  devcheckTimeout: z
    .number()
    .min(0)
    .optional()
    .describe('Seconds before devcheck is stopped; 0: no limit (CLI: --devcheck-timeout).'),
};

function devcheckArgs(args: Record<string, unknown>): string[] {
  return [
    ...(args.devcheck === false ? ['--no-devcheck'] : []),
    ...(args.fullDevcheck === true ? ['--full-devcheck'] : []),
    ...(typeof args.devcheckTimeout === 'number' ? [`--devcheck-timeout=${args.devcheckTimeout}`] : []),
  ];
}

const kindNames = KINDS.map((k) => k.name);
const kindEnum = z.enum(kindNames as [string, ...string[]]).describe(`The kind: ${oneOf(kindNames)}.`);

interface CommandTool {
  /** `add_tool`, `remove`: the tool is `scaffold_<base>`, its preview `scaffold_preview_<base>`. */
  base: string;
  command: string;
  title: string;
  /** What the command does, said once for both tools. */
  what: string;
  shape: Record<string, z.ZodType>;
  /** The CLI's arguments for a call (positionals after `--`, so that none is read as a flag). */
  argv: (args: Record<string, unknown>) => string[];
  destructive: boolean;
}

/** A command as two tools: its preview (`--dry-run`: files and diffs, nothing written) and its apply. */
function commandTools(c: CommandTool): ScaffoldTool[] {
  const preview: ScaffoldTool = {
    name: `scaffold_preview_${c.base}`,
    command: c.command,
    title: `Preview: ${c.title}`,
    description: `Preview of ${c.what}: every file it would create, update or delete, each with its unified diff, or every problem that stops it (coded as the CLI codes them). Writes nothing. Apply it with scaffold_${c.base}.`,
    input: z.object({ ...c.shape, ...cwdShape }).strict(),
    output: commandResult,
    writes: false,
    destructive: false,
    run: (args, ctx) => ctx.cli(withFlags(c.argv(args), '--dry-run')),
  };
  const apply: ScaffoldTool = {
    name: `scaffold_${c.base}`,
    command: c.command,
    title: c.title,
    description: `${c.what[0]!.toUpperCase()}${c.what.slice(1)}, in one crash-safe write, then the project's devcheck (progress is reported while it runs). Preview it first with scaffold_preview_${c.base}. The result is the CLI's --json object: changes, devcheck, and the coded error on a refusal. Where the CLI would need an explicit flag to go on (a file already there), the user is asked through the client when it can ask.`,
    input: z.object({ ...c.shape, ...devcheckShape, ...cwdShape }).strict(),
    output: commandResult,
    writes: true,
    destructive: c.destructive,
    run: (args, ctx) => ctx.apply(withFlags(c.argv(args), ...devcheckArgs(args))),
  };
  return [preview, apply];
}

function addTools(spec: KindSpec): ScaffoldTool[] {
  return commandTools({
    base: `add_${spec.name}`,
    command: `add ${spec.name}`,
    title: `Add a ${spec.name}`,
    what: `\`mcp-scaffold add ${spec.name}\`: ${spec.summary.replace(/^add an? [a-z]+: /, '')}`,
    shape: {
      name: z.string().describe(`The ${spec.name}'s name (CLI: add ${spec.name} <name>).`),
      ...kindShape(spec),
    },
    argv: (args) => ['add', spec.name, ...kindArgs(spec, args), '--', String(args.name)],
    // Adding never replaces a file without the user's yes (asked through the client).
    destructive: false,
  });
}

const definitionCommands: CommandTool[] = [
  {
    base: 'remove',
    command: 'remove',
    title: 'Remove a definition',
    what: '`mcp-scaffold remove <kind> <name>`: the definition, its tests, and every registration and import of it',
    shape: { kind: kindEnum, name: z.string().describe('Its MCP name, export name or file (a service: its name).') },
    argv: (args) => ['remove', '--', String(args.kind), String(args.name)],
    destructive: true,
  },
  {
    base: 'rename',
    command: 'rename',
    title: 'Rename a definition',
    what: '`mcp-scaffold rename <kind> <old> <new>`: the MCP name, files, exports, and every reference to them',
    shape: {
      kind: kindEnum,
      from: z.string().describe('The current MCP name, export name or file.'),
      to: z.string().describe('The new name.'),
    },
    argv: (args) => ['rename', '--', String(args.kind), String(args.from), String(args.to)],
    destructive: true,
  },
  {
    base: 'add_test',
    command: 'add test',
    title: 'Add a test for a definition',
    what: '`mcp-scaffold add test <definition>`: a test, from what the definition declares, for one that has none',
    shape: {
      definition: z.string().describe('The definition: MCP name, export name or file.'),
      kind: kindEnum.optional().describe('Its kind, when the name alone is ambiguous (CLI: --kind).'),
    },
    argv: (args) => [
      'add',
      'test',
      ...(args.kind ? [`--kind=${String(args.kind)}`] : []),
      '--',
      String(args.definition),
    ],
    destructive: false,
  },
  {
    base: 'upgrade',
    command: 'upgrade',
    title: 'Upgrade the framework',
    what: "`mcp-scaffold upgrade`: package.json, the codemods of every migration crossed, the install, the framework's skills",
    shape: {
      to: z
        .string()
        .optional()
        .describe('Version, range, packed .tgz or folder to move to (default: the newest release; CLI: --to).'),
      dropTasks: z
        .boolean()
        .optional()
        .describe('Turn task tools into plain tools on the way to 0.12 (CLI: --drop-tasks).'),
      install: z.boolean().optional().describe('Install the new framework (default true; CLI: --no-install).'),
    },
    argv: (args) => [
      'upgrade',
      ...(typeof args.to === 'string' ? [`--to=${args.to}`] : []),
      ...(args.dropTasks === true ? ['--drop-tasks'] : []),
      ...(args.install === false ? ['--no-install'] : []),
    ],
    destructive: true,
  },
];

const describeResult = z
  .object({
    ...RESULT_SHAPE,
    root: z.string().optional(),
    name: z.string().nullable().optional().describe('The package name.'),
    framework: z
      .object({ range: z.string(), installed: z.string().nullable(), line: z.string().nullable() })
      .optional()
      .describe('The framework range package.json asks for, the version installed, and its line (0.12).'),
    packageManager: z.object({ name: z.string(), source: z.string() }).optional(),
    prefix: z.string().nullable().optional().describe('The server prefix tool names share.'),
    layout: z
      .object({})
      .passthrough()
      .optional()
      .describe('Per kind: folder, tests, where it is registered, naming habit.'),
    definitions: z.object({ total: z.number(), byKind: z.record(z.string(), z.number()) }).optional(),
    placeholders: z
      .array(z.object({ file: z.string(), line: z.number(), text: z.string() }))
      .optional()
      .describe('TODO: text mcp-scaffold invented that is still there.'),
  })
  .passthrough();

const schemaResult = z
  .object({
    ...RESULT_SHAPE,
    kind: z.string().optional(),
    summary: z.string().optional(),
    options: z.array(z.object({ key: z.string(), flags: z.string(), help: z.string() }).passthrough()).optional(),
    examples: z.string().optional(),
  })
  .passthrough();

function kindSchema(args: Record<string, unknown>): CliResult {
  const spec = KINDS.find((k) => k.name === args.kind);
  if (!spec)
    throw new ScaffoldError('OPTION_INVALID', `No kind named ${String(args.kind)}.`, {
      hint: `One of ${oneOf(kindNames)}.`,
    });
  return {
    ok: true,
    command: 'kind schema',
    kind: spec.name,
    summary: spec.summary,
    tools: { preview: `scaffold_preview_add_${spec.name}`, apply: `scaffold_add_${spec.name}` },
    options: Object.entries(spec.options).map(([key, option]) => optionSchema(spec, key, option)),
    examples: spec.examples.trim(),
  };
}

const readTools: ScaffoldTool[] = [
  {
    name: 'scaffold_describe',
    command: 'describe',
    title: 'Describe the project',
    description:
      'Start here. The server project: framework range, installed version and line, package manager, server prefix, where each kind lives and is registered (and the naming habit add follows), how many definitions of each kind, and the TODO placeholders left.',
    input: z.object(cwdShape).strict(),
    output: describeResult,
    writes: false,
    destructive: false,
    run: (_args, ctx) => ctx.describe(),
  },
  {
    name: 'scaffold_list',
    command: 'list',
    title: 'List definitions',
    description:
      'What `mcp-scaffold list --json` gives: every tool, resource, prompt and service, its file, export, test, where it is registered, its placeholders; and registrations that no longer resolve. ok is false (UNREGISTERED, DANGLING) when something is not registered or dangling.',
    input: z.object(cwdShape).strict(),
    output: z
      .object({
        ...RESULT_SHAPE,
        definitions: z.array(z.object({}).passthrough()).optional(),
        dangling: z.array(z.unknown()).optional(),
      })
      .passthrough(),
    writes: false,
    destructive: false,
    run: (_args, ctx) => ctx.cli(['list']),
  },
  {
    name: 'scaffold_kind_schema',
    command: 'kind schema',
    title: 'Schema of a kind',
    description:
      "The options a kind takes when added (each with its CLI flag, help and JSON Schema type), the tools that preview and apply it, and the CLI's examples. Read it before previewing an add.",
    input: z.object({ kind: kindEnum }).strict(),
    output: schemaResult,
    writes: false,
    destructive: false,
    run: async (args) => kindSchema(args),
  },
];

const devcheckTool: ScaffoldTool = {
  name: 'scaffold_devcheck',
  command: 'devcheck',
  title: 'Run devcheck',
  description:
    "Runs the project's devcheck (Biome, which may fix formatting, the type check, the framework linter, tests), reporting its output as progress. full: false checks only the files earlier runs left unchecked.",
  input: z
    .object({
      full: z.boolean().optional().describe('The whole devcheck (default true).'),
      strict: z
        .boolean()
        .optional()
        .describe(
          'Fail on any warning too: stand-ins and TODO: text left (devcheck --strict; only the devcheck mcp-scaffold init writes takes it).',
        ),
      ...cwdShape,
    })
    .strict(),
  output: commandResult,
  // Biome fixes what it can: devcheck may rewrite files.
  writes: true,
  destructive: false,
  run: (args, ctx) => ctx.devcheck({ full: args.full !== false, strict: args.strict === true }),
};

/** Every tool of the server, in the order describe → schema → preview → apply. */
export function scaffoldTools(): ScaffoldTool[] {
  const commands = [...KINDS.map(addTools), ...definitionCommands.map(commandTools)];
  return [...readTools, ...commands.map((pair) => pair[0]!), ...commands.map((pair) => pair[1]!), devcheckTool];
}
