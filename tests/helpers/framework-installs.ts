/**
 * The real framework releases the tests read, each installed into its own folder: 0.9.21 and
 * 0.10.17 from the npm registry, 0.11.5 and 0.12.3 from the tarballs in ../shared/frameworks/
 * (beside the repository; the registry serves the framework only up to 0.10.17). The unit
 * project's globalSetup (tests/setup/frameworks.ts) installs them once per run and provides the
 * folders as `inject('frameworkRoots')`; each folder has node_modules/@cyanheads/mcp-ts-core.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const FRAMEWORKS_DIR = path.resolve(REPO_ROOT, '../shared/frameworks');

/** The releases, and what npm installs for each. */
export const FRAMEWORK_RELEASES = {
  '0.9.21': '@cyanheads/mcp-ts-core@0.9.21',
  '0.10.17': '@cyanheads/mcp-ts-core@0.10.17',
  '0.11.5': `file:${path.join(FRAMEWORKS_DIR, 'cyanheads-mcp-ts-core-0.11.5.tgz')}`,
  '0.12.3': `file:${path.join(FRAMEWORKS_DIR, 'cyanheads-mcp-ts-core-0.12.3.tgz')}`,
} as const;

export type FrameworkRelease = keyof typeof FRAMEWORK_RELEASES;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Release → a folder whose node_modules holds that release of the framework, installed. */
    frameworkRoots: Record<FrameworkRelease, string>;
  }
}

/** What npm sees: ours, without what vitest and `npm run` set for mcp-scaffold itself. */
function npmEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^(VITEST|VITE_|TINYPOOL)/.test(key) || /^npm_(lifecycle|package)_/.test(key)) continue;
    if (['NODE_OPTIONS', 'INIT_CWD', 'NODE_ENV'].includes(key)) continue;
    env[key] = value;
  }
  return env;
}

/** Installs one release into `dir` (created); throws naming the release and npm's output. */
async function installRelease(release: FrameworkRelease, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: `framework-${release.replaceAll('.', '-')}`, private: true, type: 'module' })}\n`,
  );
  const spec = FRAMEWORK_RELEASES[release];
  const r = await execa('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', spec], {
    cwd: dir,
    env: npmEnv(),
    extendEnv: false,
    stdin: 'ignore',
    reject: false,
    all: true,
    // An install of the framework takes 60–90 s on a loaded 2-core machine; allow far more.
    timeout: 600_000,
  });
  if (r.exitCode !== 0) {
    const where = spec.startsWith('file:') ? `the tarball ${spec.slice(5)}` : 'the npm registry';
    throw new Error(
      `Installing @cyanheads/mcp-ts-core ${release} for the tests failed (npm exit ${r.exitCode ?? r.signal}). ` +
        `The tests read the real package: they need ${where} (and the registry for its dependencies).\n` +
        String(r.all ?? '')
          .split('\n')
          .filter((line) => line.trim() !== '' && !/^npm error\s+at /.test(line))
          .slice(0, 20)
          .join('\n'),
    );
  }
}

/** Installs every release into its own folder under `parent`, in parallel; returns the folders. */
export async function installFrameworkReleases(parent: string): Promise<Record<FrameworkRelease, string>> {
  const releases = Object.keys(FRAMEWORK_RELEASES) as FrameworkRelease[];
  const roots = Object.fromEntries(releases.map((v) => [v, path.join(parent, v)])) as Record<FrameworkRelease, string>;
  const results = await Promise.allSettled(releases.map((v) => installRelease(v, roots[v])));
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length > 0) throw new Error(failed.map((f) => (f.reason as Error).message).join('\n\n'));
  return roots;
}
