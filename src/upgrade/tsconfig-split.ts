/**
 * Whether the server takes the 0.11.4 tsconfig split (tsconfig.json type-checks tests/ too), decided
 * by proof: the split widens what tsc covers, and tests that never type-checked then show a
 * one-time backlog of errors (the framework's own notes call the split not automatic for that
 * reason). It is adopted after the install only when the files it adds compile, the test-shape
 * codemods done; otherwise tsconfig.json stays as it was and the backlog is reported by shape, with
 * counts and the first place of each. `--adopt-tsconfig-split` adopts it anyway, in the plan.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeInsideProject } from '../engine/contained-write.js';
import { DiskHost } from '../engine/host.js';
import { Tree } from '../engine/tree.js';
import { refreshTsconfigs, typechecksTests } from '../init/tsconfig.js';
import { lineWidthOf } from '../project/formatter.js';
import { shapesOf } from './codemods/test-shapes.js';
import { placeOf, type TscError } from './type-errors.js';

export const SPLIT_MIGRATION = '0.11/tsconfig-split';

export const ADOPT_FLAG = '--adopt-tsconfig-split';

export interface BacklogShape {
  /** A test shape's id, or the TypeScript code of errors no codemod recognises. */
  shape: string;
  count: number;
  /** Where the first of them is: `tests/x.test.ts:12`. */
  first: string;
}

export interface SplitDecision {
  id: typeof SPLIT_MIGRATION;
  adopted: boolean;
  why: string;
  /** Written after the install, when adopted there. */
  files?: string[];
  /** The errors in the files the split would add, when that is why it was not adopted. */
  backlog?: BacklogShape[];
}

/** The decision as the plan can make it; `pending` when only the check after the install can. */
export type SplitPlan = { pending: true } | { pending: false; decision: SplitDecision };

export function planSplit(tree: Tree, opts: { adopt: boolean; install: boolean }): SplitPlan {
  const decided = (adopted: boolean, why: string): SplitPlan => ({
    pending: false,
    decision: { id: SPLIT_MIGRATION, adopted, why },
  });
  if (typechecksTests(tree)) return decided(false, 'tsconfig.json type-checks tests/ already: nothing to adopt');
  if (refreshTsconfigs(tree).length === 0)
    return decided(false, 'there is no tsconfig.json and tsconfig.build.json pair to split');
  if (opts.adopt) return decided(true, `${ADOPT_FLAG}: adopted without the check, the backlog with it`);
  if (!opts.install) {
    return decided(
      false,
      `--no-install: whether the files it adds compile can only be checked with the target installed; run upgrade again after installing, or pass ${ADOPT_FLAG}`,
    );
  }
  return { pending: true };
}

/** The errors grouped by the shape the codemods read them as, the largest group first. */
export function backlogByShape(root: string, errors: readonly TscError[]): BacklogShape[] {
  const groups = new Map<string, { count: number; first: TscError }>();
  const byFile = new Map<string, TscError[]>();
  for (const e of errors) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  for (const [file, fileErrors] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
    let shapes: (string | undefined)[] = [];
    try {
      if (file) shapes = shapesOf(file, readFileSync(path.join(root, file), 'utf8'), fileErrors);
    } catch {}
    fileErrors.forEach((e, i) => {
      const shape = shapes[i] ?? e.code;
      const group = groups.get(shape);
      if (group) group.count++;
      else groups.set(shape, { count: 1, first: e });
    });
  }
  return [...groups]
    .map(([shape, g]) => ({ shape, count: g.count, first: placeOf(g.first) }))
    .sort((a, b) => b.count - a.count || (a.shape < b.shape ? -1 : 1));
}

/** Writes the split into the project's tsconfig.json and tsconfig.build.json; returns the files written. */
export function adoptSplit(root: string): string[] {
  const tree = new Tree(new DiskHost(root));
  const written: string[] = [];
  for (const f of refreshTsconfigs(tree, lineWidthOf(tree))) {
    if (writeInsideProject(root, f.path, f.content)) written.push(f.path);
  }
  return written;
}

/** The backlog as one sentence: `12 errors: 7 mock-context-errors (first at tests/a.test.ts:4), …`. */
export function describeBacklog(backlog: readonly BacklogShape[]): string {
  const total = backlog.reduce((n, b) => n + b.count, 0);
  return `${total} type error(s): ${backlog.map((b) => `${b.count} ${b.shape} (first at ${b.first})`).join(', ')}`;
}
