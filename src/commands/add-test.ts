/**
 * `mcp-scaffold add test <definition>`: a test for a tool, resource, prompt or service that has
 * none, built from its definition, in the layout the project's tests use.
 */

import { ScaffoldError } from '../engine/errors.js';
import type { GlobalOptions } from '../engine/options.js';
import type { Tree } from '../engine/tree.js';
import { KINDS, serviceLayoutOf } from '../kinds/index.js';
import type { KindSpec } from '../kinds/spec.js';
import { testFor } from '../kinds/test/generator.js';
import { methodCall } from '../kinds/test/service-calls.js';
import { asNewFile } from '../project/formatter.js';
import { inventoryKinds } from '../registration/inventory.js';
import type { DefinitionLayout, ServiceLayout } from '../registration/layout.js';
import { type DefinitionTarget, findTarget } from '../registration/target.js';
import { parseSource, tsMorph } from '../ts/ts-morph.js';
import { checkKind, type DefinitionChange, layoutsOf, runDefinitionCommand } from './definition-command.js';

/** The one definition called `name`, of `kind` or of any kind; several of different kinds need --kind. */
function findAnyKind(
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  services: ServiceLayout | undefined,
  name: string,
  kind?: string,
): DefinitionTarget {
  if (kind) return findTarget(tree, layouts, kind, name, services);
  const found = inventoryKinds(layouts, services).flatMap((k) => {
    try {
      return [findTarget(tree, layouts, k, name, services)];
    } catch (e) {
      if (e instanceof ScaffoldError && e.code === 'NOT_FOUND') return [];
      throw e;
    }
  });
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    throw new ScaffoldError('NOT_FOUND', `No tool, resource, prompt or service named \`${name}\` in this project.`, {
      hint: '`mcp-scaffold list` shows what it has.',
    });
  }
  throw new ScaffoldError('OPTION_INVALID', `\`${name}\` names a ${found.map((t) => t.kind).join(' and a ')}.`, {
    hint: `Say which with --kind ${found.map((t) => t.kind).join(' or --kind ')}.`,
  });
}

/** A service's class, init…/get… functions and public methods (with how to call each), read off its file. */
function serviceShape(tree: Tree, file: string) {
  const sf = parseSource(file, tree.read(file) ?? '');
  const cls = sf.getClasses().find((c) => c.isExported());
  const fns = sf.getFunctions().filter((f) => f.isExported());
  const initName = fns.find((f) => f.getName()?.startsWith('init'))?.getName();
  const getName = fns.find((f) => f.getName()?.startsWith('get'))?.getName();
  if (!cls?.getName() || !initName || !getName) {
    throw new ScaffoldError('UNSUPPORTED_LAYOUT', `${file}: no exported class with init…() and get…() functions.`, {
      hint: 'Write its test by hand.',
      details: [{ path: file, message: 'not the service layout add service writes' }],
    });
  }
  const { SyntaxKind } = tsMorph();
  const methods = cls
    .getMethods()
    .filter((m) => !m.hasModifier(SyntaxKind.PrivateKeyword) && !m.hasModifier(SyntaxKind.ProtectedKeyword))
    .filter((m) => !m.isStatic())
    .map(methodCall);
  return { className: cls.getName()!, initName, getName, methods };
}

/** Plans `add test <name>` into the tree. */
export function planAddTest(
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  name: string,
  opts: { kind?: string; force?: boolean } = {},
  /** The kinds: where the service layout is found. */
  kinds: readonly KindSpec[] = KINDS,
): DefinitionChange {
  const services = serviceLayoutOf(kinds);
  const target = findAnyKind(tree, layouts, services, name, opts.kind);
  const label = `${target.kind} ${target.def.name ?? target.def.exportName}`;
  const change: DefinitionChange = {
    headline: `Writing a test for the ${label}`,
    notes: [],
    warnings: [],
    problems: [],
    data: {},
  };
  if (target.tests.length > 0 && !opts.force) {
    change.problems.push({
      code: 'ALREADY_EXISTS',
      path: target.tests[0]!,
      message: `the ${label} has a test already`,
      hint: 'Pass --force to write it again from the definition.',
    });
    return change;
  }
  const service = target.kind === services?.kind ? serviceShape(tree, target.def.file) : undefined;
  const plan = testFor(tree, target, service);
  tree.write(plan.file, asNewFile(tree, plan.text));
  change.data = { test: { kind: target.kind, name: target.def.name, definition: target.def.file, file: plan.file } };
  return change;
}

export async function addTestCommand(
  name: string,
  kind: string | undefined,
  global: GlobalOptions,
  kinds: readonly KindSpec[] = KINDS,
): Promise<number> {
  return runDefinitionCommand(
    'add test',
    global,
    (tree) => planAddTest(tree, layoutsOf(kinds), name, { ...(kind ? { kind } : {}), force: global.force }, kinds),
    () => {
      if (kind) checkKind(kind, kinds, 'add test');
    },
  );
}
