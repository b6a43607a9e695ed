/**
 * The package managers a server can be installed and run with: which one a project uses, which
 * one launched us, and how each is spelled in commands and in generated files.
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as walk from 'empathic/walk';
import { LOCKS } from 'package-manager-detector/constants';
import { getUserAgent } from 'package-manager-detector/detect';

export const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn', 'bun'] as const;

export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

function isPackageManager(name: unknown): name is PackageManager {
  return PACKAGE_MANAGERS.includes(name as PackageManager);
}

interface PackageManagerInfo {
  install: string;
  run: string;
  /** How to run mcp-scaffold without installing it. */
  dlx: string;
  /** What goes between `run <script>` and the script's own flags. */
  argsSeparator: string;
  /** package.json scripts that run a TypeScript file. */
  runTs: (file: string) => string;
}

const INFO: Record<PackageManager, PackageManagerInfo> = {
  npm: {
    install: 'npm install',
    run: 'npm run',
    dlx: 'npx mcp-scaffold',
    argsSeparator: '-- ',
    runTs: (f) => `tsx ${f}`,
  },
  pnpm: {
    install: 'pnpm install',
    run: 'pnpm run',
    dlx: 'pnpm dlx mcp-scaffold',
    argsSeparator: '',
    runTs: (f) => `tsx ${f}`,
  },
  yarn: {
    install: 'yarn install',
    run: 'yarn run',
    dlx: 'npx mcp-scaffold',
    argsSeparator: '',
    runTs: (f) => `tsx ${f}`,
  },
  bun: {
    install: 'bun install',
    run: 'bun run',
    dlx: 'bunx mcp-scaffold',
    argsSeparator: '',
    runTs: (f) => `bun ${f}`,
  },
};

export function packageManagerInfo(pm: PackageManager): PackageManagerInfo {
  return INFO[pm];
}

/** The package manager that launched us (`npx`, `pnpm dlx`, `bunx`, `yarn dlx`), if it says. */
export function launchingPackageManager(): PackageManager | undefined {
  // Bun run on a file directly (`bun bin/mcp-scaffold.js`) sets no user agent, but it is bun.
  const name = getUserAgent() ?? (process.versions.bun ? 'bun' : undefined);
  return isPackageManager(name) ? name : undefined;
}

/** The files that tell which package manager installs a folder, in the order they are believed. */
const LOCKFILES = Object.entries(LOCKS).filter((entry): entry is [string, PackageManager] =>
  isPackageManager(entry[1]),
);

/**
 * A lockfile says what really installed the project, so it wins over the `packageManager` field
 * (the framework's own template declares bun even when the user installs with npm). A server
 * inside a workspace (packages/x) has no lockfile of its own: the workspace root's counts.
 */
export function detectPackageManager(
  root: string,
  pkg: { packageManager?: string },
): { packageManager: PackageManager; packageManagerSource: string } {
  const workspace = workspaceRootAbove(root);
  for (const dir of workspace ? [root, workspace] : [root]) {
    const found = LOCKFILES.find(([file]) => existsSync(path.join(dir, file)));
    if (found) {
      return {
        packageManager: found[1],
        packageManagerSource: path.relative(root, path.join(dir, found[0])).split(path.sep).join('/'),
      };
    }
  }
  const declared = pkg.packageManager?.split('@')[0];
  if (isPackageManager(declared)) return { packageManager: declared, packageManagerSource: 'packageManager field' };
  return { packageManager: 'npm', packageManagerSource: 'default' };
}

/** The nearest folder above `root` that declares workspaces (package.json `workspaces`, or pnpm's file). */
function workspaceRootAbove(root: string): string | undefined {
  return walk.up(path.dirname(path.resolve(root))).find((dir) => {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return true;
    try {
      return (
        (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { workspaces?: unknown }).workspaces !==
        undefined
      );
    } catch {
      return false;
    }
  });
}
