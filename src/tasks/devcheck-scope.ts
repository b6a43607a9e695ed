/**
 * What the devcheck after `add` checks. A devcheck written by our `init` says it reads
 * MCP_SCAFFOLD_CHANGED (the files to check, as a JSON array): it then checks those with Biome and
 * the framework linter (whose checks across definitions still see them all), and the whole program
 * with an incremental type check (tsgo where installed, else tsc). Any other devcheck (the
 * framework's own, a hand-written one) is run exactly as before, with no variable and no argument.
 *
 * Files written while no devcheck ran (--no-devcheck) or while it failed stay listed in the
 * project's node_modules/.cache, so the next devcheck checks them too: after several adds, one
 * check covers them all. A passing devcheck clears the list. Where that folder links out of the
 * project the list is not kept, and the devcheck checks everything.
 */

import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { containedPath, isInside } from '../engine/containment.js';
import type { Project } from '../project/project.js';

export const CHANGED_ENV = 'MCP_SCAFFOLD_CHANGED';
/** The script our `init` writes; the marker is the variable's name in its source. */
const DEVCHECK_SCRIPT = 'scripts/devcheck.ts';
/** Far below the kernel's limit on one environment string (128 KiB); past it, the whole devcheck runs. */
const MAX_ENV_BYTES = 64 * 1024;
const PENDING = path.join('node_modules', '.cache', 'mcp-scaffold', 'devcheck-pending.json');

/** The project's devcheck script runs scripts/devcheck.ts, and that file reads MCP_SCAFFOLD_CHANGED. */
export function checksChangedFiles(project: Project): boolean {
  const script = project.pkg.scripts?.devcheck;
  if (typeof script !== 'string' || !script.includes(DEVCHECK_SCRIPT)) return false;
  try {
    return readFileSync(path.join(project.root, DEVCHECK_SCRIPT), 'utf8').includes(CHANGED_ENV);
  } catch {
    return false;
  }
}

/**
 * Where the list is kept, when that place is inside the project: a node_modules/.cache that links
 * out of it is neither read nor written through.
 */
function pendingPath(root: string): string | undefined {
  return containedPath(root, PENDING);
}

/**
 * Files written earlier that no passing devcheck has seen yet (paths inside the project only);
 * undefined when the list cannot be kept in the project, so that what is pending is unknown.
 */
export function pendingFiles(root: string): string[] | undefined {
  const file = pendingPath(root);
  if (file === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const files = (parsed as { files?: unknown } | null)?.files;
    if (!Array.isArray(files)) return [];
    return files.filter((f): f is string => typeof f === 'string' && isInside(root, path.resolve(root, f)));
  } catch {
    return [];
  }
}

/** Keeps `files` for the next devcheck (only in an installed project: no node_modules, no note). */
export function notePending(root: string, files: readonly string[]): void {
  if (!existsSync(path.join(root, 'node_modules'))) return;
  const file = pendingPath(root);
  const earlier = pendingFiles(root);
  if (file === undefined || earlier === undefined) return;
  const all = [...new Set([...earlier, ...files])].sort();
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, `${JSON.stringify({ files: all })}\n`);
    renameSync(`${file}.tmp`, file);
  } catch {
    // A cache: when it cannot be written, the next devcheck checks less, never fails for it.
  }
}

export function clearPending(root: string): void {
  const file = pendingPath(root);
  if (file !== undefined) rmSync(file, { force: true });
}

/** The files for MCP_SCAFFOLD_CHANGED, or undefined when there are too many for one variable. */
export function changedEnvValue(files: readonly string[]): string | undefined {
  const value = JSON.stringify(files);
  return Buffer.byteLength(value) > MAX_ENV_BYTES ? undefined : value;
}

/** Paths relative to the tree's root, made relative to the project's (they differ in a workspace). */
export function relativeToProject(project: Project, treeRoot: string, files: readonly string[]): string[] {
  return files.map((f) => path.relative(project.root, path.resolve(treeRoot, f)).split(path.sep).join('/'));
}
