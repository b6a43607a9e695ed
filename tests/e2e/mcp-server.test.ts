/**
 * `mcp-scaffold mcp` on a real server: one made by our init on 0.10.17 and installed from the
 * registry, the MCP server started from the `.mcp.json` that init wrote, driven by the SDK's own
 * Client over stdio. For every kind: describe → kind schema → preview (nothing written) → apply
 * (the server's own devcheck green, its output as progress) → list shows it registered; then
 * devcheck through its own tool, green, and red with strict while stand-ins are left.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCliBuilt,
  childEnv,
  describeRun,
  hashTree,
  makeTempDir,
  parseJsonStdout,
  removeTempDir,
  runCli,
} from './support.js';

type Result = Record<string, any>;
let tmp: string;
let demo: string;
let client: Client;
let serverLog = '';

beforeAll(async () => {
  assertCliBuilt();
  tmp = makeTempDir('mcp-scaffold-e2e-mcp-');
  const init = await runCli(['init', 'demo', '--yes', '--json', '--no-git', '--framework-version', '0.10.17'], {
    cwd: tmp,
  });
  expect(init.exitCode, describeRun(init)).toBe(0);
  expect(parseJsonStdout(init).install).toMatchObject({ ran: true, passed: true });
  demo = path.join(tmp, 'demo');
  // The server as the client would start it: the command init wrote.
  const config = JSON.parse(readFileSync(path.join(demo, '.mcp.json'), 'utf8'));
  const { command, args } = config.mcpServers['mcp-scaffold'] as { command: string; args: string[] };
  const transport = new StdioClientTransport({ command, args, cwd: demo, env: childEnv(), stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString('utf8')).slice(-20_000);
  });
  client = new Client({ name: 'mcp-scaffold-e2e', version: '0.0.0' });
  await client.connect(transport);
}, 600_000);

afterAll(async () => {
  await client?.close();
  removeTempDir(tmp);
});

async function call(name: string, args: Result = {}, onprogress?: (p: { message?: string }) => void) {
  const r = await client.callTool({ name, arguments: args }, undefined, {
    timeout: 600_000,
    ...(onprogress ? { onprogress, resetTimeoutOnProgress: true } : {}),
  });
  const text = (r.content as { text: string }[])[0]?.text ?? '';
  return {
    result: r.structuredContent as Result,
    isError: r.isError === true,
    text: `${text}\n--- server stderr\n${serverLog}`,
  };
}

const CASES: [kind: string, args: Result, listed: string][] = [
  ['service', { name: 'catalog', description: 'Wraps the catalog API.' }, 'catalog'],
  [
    'tool',
    {
      name: 'demo_search_items',
      description: 'Search the catalog.',
      service: 'catalog',
      input: ['query:string:Text to match'],
    },
    'demo_search_items',
  ],
  ['resource', { name: 'demo-item', uri: 'demo://items/{itemId}', description: 'One catalogue item.' }, 'demo-item'],
  ['prompt', { name: 'demo_review_item', description: 'Ask for a review of one item.' }, 'demo_review_item'],
];

describe('mcp-scaffold mcp on a server made by our init (0.10.17, installed)', () => {
  it('describes the installed project', async () => {
    const { result } = await call('scaffold_describe');
    expect(result).toMatchObject({
      ok: true,
      name: 'demo',
      prefix: 'demo',
      framework: { installed: '0.10.17', line: '0.10' },
      packageManager: { name: 'npm' },
    });
    expect(result.definitions.byKind).toMatchObject({ tool: 1, resource: 1, prompt: 1 });
    const read = await client.readResource({ uri: 'scaffold://conventions' });
    const conventions = JSON.parse((read.contents[0] as { text: string }).text);
    expect(conventions.features).toMatchObject({ elicit: true, requestInput: false });
  });

  it.each(CASES)('%s: describe → schema → preview → apply (devcheck green) → list', async (kind, args, listed) => {
    const before = (await call('scaffold_describe')).result.definitions.byKind[kind] as number;
    const schema = (await call('scaffold_kind_schema', { kind })).result;
    expect(schema.ok).toBe(true);
    const digest = hashTree(demo);
    const preview = await call(`scaffold_preview_add_${kind}`, args);
    expect(preview.isError, preview.text).toBe(false);
    expect(hashTree(demo)).toEqual(digest);
    const lines: string[] = [];
    const applied = await call(`scaffold_add_${kind}`, args, (p) => lines.push(p.message ?? ''));
    expect(applied.isError, applied.text).toBe(false);
    expect(applied.result).toMatchObject({ ok: true, devcheck: { ran: true, passed: true } });
    expect(lines.length).toBeGreaterThan(0);
    const list = (await call('scaffold_list')).result;
    expect(list.ok, JSON.stringify(list)).toBe(true);
    expect(list.definitions.some((d: Result) => d.kind === kind && d.name === listed && d.registered)).toBe(true);
    expect((await call('scaffold_describe')).result.definitions.byKind[kind]).toBe(before + 1);
  });

  it('runs the whole devcheck green through its tool', async () => {
    const r = await call('scaffold_devcheck', { full: true });
    expect(r.isError, r.text).toBe(false);
    expect(r.result.devcheck).toMatchObject({ ran: true, passed: true });
  });

  it('with strict, the stand-ins left (the starters, the stub service) fail the same devcheck', async () => {
    const lines: string[] = [];
    const r = await call('scaffold_devcheck', { full: true, strict: true }, (p) => lines.push(p.message ?? ''));
    expect(r.isError, r.text).toBe(true);
    expect(r.result).toMatchObject({
      ok: false,
      error: { code: 'DEVCHECK_FAILED' },
      devcheck: { ran: true, passed: false },
    });
    expect(lines.join('\n')).toMatch(/Stand-ins.*stand-ins left to replace \(--strict\)/);
  });
});
