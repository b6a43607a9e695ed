/** Folders a flush makes for its files, and takes away again when it wrote nothing. */

import { existsSync, rmdirSync } from 'node:fs';
import path from 'node:path';

/** The folders, outermost first, that would be created to make `dir` exist. */
export function missingDirs(dir: string): string[] {
  const missing: string[] = [];
  for (let cur = dir; !existsSync(cur); cur = path.dirname(cur)) {
    missing.unshift(cur);
    if (path.dirname(cur) === cur) break;
  }
  return missing;
}

/** Removes the folders (outermost first, as missingDirs lists them) that are empty, innermost first. */
export function removeEmptyDirs(dirs: readonly string[]): void {
  for (const dir of [...dirs].reverse()) {
    try {
      rmdirSync(dir);
    } catch {
      // Not empty, or gone: leave it.
    }
  }
}
