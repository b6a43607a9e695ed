/**
 * How the generated Dockerfile and CI workflow install a server's dependencies, per package
 * manager: from the lockfile, never updating it. npm is what mcp-scaffold's own tests build and
 * run these with; the others follow their documented frozen-lockfile flags.
 */

import type { PackageManager } from '../project/package-manager.js';

export interface InstallCommands {
  /** The lockfile the install reads (and the Dockerfile copies before the sources). */
  lockfile: string;
  /** Whether the manager comes through corepack (pnpm, yarn) on a Node image. */
  corepack: boolean;
  /** A bun install needs bun itself first. */
  bun: boolean;
  /** Every dependency, lifecycle scripts off (the build needs none). */
  frozen: string;
  /** Runtime dependencies only, for the production image. */
  production: string;
}

export const INSTALL_COMMANDS: Record<PackageManager, InstallCommands> = {
  npm: {
    lockfile: 'package-lock.json',
    corepack: false,
    bun: false,
    frozen: 'npm ci --ignore-scripts --no-audit --no-fund',
    production: 'npm ci --omit=dev --ignore-scripts --no-audit --no-fund',
  },
  pnpm: {
    lockfile: 'pnpm-lock.yaml',
    corepack: true,
    bun: false,
    frozen: 'pnpm install --frozen-lockfile --ignore-scripts',
    production: 'pnpm install --frozen-lockfile --prod --ignore-scripts',
  },
  yarn: {
    lockfile: 'yarn.lock',
    corepack: true,
    bun: false,
    frozen: 'yarn install --frozen-lockfile --ignore-scripts',
    production: 'yarn install --frozen-lockfile --production --ignore-scripts',
  },
  bun: {
    lockfile: 'bun.lock',
    corepack: false,
    bun: true,
    frozen: 'bun install --frozen-lockfile --ignore-scripts',
    production: 'bun install --frozen-lockfile --production --ignore-scripts',
  },
};
