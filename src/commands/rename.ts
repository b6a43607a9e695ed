/**
 * `mcp-scaffold rename <kind> <old> <new>`: the MCP name, the files, the export names and every
 * reference to them in src/ and tests/, in one flush; what cannot follow is refused with file:line.
 */

import path from 'node:path';
import { ScaffoldError } from '../engine/errors.js';
import type { GlobalOptions } from '../engine/options.js';
import type { Tree } from '../engine/tree.js';
import { KINDS, serviceLayoutOf } from '../kinds/index.js';
import { serviceNames } from '../kinds/service/names.js';
import type { KindSpec } from '../kinds/spec.js';
import {
  type FoundDefinition,
  type FoundDefinitions,
  foundDefinitions,
  withoutServices,
} from '../registration/found-definitions.js';
import { KnownFiles } from '../registration/known-files.js';
import type { DefinitionLayout, ServiceLayout } from '../registration/layout.js';
import { renameInReadme } from '../registration/readme-table.js';
import { planRenaming, type RenameMap } from '../registration/renaming.js';
import { type DefinitionTarget, findTarget, ownExports, testOf } from '../registration/target.js';
import { camelCase, parseName } from '../text/names.js';
import { parseSource } from '../ts/ts-morph.js';
import {
  checkKind,
  type DefinitionChange,
  layoutsOf,
  plannedDefinitions,
  runDefinitionCommand,
  settleChange,
} from './definition-command.js';

const kebab = (words: string[]) => words.join('-');

/** The leading words two names share, keeping at least one word of each after them. */
function sharedWords(a: string[], b: string[]): number {
  let i = 0;
  while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
  return i;
}

/** The new file stem and export name, in the form the old ones had (full or without the shared prefix, suffixed or not). */
function renamedForms(oldWords: string[], newWords: string[], stem: string, exportName: string, suffix: string) {
  const k = sharedWords(oldWords, newWords);
  const forms = (w: string[]) => ({
    stems: [kebab(w), kebab(w.slice(k))],
    exports: [camelCase(w) + suffix, camelCase(w.slice(k)) + suffix, camelCase(w), camelCase(w.slice(k))],
  });
  const before = forms(oldWords);
  const after = forms(newWords);
  const s = before.stems.indexOf(stem);
  const e = before.exports.indexOf(exportName);
  return { stem: after.stems[Math.max(s, 0)]!, exportName: after.exports[Math.max(e, 0)]!, followed: s >= 0 && e >= 0 };
}

function definitionMap(target: DefinitionTarget, layout: DefinitionLayout, to: string): RenameMap {
  const { def } = target;
  if (def.name === null || def.exportName === null) {
    throw new ScaffoldError('UNSUPPORTED_LAYOUT', `${def.file}: its MCP name or export is not a literal name.`, {
      hint: 'Rename it by hand.',
      details: [{ path: def.file, message: 'no literal MCP name' }],
    });
  }
  const suffix = [...layout.suffixes].sort((a, b) => b.length - a.length).find((x) => def.file.endsWith(x))!;
  const base = path.posix.basename(def.file);
  const stem = base.slice(0, -suffix.length);
  const forms = renamedForms(def.name.split(/[_-]/), to.split(/[_-]/), stem, def.exportName, layout.exportSuffix);
  const newBase = `${forms.stem}${suffix}`;
  const files = new Map([[def.file, `${path.posix.dirname(def.file)}/${newBase}`]]);
  const testBase = base.replace(/\.ts$/, '.test.ts');
  for (const t of target.tests) {
    if (path.posix.basename(t) === testBase)
      files.set(t, `${path.posix.dirname(t)}/${newBase.replace(/\.ts$/, '.test.ts')}`);
  }
  const scope = layout.nameIn === 'name-option' ? new Set([def.file, ...target.tests]) : 'all';
  return {
    files,
    exports: new Map([[def.file, new Map([[def.exportName, forms.exportName]])]]),
    mcpName: { from: def.name, to, files: scope },
  };
}

function serviceMap(tree: Tree, target: DefinitionTarget, to: string): RenameMap {
  const before = serviceNames(target.def.name!);
  const after = serviceNames(to);
  const move = (f: string) =>
    f
      .replace(`services/${before.domain}/`, `services/${after.domain}/`)
      .replace(`/${before.domain}-service.`, `/${after.domain}-service.`);
  const files = new Map([...target.files, ...target.tests].map((f) => [f, move(f)]));
  const exports = new Map<string, Map<string, string>>();
  for (const file of target.files) {
    const names = new Map<string, string>();
    for (const name of ownExports(parseSource(file, tree.read(file) ?? ''))) {
      const next = name
        .replaceAll(before.names.pascal, after.names.pascal)
        .replaceAll(before.names.camel, after.names.camel);
      if (next !== name) names.set(name, next);
    }
    exports.set(file, names);
  }
  return { files, exports };
}

/** ALREADY_EXISTS when another definition of the kind (among `found`) has the new name, or a file is in the way. */
function assertFree(tree: Tree, found: FoundDefinitions, kind: string, to: string, map: RenameMap) {
  const taken = found.definitions.find((d) => d.kind === kind && d.name === to);
  const files = [...map.files.values()].filter((f) => !map.files.has(f) && tree.read(f) !== undefined);
  const details = [
    ...(taken ? [{ path: taken.file, message: `the ${kind} ${to} is already defined here` }] : []),
    ...files.map((f) => ({ path: f, message: 'already exists' })),
  ];
  if (details.length === 0) return;
  throw new ScaffoldError(
    'ALREADY_EXISTS',
    `Cannot rename to ${to}: ${details.map((d) => `${d.path} (${d.message})`).join(', ')}.`,
    { hint: 'Choose another name, or remove what is in the way first.', details },
  );
}

/**
 * The files (and tests) of definitions of other kinds with the same MCP name, as the framework's
 * starter tool and prompt share theirs: renaming one must not rename the other.
 */
function namesakeFiles(
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  target: DefinitionTarget,
  definitions: readonly FoundDefinition[],
): Set<string> {
  const others = definitions.filter((d) => d.name === target.def.name && d.file !== target.def.file);
  return new Set(others.flatMap((d) => [d.file, testOf(tree, layouts, d) ?? []].flat()));
}

/** The new MCP name, with the separator the old one used (resources are often kebab-case). */
function newName(target: DefinitionTarget, raw: string): string {
  const names = parseName(raw, `${target.kind} name`);
  const old = target.def.name ?? '';
  return old.includes('-') && !old.includes('_') ? names.kebab : names.snake;
}

/** Plans `rename <kind> <old> <new>` into the tree. */
export function planRename(
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  kind: string,
  from: string,
  rawTo: string,
  services: ServiceLayout | undefined = serviceLayoutOf(KINDS),
  /** The files to walk on their facts, given the tree and the definition's layout. */
  knownFiles: typeof KnownFiles.of = KnownFiles.of,
): DefinitionChange {
  const found = foundDefinitions(tree, layouts, services);
  const target = findTarget(tree, layouts, kind, from, services, found.result);
  // Without a definition layout, the target is a service.
  const layout = layouts.find((l) => l.kind === kind);
  const to = layout ? newName(target, rawTo) : serviceNames(rawTo).domain;
  if (to === target.def.name) {
    const said = rawTo === to ? to : `${rawTo} (${to})`;
    throw new ScaffoldError('OPTION_INVALID', `${said} is the ${kind}'s name already: there is nothing to rename.`, {
      hint: `Give the new name second: mcp-scaffold rename ${kind} ${target.def.name} <new name>.`,
    });
  }
  const map = layout ? definitionMap(target, layout, to) : serviceMap(tree, target, to);
  if (map.mcpName) {
    const definitions = withoutServices(found.result, tree, layouts, services);
    map.mcpName.except = namesakeFiles(tree, layouts, target, definitions);
  }
  assertFree(tree, found.result, kind, to, map);
  const label = `${kind} ${target.def.name}`;
  const plan = planRenaming(tree, map, knownFiles(tree, layout));
  const renamedFile = map.files.get(target.def.file) ?? target.def.file;
  const change: DefinitionChange = {
    headline: `Renaming the ${label} to ${to}`,
    notes: plan.refusals.length > 0 ? [] : renameInReadme(tree, target.def, { name: to, file: renamedFile }),
    warnings: [],
    problems: [],
    data: {
      renamed: {
        kind,
        from: target.def.name,
        to,
        files: Object.fromEntries(plan.moved),
        exports: Object.fromEntries([...map.exports].flatMap(([, names]) => [...names])),
        edited: plan.edited,
      },
    },
  };
  const refusal = {
    what: `the ${label} cannot be renamed safely; nothing was written.`,
    hint: 'Rename those by hand first, or choose another name.',
  };
  // What a file moved on its facts defines is told by what it defined.
  const told = (file: string) => {
    const from = [...map.files].find(([, dest]) => dest === file)?.[0];
    const moved = from === undefined ? undefined : plan.movedOnFacts.get(from);
    const defs =
      moved && found.result.definitions.filter((d) => d.file === from).map((d) => moved.definitionAfter(d, file));
    return defs?.every((d) => d !== undefined) ? defs : undefined;
  };
  return settleChange(change, plan.refusals, refusal, () =>
    plannedDefinitions(found, tree, layouts, services, plan.followed, told),
  );
}

export async function renameCommand(
  kind: string,
  from: string,
  to: string,
  global: GlobalOptions,
  kinds: readonly KindSpec[] = KINDS,
): Promise<number> {
  return runDefinitionCommand(
    `rename ${kind}`,
    global,
    (tree) => planRename(tree, layoutsOf(kinds), kind, from, to, serviceLayoutOf(kinds)),
    () => checkKind(kind, kinds, 'rename'),
  );
}
