/**
 * A server made by our own init, held in memory and grown by the `add` generators, then written
 * beside a real framework release (inject('frameworkRoots')) and judged by the project's own
 * tools: `tsc --noEmit` under its tsconfig (which extends the framework's) and Biome under its
 * biome.json (which extends the framework's). Nothing is installed: the folder sits inside the
 * release's install, so the framework resolves from there; vitest and @types/node, which a
 * server has as dev dependencies, are linked from this repository.
 */

import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ScaffoldError } from '../../src/engine/errors.js';
import type { GeneratorResult } from '../../src/engine/generator.js';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { initGenerator } from '../../src/init/generator.js';
import { formatWideNewFiles, lineWidthOf } from '../../src/project/formatter.js';
import { detectFrameworkFeatures, type FrameworkFeatures } from '../../src/project/framework-features.js';
import type { Project } from '../../src/project/project.js';
import { type BiomeDiagnostic, biomeCheck } from './biome.js';
import type { FrameworkRelease } from './framework-installs.js';
import { REPO_ROOT } from './framework-installs.js';
import { memoryProject } from './projects.js';
import { writeFiles } from './temp.js';

export interface GeneratedServer {
  release: FrameworkRelease;
  /** The folder the server is written to, inside the release's install. */
  root: string;
  host: MemoryHost;
  features: FrameworkFeatures;
  /** Files an `add` created or changed since init. */
  touched: Set<string>;
  /** Files `add … { alone }` created: written with the server, never seen by another add. */
  alone: Map<string, string>;
}

/** A new server `demo` on `release`, made by init in memory (`examples`: its starters); nothing written yet. */
export function generatedServer(
  frameworkRoot: string,
  release: FrameworkRelease,
  { examples = true } = {},
): GeneratedServer {
  const root = mkdtempSync(path.join(frameworkRoot, 'server-'));
  const host = new MemoryHost({}, { root });
  const tree = new Tree(host);
  const result = initGenerator(tree, {
    root,
    name: 'demo',
    frameworkVersion: release,
    install: false,
    git: false,
    examples,
    environment: { username: 'tester', insideGitWorkTree: false },
  });
  if (result.problems.length > 0) throw new Error(`init failed: ${JSON.stringify(result.problems)}`);
  host.flush(tree.changes());
  // On disk from the start: the project's Biome lays out wide new files as `add` has it do.
  writeFiles(root, host.snapshot());
  linkDevDependencies(root);
  linkVitestBesideFramework(frameworkRoot);
  const features = detectFrameworkFeatures(frameworkRoot);
  return { release, root, host, features, touched: new Set(), alone: new Map() };
}

export type Generate = (tree: Tree, project: Project, features: FrameworkFeatures) => GeneratorResult;

/**
 * Runs one `add` generator over the server as the command does (its new files with a line wider
 * than the project's allows laid out by the project's Biome), and keeps what it wrote; with `alone`, only the files
 * it created, kept apart so that the next add plans over the same small server (many independent
 * definitions, each planned as the first one after init). Returns the refusal instead when it
 * refuses (a ScaffoldError, or the problems it reports), so a caller can take either.
 */
export async function addTo(
  server: GeneratedServer,
  generate: Generate,
  { alone = false } = {},
): Promise<{ result: GeneratorResult; changes: Record<string, string> } | { refused: ScaffoldError }> {
  const tree = new Tree(server.host);
  let result: GeneratorResult;
  try {
    result = generate(tree, memoryProject(server.host), server.features);
  } catch (e) {
    if (e instanceof ScaffoldError) return { refused: e };
    throw e;
  }
  if (result.problems.length > 0) {
    const [first] = result.problems;
    return { refused: new ScaffoldError(first!.code, first!.message) };
  }
  const unformatted = await formatWideNewFiles(tree, lineWidthOf(tree));
  if (unformatted.length > 0) throw new Error(`Biome could not lay out ${unformatted.join(', ')}`);
  const changes = tree.changes();
  if (alone) {
    for (const c of changes) if (c.action === 'create') server.alone.set(c.path, c.after);
  } else server.host.flush(changes);
  for (const c of changes) if (!alone || c.action === 'create') server.touched.add(c.path);
  return { result, changes: Object.fromEntries(changes.map((c) => [c.path, c.after])) };
}

export interface Verdict {
  /** tsc's diagnostics, one line each: `file(line,col): error TSxxxx: message`. */
  typeErrors: string[];
  /** Biome's diagnostics for the files `add` touched. */
  biome: BiomeDiagnostic[];
  /** When Biome found something: what it would rewrite each such file to. */
  wanted: Record<string, string>;
}

/** Writes the server to its folder and runs its tsc and Biome over it. */
export function judge(server: GeneratedServer): Verdict {
  writeFiles(server.root, { ...server.host.snapshot(), ...Object.fromEntries(server.alone) });
  const tsc = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--pretty', 'false'],
    { cwd: server.root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const typeErrors = tsc.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
  if (tsc.status !== 0 && typeErrors.length === 0)
    throw new Error(`tsc exited ${tsc.status} without errors:\n${tsc.stdout}\n${tsc.stderr}`);
  const files = [...server.touched].filter((f) => f.endsWith('.ts')).sort();
  const { diagnostics, wanted } = biomeCheck(server.root, files);
  return { typeErrors, biome: diagnostics, wanted };
}

/**
 * Biome, vitest, @types/node, TypeScript and tsx, which a server has as dev dependencies, from this
 * repository: enough for its own devcheck to run (tsc where the server would have tsgo).
 */
function linkDevDependencies(root: string): void {
  mkdirSync(path.join(root, 'node_modules/@types'), { recursive: true });
  mkdirSync(path.join(root, 'node_modules/.bin'));
  const deps = ['vitest', '@vitest', '@types/node', '@biomejs', 'typescript', 'tsx'];
  for (const dep of [...deps, '.bin/biome', '.bin/vitest', '.bin/tsc', '.bin/tsx']) {
    symlinkSync(path.join(REPO_ROOT, 'node_modules', dep), path.join(root, 'node_modules', dep));
  }
}

/**
 * The framework's shared vitest config, which the server's extends, imports vitest from the
 * release's install, where it is not: linked there too, once per release.
 */
function linkVitestBesideFramework(frameworkRoot: string): void {
  const link = path.join(frameworkRoot, 'node_modules', 'vitest');
  try {
    if (!existsSync(link)) symlinkSync(path.join(REPO_ROOT, 'node_modules', 'vitest'), link);
  } catch (e) {
    // Another test file linked it at the same time.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/** The server's own vitest on the given test files (all of them when none is given). */
export function runVitest(server: GeneratedServer, files: readonly string[] = []): SpawnSyncReturns<string> {
  writeFiles(server.root, { ...server.host.snapshot(), ...Object.fromEntries(server.alone) });
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  // This run's own vitest settings must not leak into the server's.
  for (const key of Object.keys(env)) if (/^(VITEST|VITE_|TINYPOOL)/.test(key)) delete env[key];
  return spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...files], {
    cwd: server.root,
    encoding: 'utf8',
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The server's own devcheck (`scripts/devcheck.ts`, run by tsx) with `args`, as a user runs it. */
export function runDevcheck(server: GeneratedServer, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/devcheck.ts', ...args],
    {
      cwd: server.root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', MCP_SCAFFOLD_CHANGED: '', ...env },
      timeout: 300_000,
    },
  );
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}
