/**
 * The breaking changes the framework's release notes list from 0.10 to 0.12 (its `changelog/`
 * folder: the releases marked breaking, and the breaks the agent notes of others name), each with
 * the migration that moves the code when there is one, or else where the server uses what
 * changed. An upgrade lists every change it crosses in its result; one without a migration is a
 * warning at each file and line that uses it, and those no line can show (what changes on the
 * wire) are named together, so that none goes by unsaid.
 */

import { compareVersions } from '../init/versions.js';
import type { Site, UsageScan } from './usage-sites.js';

export interface BreakingChange {
  /** `request-context-keys`. */
  id: string;
  /** The release whose notes list it. */
  release: string;
  summary: string;
  /** The migration (or the test-shape codemod after the install) that moves the code. */
  migration?: string;
  /** Where the server uses it; absent for a change no line of code shows. */
  find?: (scan: UsageScan) => Site[];
}

const isSrc = (f: string) => f.startsWith('src/');
const isTest = (f: string) => f.startsWith('tests/') || /\.(test|spec)\.[cm]?tsx?$/.test(f);

/** 0.11.0's raised floors of the framework's optional peers (its notes' arrows), and 0.10.10's js-yaml. */
const PEER_FLOORS_0_11: Record<string, string> = {
  '@duckdb/node-api': '1.5.5-r.1',
  '@hono/otel': '1.1.2',
  '@opentelemetry/exporter-metrics-otlp-http': '0.221.0',
  '@opentelemetry/exporter-trace-otlp-http': '0.221.0',
  '@opentelemetry/instrumentation-http': '0.221.0',
  '@opentelemetry/sdk-node': '0.221.0',
  '@opentelemetry/instrumentation-pino': '0.66.0',
  '@opentelemetry/resources': '2.10.0',
  '@opentelemetry/sdk-metrics': '2.10.0',
  '@opentelemetry/sdk-trace-node': '2.10.0',
  '@opentelemetry/semantic-conventions': '1.43.0',
  '@supabase/supabase-js': '2.110.8',
  'better-sqlite3': '13.0.1',
  'chrono-node': '2.10.1',
  defuddle: '0.19.2',
  'fast-check': '4.9.0',
  'fast-xml-parser': '5.10.1',
  'js-yaml': '5.2.2',
  linkedom: '0.18.13',
  'node-cron': '4.6.0',
  openai: '6.48.0',
  papaparse: '5.5.4',
  'sanitize-html': '2.17.6',
  unpdf: '1.6.2',
};

export const BREAKING_CHANGES: readonly BreakingChange[] = [
  {
    id: 'sampling-removed',
    release: '0.10.3',
    summary: 'ctx.sample, SamplingOpts, CreateMessageResult, SamplingMessage and MockContextOptions.sample are removed',
    find: (s) => [
      ...s.matches(/\bctx\.sample\b/g),
      ...s.imports(['SamplingOpts', 'CreateMessageResult', 'SamplingMessage']),
    ],
  },
  {
    id: 'elicit-presence',
    release: '0.10.3',
    summary:
      'ctx.elicit is defined for clients that advertise elicitation: a handler that branches on its presence now takes the elicit branch for them',
    find: (s) => s.matches(/\bif\s*\(\s*!?\s*ctx\.elicit\s*\)|\bctx\.elicit\s*(?:&&|\?(?!\.))/g, isSrc),
  },
  {
    id: 'mirror-store-disposable',
    release: '0.10.5',
    summary: 'MirrorStore extends AsyncDisposable: a custom backend must add [Symbol.asyncDispose]',
    find: (s) => s.matches(/\bimplements\s+[\w\s,<>]*\bMirrorStore\b/g),
  },
  {
    id: 'speech-audio-bytes',
    release: '0.10.5',
    summary: 'SpeechToTextOptions.audio and TextToSpeechResult.audio are Uint8Array, no longer Buffer',
    find: (s) => s.imports(['SpeechToTextOptions', 'TextToSpeechResult']),
  },
  {
    id: 'js-yaml-5',
    release: '0.10.10',
    summary: 'the js-yaml peer moved ^4 → ^5 (which has no default export)',
    find: (s) => [
      ...s.dependenciesBelow({ 'js-yaml': '5.2.0' }),
      ...s.matches(/\bimport\s+\w+\s+from\s+['"]js-yaml['"]/g),
    ],
  },
  {
    id: 'peer-floors',
    release: '0.11.0',
    summary:
      "the framework's optional peer floors rose (better-sqlite3 ^13, openai ^6.48, OpenTelemetry ^0.221/^2.10, …): a range below one reports an unmet peer",
    find: (s) => s.dependenciesBelow(PEER_FLOORS_0_11),
  },
  {
    id: 'mock-context-errors',
    release: '0.11.3',
    summary:
      'createMockContext({ errors: def.errors }) is typed by the contract: a mock without them no longer fits a handler that declares errors',
    migration: 'test-shape/mock-context-errors',
  },
  {
    id: 'mock-state-storage',
    release: '0.11.3',
    summary:
      "createMockContext().state runs the production StorageService: keys must be storage-legal (no colons), entries with { ttl } expire, tenantId defaults to 'default'",
    find: (s) => s.matches(/\.state\.(?:set|get|delete|getMany|setMany|deleteMany)\(\s*['"`][^'"`\n]*:/g, isTest),
  },
  {
    id: 'normalize-log-level-alias',
    release: '0.11.3',
    summary: 'normalizeLogLevelAlias is no longer exported from /config',
    find: (s) => s.imports(['normalizeLogLevelAlias']),
  },
  {
    id: 'mock-session-tenant',
    release: '0.11.3',
    summary: 'MockSession.tenantId is required',
    find: (s) => s.imports(['MockSession']),
  },
  {
    id: 'sdk-split',
    release: '0.12.0',
    summary: '@modelcontextprotocol/sdk is replaced by @modelcontextprotocol/server and /client',
    migration: '0.12/sdk-imports',
  },
  {
    id: 'hono-mcp-removed',
    release: '0.12.0',
    summary: '@hono/mcp is gone from the framework: remove it if the server depends on it directly',
    find: (s) => s.declared(['@hono/mcp']),
  },
  {
    id: 'tasks-removed',
    release: '0.12.0',
    summary: 'the experimental tasks surface is removed (task: true, ctx.progress, ./tasks)',
    migration: '0.12/drop-tasks',
  },
  {
    id: 'task-store-env',
    release: '0.12.0',
    summary: 'TASK_STORE_TYPE, TASK_STORE_TENANT_ID and TASK_STORE_DEFAULT_TTL_MS are no longer read: drop them',
    find: (s) => s.envKeys(['TASK_STORE_TYPE', 'TASK_STORE_TENANT_ID', 'TASK_STORE_DEFAULT_TTL_MS']),
  },
  {
    id: 'elicit-removed',
    release: '0.12.0',
    summary: 'ctx.elicit is replaced by ctx.requestInput and ctx.inputs',
    migration: '0.12/elicit-to-input',
  },
  {
    id: 'request-context-keys',
    release: '0.12.0',
    summary: 'RequestContext is closed: ad-hoc createRequestContext({ … }) keys go into additionalContext',
    migration: '0.12/request-context-keys',
  },
  {
    id: 'context-spread',
    release: '0.12.0',
    summary: 'RequestContext is closed: a { ...ctx, someField } spread becomes withExtra(ctx, { someField })',
    find: (s) => s.matches(/\{\s*\.\.\.(?:ctx|context|appContext|requestContext|reqCtx)\s*,\s*[\w'"[]/g, isSrc),
  },
  {
    id: 'error-output-field',
    release: '0.12.0',
    summary: "tool() throws on an output or enrichment field named error (the failure envelope's key)",
    find: (s) => s.matches(/^\s*['"]?error['"]?\s*:\s*z\./gm, (f) => isSrc(f) && /\.tool\.ts$/.test(f)),
  },
  {
    id: 'removed-exports',
    release: '0.12.0',
    summary:
      'ProtocolSessionHooks, McpServerFactory, wrapElicit, assertElicitedContent, TaskManager and TaskToolDefinition are removed; createHttpApp, startStdioTransport and TransportManager changed shape',
    find: (s) =>
      s.imports([
        'ProtocolSessionHooks',
        'McpServerFactory',
        'wrapElicit',
        'assertElicitedContent',
        'TaskManager',
        'TaskToolDefinition',
        'createHttpApp',
        'startStdioTransport',
        'TransportManager',
      ]),
  },
  {
    id: 'strict-inputs',
    release: '0.12.0',
    summary:
      'tool inputs are strict: a key the input schema does not declare is rejected, no longer stripped (.passthrough() keeps one open)',
  },
  {
    id: 'wire-schemas',
    release: '0.12.0',
    summary:
      'the advertised inputSchema and outputSchema changed (2020-12, the error envelope in outputSchema): snapshots of them need recording again',
  },
];

/** The changes a move from `from` to `to` crosses, oldest release first. */
export function breakingChangesBetween(from: string, to: string): BreakingChange[] {
  return BREAKING_CHANGES.filter((c) => compareVersions(from, c.release) < 0 && compareVersions(c.release, to) <= 0);
}

export interface BreakingChangeReport {
  id: string;
  release: string;
  summary: string;
  /** What moves the code; absent when nothing does. */
  migration?: string;
  /** Where the server uses it (for a change without a migration). */
  sites?: Site[];
}

/** Each change crossed, with its migration or the places that use it. */
export function breakingChangeReports(scan: UsageScan, from: string, to: string): BreakingChangeReport[] {
  return breakingChangesBetween(from, to).map((c) => ({
    id: `${c.release}/${c.id}`,
    release: c.release,
    summary: c.summary,
    ...(c.migration ? { migration: c.migration } : { sites: c.find?.(scan) ?? [] }),
  }));
}

const SHOWN_SITES = 5;

/** The warnings: one per change without a migration that the code uses, one for those no line shows. */
export function breakingChangeWarnings(reports: readonly BreakingChangeReport[]): string[] {
  const warnings: string[] = [];
  const unseen: string[] = [];
  for (const r of reports) {
    if (r.migration) continue;
    const sites = r.sites ?? [];
    const found = BREAKING_CHANGES.find((c) => `${c.release}/${c.id}` === r.id)?.find !== undefined;
    if (!found) {
      unseen.push(`${r.summary} (${r.release})`);
      continue;
    }
    if (sites.length === 0) continue;
    const shown = sites.slice(0, SHOWN_SITES).map((s) => `${s.path}:${s.line}${s.what ? ` (${s.what})` : ''}`);
    const more = sites.length > SHOWN_SITES ? `, and ${sites.length - SHOWN_SITES} more` : '';
    warnings.push(`${r.release}: ${r.summary}; no codemod does this: used at ${shown.join(', ')}${more}.`);
  }
  if (unseen.length > 0) {
    warnings.push(
      `What changes on the wire, which no line of code shows: ${unseen.join('; ')}. Run the tests and a client against the server.`,
    );
  }
  return warnings;
}
