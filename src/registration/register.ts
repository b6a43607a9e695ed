/**
 * Registers a new definition's export with the app, wherever the project lists its definitions:
 * in `createApp({...})` itself (src/index.ts, or src/worker.ts with `createWorkerHandler`), in a
 * local array, or in a barrel (`definitions/index.ts`) reached by following names (SiteResolver,
 * sites.ts). It matches the pattern the project already uses and never switches patterns.
 * Every shape it cannot place with certainty is refused before anything is written. What it
 * knows of the kind being registered comes from the kind's DefinitionLayout.
 */

import type { Tree } from '../engine/tree.js';
import { lineWidthOf } from '../project/formatter.js';
import { addArrayProperty, arrayHasIdentifier, ensureArrayElement } from '../ts/array-edits.js';
import {
  importEdits,
  type KnownFile,
  localExportListIn,
  namedListEdits,
  pathStyleIn,
  reExportEdits,
  reExportsIn,
} from '../ts/imports.js';
import type { ArrayFacts } from '../ts/module-facts.js';
import { moduleSpecifier } from '../ts/modules.js';
import { applyEdits, lineAtOffset, type TextEdit } from '../ts/text-edits.js';
import { derivedIndex } from './derived-index.js';
import { bindingTakenIn } from './entry-point.js';
import { type DefinitionLayout, isDefinitionFile } from './layout.js';
import { parsedText, type RegistrationIndex, registrationIndex } from './registration-index.js';
import type { TrailStep } from './sites.js';

const NAME_HINT = 'Choose another name (--export-name).';

export interface Registration {
  exportName: string;
  /** Project-relative path of the definition file, e.g. src/mcp-server/tools/definitions/x.tool.ts */
  file: string;
}

export interface RegisterOptions {
  /** The app's keys in the order a new key takes among them (`tools` before `resources`). */
  keyOrder?: readonly string[];
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

/** One registration planned over an index: the files as the index knows them, the edits gathered. */
class Planner {
  readonly edits = new PendingEdits();
  readonly lineWidth: number;
  constructor(
    readonly tree: Tree,
    readonly index: RegistrationIndex,
    readonly reg: Registration,
  ) {
    this.lineWidth = lineWidthOf(tree);
  }

  file(file: string): KnownFile {
    return { text: parsedText(this.tree, file), facts: this.index.files[file]!.facts };
  }

  /** The specifier `file` imports the new definition by, in the file's path style. */
  specifierFrom(file: string): string {
    return moduleSpecifier(file, this.reg.file, pathStyleIn(this.index.files[file]!.facts) ?? 'relative');
  }

  /** Import (and, in a barrel that re-exports, re-export) the definition in `file`. */
  importInto(file: string): void {
    const specifier = this.specifierFrom(file);
    this.assertBindingFree(file, specifier);
    this.edits.add(file, importEdits(this.file(file), this.reg.exportName, specifier, this.lineWidth));
  }

  /** ALREADY_EXISTS when the name is already bound in `file` other than by an import of `specifier`. */
  assertBindingFree(file: string, specifier: string): void {
    const taken = bindingTakenIn(file, this.file(file), this.reg.exportName, specifier, NAME_HINT);
    if (taken) throw taken;
  }

  /** Barrels that list definitions twice (array and re-exports) keep both lists complete. */
  barrelExports(file: string, array: ArrayFacts, layout: DefinitionLayout): void {
    const known = this.file(file);
    const definitionReExports = reExportsIn(known.facts).filter((r) =>
      isDefinitionFile(r.specifier.replace(/\.js$/, '.ts'), layout),
    );
    const name = this.reg.exportName;
    if (definitionReExports.length > 0)
      this.edits.add(file, reExportEdits(known, name, this.specifierFrom(file), this.lineWidth));
    const list = localExportListIn(known.facts, () => array.elements.map((e) => known.text.slice(e[0], e[1])));
    if (list && !(list.named ?? []).some((e) => e.name === name))
      this.edits.add(file, namedListEdits(known.text, list, name, this.lineWidth));
  }

  /** The entry point imports each name from a re-exporting barrel: re-export there, import from it. */
  throughBarrel(site: string, barrel: { file: string; specifier: string }): void {
    const name = this.reg.exportName;
    this.edits.add(
      barrel.file,
      reExportEdits(this.file(barrel.file), name, this.specifierFrom(barrel.file), this.lineWidth),
    );
    this.assertBindingFree(site, barrel.specifier);
    this.edits.add(site, importEdits(this.file(site), name, barrel.specifier, this.lineWidth));
  }

  /** `file:line label`, the line counted in the file's text as it is. */
  step({ file, pos, label }: TrailStep): string {
    return `${file}:${lineAtOffset(parsedText(this.tree, file), pos)} ${label}`;
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
  const reading = registrationIndex(tree, layout, options.group);
  const plan = planFromIndex(tree, reading.result, layout, reg, options);
  if (reading.next && plan.edits.size > 0) {
    const written = new Map([...plan.edits].map(([file, p]) => [file, applyEdits(p.text, p.edits)]));
    const next = derivedIndex(reading.result, plan.edits, written);
    if (next) reading.next(written, next);
  }
  return plan;
}

/** The plan of a registration over the index of where `layout`'s kind is registered. */
export function planFromIndex(
  tree: Tree,
  index: RegistrationIndex,
  layout: DefinitionLayout,
  reg: Registration,
  options: RegisterOptions = {},
): RegistrationPlan {
  const key = layout.appKey;
  const keyOrder = options.keyOrder ?? [key];
  const planner = new Planner(tree, index, reg);
  const { edits } = planner;
  const files = new Set<string>();
  const via: string[] = [];

  for (const target of index.targets) {
    if (target.type === 'new-key') {
      files.add(target.file);
      via.push(`${target.file}: new \`${key}\` key`);
      planner.importInto(target.file);
      const later = keyOrder.includes(key) ? keyOrder.slice(keyOrder.indexOf(key) + 1) : [];
      const { text } = planner.file(target.file);
      edits.add(target.file, addArrayProperty(text, target.object, key, reg.exportName, later, planner.lineWidth));
      continue;
    }
    const { file, array, barrel } = target;
    files.add(file);
    via.push(
      [
        ...target.trail.map((s) => planner.step(s)),
        `${file}:${lineAtOffset(parsedText(tree, file), array.start)}`,
      ].join(' → '),
    );
    const text = parsedText(tree, file);
    // The barrel holds the registration too (its re-export), also on a re-run that changes nothing.
    if (barrel) files.add(barrel.file);
    if (barrel && !arrayHasIdentifier(text, array, reg.exportName)) planner.throughBarrel(file, barrel);
    else if (!barrel) {
      planner.importInto(file);
      planner.barrelExports(file, array, layout);
    }
    edits.add(file, ensureArrayElement(text, array, reg.exportName, planner.lineWidth));
  }
  const warnings =
    options.group !== undefined && !index.groupUsed
      ? [`--group ${options.group} was ignored: the project lists its ${key} in one place, not in groups.`]
      : [];
  const planned = new Map(
    [...edits.byFile].map(([file, fileEdits]) => [file, { text: parsedText(tree, file), edits: fileEdits }]),
  );
  return { files: [...files], via, warnings, edits: planned };
}
