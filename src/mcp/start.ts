/**
 * `mcp-scaffold mcp [--read-only] [--http <port>] [--print-config]`: serves the scaffolder over
 * stdio (the client starts it), or over Streamable HTTP on 127.0.0.1 only, one MCP session per
 * client; or prints the clients' configuration for starting it.
 */

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { EXIT, ScaffoldError } from '../engine/errors.js';
import { reportFailure } from '../engine/failure.js';
import type { GlobalOptions } from '../engine/options.js';
import { Reporter } from '../engine/reporter.js';
import { scaffoldWords } from '../init/launcher.js';
import { mcpClientConfigs } from '../init/mcp-config.js';
import { launchingPackageManager, packageManagerInfo } from '../project/package-manager.js';
import { createScaffoldServer, type ServerOptions } from './server.js';

export interface McpFlags {
  readOnly?: boolean;
  http?: string;
  printConfig?: boolean;
}

function printConfig(reporter: Reporter): number {
  const words = scaffoldWords(packageManagerInfo(launchingPackageManager() ?? 'npm').dlx);
  const configs = mcpClientConfigs(words);
  if (reporter.json) {
    reporter.emit({ ok: true, command: 'mcp', config: configs }, EXIT.ok);
    return EXIT.ok;
  }
  const text = configs.map((c) => `${c.client} (${c.file}):\n${JSON.stringify(c.json, null, 2)}`).join('\n\n');
  reporter.info(text);
  return EXIT.ok;
}

function parsePort(text: string): number {
  const port = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new ScaffoldError('OPTION_INVALID', `--http ${text}: not a port number.`, {
      hint: 'Give a TCP port from 0 to 65535 (0: any free one), e.g. --http 3011.',
    });
  }
  return port;
}

function jsonRpcError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** Streamable HTTP on 127.0.0.1:<port>/mcp: a server and a transport per session. */
async function serveHttp(opts: ServerOptions, port: number): Promise<void> {
  // Its web-standard layer loads only here: a stdio server starts without it.
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp')
      return jsonRpcError(res, 404, 'Not found: the endpoint is /mcp.');
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!transport) {
      if (id !== undefined || req.method !== 'POST')
        return jsonRpcError(res, 404, 'No such session: initialize first.');
      const { port: bound } = http.address() as AddressInfo;
      const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => {
          sessions.set(sid, created);
        },
        // Bound to loopback, and a page in a browser cannot reach it under another host name.
        enableDnsRebindingProtection: true,
        allowedHosts: [`127.0.0.1:${bound}`, `localhost:${bound}`],
      });
      created.onclose = () => {
        if (created.sessionId) sessions.delete(created.sessionId);
      };
      await createScaffoldServer(opts).connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = http.address() as AddressInfo;
  process.stderr.write(`mcp-scaffold MCP server on http://127.0.0.1:${bound}/mcp (${opts.root})\n`);
}

export async function mcpCommand(flags: McpFlags, global: GlobalOptions): Promise<number> {
  const reporter = new Reporter({ json: global.json, verbose: global.verbose });
  try {
    if (flags.printConfig) return printConfig(reporter);
    const opts: ServerOptions = { root: path.resolve(global.cwd), readOnly: flags.readOnly === true };
    if (flags.http !== undefined) await serveHttp(opts, parsePort(flags.http));
    else await createScaffoldServer(opts).connect(new StdioServerTransport());
    return EXIT.ok;
  } catch (e) {
    return reportFailure(reporter, 'mcp', e);
  }
}
