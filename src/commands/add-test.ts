/**
 * `mcp-scaffold add test <definition>`: a test for a tool, resource, prompt or service that has
 * none, built from its definition by the test template its kind declares, in the layout the
 * project's tests use. A kind that declares none is refused: a guessed test would be wrong.
 */

import { ScaffoldError } from '../engine/errors.js';
import type { GlobalOptions } from '../engine/options.js';
import type { Tree } from '../engine/tree.js';
import { editedFileProblem } from '../kinds/edited-files.js';
import { KINDS, serviceLayoutOf } from '../kinds/index.js';
import type { KindSpec, SharedTestFile, TestTemplate } from '../kinds/spec.js';
import { asNewFile } from '../project/formatter.js';
import { detectFrameworkFeatures, type FrameworkFeatures } from '../project/framework-features.js';
import { inventoryKinds } from '../registration/inventory.js';
import type { DefinitionLayout, ServiceLayout } from '../registration/layout.js';
import { type DefinitionTarget, findTarget } from '../registration/target.js';
import { stamp } from '../text/scaffold-stamp.js';
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

/** The test template of `kind`; OPTION_INVALID when the kind declares none. */
function testTemplateOf(kinds: readonly KindSpec[], kind: string): TestTemplate {
  const template = kinds.find((k) => (k.layout ?? k.serviceLayout)?.kind === kind)?.testTemplate;
  if (template) return template;
  throw new ScaffoldError(
    'OPTION_INVALID',
    `\`add test\` cannot write a test for a ${kind}: the ${kind} kind has no test template.`,
    {
      hint: `Write the ${kind}'s test by hand.`,
    },
  );
}

/**
 * A file the test shares with others: written when the server has none; one already there is the
 * user's, kept as it is, and each name the test imports that it does not export is a warning.
 */
function planSharedFile(tree: Tree, testFile: string, shared: SharedTestFile): string[] {
  const existing = tree.read(shared.file);
  if (existing === undefined) {
    tree.write(shared.file, asNewFile(tree, shared.text));
    return [];
  }
  const exported = (name: string) =>
    new RegExp(
      `export\\s+(?:async\\s+)?(?:function|const|let|class)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`,
    ).test(existing);
  return shared.imports
    .filter((name) => !exported(name))
    .map(
      (name) =>
        `${shared.file} does not export \`${name}\`, which ${testFile} imports: it was kept as it is. Add ${name} to it, or move it away and run \`mcp-scaffold add test\` again to have it written.`,
    );
}

/** Plans `add test <name>` into the tree. */
export function planAddTest(
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  name: string,
  opts: {
    kind?: string;
    force?: boolean;
    overwriteEdited?: boolean;
    /** What the installed framework offers; read from the tree's node_modules when first asked for. */
    features?: () => FrameworkFeatures;
  } = {},
  /** The kinds: each one's test template, and the service layout. */
  kinds: readonly KindSpec[] = KINDS,
): DefinitionChange {
  const target = findAnyKind(tree, layouts, serviceLayoutOf(kinds), name, opts.kind);
  const template = testTemplateOf(kinds, target.kind);
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
      hint: 'Pass --force to write it again from the definition; a test edited since mcp-scaffold wrote it is refused unless --overwrite-edited says to discard the edits.',
    });
    return change;
  }
  let detected: FrameworkFeatures | undefined;
  const features = opts.features ?? (() => (detected ??= detectFrameworkFeatures(tree.root)));
  const plan = template(tree, target, features);
  const text = stamp(plan.text);
  const overwrite = { force: opts.force === true, overwriteEdited: opts.overwriteEdited === true };
  const edited = editedFileProblem(tree, plan.file, text, overwrite, 'To keep the edits, leave the test as it is.');
  if (edited) change.problems.push(edited);
  tree.write(plan.file, asNewFile(tree, text));
  for (const shared of plan.shared ?? []) change.warnings.push(...planSharedFile(tree, plan.file, shared));
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
    (tree, _project, overwriteEdited) =>
      planAddTest(
        tree,
        layoutsOf(kinds),
        name,
        { ...(kind ? { kind } : {}), force: global.force, overwriteEdited },
        kinds,
      ),
    () => {
      if (kind) {
        checkKind(kind, kinds, 'add test');
        testTemplateOf(kinds, kind);
      }
    },
  );
}
