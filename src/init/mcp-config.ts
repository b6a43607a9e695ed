/**
 * How coding agents' clients start `mcp-scaffold mcp`: the `.mcp.json` init writes (Claude Code
 * reads it from the project), and the snippets `mcp --print-config` prints for Claude Code, Cursor
 * and VS Code. The command is mcp-scaffold as it was launched (launcher.ts), so that the client
 * runs the same one.
 */

import { formatJson } from './manifests.js';

/** The server's name in each client's configuration. */
export const MCP_SERVER_NAME = 'mcp-scaffold';

export interface McpClientConfig {
  /** Which client reads it. */
  client: string;
  /** Where it goes, relative to the project. */
  file: string;
  /** Its content. */
  json: Record<string, unknown>;
}

/** The clients' configurations for a server started as `words` + `mcp`. */
export function mcpClientConfigs(words: readonly string[]): McpClientConfig[] {
  const [command = 'npx', ...rest] = words;
  const args = [...rest, 'mcp'];
  // Cursor and VS Code start a server in no particular folder: they are told the workspace's.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the clients' own variable, expanded by them.
  const inWorkspace = [...args, '--cwd', '${workspaceFolder}'];
  return [
    {
      client: 'Claude Code',
      file: '.mcp.json',
      json: { mcpServers: { [MCP_SERVER_NAME]: { command, args } } },
    },
    {
      client: 'Cursor',
      file: '.cursor/mcp.json',
      json: { mcpServers: { [MCP_SERVER_NAME]: { command, args: inWorkspace } } },
    },
    {
      client: 'VS Code',
      file: '.vscode/mcp.json',
      json: { servers: { [MCP_SERVER_NAME]: { type: 'stdio', command, args: inWorkspace } } },
    },
  ];
}

/** The `.mcp.json` init writes, as text laid out as the project's Biome lays JSON out. */
export function projectMcpJson(words: readonly string[], lineWidth?: number): string {
  return formatJson(mcpClientConfigs(words)[0]!.json as Parameters<typeof formatJson>[0], lineWidth);
}
