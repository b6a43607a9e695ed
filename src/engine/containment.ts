/**
 * Every path a flush writes (or read to edit) must stay inside the project once symlinks are
 * followed: a definition file, a folder or the entry point that links elsewhere would otherwise
 * get the write outside the project. Paths are resolved through the realpath of their nearest
 * existing ancestor; anything that leaves the project's real root is refused before any write.
 */

import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { type ErrorDetail, ScaffoldError } from './errors.js';

type Resolved = { real: string } | { dangling: string };

function exists(abs: string): boolean {
  // Without an exception for each missing step: a new server's files are all missing.
  try {
    return lstatSync(abs, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false; // ENOTDIR and the like: not there either
  }
}

/**
 * The real path `abs` leads to (its nearest existing ancestor resolved), or why it has none.
 * `folders` keeps what each folder on the way resolved to, for the other paths of one check: a
 * new server's 27 files share a few missing folders, each otherwise looked up again per file.
 */
export function realPathOf(abs: string, folders?: Map<string, Resolved>): Resolved {
  if (exists(abs)) {
    try {
      return { real: realpathSync(abs) };
    } catch {
      // It exists as a link, but what it points at does not.
      return { dangling: abs };
    }
  }
  const parent = path.dirname(abs);
  if (parent === abs) return { real: abs };
  let above = folders?.get(parent);
  if (!above) {
    above = realPathOf(parent, folders);
    folders?.set(parent, above);
  }
  return 'real' in above ? { real: path.join(above.real, path.basename(abs)) } : above;
}

export function isInside(root: string, abs: string): boolean {
  const rel = path.relative(root, abs);
  return rel !== '' && !rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel);
}

/** The project root's real path (a root not made yet: its nearest existing ancestor's, resolved). */
export function realRootOf(root: string): string {
  const resolved = realPathOf(root);
  return 'real' in resolved ? resolved.real : root;
}

/**
 * The real path of the project-relative `rel` when it stays inside the project once links are
 * followed; undefined when it leads out of it or through a link to nothing.
 */
export function containedPath(root: string, rel: string): string | undefined {
  const resolved = realPathOf(path.join(root, rel));
  return 'real' in resolved && isInside(realRootOf(root), resolved.real) ? resolved.real : undefined;
}

/**
 * The real absolute path of each project-relative path, in order; OUTSIDE_PROJECT naming every
 * path that leads out of the project (or through a link to nothing).
 */
export function containedPaths(root: string, rels: readonly string[]): string[] {
  const realRoot = realRootOf(root);
  const problems: ErrorDetail[] = [];
  const folders = new Map<string, Resolved>();
  const out = rels.map((rel) => {
    const resolved = realPathOf(path.join(root, rel), folders);
    if ('dangling' in resolved) {
      problems.push({ path: rel, message: `${path.relative(root, resolved.dangling)} is a link to nothing` });
      return '';
    }
    if (!isInside(realRoot, resolved.real)) {
      problems.push({ path: rel, message: `leads outside the project, to ${resolved.real}` });
    }
    return resolved.real;
  });
  if (problems.length > 0) throw outsideProject(problems);
  return out;
}

function outsideProject(problems: ErrorDetail[]): ScaffoldError {
  return new ScaffoldError(
    'OUTSIDE_PROJECT',
    `${problems.map((p) => p.path).join(', ')} ${problems.length === 1 ? 'leads' : 'lead'} outside the project through a symbolic link; nothing was written.`,
    {
      hint: 'mcp-scaffold writes only inside the project: replace the link with a real file or folder, or run in the folder it points to.',
      details: problems,
    },
  );
}
