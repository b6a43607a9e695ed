/**
 * The tests a run wrote or moved are run before its devcheck is called passed: a test `add test`
 * writes that fails must not end in "devcheck passed". The devcheck our init writes runs the
 * changed test files itself when it is told what changed (it names `changedTests` in its source);
 * for any other devcheck (the framework's own, an older one of ours, or ours run in full) they
 * are run here afterwards, with the project's own vitest on those files only.
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as walk from 'empathic/walk';
import { containedPath } from '../engine/containment.js';
import type { Project } from '../project/project.js';
import { checksChangedFiles } from './devcheck-scope.js';

/** The files vitest runs by its default pattern. */
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** The marker of a devcheck that runs the changed test files it is told of. */
const RUNS_CHANGED_TESTS = 'changedTests';

/** The test files among `files` (relative to the project) that are there now: a removed test runs nothing. */
export function testFilesAmong(root: string, files: readonly string[]): string[] {
  return files.filter((file) => {
    if (!TEST_FILE.test(file)) return false;
    const full = containedPath(root, file);
    return full !== undefined && existsSync(full);
  });
}

/** The project's devcheck, told what changed, runs the changed test files itself. */
export function devcheckRunsChangedTests(project: Project): boolean {
  if (!checksChangedFiles(project)) return false;
  try {
    return readFileSync(path.join(project.root, 'scripts', 'devcheck.ts'), 'utf8').includes(RUNS_CHANGED_TESTS);
  } catch {
    return false;
  }
}

/** The project's vitest launcher, from its node_modules/.bin or a workspace root's. */
export function vitestBin(root: string): string | undefined {
  const name = process.platform === 'win32' ? 'vitest.cmd' : 'vitest';
  return walk
    .up(path.resolve(root))
    .map((dir) => path.join(dir, 'node_modules', '.bin', name))
    .find((file) => existsSync(file));
}
