/**
 * The files a run writes into a project outside the flush (the framework's skills and starter
 * tests after an install, the upgrade's test codemods): written only where their path stays inside
 * the project once links are followed, as the flush checks every path it writes. A path that leads
 * out is not written, and the caller says so. Each file is written whole or not at all: a run
 * killed while it writes leaves the old text, never a cut one.
 */

import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { containedPath } from './containment.js';
import { replaceAtomically } from './durable.js';
import type { Reporter } from './reporter.js';

/**
 * Writes `content` to the project-relative `rel` as the journal puts a file back (a file beside it,
 * fsynced, renamed over it, keeping its mode); false, writing nothing, when `rel` leads out of the
 * project.
 */
export function writeInsideProject(root: string, rel: string, content: string): boolean {
  const real = containedPath(root, rel);
  if (real === undefined) return false;
  mkdirSync(path.dirname(real), { recursive: true });
  const mode = statSync(real, { throwIfNoEntry: false })?.mode;
  const tmp = path.join(path.dirname(real), `.mcp-scaffold-${process.pid}.tmp`);
  replaceAtomically(
    real,
    Buffer.from(content),
    mode === undefined ? undefined : mode & 0o7777,
    tmp,
    `contained:${rel}`,
  );
  return true;
}

/** Warns of the files not written because their path leads out of the project; for the task's report, their list. */
export function reportOutside(reporter: Reporter, outside: readonly string[]): { outside?: string[] } {
  if (outside.length === 0) return {};
  const verb = outside.length === 1 ? 'leads' : 'lead';
  reporter.warn(`${outside.join(', ')} ${verb} outside the project through a symbolic link: not written.`);
  return { outside: [...outside] };
}
