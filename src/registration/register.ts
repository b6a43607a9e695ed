/**
 * Registers a new definition's export with the app, wherever the project lists its definitions:
 * in `createApp({...})` itself (src/index.ts, or src/worker.ts with `createWorkerHandler`), in a
 * local array, or in a barrel (`definitions/index.ts`) reached by following names (SiteResolver,
 * sites.ts). It matches the pattern the project already uses and never switches patterns.
 * Every shape it cannot place with certainty is refused before anything is written. What it
 * knows of the kind being registered comes from the kind's DefinitionLayout.
 */

import path from 'node:path';
import type { Tree } from '../engine/tree.js';
import { lineWidthOf } from '../project/formatter.js';
import { addArrayProperty, arrayHasIdentifier, ensureArrayElement } from '../ts/array-edits.js';
import {
  addToNamedList,
  ensureNamedImport,
  ensureNamedReExport,
  importedFrom,
  localExportListWith,
  pathStyleOf,
  reExports,
} from '../ts/imports.js';
import { moduleSpecifier, resolveModuleFile } from '../ts/modules.js';
import { applyEdits, type TextEdit } from '../ts/text-edits.js';
import { startLine, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { appEntryPoints, assertBindingFree, unsupported } from './entry-point.js';
import { type DefinitionLayout, isDefinitionFile } from './layout.js';
import { type ArraySite, SiteResolver } from './sites.js';

const NAME_HINT = 'Choose another name (--export-name).';

export interface Registration {
  exportName: string;
  /** Project-relative path of the definition file, e.g. src/mcp-server/tools/definitions/x.tool.ts */
  file: string;
}

export interface RegisterOptions {
  /** The app's keys in the order a new key takes among them (`tools` before `resources`). */
  keyOrder?: string[];
  /** The spread group a new definition joins, where there are several. */
  group?: string;
}

export interface RegistrationResult {
  /** The files that were (or would be) edited, or that already held the registration. */
  files: string[];
  /** False when the definition was already registered everywhere. */
  changed: boolean;
  /** How each registration site was reached, for the report. */
  via: string[];
  warnings: string[];
}

/** Where a kind's definitions are listed, per entry point with an app factory call. */
type Target =
  | { type: 'array'; site: ArraySite }
  | { type: 'new-key'; file: string; options: TsMorph.ObjectLiteralExpression };

/** Resolves where `key` (tools/resources/prompts) is listed, for every entry point. */
export function registrationTargets(resolver: SiteResolver, key: string): Target[] {
  const { Node } = tsMorph();
  const targets: Target[] = [];
  const seen = new Set<string>();
  for (const { file, options } of appEntryPoints(
    resolver.tree,
    (f) => resolver.source(f),
    'Register the definition by hand; nothing was written.',
  )) {
    const prop = options.getProperty(key);
    if (!prop) {
      const spread = options.getProperties().find((p) => Node.isSpreadAssignment(p));
      if (spread) {
        throw unsupported(
          file,
          spread,
          `the options object spreads \`${spread.getText()}\`, which may already set ${key}`,
        );
      }
      targets.push({ type: 'new-key', file, options });
      continue;
    }
    const trail = [`${file}:${startLine(prop)} ${key}`];
    let sites: ArraySite[];
    if (Node.isPropertyAssignment(prop)) sites = resolver.resolve(prop.getInitializerOrThrow(), file, trail);
    else if (Node.isShorthandPropertyAssignment(prop)) sites = resolver.resolve(prop.getNameNode(), file, trail);
    else throw unsupported(file, prop, `\`${key}\` is not a plain property (\`${prop.getText().slice(0, 60)}\`)`);
    for (const site of sites) {
      const id = `${site.file}@${site.array.getStart()}`;
      if (!seen.has(id)) {
        seen.add(id);
        targets.push({ type: 'array', site });
      }
    }
  }
  return targets;
}

/**
 * The barrel a site's entries come through: when every imported entry of the array is imported
 * from one module that is not itself a definition file (`./mcp-server/tools/definitions/index.js`
 * re-exporting them), a new entry must come through it too.
 */
function routedBarrel(
  resolver: SiteResolver,
  site: ArraySite,
  layout: DefinitionLayout,
): { file: string; specifier: string } | undefined {
  const sf = resolver.source(site.file);
  const { ts } = tsMorph();
  const specifiers = new Set<string>();
  // On the compiler's nodes: the array may list a thousand names, each imported; a second module
  // is the answer already (entries imported one by one, as an inline src/index.ts has them).
  for (const el of site.array.compilerNode.elements) {
    if (!ts.isIdentifier(el)) continue;
    const specifier = importedFrom(sf, el.getText(sf.compilerNode));
    if (specifier !== undefined) specifiers.add(specifier);
    if (specifiers.size > 1) return undefined;
  }
  if (specifiers.size !== 1) return undefined;
  const specifier = [...specifiers][0]!;
  const file = resolveModuleFile(resolver.tree, site.file, specifier);
  if (!file || isDefinitionFile(file, layout)) return undefined;
  return path.posix.basename(file) === 'index.ts' ? { file, specifier } : undefined;
}

/**
 * Text edits gathered per file, written only once every file could be planned: each file's edits
 * (an import and an array entry, say) are spliced into its text in one pass, never re-parsed.
 */
class PendingEdits {
  readonly byFile = new Map<string, TextEdit[]>();
  add(file: string, edits: TextEdit[]): void {
    if (edits.length === 0) return;
    this.byFile.set(file, [...(this.byFile.get(file) ?? []), ...edits]);
  }
}

/** Import (and, in a barrel that re-exports, re-export) the definition in `file`. */
function planImport(resolver: SiteResolver, edits: PendingEdits, file: string, reg: Registration): void {
  const sf = resolver.source(file);
  const specifier = moduleSpecifier(file, reg.file, pathStyleOf(sf) ?? 'relative');
  assertBindingFree(sf, file, reg.exportName, specifier, NAME_HINT);
  edits.add(file, ensureNamedImport(sf, reg.exportName, specifier, lineWidthOf(resolver.tree)));
}

/** Barrels that list definitions twice (array and re-exports) keep both lists complete. */
function planBarrelExports(
  resolver: SiteResolver,
  edits: PendingEdits,
  site: ArraySite,
  layout: DefinitionLayout,
  reg: Registration,
): void {
  const sf = resolver.source(site.file);
  const members = site.array.compilerNode.elements.map((e) => e.getText(sf.compilerNode));
  const definitionReExports = reExports(sf).filter((r) =>
    isDefinitionFile(r.specifier.replace(/\.js$/, '.ts'), layout),
  );
  if (definitionReExports.length > 0) {
    const specifier = moduleSpecifier(site.file, reg.file, pathStyleOf(sf) ?? 'relative');
    edits.add(site.file, ensureNamedReExport(sf, reg.exportName, specifier, lineWidthOf(resolver.tree)));
  }
  const list = localExportListWith(sf, members);
  if (list && !list.getNamedExports().some((e) => e.getName() === reg.exportName)) {
    edits.add(site.file, addToNamedList(list, list.getNamedExports(), reg.exportName, lineWidthOf(resolver.tree)));
  }
}

/** What a registration would change: the text edits of each file, over the text they were planned on. */
export interface RegistrationPlan extends Omit<RegistrationResult, 'changed'> {
  edits: Map<string, { text: string; edits: TextEdit[] }>;
}

/**
 * Registers `reg` (a definition of `layout`'s kind) in every entry point's list of that kind.
 * Throws UNSUPPORTED_LAYOUT, GROUP_REQUIRED or ALREADY_EXISTS before anything is written.
 */
export function register(
  tree: Tree,
  layout: DefinitionLayout,
  reg: Registration,
  options: RegisterOptions = {},
): RegistrationResult {
  const { edits, ...result } = planRegistration(tree, layout, reg, options);
  for (const [file, planned] of edits) tree.write(file, applyEdits(planned.text, planned.edits));
  return { ...result, changed: edits.size > 0 };
}

/** register's plan, written nowhere: the edits it makes of each file. */
export function planRegistration(
  tree: Tree,
  layout: DefinitionLayout,
  reg: Registration,
  options: RegisterOptions = {},
): RegistrationPlan {
  const resolver = new SiteResolver(tree, {
    ...(options.group !== undefined ? { group: options.group } : {}),
    groupSuffixes: layout.groupSuffixes,
  });
  const key = layout.appKey;
  const keyOrder = options.keyOrder ?? [key];
  const edits = new PendingEdits();
  const files = new Set<string>();
  const via: string[] = [];
  const lineWidth = lineWidthOf(tree);

  for (const target of registrationTargets(resolver, key)) {
    if (target.type === 'new-key') {
      files.add(target.file);
      via.push(`${target.file}: new \`${key}\` key`);
      planImport(resolver, edits, target.file, reg);
      const later = keyOrder.includes(key) ? keyOrder.slice(keyOrder.indexOf(key) + 1) : [];
      edits.add(target.file, addArrayProperty(target.options, key, reg.exportName, later, lineWidth));
      continue;
    }
    const { site } = target;
    files.add(site.file);
    via.push(site.trail.concat(`${site.file}:${startLine(site.array)}`).join(' → '));
    const barrel = routedBarrel(resolver, site, layout);
    // The barrel holds the registration too (its re-export), also on a re-run that changes nothing.
    if (barrel) files.add(barrel.file);
    if (barrel && !arrayHasIdentifier(site.array, reg.exportName))
      planThroughBarrel(resolver, edits, site, barrel, reg);
    else if (!barrel) {
      planImport(resolver, edits, site.file, reg);
      planBarrelExports(resolver, edits, site, layout, reg);
    }
    edits.add(site.file, ensureArrayElement(site.array, reg.exportName, lineWidth));
  }
  const warnings =
    options.group !== undefined && !resolver.groupUsed
      ? [`--group ${options.group} was ignored: the project lists its ${key} in one place, not in groups.`]
      : [];
  const planned = new Map(
    [...edits.byFile].map(([file, fileEdits]) => [
      file,
      { text: resolver.source(file).getFullText(), edits: fileEdits },
    ]),
  );
  return { files: [...files], via, warnings, edits: planned };
}

/** The entry point imports each name from a re-exporting barrel: re-export there, import from it. */
function planThroughBarrel(
  resolver: SiteResolver,
  edits: PendingEdits,
  site: ArraySite,
  barrel: { file: string; specifier: string },
  reg: Registration,
): void {
  const lineWidth = lineWidthOf(resolver.tree);
  const barrelSf = resolver.source(barrel.file);
  const specifier = moduleSpecifier(barrel.file, reg.file, pathStyleOf(barrelSf) ?? 'relative');
  edits.add(barrel.file, ensureNamedReExport(barrelSf, reg.exportName, specifier, lineWidth));
  const sf = resolver.source(site.file);
  assertBindingFree(sf, site.file, reg.exportName, barrel.specifier, NAME_HINT);
  edits.add(site.file, ensureNamedImport(sf, reg.exportName, barrel.specifier, lineWidth));
}
