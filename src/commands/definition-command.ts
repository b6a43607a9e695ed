/**
 * The flow `remove`, `rename` and `add test` share: find the project, undo an interrupted flush,
 * plan into a tree over it (the definition named, then the change), and hand the plan to the one
 * pipeline (problems, --dry-run diffs, one flush, devcheck, --json).
 */

import { ScaffoldError } from '../engine/errors.js';
import { recoverInterruptedFlush } from '../engine/flush.js';
import type { GeneratorResult } from '../engine/generator.js';
import { DiskHost } from '../engine/host.js';
import type { GlobalOptions } from '../engine/options.js';
import type { Problem } from '../engine/problems.js';
import type { Reading } from '../engine/project-cache.js';
import { Reporter } from '../engine/reporter.js';
import { Tree } from '../engine/tree.js';
import { oneOf, serviceLayoutOf } from '../kinds/index.js';
import type { KindSpec } from '../kinds/spec.js';
import { findProject, type Project } from '../project/project.js';
import {
  definitionsAfter,
  type FoundDefinition,
  type FoundDefinitions,
  foundDefinitions,
} from '../registration/found-definitions.js';
import { inventoryKinds } from '../registration/inventory.js';
import type { DefinitionLayout, ServiceLayout } from '../registration/layout.js';
import { devcheckTasks } from '../tasks/devcheck.js';
import { confirmingEdits } from './edited-confirm.js';
import { runPipeline } from './pipeline.js';

export interface DefinitionChange {
  /** Said before the list of changes. */
  headline: string;
  notes: string[];
  warnings: string[];
  problems: Problem[];
  data: Record<string, unknown>;
}

/** The kinds' layouts, and the kind names a definition command takes. */
export function layoutsOf(kinds: readonly KindSpec[]): DefinitionLayout[] {
  return kinds.flatMap((k) => (k.layout ? [k.layout] : []));
}

/** OPTION_INVALID unless `kind` is one the project's definitions can be. */
export function checkKind(kind: string, kinds: readonly KindSpec[], command: string): void {
  const names = inventoryKinds(layoutsOf(kinds), serviceLayoutOf(kinds));
  if (!names.includes(kind)) {
    throw new ScaffoldError('OPTION_INVALID', `\`${command}\` takes a kind: ${oneOf(names)}; not \`${kind}\`.`, {
      hint: `For example: mcp-scaffold ${command} tool <name>.`,
    });
  }
}

/** A refusal with every place that stands in the way, as the one problem of the plan. */
function refusalProblem(
  details: { path?: string; line?: number; message: string }[],
  what: string,
  hint: string,
): Problem {
  return {
    code: 'REFERENCE_UNSUPPORTED',
    message:
      details.length === 1
        ? `${details[0]!.path}:${details[0]!.line}: ${details[0]!.message}; ${what}`
        : `${details.length} uses cannot be taken along (${details.map((d) => `${d.path}:${d.line}`).join(', ')}); ${what}`,
    hint,
    details,
  };
}

/**
 * What the project defines once the plan in `tree` is flushed: derived from `found` (what it
 * defined before) where the plan followed every reference on facts, and then remembered for the
 * next run; else read off the plan's tree.
 */
export function plannedDefinitions(
  found: Reading<FoundDefinitions>,
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  services: ServiceLayout | undefined,
  followed: boolean,
  told?: (file: string) => FoundDefinition[] | undefined,
): FoundDefinitions {
  const paths = tree.plannedPaths();
  const after = followed ? definitionsAfter(found.result, tree, layouts, services, paths, told) : undefined;
  if (!after) return foundDefinitions(tree, layouts, services).result;
  found.planned?.(tree, after);
  return after;
}

/**
 * The end of a remove or rename plan: the uses it cannot take along as its one problem, or else a
 * warning for each registration it leaves without its definition (`after`: what the project
 * defines once the plan is flushed).
 */
export function settleChange(
  change: DefinitionChange,
  refusals: { path?: string; line?: number; message: string }[],
  refusal: { what: string; hint: string },
  after: () => FoundDefinitions,
): DefinitionChange {
  if (refusals.length > 0) {
    change.problems.push(refusalProblem(refusals, refusal.what, refusal.hint));
    return change;
  }
  for (const d of after().dangling) {
    change.warnings.push(`${d.path}:${d.line}: \`${d.name}\` is left dangling: ${d.message}.`);
  }
  return change;
}

export async function runDefinitionCommand(
  command: string,
  global: GlobalOptions,
  /** `overwriteEdited`: --force may discard edits (the flag, or a yes at a terminal: edited-confirm.ts). */
  plan: (tree: Tree, project: Project, overwriteEdited: boolean) => DefinitionChange,
  /** Checks of the arguments alone, made before the project is looked for (a bad kind is said first). */
  precheck: () => void = () => {},
): Promise<number> {
  const reporter = new Reporter({ json: global.json, verbose: global.verbose });
  return runPipeline({
    command,
    global,
    reporter,
    generate: confirmingEdits(
      async (overwriteEdited) => {
        precheck();
        const project = findProject(global.cwd);
        for (const w of await recoverInterruptedFlush(project.root, { dryRun: global.dryRun })) reporter.warn(w);
        const tree = new Tree(new DiskHost(project.root));
        const change = plan(tree, project, overwriteEdited);
        const result: GeneratorResult = {
          notes: change.notes,
          warnings: change.warnings,
          problems: change.problems,
          tasks: devcheckTasks(global.devcheck),
          data: change.data,
        };
        return { tree, result, headline: change.headline };
      },
      global,
      reporter,
    ),
  });
}
