/**
 * `mcp-scaffold remove <kind> <name>`: the definition's files and tests, and every registration
 * and import of it, out in one flush; a use it cannot take out is refused with file and line.
 */

import type { GlobalOptions } from '../engine/options.js';
import type { Tree } from '../engine/tree.js';
import { KINDS, serviceLayoutOf } from '../kinds/index.js';
import type { KindSpec } from '../kinds/spec.js';
import { lineWidthOf } from '../project/formatter.js';
import { foundDefinitions } from '../registration/found-definitions.js';
import { KnownFiles } from '../registration/known-files.js';
import type { DefinitionLayout, ServiceLayout } from '../registration/layout.js';
import { dropFromReadme } from '../registration/readme-table.js';
import { planRemoval } from '../registration/removal.js';
import { findTarget } from '../registration/target.js';
import {
  checkKind,
  type DefinitionChange,
  layoutsOf,
  plannedDefinitions,
  runDefinitionCommand,
  settleChange,
} from './definition-command.js';

/** Plans `remove <kind> <name>` into the tree. */
export function planRemove(
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  kind: string,
  name: string,
  services: ServiceLayout | undefined = serviceLayoutOf(KINDS),
  /** The files to walk on their facts, given the tree and the definition's layout. */
  knownFiles: typeof KnownFiles.of = KnownFiles.of,
): DefinitionChange {
  const found = foundDefinitions(tree, layouts, services);
  const target = findTarget(tree, layouts, kind, name, services, found.result);
  const label = `${kind} ${target.def.name ?? target.def.exportName}`;
  const plan = planRemoval(tree, target, lineWidthOf(tree), knownFiles(tree, target.layout));
  const change: DefinitionChange = {
    headline: `Removing the ${label}`,
    notes: plan.refusals.length > 0 ? [] : dropFromReadme(tree, target.def),
    warnings: [],
    problems: [],
    data: { removed: { kind, name: target.def.name, files: plan.deleted, edited: plan.edited } },
  };
  const refusal = {
    what: `the ${label} is still in use; nothing was written.`,
    hint: 'Take those uses out by hand (or move them onto another definition), then run remove again.',
  };
  return settleChange(change, plan.refusals, refusal, () =>
    plannedDefinitions(found, tree, layouts, services, plan.followed),
  );
}

export async function removeCommand(
  kind: string,
  name: string,
  global: GlobalOptions,
  kinds: readonly KindSpec[] = KINDS,
): Promise<number> {
  return runDefinitionCommand(
    `remove ${kind}`,
    global,
    (tree) => planRemove(tree, layoutsOf(kinds), kind, name, serviceLayoutOf(kinds)),
    () => checkKind(kind, kinds, 'remove'),
  );
}
