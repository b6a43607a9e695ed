/**
 * What a step of `upgrade` is: a codemod over the planned tree that brings the server's own code,
 * tests or configuration to a newer framework line. Each records what it changed and, for a shape
 * it does not recognise, a problem with file and line instead of a guess (nothing is then written).
 */

import type { Problems } from '../engine/problems.js';
import type { Tree } from '../engine/tree.js';
import { restamp } from '../text/scaffold-stamp.js';

/** The framework version the server moves to. */
export interface UpgradeTarget {
  /** What package.json's dependency becomes: a range, or `file:<absolute .tgz>`. */
  range: string;
  /** The version the code is moved to (the range's lowest, or the tarball's). */
  version: string;
  /** The target's `engines.node`, when it could be read. */
  nodeEngine?: string | undefined;
}

export interface UpgradeContext {
  tree: Tree;
  target: UpgradeTarget;
  /** --drop-tasks: task tools become plain tools instead of refusing the upgrade. */
  dropTasks: boolean;
  /** --adopt-tsconfig-split: the split goes into the plan, without the check after the install. */
  adoptTsconfigSplit: boolean;
  problems: Problems;
  notes: string[];
  lineWidth: number;
}

export interface Migration {
  /** `0.12/elicit-to-input`: the line it leads to, then what it does. */
  id: string;
  /** The first version whose code needs it: it runs when the move crosses this version. */
  since: string;
  summary: string;
  /** Edits the tree; returns the files it changed. */
  run(ctx: UpgradeContext): string[];
}

/**
 * A file changed by a codemod: written to the tree when the text differs. A file untouched since
 * mcp-scaffold wrote it stays so (its record follows the upgrade's own edit).
 */
export function writeIfChanged(tree: Tree, file: string, before: string, after: string, changed: string[]): void {
  if (after === before) return;
  tree.write(file, restamp(before, after));
  changed.push(file);
}

/** The TypeScript files of src/ and tests/, which the code codemods look at. */
export function sourceFiles(tree: Tree): string[] {
  const out: string[] = [];
  for (const dir of ['src', 'tests']) {
    if (!tree.isDirectory(dir)) continue;
    for (const f of tree.listFiles(dir)) if (/\.(c|m)?tsx?$/.test(f) && !f.endsWith('.d.ts')) out.push(f);
  }
  return out.sort();
}
