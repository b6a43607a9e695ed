/**
 * The servers tests/e2e/framework-matrix.test.ts judges `add` on: for each framework line, one
 * made by our `init` and one made by the framework's own `init`, each installed once; and the
 * checks run on each (tsc, Biome, the generated tests, the build and the framework linter), each
 * started once and shared by the tests that read it.
 *
 * What a server made by the framework's own init at 0.11.5 / 0.12.3 needs to install with npm on
 * Node 20, and why (nothing else is changed):
 * - its dependency `^0.11.5` / `^0.12.3` becomes the packed tarball: the registry stops at 0.10.17.
 * - nothing for `engines` (node >=24, bun >=1.3) nor `packageManager: bun@…`: npm only warns
 *   (EBADENGINE) and ignores the field. TypeScript 7 installs from the registry (its native
 *   compiler ships in a platform package) and runs on Node 20; the framework runs on Node 20 too.
 * - its `build`, `devcheck` and `lint:mcp` scripts run `bun run scripts/*.ts`, and this machine
 *   has no bun: the build is what scripts/build.ts runs (tsc -p tsconfig.build.json, tsc-alias),
 *   and the framework linter is its `validateDefinitions` over dist/, as scripts/lint-mcp.ts calls
 *   it. Its devcheck is not run; the checks it would run are run one by one.
 */

import path from 'node:path';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import {
  BIN,
  type BiomeDiagnostic,
  biomeCheck,
  buildServer,
  callToolRaw,
  connectMcpClient,
  createFrameworkProject,
  describeRun,
  FRAMEWORK,
  gitInitAndCommit,
  type LintResult,
  lintDefinitions,
  npmInstall,
  type RunResult,
  run,
  runOk,
  STRICT_CHECK_CONFIG,
  type TscError,
  typeCheck,
  writeStrictCheckConfig,
  writeStrictTsconfig,
} from './support.js';

export interface Line {
  version: string;
  /** The packed release, where the registry does not serve this version. */
  tarball?: () => string;
  tasks: boolean;
  /** How the confirm tool asks: ctx.elicit (0.10, 0.11) or ctx.requestInput (0.12). */
  asks: 'elicit' | 'requestInput';
}

/** Who made the server: our `init`, or the framework's own (`npx @cyanheads/mcp-ts-core init`). */
export type Origin = 'ours' | 'framework';

export interface MatrixServer {
  line: Line;
  origin: Origin;
  root: string;
  /** The tsconfig with the five strict settings over src and tests. */
  strictConfig: string;
  /**
   * What the server's own files had before any `add`: tsc errors under the strict config (the
   * framework's server only; none allowed on ours), Biome's findings in src/index.ts.
   */
  before: { tscErrors: TscError[]; indexBiome: string[] };
}

export const describeServer = (s: { line: Line; origin: Origin }) =>
  `${FRAMEWORK} ${s.line.version}, made by ${s.origin === 'ours' ? 'our init' : "the framework's own init"}`;

const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`;

/** Our init for the line, the framework set to it, our strict tsconfig (which covers tests). */
async function initOurs(parent: string, name: string, line: Line): Promise<string> {
  const init = await run(
    process.execPath,
    [
      BIN,
      'init',
      name,
      ...['--yes', '--no-git', '--no-install', '--owner', 'acme', '--description', 'Catalogue tools.'],
      ...['--framework-version', `^${line.version}`],
    ],
    { cwd: parent },
  );
  if (init.exitCode !== 0) throw new Error(describeRun(init));
  const root = path.join(parent, name);
  // The registry has no such version: the dependency becomes the packed release, as a user would set it.
  if (line.tarball)
    await runOk('npm', ['pkg', 'set', `dependencies.${FRAMEWORK}=file:${line.tarball()}`], { cwd: root });
  writeStrictTsconfig(root);
  return root;
}

export const biomeSignature = (diagnostics: BiomeDiagnostic[]) =>
  diagnostics.map((d) => `${d.severity} ${d.category}: ${d.message}`).sort();

/**
 * One server, installed once and committed; `log` receives the install's time. The framework's
 * server keeps its own tsconfig and gets tsconfig.strict.json beside it.
 */
export async function makeServer(
  parent: string,
  name: string,
  line: Line,
  origin: Origin,
  log: (line: string) => void,
): Promise<MatrixServer> {
  await runOk('mkdir', ['-p', parent], { cwd: path.dirname(parent) });
  const started = performance.now();
  let root: string;
  if (origin === 'ours') {
    root = await initOurs(parent, name, line);
    await npmInstall(root);
    // `npm pkg set` and JSON.stringify lay JSON out their own way; the project's Biome has the last word.
    await runOk('npx', ['biome', 'format', '--write', 'package.json', 'tsconfig.json', 'tsconfig.build.json'], {
      cwd: root,
    });
  } else {
    const tarball = line.tarball?.();
    root = await createFrameworkProject(parent, name, {
      version: line.version,
      ...(tarball ? { tarball } : {}),
      prepare: writeStrictCheckConfig,
      git: false,
    });
  }
  log(`${origin} ${line.version}: init + npm install ${seconds(started)}`);
  await gitInitAndCommit(root, `${origin} init, ${FRAMEWORK} ${line.version}`);
  const strictConfig = origin === 'ours' ? 'tsconfig.json' : STRICT_CHECK_CONFIG;
  // Ours must type-check with no error at all, so only the framework's server needs its "before".
  const [tscErrors, biome] = await Promise.all([
    origin === 'ours' ? [] : typeCheck(root, strictConfig).then((r) => r.errors),
    biomeCheck(root, ['src/index.ts']),
  ]);
  return { line, origin, root, strictConfig, before: { tscErrors, indexBiome: biomeSignature(biome.diagnostics) } };
}

/** A promise-returning function run at most once; later calls share its promise. */
export function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => {
    promise ??= fn();
    return promise;
  };
}

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function inPool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The checks a server's own tools make, each run once. */
export function serverChecks(s: MatrixServer, newFiles: string[]) {
  const { root } = s;
  const newTests = newFiles.filter((f) => f.endsWith('.test.ts'));
  const build = once(() =>
    s.origin === 'ours' ? runOk('npm', ['run', 'build'], { cwd: root }).then(() => undefined) : buildServer(root),
  );
  const strictTsc = once(() => typeCheck(root, s.strictConfig));
  const checks = {
    strictTsc,
    /** The server's tsconfig.json as its init wrote it (ours is the strict one). */
    ownTsc: once(() => (s.origin === 'ours' ? strictTsc() : typeCheck(root, 'tsconfig.json'))),
    biome: once(() => biomeCheck(root, [...newFiles, 'src/index.ts'])),
    // 24 test files: 316 s measured on two cores shared with four other test runs (198 s of it
    // importing), past run()'s default 300 s; the cap only catches a hang.
    tests: once(
      (): Promise<RunResult> => run('npx', ['vitest', 'run', ...newTests], { cwd: root, timeoutMs: 900_000 }),
    ),
    devcheck: once(() => run('npm', ['run', 'devcheck', '--', '--no-fix', '--test'], { cwd: root })),
    build,
    lint: once((): Promise<LintResult> => build().then(() => lintDefinitions(root))),
  };
  /** Starts every check that applies, one after the other; failures stay in the checks' promises. */
  const warm = async () => {
    const all = [checks.strictTsc, checks.ownTsc, checks.biome, checks.tests, checks.lint];
    if (s.origin === 'ours') all.push(checks.devcheck);
    for (const check of all) await check().catch(() => undefined);
  };
  return { ...checks, newTests, warm };
}

export type ServerChecks = ReturnType<typeof serverChecks>;

/**
 * A confirm tool made with --service or typed fields, asked by a client with elicitation: it acts
 * (returning `done`) after a yes, fails with not_confirmed after a decline and after an accepted
 * no, and asks once per call, naming what it acts on.
 */
export async function expectShapedConfirmAnswers(
  root: string,
  tool: string,
  args: Record<string, string>,
  done: Record<string, unknown>,
): Promise<void> {
  let answer: ElicitResult = { action: 'accept', content: { confirm: true } };
  const session = await connectMcpClient(root, { answer: () => answer });
  try {
    const listed = (await session.client.listTools()).tools.find((t) => t.name === tool);
    expect(listed?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const yes = await callToolRaw(session.client, tool, args);
    expect(yes.isError, JSON.stringify(yes)).toBeFalsy();
    expect(yes.structuredContent).toEqual(done);
    for (const no of [{ action: 'decline' }, { action: 'accept', content: { confirm: false } }] as ElicitResult[]) {
      answer = no;
      const r = await callToolRaw(session.client, tool, args);
      expect(r.isError, JSON.stringify(r)).toBe(true);
      expect(r.structuredContent).toMatchObject({ error: { code: -32005, data: { reason: 'not_confirmed' } } });
    }
    const key = Object.values(args)[0]!;
    expect(session.asked).toEqual([0, 1, 2].map(() => expect.stringContaining(key)));
  } finally {
    await session.close();
  }
}
