/**
 * The flush of a folder that does not exist yet (a new server): every file is written into a temp
 * folder beside the target, all of them and their folders are fsynced, and the temp folder is
 * renamed into place: one atomic step makes the whole project appear, so no journal or lock is
 * needed. A run killed part way leaves no target, only its temp folder, which the next run for
 * the same target removes (and says so); a target that appeared meanwhile is never written into.
 * The files are created together on the thread pool (a file system slow to create files makes
 * several at once), and the fsyncs issued all at once: the file system commits them together,
 * where one after the other each waits for its own commit.
 */

import { createHash } from 'node:crypto';
import { closeSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { FileChange } from './changes.js';
import { containedPaths } from './containment.js';
import { missingDirs, removeEmptyDirs } from './dirs.js';
import { fsyncTogether, makeDirs, strikeAt, writeNewFiles } from './durable.js';
import { PlanOutdatedError, ScaffoldError } from './errors.js';
import { isAlive } from './pids.js';

/** `.mcp-scaffold-new-<host>-<pid>.<target's name>`: whose it is, and for which target. */
const TEMP = /^\.mcp-scaffold-new-([0-9a-f]{8})-(\d+)\.(.+)$/;

const hostTag = () => createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

export function tempFolderName(target: string, pid = process.pid): string {
  return `.mcp-scaffold-new-${hostTag()}-${pid}.${path.basename(target)}`;
}

/** Temp folders of runs on this machine, now dead, that were making `root`. */
export function staleTempFolders(root: string): { dir: string; pid: number }[] {
  const parent = path.dirname(root);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const host = hostTag();
  return names.flatMap((name) => {
    const m = TEMP.exec(name);
    if (!m || m[1] !== host || m[3] !== path.basename(root)) return [];
    const pid = Number(m[2]);
    return pid !== process.pid && !isAlive(pid) ? [{ dir: path.join(parent, name), pid }] : [];
  });
}

/** Removes what interrupted runs left while making `root`; what to tell the user. */
export function removeStaleTempFolders(root: string, opts: { dryRun?: boolean } = {}): string[] {
  return staleTempFolders(root).map(({ dir, pid }) => {
    if (opts.dryRun) {
      return `An earlier run (pid ${pid}) was interrupted while creating ${path.basename(root)}; the next run that writes removes what it left (${path.basename(dir)}).`;
    }
    rmSync(dir, { recursive: true, force: true });
    return `An earlier run (pid ${pid}) was interrupted while creating ${path.basename(root)}; what it had written was removed (${path.basename(dir)}).`;
  });
}

/** Writes every file into `tmp` (folders made as needed); the open files and the folders made. */
async function writeAll(tmp: string, changes: readonly FileChange[], fds: number[]): Promise<Set<string>> {
  const abs = containedPaths(
    tmp,
    changes.map((c) => c.path),
  );
  // Every folder between tmp and a file is new: tmp itself is.
  const dirs = new Set<string>([tmp]);
  for (const file of abs) {
    for (let dir = path.dirname(file); !dirs.has(dir); dir = path.dirname(dir)) dirs.add(dir);
  }
  await makeDirs([...dirs].filter((d) => d !== tmp));
  const files = changes.map((c, i) => ({ file: abs[i]!, bytes: Buffer.from(c.after, 'utf8'), step: `write:${i}` }));
  fds.push(...(await writeNewFiles(files)));
  return dirs;
}

function failed(count: number, cause: unknown): ScaffoldError {
  if (cause instanceof ScaffoldError) return cause;
  const message = cause instanceof Error ? cause.message : String(cause);
  return new ScaffoldError(
    'WRITE_FAILED',
    `Writing ${count} file(s) failed before any was in place; nothing was written.`,
    {
      hint: 'Check permissions and free space, then run the command again.',
      details: [{ message }],
      cause,
    },
  );
}

/** The target appeared since it was planned (another run made it): the plan is stale, nothing was written. */
function targetAppeared(root: string, cause: unknown): PlanOutdatedError {
  return new PlanOutdatedError(
    'CONFLICT',
    `${root} appeared while the change was being planned; nothing was written.`,
    {
      hint: 'Run the command again.',
      details: [{ path: '.', message: 'now exists' }],
      cause,
    },
  );
}

/** Makes `root`, which must not exist, holding exactly `changes` (all of them new files). */
export async function flushNewFolder(root: string, changes: readonly FileChange[]): Promise<void> {
  const parent = path.dirname(root);
  const createdParents = missingDirs(parent);
  const tmp = path.join(parent, tempFolderName(root));
  const fds: number[] = [];
  let placed = false;
  try {
    mkdirSync(parent, { recursive: true });
    // One with this pid is from a dead run whose pid came round again: no other run would use it.
    // (Looked for first: Node 20's rmSync of a folder loads a module of its own even for nothing.)
    if (lstatSync(tmp, { throwIfNoEntry: false })) rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp);
    const dirs = await writeAll(tmp, changes, fds);
    // Every file's bytes and every folder's entries on disk, before the rename makes them the project.
    await fsyncTogether(fds, dirs);
    // Closed before the rename: some systems refuse to move a folder holding open files.
    for (const fd of fds.splice(0)) closeSync(fd);
    strikeAt('commit', 'rename', root);
    try {
      renameSync(tmp, root);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOTDIR' ? targetAppeared(root, e) : e;
    }
    placed = true;
    await fsyncTogether([], [parent, ...createdParents.map((d) => path.dirname(d))]);
  } catch (e) {
    throw failed(changes.length, e);
  } finally {
    for (const fd of fds) closeSync(fd);
    if (!placed) {
      rmSync(tmp, { recursive: true, force: true });
      removeEmptyDirs(createdParents);
    }
  }
}
