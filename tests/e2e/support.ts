/**
 * Shared machinery for the end-to-end tests: real projects made by the framework's own `init`,
 * installed from the registry, the built mcp-scaffold CLI spawned as users and agents run it, tree
 * digests to prove "nothing written", and a real MCP client over stdio.
 *
 * Nothing here mocks anything. Every helper spawns real processes, asynchronously, with stdin
 * closed (so no prompt can ever wait for a TTY) and a cleaned environment (no vitest or npm
 * lifecycle variables leaking into the nested tools).
 */

import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { execa } from 'execa';
import { expect } from 'vitest';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(REPO_ROOT, 'bin/mcp-scaffold.js');
export const FRAMEWORK = '@cyanheads/mcp-ts-core';
export const FRAMEWORK_VERSION = '0.10.17';

/**
 * The framework's releases the registry does not serve (0.11.5, 0.12.3), packed from its tags,
 * beside the repository (shared/frameworks), read-only.
 */
export function frameworkTarball(version: string): string {
  return path.resolve(REPO_ROOT, '../shared/frameworks', `cyanheads-mcp-ts-core-${version}.tgz`);
}

/** The CLI is spawned from its build output: fail early and clearly when there is none. */
export function assertCliBuilt(): void {
  if (!existsSync(path.join(REPO_ROOT, 'dist/cli/main.js'))) {
    throw new Error('dist/cli/main.js is missing: run `npx tsc -p tsconfig.build.json` before the e2e tests.');
  }
}

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------

export interface RunResult {
  command: string;
  exitCode: number;
  /** Raw stdout, final newline kept (the --json contract is about exact stdout). */
  stdout: string;
  stderr: string;
  durationMs: number;
}

/**
 * The environment for nested tools: ours, minus what vitest and `npm run` inject (a nested vitest
 * that sees VITEST_* thinks it is a worker; INIT_CWD and npm_package_* describe mcp-scaffold, not
 * the project), with colour off.
 */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/^(VITEST|VITE_|TINYPOOL)/.test(key) || /^npm_(lifecycle|package)_/.test(key)) continue;
    if (['TEST', 'NODE_ENV', 'FORCE_COLOR', 'INIT_CWD', 'NODE_OPTIONS'].includes(key)) continue;
    env[key] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Run a command to completion; never throws on a non-zero exit (the caller asserts on it). */
export async function run(
  file: string,
  args: string[],
  opts: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<RunResult> {
  const started = performance.now();
  const r = await execa(file, args, {
    cwd: opts.cwd,
    env: childEnv(opts.env),
    extendEnv: false,
    stdin: 'ignore',
    reject: false,
    stripFinalNewline: false,
    timeout: opts.timeoutMs ?? 300_000,
  });
  const result: RunResult = {
    command: `${file} ${args.join(' ')}`,
    exitCode: r.exitCode ?? -1,
    stdout: String(r.stdout ?? ''),
    stderr: String(r.stderr ?? ''),
    durationMs: Math.round(performance.now() - started),
  };
  if (r.timedOut) result.stderr += `\n[e2e] timed out after ${opts.timeoutMs ?? 300_000} ms`;
  return result;
}

/** Like run(), but a non-zero exit is an error that shows the command and its output. */
export async function runOk(file: string, args: string[], opts: Parameters<typeof run>[2]): Promise<RunResult> {
  const r = await run(file, args, opts);
  if (r.exitCode !== 0) throw new Error(describeRun(r));
  return r;
}

/** A readable account of a run, for assertion messages. */
export function describeRun(r: RunResult): string {
  const tail = (s: string) => (s.length > 4000 ? `…${s.slice(-4000)}` : s);
  return `\`${r.command}\` exited ${r.exitCode} after ${r.durationMs} ms\n--- stdout\n${tail(r.stdout)}\n--- stderr\n${tail(r.stderr)}`;
}

/**
 * The built mcp-scaffold CLI, spawned with the running Node. One `add` takes 1–3 s alone, and over
 * 15 s on two cores shared with a dozen others: the cap only catches a run that hangs.
 */
export function runCli(args: string[], opts: { cwd: string; env?: Record<string, string> }): Promise<RunResult> {
  return run(process.execPath, [BIN, ...args], { ...opts, timeoutMs: 300_000 });
}

/**
 * The `--json` contract: stdout is exactly one JSON object on one line, followed by a newline, and
 * nothing else. Returns the object; throws (showing the run) otherwise.
 */
export function parseJsonStdout(r: RunResult): Record<string, any> {
  const fail = (why: string) => new Error(`${why}\n${describeRun(r)}`);
  if (!r.stdout.endsWith('\n') || r.stdout.slice(0, -1).includes('\n')) {
    throw fail('stdout is not exactly one line ending in a newline');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(r.stdout);
  } catch {
    throw fail('stdout is not JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw fail('stdout is not a JSON object');
  return parsed as Record<string, any>;
}

// ---------------------------------------------------------------------------------------------
// Temp folders and trees
// ---------------------------------------------------------------------------------------------

/** A fresh temp folder. Pass it to removeTempDir in afterAll; E2E_KEEP=1 keeps it for debugging. */
export function makeTempDir(prefix = 'mcp-scaffold-e2e-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export function removeTempDir(dir: string | undefined): void {
  if (!dir) return;
  if (process.env.E2E_KEEP === '1') {
    process.stderr.write(`[e2e] kept ${dir}\n`);
    return;
  }
  rmSync(dir, { recursive: true, force: true });
}

const SKIPPED_DIRS = new Set(['node_modules', '.git']);

/**
 * sha256 of every file below root, by forward-slash relative path, skipping node_modules and .git
 * wherever they occur. Symlinks are recorded by target, not followed. Compare two of these with
 * toEqual: a failure shows exactly which files appeared, vanished or changed.
 */
export function hashTree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      const rel = path.relative(root, abs).split(path.sep).join('/');
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(abs);
      } else if (entry.isSymbolicLink()) {
        if (!SKIPPED_DIRS.has(entry.name)) out[rel] = `symlink:${readlinkSync(abs)}`;
      } else {
        out[rel] = createHash('sha256').update(readFileSync(abs)).digest('hex');
      }
    }
  };
  walk(root);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * A copy of a project without its node_modules and .git; node_modules becomes a symlink to the
 * original's (so the copy type-checks, lints and runs without a second install).
 */
export function copyProject(from: string, to: string): string {
  cpSync(from, to, {
    recursive: true,
    filter: (src) => !SKIPPED_DIRS.has(path.basename(src)),
  });
  if (existsSync(path.join(from, 'node_modules')))
    symlinkSync(path.join(from, 'node_modules'), path.join(to, 'node_modules'), 'dir');
  return to;
}

// ---------------------------------------------------------------------------------------------
// Projects
// ---------------------------------------------------------------------------------------------

const GIT_IDENTITY = [
  '-c',
  'user.name=mcp-scaffold e2e',
  '-c',
  'user.email=e2e@example.invalid',
  '-c',
  'commit.gpgsign=false',
];

/** `git init` + commit everything (the framework's Biome config reads .gitignore through git). */
export async function gitInitAndCommit(root: string, message = 'initial'): Promise<void> {
  await runOk('git', ['init', '-q'], { cwd: root });
  await gitCommitAll(root, message);
}

export async function gitCommitAll(root: string, message: string): Promise<void> {
  await runOk('git', ['add', '-A'], { cwd: root });
  await runOk('git', [...GIT_IDENTITY, 'commit', '-q', '--no-verify', '--allow-empty', '-m', message], { cwd: root });
}

/**
 * A server made by the framework's own `init` in `parent/name`, installed with npm and committed
 * to a fresh git repository. ≈20 s, nearly all of it `npm install`. With `tarball` (a release the
 * registry does not serve), the init is that package's own bin, fetched by npx from the tarball,
 * and the server's dependency on the framework becomes the tarball, as a user would set it.
 */
export async function createFrameworkProject(
  parent: string,
  name: string,
  opts: { version?: string; tarball?: string; install?: boolean; git?: boolean; prepare?: (root: string) => void } = {},
): Promise<string> {
  const version = opts.version ?? FRAMEWORK_VERSION;
  const pkg = opts.tarball ? `file:${opts.tarball}` : `${FRAMEWORK}@${version}`;
  await runOk('npx', ['-y', `--package=${pkg}`, '--', 'mcp-ts-core', 'init', name], { cwd: parent });
  const root = path.join(parent, name);
  if (!existsSync(path.join(root, 'package.json')))
    throw new Error(`${FRAMEWORK} init did not create ${root}/package.json`);
  if (opts.tarball) await runOk('npm', ['pkg', 'set', `dependencies.${FRAMEWORK}=${pkg}`], { cwd: root });
  opts.prepare?.(root);
  if (opts.install ?? true) await npmInstall(root);
  if (opts.git ?? true) await gitInitAndCommit(root, `${FRAMEWORK}@${version} init ${name}`);
  return root;
}

/**
 * A clone of a committed project (its HEAD, so untouched by later edits), sharing the original's
 * node_modules through a symlink. A git repository, so the framework's Biome config works in it.
 */
export async function cloneProject(from: string, to: string): Promise<string> {
  await runOk('git', ['clone', '-q', '--no-hardlinks', from, to], { cwd: path.dirname(to) });
  if (existsSync(path.join(from, 'node_modules')))
    symlinkSync(path.join(from, 'node_modules'), path.join(to, 'node_modules'), 'dir');
  return to;
}

/** The five settings the strictest real servers add to the framework's base config. */
export const STRICT_FLAGS = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  noImplicitOverride: true,
} as const;

/**
 * The tsconfig split of the framework's own template (0.11.4 and later), with the strictest
 * settings real servers use: tsconfig.json type-checks src and tests without emitting,
 * tsconfig.build.json compiles src alone.
 */
export function writeStrictTsconfig(root: string): void {
  const check = {
    extends: '@cyanheads/mcp-ts-core/tsconfig.base.json',
    compilerOptions: {
      rootDir: '.',
      outDir: 'dist',
      noEmit: true,
      ...STRICT_FLAGS,
      tsBuildInfoFile: 'node_modules/.cache/tsc/typecheck.tsbuildinfo',
      paths: { '@/*': ['./src/*'] },
    },
    include: ['src/**/*', 'tests/**/*'],
    exclude: ['node_modules', 'dist'],
  };
  const build = {
    extends: './tsconfig.json',
    compilerOptions: { rootDir: 'src', noEmit: false, incremental: false },
    include: ['src/**/*'],
    exclude: ['node_modules', 'dist', '**/*.test.ts', '**/*.spec.ts'],
  };
  writeFileSync(path.join(root, 'tsconfig.json'), `${JSON.stringify(check, null, 2)}\n`);
  writeFileSync(path.join(root, 'tsconfig.build.json'), `${JSON.stringify(build, null, 2)}\n`);
}

export const STRICT_CHECK_CONFIG = 'tsconfig.strict.json';

/**
 * tsconfig.strict.json beside a server's own tsconfig.json: everything the server sets, plus the
 * five strict settings, over src and tests, without emitting. The server's own files stay as its
 * init wrote them, so its own settings can be checked too (the framework's 0.10 template covers
 * src alone; its 0.11.4+ template covers tests with three of the five).
 */
export function writeStrictCheckConfig(root: string): void {
  const config = {
    extends: './tsconfig.json',
    compilerOptions: {
      rootDir: '.',
      noEmit: true,
      ...STRICT_FLAGS,
      tsBuildInfoFile: 'node_modules/.cache/tsc/strict.tsbuildinfo',
    },
    include: ['src/**/*', 'tests/**/*'],
    exclude: ['node_modules', 'dist'],
  };
  writeFileSync(path.join(root, STRICT_CHECK_CONFIG), `${JSON.stringify(config, null, 2)}\n`);
}

export interface TscError {
  file: string;
  line: number;
  code: string;
  message: string;
}

/** `tsc -p <config> --noEmit` in the project: its exit code and each error, by file. */
export async function typeCheck(
  root: string,
  config = 'tsconfig.json',
): Promise<{ run: RunResult; errors: TscError[] }> {
  const r = await run('npx', ['tsc', '-p', config, '--noEmit', '--pretty', 'false'], { cwd: root });
  const errors = [...r.stdout.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+): (.*)$/gm)].map((m) => ({
    file: m[1]!.split(path.sep).join('/'),
    line: Number(m[2]),
    code: m[3]!,
    message: m[4]!,
  }));
  return { run: r, errors };
}

export async function npmInstall(root: string): Promise<void> {
  await runOk('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, timeoutMs: 600_000 });
}

/** The server's build without bun (its `build` script calls bun): tsc, then tsc-alias for `@/`. */
export async function buildServer(root: string): Promise<void> {
  await runOk('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root });
  await runOk('npx', ['tsc-alias', '-p', 'tsconfig.build.json'], { cwd: root });
}

// ---------------------------------------------------------------------------------------------
// Biome and the framework linter, as the project runs them
// ---------------------------------------------------------------------------------------------

export interface BiomeDiagnostic {
  category: string;
  severity: string;
  message: string;
  location?: { path?: string; start?: { line: number; column: number } };
}

export interface BiomeReport {
  exitCode: number;
  summary: { errors: number; warnings: number; infos: number; diagnosticsNotPrinted?: number };
  diagnostics: BiomeDiagnostic[];
  run: RunResult;
}

/** `biome check` (read-only) on the given project-relative files, through its JSON reporter. */
export async function biomeCheck(root: string, files: string[]): Promise<BiomeReport> {
  const r = await run('npx', ['biome', 'check', '--reporter=json', '--max-diagnostics=none', ...files], { cwd: root });
  const start = r.stdout.indexOf('{');
  let parsed: { summary: BiomeReport['summary']; diagnostics: BiomeDiagnostic[] };
  try {
    parsed = JSON.parse(r.stdout.slice(start));
  } catch {
    throw new Error(`biome's JSON report could not be parsed\n${describeRun(r)}`);
  }
  return { exitCode: r.exitCode, summary: parsed.summary, diagnostics: parsed.diagnostics, run: r };
}

/** Biome finds nothing in `files`: no diagnostic of any severity, exit 0. */
export async function expectBiomeClean(root: string, files: string[]): Promise<void> {
  const report = await biomeCheck(root, files);
  expect(report.diagnostics, describeRun(report.run)).toEqual([]);
  expect(report.summary).toMatchObject({ errors: 0, warnings: 0, infos: 0 });
  expect(report.exitCode, describeRun(report.run)).toBe(0);
}

/**
 * Biome reports the same about `file` in `changed` as in `original`: where the file was not clean
 * to begin with (the framework's init leaves unsorted imports), "nothing new" is the bar.
 */
export async function expectNoNewBiomeDiagnostics(original: string, changed: string, file: string): Promise<void> {
  const signature = (r: BiomeReport) => r.diagnostics.map((d) => `${d.severity} ${d.category}: ${d.message}`).sort();
  const before = await biomeCheck(original, [file]);
  const after = await biomeCheck(changed, [file]);
  expect(signature(after), describeRun(after.run)).toEqual(signature(before));
  expect(after.summary).toMatchObject({
    errors: before.summary.errors,
    warnings: before.summary.warnings,
    infos: before.summary.infos,
  });
}

/** The text blocks of an MCP result's content, joined. */
export const textOf = (content: unknown): string =>
  (content as { type: string; text?: string }[])
    .filter((c) => c.type === 'text')
    .map((c) => c.text ?? '')
    .join('\n');

export interface LintedDefinition {
  kind: 'tool' | 'resource' | 'prompt';
  name: string;
  title?: string;
  description?: string;
  annotations?: Record<string, unknown>;
  file: string;
}

export interface LintResult {
  definitions: LintedDefinition[];
  errors: { definitionName: string; rule: string; message: string; severity: string }[];
  warnings: { definitionName: string; rule: string; message: string; severity: string }[];
}

/**
 * The framework linter (`validateDefinitions` from `@cyanheads/mcp-ts-core/linter`) over every
 * definition in the built server, discovered the way the project's scripts/lint-mcp.ts does it
 * (file suffix, then duck-typing each export), but on dist/ so that plain Node can import it.
 * Needs buildServer() first. Runs in the project, so the framework resolves from its node_modules.
 */
export async function lintDefinitions(root: string): Promise<LintResult> {
  const script = `
import { validateDefinitions } from '@cyanheads/mcp-ts-core/linter';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
const SUFFIXES = ['.tool.js', '.resource.js', '.prompt.js', '.app-tool.js', '.app-resource.js'];
const walk = (dir) => readdirSync(dir).flatMap((n) => {
  const abs = join(dir, n);
  return statSync(abs).isDirectory() ? walk(abs) : SUFFIXES.some((s) => n.endsWith(s)) ? [abs] : [];
});
const isTool = (v) => (typeof v.handler === 'function' || (v.taskHandlers != null && typeof v.taskHandlers === 'object')) && v.input != null && v.output != null;
const isResource = (v) => typeof v.uriTemplate === 'string' && typeof v.handler === 'function';
const isPrompt = (v) => typeof v.generate === 'function' && typeof v.name === 'string' && !('handler' in v);
const tools = [], resources = [], prompts = [], definitions = [];
for (const file of walk(resolve('dist/mcp-server'))) {
  const mod = await import(pathToFileURL(file).href);
  for (const v of Object.values(mod)) {
    if (!v || typeof v !== 'object') continue;
    const kind = isTool(v) ? 'tool' : isResource(v) ? 'resource' : isPrompt(v) ? 'prompt' : null;
    if (!kind) continue;
    ({ tool: tools, resource: resources, prompt: prompts })[kind].push(v);
    definitions.push({ kind, name: v.name, title: v.title, description: v.description, annotations: v.annotations, file: relative(process.cwd(), file) });
  }
}
const report = validateDefinitions({ tools, resources, prompts });
process.stdout.write(JSON.stringify({ definitions, errors: report.errors, warnings: report.warnings }));
`;
  const r = await runOk(process.execPath, ['--input-type=module', '--eval', script], { cwd: root });
  return JSON.parse(r.stdout) as LintResult;
}

// ---------------------------------------------------------------------------------------------
// MCP
// ---------------------------------------------------------------------------------------------

export interface McpSession {
  client: Client;
  /** What the server wrote to stderr so far (its logs), for failure messages. */
  stderr: () => string;
  /** The messages of the elicitation requests the server sent (with `answer` only). */
  asked: string[];
  close: () => Promise<void>;
}

/**
 * Start the built server (`node dist/index.js` by default) over stdio and connect a real Client.
 * With `answer`, the client declares form elicitation and answers every request with it.
 */
export async function connectMcpClient(
  root: string,
  opts: { entry?: string; env?: Record<string, string>; answer?: () => ElicitResult } = {},
): Promise<McpSession> {
  const transport = new StdioClientTransport(serverLaunch(root, opts));
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const answer = opts.answer;
  const client = new Client(
    { name: 'mcp-scaffold-e2e', version: '0.0.0' },
    answer ? { capabilities: { elicitation: { form: {} } } } : {},
  );
  const asked: string[] = [];
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return answer();
    });
  }
  try {
    await client.connect(transport);
  } catch (e) {
    await transport.close().catch(() => {});
    throw new Error(`MCP connect failed: ${e instanceof Error ? e.message : String(e)}\n--- server stderr\n${stderr}`);
  }
  return { client, stderr: () => stderr, asked, close: () => client.close() };
}

/** How the tests start a built server over stdio: the options of an SDK StdioClientTransport. */
function serverLaunch(root: string, opts: { entry?: string; env?: Record<string, string> } = {}) {
  return {
    command: process.execPath,
    args: [opts.entry ?? 'dist/index.js'],
    cwd: root,
    env: { ...getDefaultEnvironment(), MCP_TRANSPORT_TYPE: 'stdio', NO_COLOR: '1', ...opts.env },
    stderr: 'pipe' as const,
  };
}

/** The MCP client packages a server can have installed: the SDK 1.x, and the 2.x client 0.12 brings. */
export const CLIENT_PACKAGES = {
  '@modelcontextprotocol/sdk': { client: 'client/index.js', stdio: 'client/stdio.js' },
  '@modelcontextprotocol/client': { client: '.', stdio: 'stdio' },
} as const;

export type ClientPackage = keyof typeof CLIENT_PACKAGES;

/** The part of a client loaded from a server's own node_modules that the tests call. */
export interface InstalledClient {
  /** Its package and version, for messages. */
  name: string;
  listTools: () => Promise<{ tools: { name: string }[] }>;
  callTool: (params: { name: string; arguments: Record<string, unknown> }) => Promise<Record<string, any>>;
  close: () => Promise<void>;
}

/** The version of the package `pkg` that `file` belongs to (its nearest package.json named so). */
function versionOf(pkg: string, file: string): string {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
    if (name === pkg) return version ?? '?';
  }
  return '?';
}

/**
 * The stock `Client` of `pkg` as the server itself has it installed (undefined when it has not),
 * connected to the built server: what a client on the server's own dependencies sees, whatever
 * version this repository's SDK is.
 */
export async function connectInstalledClient(root: string, pkg: ClientPackage): Promise<InstalledClient | undefined> {
  const require = createRequire(path.join(root, 'package.json'));
  const resolve = (sub: string) => require.resolve(sub === '.' ? pkg : `${pkg}/${sub}`);
  let entry: string;
  try {
    entry = resolve(CLIENT_PACKAGES[pkg].client);
  } catch {
    return undefined;
  }
  const [{ Client: StockClient }, { StdioClientTransport: StockTransport }] = await Promise.all([
    import(pathToFileURL(entry).href),
    import(pathToFileURL(resolve(CLIENT_PACKAGES[pkg].stdio)).href),
  ]);
  const client = new StockClient({ name: 'mcp-scaffold-e2e', version: '0.0.0' });
  // Its stderr is not read here: ignored, so that the server's logs cannot fill a pipe and stall it.
  await client.connect(new StockTransport({ ...serverLaunch(root), stderr: 'ignore' }));
  return {
    name: `${pkg} ${versionOf(pkg, entry)}`,
    listTools: () => client.listTools(),
    callTool: (params) => client.callTool(params),
    close: () => client.close(),
  };
}

/** tools/call as a plain request: error results carry structuredContent outside the output schema. */
export const callToolRaw = (client: Client, name: string, args: Record<string, unknown>) =>
  client.request({ method: 'tools/call', params: { name, arguments: args } }, CallToolResultSchema);

/**
 * Calls a task tool as a task (tools/call with `task`), polls it to the end, and returns its
 * final status, the status messages seen on the way, and its result.
 */
export async function callToolAsTask(client: Client, name: string, args: Record<string, unknown>) {
  const created = await client.request(
    { method: 'tools/call', params: { name, arguments: args, task: { ttl: 60_000 } } },
    CreateTaskResultSchema,
  );
  const seen: string[] = [];
  let status = created.task.status;
  for (let polls = 0; status === 'working' && polls < 2_000; polls++) {
    const task = await client.experimental.tasks.getTask(created.task.taskId);
    if (task.statusMessage && seen.at(-1) !== task.statusMessage) seen.push(task.statusMessage);
    status = task.status;
    if (status === 'working') await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const result = await client.experimental.tasks.getTaskResult(created.task.taskId, CallToolResultSchema);
  return { status, seen, result };
}

/**
 * A `--confirm` tool asked by a client that supports elicitation: it acts after a yes, fails with
 * not_confirmed after a decline and after an accepted no, and asks exactly once per call.
 */
export async function expectConfirmToolAnswers(root: string, tool: string): Promise<void> {
  let answer: ElicitResult = { action: 'accept', content: { confirm: true } };
  const session = await connectMcpClient(root, { answer: () => answer });
  try {
    const listed = (await session.client.listTools()).tools.find((t) => t.name === tool);
    expect(listed?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });

    const yes = await callToolRaw(session.client, tool, { id: 'rec-7' });
    expect(yes.isError, JSON.stringify(yes)).toBeFalsy();
    expect(yes.structuredContent).toEqual({ id: 'rec-7', confirmed: true });

    answer = { action: 'decline' };
    const no = await callToolRaw(session.client, tool, { id: 'rec-7' });
    expect(no.isError, JSON.stringify(no)).toBe(true);
    expect(no.structuredContent).toMatchObject({
      error: { code: -32005, data: { reason: 'not_confirmed', action: 'decline' } },
    });

    answer = { action: 'accept', content: { confirm: false } };
    const saidNo = await callToolRaw(session.client, tool, { id: 'rec-7' });
    expect(saidNo.isError, JSON.stringify(saidNo)).toBe(true);
    expect(saidNo.structuredContent).toMatchObject({ error: { data: { reason: 'not_confirmed' } } });
    expect(session.asked).toEqual([0, 1, 2].map(() => expect.stringContaining('rec-7')));
  } finally {
    await session.close();
  }
}

/**
 * A `--task` tool: listed with optional task support, run as a task whose "Step n of 10" progress
 * the client sees while polling, and callable as a plain tool too.
 */
export async function expectTaskToolRuns(root: string, tool: string): Promise<void> {
  const session = await connectMcpClient(root);
  try {
    const listed = (await session.client.listTools()).tools.find((t) => t.name === tool);
    expect(listed?.execution).toEqual({ taskSupport: 'optional' });
    const { status, seen, result } = await callToolAsTask(session.client, tool, { steps: 10 });
    expect(status).toBe('completed');
    expect(
      seen.some((m) => /^Step \d+ of 10$/.test(m)),
      seen.join(' | '),
    ).toBe(true);
    expect(result.structuredContent).toEqual({ stepsRequested: 10, stepsCompleted: 10, cancelled: false });
    const plain = await session.client.callTool({ name: tool, arguments: { steps: 2 } });
    expect(plain.structuredContent).toEqual({ stepsRequested: 2, stepsCompleted: 2, cancelled: false });
  } finally {
    await session.close();
  }
}
