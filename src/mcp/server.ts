/**
 * `mcp-scaffold mcp`: the scaffolder as an MCP server, on the SDK's low-level `Server` (its
 * `McpServer` would answer bad arguments with an uncoded text; here every refusal is the CLI's
 * coded error, as a tool result with `isError`). Tools come from tools.ts, resources are the
 * project's conventions and its inventory, and the instructions give an agent the order.
 */

import path from 'node:path';
import { Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { isInside, realPathOf, realRootOf } from '../engine/containment.js';
import { ScaffoldError } from '../engine/errors.js';
import { errorJson, Reporter } from '../engine/reporter.js';
import { VERSION } from '../engine/version.js';
import { findProject } from '../project/project.js';
import { runDevcheck } from '../tasks/devcheck.js';
import { type CliResult, runScaffold } from './cli-run.js';
import { type Asker, applyWithConfirmation } from './confirm.js';
import { describeProject, projectConventions } from './project-facts.js';
import { type CallContext, type DevcheckRequest, type ScaffoldTool, scaffoldTools } from './tools.js';

export interface ServerOptions {
  /** The folder the server works in (--cwd): every call stays inside it. */
  root: string;
  /** Serve only the tools that write nothing. */
  readOnly: boolean;
}

export const INSTRUCTIONS = `mcp-scaffold grows an MCP server built on @cyanheads/mcp-ts-core: it writes definitions, tests and registrations the way the project already does, in one crash-safe write, then runs the project's devcheck.
Work in this order:
1. scaffold_describe — the project: framework line, layout, server prefix, what it defines, TODO placeholders left.
2. scaffold_kind_schema — the options of the kind you will add (types, flags, examples).
3. scaffold_preview_… — the dry run: every file and its diff, or every problem; nothing is written.
4. scaffold_… (apply) — the same arguments; the result holds the changes and the devcheck report.
Then scaffold_list to see it registered. Read the resources scaffold://conventions and scaffold://inventory before writing code by hand beside generated code. Refusals carry the CLI's error codes (NAME_INVALID, ALREADY_EXISTS, …) with a hint saying what to do.`;

/** A ScaffoldError as the CLI's --json failure object. */
function failure(command: string, e: ScaffoldError): CliResult {
  return {
    ok: false,
    command,
    error: { ...errorJson(e), ...(e.details.length > 0 ? { details: e.details } : {}) },
  };
}

/** A tool result: the CLI's object as structured content and as text, isError on a refusal. */
function toolResult(result: CliResult): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(result, null, 2) }],
    structuredContent: result,
    ...(result.ok ? {} : { isError: true }),
  };
}

/** The call's folder: `cwd` under the server's folder, never outside it (links followed). */
function callFolder(root: string, cwd: unknown): string {
  const abs = path.resolve(root, typeof cwd === 'string' ? cwd : '.');
  const resolved = realPathOf(abs);
  const real = 'real' in resolved ? resolved.real : abs;
  const realRoot = realRootOf(root);
  if (real !== realRoot && !isInside(realRoot, real)) {
    throw new ScaffoldError(
      'OUTSIDE_PROJECT',
      `${String(cwd)} leads outside the folder this server works in (${root}).`,
      {
        hint: 'Give a folder inside it, or start another server (mcp-scaffold mcp --cwd <folder>) there.',
      },
    );
  }
  return abs;
}

/** Zod's complaint as the CLI's usage error (OPTION_INVALID), naming the option. */
function badArguments(tool: ScaffoldTool, error: z.ZodError): ScaffoldError {
  const problems = error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`);
  return new ScaffoldError('OPTION_INVALID', `${tool.name}: ${problems.join('; ')}.`, {
    hint: `Its input schema (tools/list) gives every option and its type; scaffold_kind_schema explains a kind's.`,
  });
}

/** A Reporter whose log lines (devcheck's output) go to `onLine` as well as to stderr. */
class LineReporter extends Reporter {
  private readonly stream: Writable;
  constructor(onLine: (line: string) => void) {
    super({ json: true, verbose: false });
    this.stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        process.stderr.write(chunk);
        for (const line of chunk.toString('utf8').split(/\r?\n/)) if (line.trim() !== '') onLine(line);
        done();
      },
    });
  }
  override get logStream(): NodeJS.WriteStream {
    return this.stream as NodeJS.WriteStream;
  }
}

async function devcheckIn(
  cwd: string,
  { full, strict }: DevcheckRequest,
  onLine: (line: string) => void,
): Promise<CliResult> {
  const project = findProject(cwd);
  const reporter = new LineReporter(onLine);
  const outcome = await runDevcheck(project, reporter, 600, { written: [], full, strict });
  return {
    ok: outcome.error === undefined,
    command: 'devcheck',
    devcheck: outcome.report,
    warnings: reporter.warnings,
    ...(outcome.error ? { error: errorJson(outcome.error) } : {}),
  };
}

/** The facts behind describe and the conventions resource: the project and its `list --json`. */
async function withInventory<T>(cwd: string, use: (list: CliResult) => T): Promise<T | CliResult> {
  const { result } = await runScaffold(['list'], { cwd });
  if (!Array.isArray(result.definitions)) return result;
  return use(result);
}

const RESOURCES = [
  {
    uri: 'scaffold://conventions',
    name: 'conventions',
    title: "The project's conventions",
    description:
      'The rules the code mcp-scaffold writes follows for the installed framework line, what that line offers, and the layout found (folders, registration, naming habits).',
    mimeType: 'application/json',
  },
  {
    uri: 'scaffold://inventory',
    name: 'inventory',
    title: 'Inventory',
    description: 'Every definition, where it is registered, its test and its placeholders: what `list --json` gives.',
    mimeType: 'application/json',
  },
];

export function createScaffoldServer(opts: ServerOptions): Server {
  const tools = scaffoldTools().filter((t) => !(opts.readOnly && t.writes));
  const all = scaffoldTools();
  const server = new Server(
    { name: 'mcp-scaffold', title: 'mcp-scaffold', version: VERSION },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: z.toJSONSchema(t.input, { io: 'input', unrepresentable: 'any' }) as { type: 'object' },
      outputSchema: z.toJSONSchema(t.output, { io: 'output', unrepresentable: 'any' }) as { type: 'object' },
      annotations: {
        title: t.title,
        readOnlyHint: !t.writes,
        destructiveHint: t.writes && t.destructive,
        idempotentHint: !t.writes,
        openWorldHint: false,
      },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const tool = tools.find((t) => t.name === name);
    const command = (tool ?? all.find((t) => t.name === name))?.command ?? name;
    try {
      if (!tool) {
        const writes = all.some((t) => t.name === name && t.writes);
        throw writes
          ? new ScaffoldError('READ_ONLY', `${name} writes files, and this server was started with --read-only.`, {
              hint: 'Preview the change (scaffold_preview_…) here; apply it from a server started without --read-only.',
            })
          : new ScaffoldError('OPTION_INVALID', `No tool named ${name}.`, {
              hint: 'tools/list gives the tools there are.',
            });
      }
      const parsed = tool.input.safeParse(request.params.arguments ?? {});
      if (!parsed.success) throw badArguments(tool, parsed.error);
      const args = request.params.arguments ?? {};
      const cwd = callFolder(opts.root, args.cwd);
      const token = request.params._meta?.progressToken;
      let progress = 0;
      const onLine = (line: string) => {
        if (token === undefined) return;
        void extra
          .sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: ++progress, message: line },
          })
          .catch(() => undefined);
      };
      const cli = async (argv: string[]) => (await runScaffold(argv, { cwd, onLine, signal: extra.signal })).result;
      const asker: Asker = {
        canAsk: server.getClientCapabilities()?.elicitation !== undefined,
        ask: async (message) => {
          const answer = await server.elicitInput({
            message,
            requestedSchema: {
              type: 'object',
              properties: { confirm: { type: 'boolean', title: 'Go on', description: message } },
              required: ['confirm'],
            },
          });
          return answer.action === 'accept' && answer.content?.confirm === true;
        },
      };
      const ctx: CallContext = {
        cwd,
        cli,
        apply: (argv) => applyWithConfirmation(argv, cli, asker),
        devcheck: (request) => devcheckIn(cwd, request, onLine),
        describe: () => withInventory(cwd, (list) => describeProject(cwd, list)),
      };
      return toolResult(await tool.run(args, ctx));
    } catch (e) {
      if (e instanceof ScaffoldError) return toolResult(failure(command, e));
      const error = new ScaffoldError('INTERNAL', `Unexpected error: ${e instanceof Error ? e.message : String(e)}`, {
        hint: 'This is a bug in mcp-scaffold; report it with the call that caused it.',
      });
      return toolResult(failure(command, error));
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: RESOURCES }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const read =
      uri === 'scaffold://conventions'
        ? withInventory(opts.root, (list) => projectConventions(opts.root, list))
        : uri === 'scaffold://inventory'
          ? runScaffold(['list'], { cwd: opts.root }).then((r) => r.result)
          : undefined;
    if (!read) throw new ScaffoldError('OPTION_INVALID', `No resource ${uri}.`, { hint: 'resources/list gives them.' });
    let value: unknown;
    try {
      value = await read;
    } catch (e) {
      if (!(e instanceof ScaffoldError)) throw e;
      value = failure('read', e);
    }
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }] };
  });
  return server;
}
