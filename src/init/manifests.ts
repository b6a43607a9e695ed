/**
 * The JSON files init writes — package.json, server.json (the MCP Registry entry, one npm package
 * per transport) and manifest.json (the MCP bundle) — built as objects and printed the way Biome
 * formats JSON, so that the generated server's own `biome check` finds nothing to change: objects
 * one key per line, an array of plain values on one line when it fits the line width.
 */

import type { Repository } from './naming.js';
import { shortDescription } from './naming.js';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const isPlain = (v: Json) => v === null || typeof v !== 'object';

/** `value` printed as Biome prints JSON, `column` being where it starts on its line. */
function print(value: Json, indent: string, column: number, lineWidth: number): string {
  if (isPlain(value)) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isPlain)) {
      const oneLine = `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
      // The trailing comma that may follow counts towards the line.
      if (column + oneLine.length + 1 <= lineWidth) return oneLine;
    }
    const items = value.map((v) => `${inner}${print(v, inner, inner.length, lineWidth)}`);
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, v]) => {
    const head = `${inner}${JSON.stringify(key)}: `;
    return `${head}${print(v, inner, head.length, lineWidth)}`;
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/** A JSON file's text, Biome-formatted, with its final newline. */
export function formatJson(value: Json, lineWidth = 100): string {
  return `${print(value, '', 0, lineWidth)}\n`;
}

export interface ManifestData {
  packageName: string;
  unscopedName: string;
  description: string;
  registryName: string;
  version: string;
  repository: Repository | undefined;
  license: string;
  nodeEngine: string;
  scripts: { devcheck: string; lintMcp: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

export function packageJson(d: ManifestData, lineWidth?: number): string {
  return formatJson(
    {
      name: d.packageName,
      version: d.version,
      description: d.description,
      mcpName: d.registryName,
      type: 'module',
      main: 'dist/index.js',
      bin: { [d.unscopedName]: 'dist/index.js' },
      files: ['dist/', 'README.md', 'LICENSE', 'server.json'],
      scripts: {
        build: 'tsc -p tsconfig.build.json && tsc-alias -p tsconfig.build.json',
        devcheck: d.scripts.devcheck,
        test: 'vitest run',
        format: 'biome check --write .',
        'lint:mcp': d.scripts.lintMcp,
        start: 'node dist/index.js',
        'start:stdio': 'MCP_TRANSPORT_TYPE=stdio node dist/index.js',
        'start:http': 'MCP_TRANSPORT_TYPE=http node dist/index.js',
      },
      keywords: ['mcp', 'mcp-server', 'model-context-protocol'],
      ...(d.repository ? { repository: { type: 'git', url: d.repository.url } } : {}),
      license: d.license,
      engines: { node: d.nodeEngine },
      dependencies: d.dependencies,
      devDependencies: d.devDependencies,
    },
    lineWidth,
  );
}

const LOG_LEVEL = {
  name: 'MCP_LOG_LEVEL',
  description: 'Lowest level of log message to emit: debug, info, notice, warning or error.',
  format: 'string',
  isRequired: false,
  default: 'info',
};

const variable = (name: string, description: string, value: string) => ({
  name,
  description,
  format: 'string',
  isRequired: false,
  default: value,
});

/** The HTTP package: the same npm package, started with MCP_TRANSPORT_TYPE=http. */
const HTTP_VARIABLES = [
  variable('MCP_TRANSPORT_TYPE', 'Transport to serve: http for this package.', 'http'),
  variable('MCP_HTTP_HOST', 'Host name or address the HTTP server listens on.', '127.0.0.1'),
  variable('MCP_HTTP_PORT', 'Port the HTTP server listens on.', '3010'),
  variable('MCP_HTTP_ENDPOINT_PATH', 'Path of the MCP endpoint.', '/mcp'),
  LOG_LEVEL,
];

export function serverJson(d: ManifestData, lineWidth?: number): string {
  const npmPackage = (transport: Json, environmentVariables: Json[]) => ({
    registryType: 'npm',
    registryBaseUrl: 'https://registry.npmjs.org',
    identifier: d.packageName,
    version: d.version,
    runtimeHint: 'npx',
    transport,
    environmentVariables,
  });
  return formatJson(
    {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: d.registryName,
      description: shortDescription(d.description),
      ...(d.repository ? { repository: { url: d.repository.url, source: d.repository.source } } : {}),
      version: d.version,
      packages: [
        npmPackage({ type: 'stdio' }, [LOG_LEVEL]),
        npmPackage({ type: 'streamable-http', url: 'http://localhost:3010/mcp' }, HTTP_VARIABLES),
      ],
    },
    lineWidth,
  );
}

/**
 * manifest.json of an MCP bundle (`npx @anthropic-ai/mcpb pack`), as the framework's template
 * writes it: the unscoped name (its packaging lint refuses a scope), node running dist/index.js
 * over stdio.
 */
export function bundleManifest(d: ManifestData & { author: string }, lineWidth?: number): string {
  return formatJson(
    {
      manifest_version: '0.3',
      name: d.unscopedName,
      version: d.version,
      description: shortDescription(d.description),
      author: { name: d.author },
      server: {
        type: 'node',
        entry_point: 'dist/index.js',
        mcp_config: {
          command: 'node',
          // mcpb's own placeholder for the bundle's folder, not a template literal.
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is meant literally
          args: ['${__dirname}/dist/index.js'],
          env: { MCP_TRANSPORT_TYPE: 'stdio', MCP_AUTH_MODE: 'none', NODE_ENV: 'production' },
        },
      },
      compatibility: { runtimes: { node: d.nodeEngine } },
      tools_generated: true,
      prompts_generated: true,
      user_config: {},
    },
    lineWidth,
  );
}
