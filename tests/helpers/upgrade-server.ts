/**
 * The fixture server of the upgrade tests (tests/fixtures/upgrade-server/: a catalogue server
 * whose tests carry each shape real servers' tests do, and whose src makes an ad-hoc
 * createRequestContext key), copied into a temp folder on a framework release. Its node_modules
 * links the release's installed packages (tests/setup/frameworks.ts), and this repository's
 * typescript, vitest and @types/node; the "install" of another release links that one instead.
 */

import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { Task } from '../../src/engine/task.js';
import { type FrameworkRelease, REPO_ROOT } from './framework-installs.js';
import { tempDir, writeFiles } from './temp.js';

export const FIXTURE = path.join(REPO_ROOT, 'tests/fixtures/upgrade-server');

/** The tools the fixture's devDependencies name, taken from this repository's own install. */
const OWN_TOOLS = ['typescript', 'vitest', '@types/node'];

/** node_modules made again as links to `release`'s installed packages and to our tools. */
export function linkRelease(root: string, release: FrameworkRelease): void {
  const modules = path.join(root, 'node_modules');
  rmSync(modules, { recursive: true, force: true });
  mkdirSync(path.join(modules, '@types'), { recursive: true });
  const installed = path.join(inject('frameworkRoots')[release], 'node_modules');
  for (const name of readdirSync(installed)) {
    if (name.startsWith('.') || name === '@types') continue;
    symlinkSync(path.join(installed, name), path.join(modules, name), 'dir');
  }
  for (const tool of OWN_TOOLS)
    symlinkSync(path.join(REPO_ROOT, 'node_modules', tool), path.join(modules, tool), 'dir');
}

/** The fixture on `release`, with `files` written over it (path → content; null deletes). */
export function upgradeServer(release: FrameworkRelease, files: Record<string, string | null> = {}): string {
  const root = tempDir();
  cpSync(FIXTURE, root, { recursive: true });
  const pkgFile = path.join(root, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { dependencies: Record<string, string> };
  pkg.dependencies['@cyanheads/mcp-ts-core'] = `^${release}`;
  writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  for (const [rel, content] of Object.entries(files)) if (content === null) rmSync(path.join(root, rel));
  writeFiles(root, Object.fromEntries(Object.entries(files).filter((e): e is [string, string] => e[1] !== null)));
  linkRelease(root, release);
  return root;
}

/** The upgrade's install, without npm: links `release` in place of what was installed. */
export const linkingInstaller = (release: FrameworkRelease) => (): Task => ({
  key: 'install',
  run: async ({ root }) => {
    linkRelease(root, release);
    return { report: { ran: true, passed: true, linked: release } };
  },
});
