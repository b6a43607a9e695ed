/**
 * The upgrade generator: from the installed framework version to the target, every migration the
 * move crosses runs over the tree, then package.json gets the target's range and engines; every
 * breaking change the move crosses is listed, with its migration or the places that use it. Pure
 * like every generator: the flush, the install, the checks and devcheck come after, as tasks.
 */

import type { GeneratorResult } from '../engine/generator.js';
import { Problems } from '../engine/problems.js';
import type { Tree } from '../engine/tree.js';
import { retargetToolErrorNotes } from '../init/tool-error-notes.js';
import { compareVersions } from '../init/versions.js';
import { lineWidthOf } from '../project/formatter.js';
import { FRAMEWORK, frameworkRangeOf, type PackageJson } from '../project/project.js';
import { breakingChangeReports, breakingChangeWarnings } from './breaking-changes.js';
import { AGENT_NOTES, retargetAgentNotes } from './codemods/agent-notes.js';
import { replaceSdkDependency, setFrameworkRange, setNodeEngine } from './codemods/package-json.js';
import { splitPackagesUsed } from './codemods/sdk-imports.js';
import { sourceFiles, type UpgradeContext, type UpgradeTarget, writeIfChanged } from './migration.js';
import { migrationsBetween } from './migrations.js';
import { planSplit, SPLIT_MIGRATION, type SplitPlan } from './tsconfig-split.js';
import { UsageScan } from './usage-sites.js';

/** The first line newer than the migrations below know. */
const NEXT_UNKNOWN_LINE = '0.13.0';

export interface UpgradeOptions {
  /** The framework version installed now. */
  from: string;
  target: UpgradeTarget;
  dropTasks: boolean;
  /** --adopt-tsconfig-split. */
  adoptTsconfigSplit: boolean;
  /** Whether the target is installed after the flush (not --no-install): the checks need it. */
  install: boolean;
}

export interface UpgradeResult extends GeneratorResult {
  /** The tsconfig split, when the move crosses it: decided here, or after the install. */
  split?: SplitPlan;
}

function packageEdits(ctx: UpgradeContext, from: string): string[] {
  const before = ctx.tree.read('package.json') ?? '{}';
  let after = setNodeEngine(setFrameworkRange(before, ctx.target), ctx.target);
  if (compareVersions(from, '0.12.0') < 0 && compareVersions(ctx.target.version, '0.12.0') >= 0) {
    const used = splitPackagesUsed(sourceFiles(ctx.tree).map((f) => ctx.tree.read(f) ?? ''));
    after = replaceSdkDependency(after, used);
  }
  const changed: string[] = [];
  writeIfChanged(ctx.tree, 'package.json', before, after, changed);
  return changed;
}

/**
 * AGENTS.md and CLAUDE.md naming the target's range where they named `range`, the one before, and
 * with the README, saying how tool errors reach a client on the target's line where init's text for
 * the installed line is still there.
 */
function agentNoteEdits(ctx: UpgradeContext, range: string | undefined, from: string): string[] {
  const changed: string[] = [];
  for (const file of [...AGENT_NOTES, 'README.md']) {
    const text = ctx.tree.read(file);
    if (text === undefined) continue;
    let after = retargetToolErrorNotes(text, from, ctx.target.version);
    if (range !== undefined && file !== 'README.md') after = retargetAgentNotes(after, range, ctx.target.range);
    writeIfChanged(ctx.tree, file, text, after, changed);
  }
  return changed;
}

export function upgradeGenerator(tree: Tree, opts: UpgradeOptions): UpgradeResult {
  const problems = new Problems();
  const notes: string[] = [];
  const warnings: string[] = [];
  const ctx: UpgradeContext = {
    tree,
    target: opts.target,
    dropTasks: opts.dropTasks,
    adoptTsconfigSplit: opts.adoptTsconfigSplit,
    problems,
    notes,
    lineWidth: lineWidthOf(tree),
  };
  if (compareVersions(opts.target.version, opts.from) < 0) {
    problems.add({
      code: 'OPTION_INVALID',
      message: `${FRAMEWORK} ${opts.from} is installed, and ${opts.target.version} is older: upgrade does not move back`,
      hint: 'Pass --to with a version newer than the installed one.',
    });
  }
  if (compareVersions(opts.target.version, NEXT_UNKNOWN_LINE) >= 0) {
    warnings.push(
      `The migrations known here end at the 0.12 line; ${opts.target.version} may need more: check the framework's changelog and run devcheck.`,
    );
  }
  const migrations = problems.list.length > 0 ? [] : migrationsBetween(opts.from, opts.target.version);
  // Read before the migrations: with --adopt-tsconfig-split the plan writes the split.
  const split = migrations.some((m) => m.id === SPLIT_MIGRATION)
    ? planSplit(tree, { adopt: opts.adoptTsconfigSplit, install: opts.install })
    : undefined;
  const ran = migrations.map((m) => ({
    id: m.id,
    summary: m.summary,
    changed: problems.attempt(() => m.run(ctx)) ?? [],
  }));
  const rangeBefore = frameworkRangeOf(JSON.parse(tree.read('package.json') ?? '{}') as PackageJson);
  const pkg = packageEdits(ctx, opts.from);
  const agentNotes = agentNoteEdits(ctx, rangeBefore, opts.from);
  for (const m of ran) notes.push(`${m.id}: ${m.summary} (${m.changed.length} file(s))`);
  const breakingChanges =
    problems.list.length > 0 ? [] : breakingChangeReports(new UsageScan(tree), opts.from, opts.target.version);
  warnings.push(...breakingChangeWarnings(breakingChanges));
  return {
    notes,
    warnings,
    problems: problems.list,
    tasks: [],
    ...(split ? { split } : {}),
    data: {
      upgrade: {
        from: opts.from,
        to: opts.target.version,
        range: opts.target.range,
        dropTasks: opts.dropTasks,
        migrations: ran,
        packageJson: pkg.length > 0,
        agentNotes,
        breakingChanges,
      },
    },
  };
}
