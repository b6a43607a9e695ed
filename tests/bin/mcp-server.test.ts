/**
 * `mcp-scaffold mcp`, driven by the SDK's own Client over stdio (and once over Streamable HTTP),
 * on fixture projects without installs: every kind from describe to list, the confirmation asked
 * through the client, --read-only, the CLI's refusals with the same codes, a hundred bad calls,
 * two clients applying at once, and the clients' configuration.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, makeProject, parseJsonOut, runCli, spawnCli, treeDigest } from './support.js';

type Result = Record<string, any>;
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

/** A client of `mcp-scaffold mcp` on `cwd`; `answer` makes it one that can be asked (elicitation). */
async function connect(
  cwd: string,
  opts: { args?: string[]; answer?: (message: string) => Result } = {},
): Promise<Client> {
  const client = new Client(
    { name: 'test', version: '1.0.0' },
    opts.answer ? { capabilities: { elicitation: {} } } : {},
  );
  if (opts.answer) {
    const answer = opts.answer;
    client.setRequestHandler(ElicitRequestSchema, async (request) => answer(request.params.message) as never);
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--cwd', cwd, ...(opts.args ?? [])],
    env: { ...(process.env as Record<string, string>), NO_COLOR: '1' },
    stderr: 'ignore',
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Result = {}, onprogress?: (p: { message?: string }) => void) {
  const r = await client.callTool({ name, arguments: args }, undefined, {
    timeout: 120_000,
    ...(onprogress ? { onprogress } : {}),
  });
  return {
    result: r.structuredContent as Result,
    isError: r.isError === true,
    text: (r.content as { text: string }[])[0]!.text,
  };
}

const project = () => makeProject({}, { scripts: { devcheck: `node -e "console.log('devcheck ran')"` } });

/** What each kind is added with, and the name list shows for it. */
const KIND_CASES: [kind: string, args: Result, listed: string][] = [
  [
    'tool',
    { name: 'demo_find_items', description: 'Find items by keyword.', input: ['query:string:Text to match'] },
    'demo_find_items',
  ],
  ['resource', { name: 'demo-item', uri: 'demo://items/{itemId}', description: 'One item.' }, 'demo-item'],
  ['prompt', { name: 'demo_review_item', description: 'Review one item.' }, 'demo_review_item'],
  ['service', { name: 'catalog', description: 'Wraps the catalog API.' }, 'catalog'],
];

describe('mcp-scaffold mcp over stdio', () => {
  it('lists its tools with truthful annotations, instructions in order, and the two resources', async () => {
    const client = await connect(project());
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['scaffold_describe', 'scaffold_list', 'scaffold_kind_schema', 'scaffold_preview_add_tool']) {
      expect(byName.get(name)?.annotations?.readOnlyHint, name).toBe(true);
    }
    expect(byName.get('scaffold_add_tool')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get('scaffold_remove')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    // The add tool's input schema is the kind's own options.
    const input = byName.get('scaffold_add_tool')!.inputSchema as { properties: Result; required?: string[] };
    expect(Object.keys(input.properties)).toEqual(
      expect.arrayContaining(['name', 'description', 'input', 'readOnly', 'service']),
    );
    expect(input.properties.input.type).toBe('array');
    expect(input.required).toEqual(['name']);
    for (const t of tools) expect(t.outputSchema?.type, t.name).toBe('object');
    const instructions = client.getInstructions() ?? '';
    const order = ['scaffold_describe', 'scaffold_kind_schema', 'scaffold_preview_', 'apply'].map((w) =>
      instructions.indexOf(w),
    );
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['scaffold://conventions', 'scaffold://inventory']);
    const read = await client.readResource({ uri: 'scaffold://conventions' });
    const conventions = JSON.parse((read.contents[0] as { text: string }).text);
    expect(conventions.layout.kinds[0]).toMatchObject({ kind: 'tool', registeredIn: ['src/index.ts'] });
  });

  it.each(KIND_CASES)(
    '%s: describe → schema → preview (nothing written) → apply → list shows it',
    async (kind, args, listed) => {
      const cwd = project();
      const client = await connect(cwd);
      const described = (await call(client, 'scaffold_describe')).result;
      expect(described).toMatchObject({ ok: true, prefix: 'demo', framework: { range: '^0.10.17' } });
      const before = described.definitions.byKind[kind] as number;
      const schema = (await call(client, 'scaffold_kind_schema', { kind })).result;
      expect(schema.options.map((o: Result) => o.key)).toContain('description');
      const digest = treeDigest(cwd);
      const preview = await call(client, `scaffold_preview_add_${kind}`, args);
      expect(preview.isError, preview.text).toBe(false);
      expect(preview.result).toMatchObject({ ok: true, dryRun: true });
      expect(preview.result.changes.every((c: Result) => typeof c.diff === 'string')).toBe(true);
      expect(treeDigest(cwd)).toBe(digest);
      const lines: string[] = [];
      const applied = await call(client, `scaffold_add_${kind}`, args, (p) => lines.push(p.message ?? ''));
      expect(applied.isError, applied.text).toBe(false);
      expect(applied.result).toMatchObject({ ok: true, dryRun: false, devcheck: { ran: true, passed: true } });
      // The same files the preview listed, now written; devcheck's output came as progress.
      expect(applied.result.changes.map((c: Result) => c.path)).toEqual(
        preview.result.changes.map((c: Result) => c.path),
      );
      expect(lines.some((l) => l.includes('devcheck ran'))).toBe(true);
      const list = (await call(client, 'scaffold_list')).result;
      expect(list.definitions.some((d: Result) => d.kind === kind && d.name === listed && d.registered)).toBe(true);
      expect((await call(client, 'scaffold_describe')).result.definitions.byKind[kind]).toBe(before + 1);
    },
  );

  it('asks through the client before --force: yes rewrites, no is CANCELLED, a client that cannot ask gets ALREADY_EXISTS', async () => {
    const cwd = project();
    const args = { name: 'demo_find_items', devcheck: false };
    const first = await call(await connect(cwd), 'scaffold_add_tool', args);
    expect(first.result.ok).toBe(true);
    const file = path.join(cwd, 'src/mcp-server/tools/definitions/demo-find-items.tool.ts');
    const written = readFileSync(file, 'utf8');

    const noAsk = await call(await connect(cwd), 'scaffold_add_tool', args);
    expect(noAsk).toMatchObject({ isError: true, result: { ok: false, error: { code: 'ALREADY_EXISTS' } } });

    const asked: string[] = [];
    const no = await call(
      await connect(cwd, {
        answer: (m) => {
          asked.push(m);
          return { action: 'decline' };
        },
      }),
      'scaffold_add_tool',
      args,
    );
    expect(no).toMatchObject({
      isError: true,
      result: { ok: false, error: { code: 'CANCELLED' }, refused: { code: 'ALREADY_EXISTS' } },
    });
    expect(asked[0]).toContain('--force');
    expect(asked[0]).toContain('src/mcp-server/tools/definitions/demo-find-items.tool.ts');
    const unchecked = await call(
      await connect(cwd, { answer: () => ({ action: 'accept', content: { confirm: false } }) }),
      'scaffold_add_tool',
      args,
    );
    expect(unchecked.result.error.code).toBe('CANCELLED');

    // Edited since it was written: --force alone is refused, so what is asked is --overwrite-edited.
    writeFileSync(file, `${written}// edited\n`);
    const questions: string[] = [];
    const yes = await call(
      await connect(cwd, {
        answer: (m) => {
          questions.push(m);
          return { action: 'accept', content: { confirm: true } };
        },
      }),
      'scaffold_add_tool',
      args,
    );
    expect(questions).toHaveLength(1);
    expect(questions[0]).toContain('--overwrite-edited');
    expect(yes.isError, yes.text).toBe(false);
    expect(yes.result.ok).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(written);
  });

  it('--read-only lists no tool that writes and refuses one called by name', async () => {
    const cwd = project();
    const client = await connect(cwd, { args: ['--read-only'] });
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(3);
    expect(tools.filter((t) => t.annotations?.readOnlyHint !== true).map((t) => t.name)).toEqual([]);
    expect(tools.map((t) => t.name)).toContain('scaffold_preview_add_tool');
    const digest = treeDigest(cwd);
    for (const name of ['scaffold_add_tool', 'scaffold_remove', 'scaffold_devcheck']) {
      const r = await call(client, name, { name: 'demo_find_items', kind: 'tool' });
      expect(r, name).toMatchObject({ isError: true, result: { ok: false, error: { code: 'READ_ONLY' } } });
    }
    expect(treeDigest(cwd)).toBe(digest);
  });

  it('refuses a call whose folder leads outside the one it serves', async () => {
    const client = await connect(project());
    for (const cwd of ['..', '/', '../../etc']) {
      const r = await call(client, 'scaffold_add_tool', { name: 'demo_x', cwd });
      expect(r.result.error?.code, cwd).toBe('OUTSIDE_PROJECT');
    }
  });

  it("gives the CLI's refusals with the CLI's codes, as isError results", async () => {
    const cwd = makeProject({
      'src/services/catalog/catalog-service.ts': 'export class CatalogService {}\n',
    });
    const client = await connect(cwd);
    // [CLI arguments, MCP tool, MCP arguments]
    const cases: [string[], string, Result][] = [
      [['add', 'tool', 'Bad Name!'], 'scaffold_add_tool', { name: 'Bad Name!' }],
      [
        ['add', 'tool', 'demo_x', '--input', 'toString:string'],
        'scaffold_add_tool',
        { name: 'demo_x', input: ['toString:string'] },
      ],
      [['add', 'tool', 'demo_x', '--input', 'q:frob'], 'scaffold_add_tool', { name: 'demo_x', input: ['q:frob'] }],
      [
        ['add', 'tool', 'demo_x', '--read-only', '--destructive'],
        'scaffold_add_tool',
        { name: 'demo_x', readOnly: true, destructive: true },
      ],
      [['add', 'tool', 'demo_x', '--service', 'nope'], 'scaffold_add_tool', { name: 'demo_x', service: 'nope' }],
      [['add', 'tool', 'demo_x', '--task', '--app'], 'scaffold_add_tool', { name: 'demo_x', task: true, app: true }],
      [
        ['add', 'resource', 'demo-x', '--uri', 'demo://items/{id:3}'],
        'scaffold_add_resource',
        { name: 'demo-x', uri: 'demo://items/{id:3}' },
      ],
      [['add', 'prompt', 'demo_x', '--arg', 'n:number'], 'scaffold_add_prompt', { name: 'demo_x', arg: ['n:number'] }],
      [['remove', 'tool', 'demo_nothing'], 'scaffold_remove', { kind: 'tool', name: 'demo_nothing' }],
      [
        ['rename', 'tool', 'demo_echo_message', 'Bad Name'],
        'scaffold_rename',
        { kind: 'tool', from: 'demo_echo_message', to: 'Bad Name' },
      ],
      [['add', 'test', 'demo_nothing'], 'scaffold_add_test', { definition: 'demo_nothing' }],
      [
        ['add', 'tool', 'demo_echo_message', '--devcheck-timeout', 'soon'],
        'scaffold_add_tool',
        { name: 'demo_echo_message', devcheckTimeout: 'soon' },
      ],
    ];
    for (const [argv, tool, args] of cases) {
      const cli = parseJsonOut(runCli([...argv, '--json', '--yes', '--no-devcheck'], { cwd }));
      expect(cli.ok, argv.join(' ')).toBe(false);
      const mcp = await call(client, tool, { ...args, devcheck: false });
      expect(mcp.isError, argv.join(' ')).toBe(true);
      expect(mcp.result.error.code, argv.join(' ')).toBe(cli.error.code);
    }
  });

  it('survives a hundred bad calls in a row and still answers', async () => {
    const cwd = project();
    const client = await connect(cwd);
    const bad: [string, unknown][] = [
      ['scaffold_add_tool', {}],
      ['scaffold_add_tool', { name: 42 }],
      ['scaffold_add_tool', { name: 'demo_x', frob: true }],
      ['scaffold_add_tool', { name: 'demo_x', input: 'not-a-list' }],
      ['scaffold_no_such_tool', {}],
      ['scaffold_remove', { kind: 'widget', name: 'x' }],
      ['scaffold_kind_schema', { kind: 7 }],
      ['scaffold_list', { cwd: '../..' }],
    ];
    const codes = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const [name, args] = bad[i % bad.length]!;
      const r = await client.callTool({ name, arguments: args as Result });
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      codes.add((r.structuredContent as Result).error.code);
    }
    expect([...codes].sort()).toEqual(['OPTION_INVALID', 'OUTSIDE_PROJECT']);
    expect((await call(client, 'scaffold_describe')).result.ok).toBe(true);
  });

  it('two clients applying on one project at once: each registered or cleanly refused, nothing lost', async () => {
    const cwd = project();
    const [a, b] = await Promise.all([connect(cwd), connect(cwd)]);
    const results = await Promise.all([
      call(a, 'scaffold_add_tool', { name: 'demo_find_apples', devcheck: false }),
      call(b, 'scaffold_add_tool', { name: 'demo_find_pears', devcheck: false }),
    ]);
    const landed = results.filter((r) => r.result.ok);
    for (const r of results.filter((x) => !x.result.ok)) expect(r.result.error.code).toBe('LOCKED');
    expect(landed.length).toBeGreaterThan(0);
    const list = (await call(a, 'scaffold_list')).result;
    const names = list.definitions.map((d: Result) => d.name);
    for (const r of landed) expect(names).toContain(r.result.tool.name);
    expect(list.ok).toBe(true);
    const index = readFileSync(path.join(cwd, 'src/index.ts'), 'utf8');
    for (const r of landed) expect(index).toContain(r.result.tool.exportName);
  });

  it('runs devcheck in the project, its output as progress', async () => {
    const client = await connect(project());
    const lines: string[] = [];
    const r = await call(client, 'scaffold_devcheck', {}, (p) => lines.push(p.message ?? ''));
    expect(r.result).toMatchObject({ ok: true, command: 'devcheck', devcheck: { ran: true, passed: true } });
    expect(lines.some((l) => l.includes('devcheck ran'))).toBe(true);
    // strict only where the devcheck takes it (ours does): elsewhere refused, nothing run.
    const strict = await call(client, 'scaffold_devcheck', { strict: true });
    expect(strict).toMatchObject({ isError: true, result: { error: { code: 'OPTION_INVALID' } } });
    const failing = makeProject({}, { scripts: { devcheck: 'node -e "process.exit(3)"' } });
    const failed = await call(await connect(failing), 'scaffold_devcheck');
    expect(failed).toMatchObject({ isError: true, result: { error: { code: 'DEVCHECK_FAILED' } } });
  });
});

describe('mcp-scaffold mcp --http', () => {
  it('serves Streamable HTTP on 127.0.0.1 only', async () => {
    const cwd = project();
    const { spawn } = await import('node:child_process');
    const server = spawn(process.execPath, [BIN, 'mcp', '--http', '0', '--cwd', cwd], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    try {
      const url = await new Promise<string>((resolve, reject) => {
        server.stderr.on('data', (c: Buffer) => {
          err += c.toString('utf8');
          const m = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(err);
          if (m) resolve(m[0]);
        });
        server.on('exit', () => reject(new Error(err)));
      });
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      clients.push(client);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('scaffold_describe');
      const r = await client.callTool({ name: 'scaffold_describe', arguments: {} });
      expect((r.structuredContent as Result).ok).toBe(true);
      // Another host name in the request is refused (DNS rebinding).
      const port = new URL(url).port;
      const rebound = await fetch(url, {
        method: 'POST',
        headers: {
          host: `evil.example:${port}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
      });
      expect(rebound.status).toBeGreaterThanOrEqual(400);
      // The transport is loaded from the bundle's code cache without Node's experimental loader.
      expect(err).not.toMatch(/Warning/);
    } finally {
      server.kill();
    }
  });
});

describe('mcp-scaffold mcp --print-config', () => {
  it('prints the configuration for Claude Code, Cursor and VS Code, naming mcp-scaffold as it was launched', async () => {
    const out = parseJsonOut(runCli(['mcp', '--print-config', '--json']));
    const configs = out.config as { client: string; file: string; json: Result }[];
    expect(configs.map((c) => c.client)).toEqual(['Claude Code', 'Cursor', 'VS Code']);
    expect(configs[0]!.json).toEqual({ mcpServers: { 'mcp-scaffold': { command: 'node', args: [BIN, 'mcp'] } } });
    expect(configs[2]!.json.servers['mcp-scaffold']).toMatchObject({ type: 'stdio', command: 'node' });
    const human = await spawnCli(['mcp', '--print-config']);
    expect(human.stdout).toContain('.vscode/mcp.json');
  });
});
