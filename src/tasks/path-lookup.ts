/** Whether a command is there to run, asked before starting it, so that its absence gets a hint. */

import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import type { PackageManager } from '../project/project.js';

/** How to get a package manager that is not on PATH (a clause: callers end the sentence). */
export const HOW_TO_INSTALL: Record<PackageManager, string> = {
  npm: 'Install Node.js with npm',
  pnpm: 'Install pnpm (`npm i -g pnpm` or `corepack enable`)',
  yarn: 'Install yarn (`npm i -g yarn` or `corepack enable`)',
  bun: 'Install bun (`npm i -g bun`)',
};

/** Looks a command up on PATH the way a shell would. */
export function findOnPath(command: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, command + ext);
      // Most folders do not hold it: a stat that throws nothing rules those out cheaply.
      try {
        if (!statSync(candidate, { throwIfNoEntry: false })) continue;
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // keep looking
      }
    }
  }
  return undefined;
}
