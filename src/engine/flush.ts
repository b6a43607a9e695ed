/**
 * Writes a checked changeset to disk in one pass. If any write fails, everything this flush wrote
 * is put back: updated files get their old bytes, created files and folders are removed.
 */

import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ScaffoldError } from './errors.js';
import type { FileChange } from './tree.js';

/** Test seam: lets a test make the n-th write fail to prove the rollback. */
export const flushHooks: { beforeWrite?: (change: FileChange, index: number) => void } = {};

interface Written {
  path: string;
  /** The bytes on disk just before the write (not the tree's decoded text), or undefined if new. */
  previous: Buffer | undefined;
}

/** The file as it is on disk now, or undefined if it is not there (or is not a file). */
function onDisk(abs: string): string | undefined {
  try {
    return readFileSync(abs, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Refuses the whole flush, before any write, when a file changed on disk since it was planned
 * (an editor saved it, another run wrote it): writing would silently drop that change.
 */
function assertUnchangedSincePlanned(root: string, changes: readonly FileChange[]): void {
  const moved = changes.filter((c) => onDisk(path.join(root, c.path)) !== c.before);
  if (moved.length === 0) return;
  throw new ScaffoldError(
    'CONFLICT',
    `${moved.map((c) => c.path).join(', ')} changed on disk while the change was being planned; nothing was written.`,
    {
      hint: 'Run the command again.',
      details: moved.map((c) => ({
        path: c.path,
        message: c.before === undefined ? 'now exists' : 'changed since it was read',
      })),
    },
  );
}

export function flush(root: string, changes: readonly FileChange[]): void {
  assertUnchangedSincePlanned(root, changes);
  const done: Written[] = [];
  const createdDirs: string[] = [];
  let current: FileChange | undefined;
  try {
    changes.forEach((change, index) => {
      current = change;
      flushHooks.beforeWrite?.(change, index);
      const abs = path.join(root, change.path);
      createdDirs.push(...missingDirs(path.dirname(abs)));
      mkdirSync(path.dirname(abs), { recursive: true });
      const previous = existsSync(abs) ? readFileSync(abs) : undefined;
      writeFileSync(abs, change.after);
      done.push({ path: change.path, previous });
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
        // What the disk said (EACCES, ENOSPC, ENOTDIR…) and for which file: without it the
        // message above gives the user nothing to act on outside --verbose.
        ...(current
          ? { details: [{ path: current.path, message: cause instanceof Error ? cause.message : String(cause) }] }
          : {}),
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

function rollback(root: string, done: Written[], createdDirs: string[]): string[] {
  const failures: string[] = [];
  for (const written of [...done].reverse()) {
    const abs = path.join(root, written.path);
    try {
      if (written.previous === undefined) rmSync(abs, { force: true });
      else writeFileSync(abs, written.previous);
    } catch {
      failures.push(written.path);
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
