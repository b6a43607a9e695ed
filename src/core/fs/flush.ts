/**
 * Writes a checked changeset to disk in one pass. If any write fails, everything this flush wrote
 * is put back: updated files get their old bytes, created files and folders are removed.
 */

import { mkdirSync, rmSync, rmdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ScaffoldError } from '../errors.js';
import type { FileChange } from './tree.js';

/** Test seam: lets a test make the n-th write fail to prove the rollback. */
export const flushHooks: { beforeWrite?: (change: FileChange, index: number) => void } = {};

export function flush(root: string, changes: FileChange[]): void {
  const done: FileChange[] = [];
  const createdDirs: string[] = [];
  try {
    changes.forEach((change, index) => {
      flushHooks.beforeWrite?.(change, index);
      const abs = path.join(root, change.path);
      createdDirs.push(...missingDirs(path.dirname(abs)));
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, change.after);
      done.push(change);
    });
  } catch (cause) {
    const failures = rollback(root, done, createdDirs);
    throw new ScaffoldError(
      'WRITE_FAILED',
      `Writing ${changes.length} file(s) failed part way; ${failures.length === 0 ? 'every change was rolled back' : 'rollback was incomplete'}.`,
      {
        hint: failures.length
          ? `Check these files by hand: ${failures.join(', ')}`
          : 'Check permissions and free space, then run the command again.',
        cause,
      },
    );
  }
}

/** The folders, outermost first, that would be created to make `dir` exist. */
function missingDirs(dir: string): string[] {
  const missing: string[] = [];
  let cur = dir;
  while (!existsSync(cur)) {
    missing.unshift(cur);
    const parent = path.dirname(cur);
    if (parent === cur) break;
    cur = parent;
  }
  return missing;
}

function rollback(root: string, done: FileChange[], createdDirs: string[]): string[] {
  const failures: string[] = [];
  for (const change of [...done].reverse()) {
    const abs = path.join(root, change.path);
    try {
      if (change.before === undefined) rmSync(abs, { force: true });
      else writeFileSync(abs, change.before);
    } catch {
      failures.push(change.path);
    }
  }
  for (const dir of [...new Set(createdDirs)].reverse()) {
    try {
      rmdirSync(dir);
    } catch {
      // Not empty or already gone: leave it.
    }
  }
  return failures;
}
