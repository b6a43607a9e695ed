/**
 * What every `add tool|resource|prompt` shares: naming by the project's habits, collision checks,
 * rendering the definition and its test, and registration wherever the project lists its
 * definitions. The kind-specific generators supply the MCP name and the template data.
 */

import type { z } from 'zod';
import { ScaffoldError } from '../engine/errors.js';
import type { GeneratorResult } from '../engine/generator.js';
import { Problems } from '../engine/problems.js';
import type { Tree } from '../engine/tree.js';
import { asNewFile, lineWidthOf } from '../project/formatter.js';
import type { Project } from '../project/project.js';
import { describeNaming, inferNaming, type Naming, testFileFor, testImportPath } from '../registration/conventions.js';
import {
  type ExistingDefinition,
  existingDefinitions,
  type FileDefinitions,
  packDefinitions,
  prefixFromPackageName,
  rememberDefinitions,
  sharedPrefix,
} from '../registration/definitions.js';
import { APP_KEY_ORDER, type DefinitionLayout } from '../registration/layout.js';
import { recordInReadme } from '../registration/readme-table.js';
import { register } from '../registration/register.js';
import { devcheckTasks } from '../tasks/devcheck.js';
import { camelCase, type Names, parseName, safeIdentifier } from '../text/names.js';
import { stamp } from '../text/scaffold-stamp.js';
import { render } from '../text/templates.js';
import { alreadyExistsHint, editedFileProblem, renameFirst } from './edited-files.js';
import { bindsMoreThanOnce, nameTaken, takenBy } from './identifiers.js';
import type { definitionOptions } from './options.js';
import { prefixedWords } from './prefixed-name.js';
import type { optionsSchema } from './schema.js';
import type { DefinitionData } from './spec.js';
import { toolLayout } from './tool/layout.js';

type ServerPrefix = { prefix: string; source: string } | undefined;

/**
 * The server prefix found for one list of tools (existingDefinitions gives the same list while the
 * tree is unchanged) and package name: `add` asks two or three times, each a pass over every tool.
 */
const prefixesFound = new WeakMap<
  readonly ExistingDefinition[],
  { pkgName: string | undefined; found: ServerPrefix }
>();

/** The server prefix: what the project's tools share, else what the package name gives. */
export function serverPrefixWithSource(tree: Tree, project: Project): ServerPrefix {
  const tools = existingDefinitions(tree, toolLayout);
  const known = prefixesFound.get(tools);
  if (known && known.pkgName === project.pkg.name) return known.found && { ...known.found };
  const found = findServerPrefix(tools, project.pkg.name);
  prefixesFound.set(tools, { pkgName: project.pkg.name, found });
  return found && { ...found };
}

function findServerPrefix(tools: readonly ExistingDefinition[], pkgName: string | undefined): ServerPrefix {
  const names = tools.flatMap((t) => (t.name ? [t.name] : []));
  const fromPackage = prefixFromPackageName(pkgName);
  const shared = sharedPrefix(names, fromPackage);
  if (shared) return { prefix: shared, source: "the project's tools use" };
  return fromPackage ? { prefix: fromPackage, source: `the package name ${pkgName} gives` } : undefined;
}

export function serverPrefix(tree: Tree, project: Project): string | undefined {
  return serverPrefixWithSource(tree, project)?.prefix;
}

/** Whether a name starts with the server prefix, which may be several words (pubmed_search). */
export function hasPrefix(names: Names, prefix: string): boolean {
  return names.snake.startsWith(`${prefix}_`);
}

/** The words of a name without its server prefix: acme_find_items → find, items. */
export function unprefixed(names: Names, prefix: string | undefined): string[] {
  return prefix && hasPrefix(names, prefix) ? names.words.slice(prefix.split('_').length) : names.words;
}

/** The definition an `add` writes: its names, its files, and what to tell the user about them. */
export interface NewDefinition {
  kind: string;
  layout: DefinitionLayout;
  names: Names;
  prefix: string | undefined;
  /** The definition's MCP name (snake_case for tools and prompts, kebab-case for resources). */
  mcpName: string;
  fileBase: string;
  exportName: string;
  file: string;
  testFile: string;
  naming: Naming;
  notes: string[];
  warnings: string[];
  /** What stops this definition from being written (names taken, files in the way). */
  problems: Problems;
}

/** The options every definition kind takes, parsed: what naming and writing read. */
export type DefinitionOptions = z.output<ReturnType<typeof optionsSchema<typeof definitionOptions>>>;

/** An empty --description or --title would give the model nothing to choose by: refused. */
function refuseEmptyTexts(opts: DefinitionOptions): void {
  for (const [flag, value] of [
    ['--description', opts.description],
    ['--title', opts.title],
  ] as const) {
    if (value !== undefined && value.trim() === '') {
      throw new ScaffoldError('OPTION_INVALID', `${flag} is empty.`, {
        hint: `Give ${flag} some text, or leave the flag out to get the default.`,
      });
    }
  }
}

/** The MCP name, and the server prefix it should carry (with a warning when it lacks it). */
function mcpNaming(tree: Tree, project: Project, kind: string, names: Names, mcpNameOf: (names: Names) => string) {
  const notes: string[] = [];
  const warnings: string[] = [];
  const mcpName = mcpNameOf(names);
  // A kebab-case resource name is already its MCP name (resources are kebab-case): nothing converted.
  if (names.convertedFrom && mcpName !== names.raw)
    notes.push(`Converted ${names.convertedFrom} "${names.raw}" to the MCP ${kind} name "${mcpName}".`);
  const found = serverPrefixWithSource(tree, project);
  if (found && !hasPrefix(names, found.prefix) && names.snake !== found.prefix) {
    const prefixed = prefixedWords(names.words, found.prefix).join('_');
    const suggestion = mcpNameOf(parseName(prefixed, `${kind} name`, Number.POSITIVE_INFINITY));
    warnings.push(
      `The server prefix ${found.source} is "${found.prefix}_" but "${mcpName}" lacks it; consider "${suggestion}".`,
    );
  }
  return { mcpName, prefix: found?.prefix, notes, warnings };
}

/** The file name without suffix: by the project's habit, or --file-name (with the suffix or without). */
function fileBaseOf(
  layout: DefinitionLayout,
  naming: Naming,
  names: Names,
  bare: string[],
  opts: DefinitionOptions,
  suffix: string,
): string {
  if (opts.fileName === undefined) return naming.file === 'unprefixed' ? bare.join('-') : names.kebab;
  const wanted = opts.fileName.replace(new RegExp(`${suffix.replace(/\./g, '\\.')}$`), '');
  if (!/^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)*$/.test(wanted)) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `Invalid --file-name ${JSON.stringify(opts.fileName)}: use kebab-case, e.g. find-items.`,
      {
        hint: `The file is written as <file-name>${suffix} in ${layout.dir}/definitions/.`,
      },
    );
  }
  return wanted;
}

/** The export name: by the project's habit, or --export-name when it is a usable identifier. */
function exportNameOf(
  spec: DefinitionData,
  naming: Naming,
  names: Names,
  bare: string[],
  opts: DefinitionOptions,
): string {
  const { exportSuffix } = spec.layout;
  if (opts.exportName === undefined) {
    const base = naming.export.startsWith('unprefixed') ? camelCase(bare) : names.camel;
    return safeIdentifier(
      naming.export.endsWith('+suffix') ? `${base}${exportSuffix}` : base,
      'Def',
      spec.reservedNames,
    );
  }
  const wanted = opts.exportName;
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(wanted) || safeIdentifier(wanted, 'Def', spec.reservedNames) !== wanted) {
    throw new ScaffoldError(
      'NAME_INVALID',
      `Invalid --export-name ${JSON.stringify(wanted)}: it must be a JavaScript identifier that is not a reserved word or a name the file imports.`,
      {
        hint: `e.g. --export-name ${names.camel}${exportSuffix}`,
      },
    );
  }
  return wanted;
}

/**
 * `--force` over a definition under another export name: the file would stop exporting the old
 * name while the entry point (and tests) still import it. Refused rather than guessed at.
 */
function refuseRenamingExport(other: ExistingDefinition, def: NewDefinition, opts: DefinitionOptions): void {
  const old = other.exports.filter((e) => e !== def.exportName);
  if (!opts.force || old.length === 0 || other.exports.includes(def.exportName)) return;
  def.problems.add({
    code: 'ALREADY_EXISTS',
    path: other.file,
    message: `the file exports ${old.join(', ')}, which the project imports; rewriting it as ${def.exportName} would leave those imports broken`,
    hint: `Keep the export name (--export-name ${old[0]}), or rename it by hand in the file and wherever it is imported.`,
  });
}

/** Records every collision of the new definition with what exists, before anything is written. */
function recordCollisions(
  tree: Tree,
  existing: readonly ExistingDefinition[],
  def: NewDefinition,
  opts: DefinitionOptions,
): void {
  for (const other of existing) {
    if (other.file === def.file) {
      refuseRenamingExport(other, def, opts);
      continue;
    }
    if (other.name === def.mcpName) {
      def.problems.add({
        code: 'ALREADY_EXISTS',
        path: other.file,
        message: `a ${def.layout.kind} named ${def.mcpName} is already defined here`,
      });
    }
    if (other.exports.includes(def.exportName)) {
      def.problems.add({
        code: 'ALREADY_EXISTS',
        path: other.file,
        message: `the export ${def.exportName} already exists here`,
      });
    }
  }
  const untested = tree.exists(def.file) && !tree.exists(def.testFile);
  const hint = alreadyExistsHint(def.kind, def.mcpName, untested ? def.mcpName : undefined, 'the registration');
  for (const target of opts.test ? [def.file, def.testFile] : [def.file]) {
    if (tree.exists(target) && !opts.force) {
      def.problems.add({
        code: 'ALREADY_EXISTS',
        path: target,
        message: 'file already exists',
        hint,
      });
    }
  }
}

/**
 * Names, paths and collision checks for a new definition. Problems are recorded on the definition;
 * bad input (a name or an override that cannot be used) throws before anything is prepared.
 */
export function prepareDefinition(
  tree: Tree,
  project: Project,
  spec: DefinitionData,
  opts: DefinitionOptions,
  mcpNameOf: (names: Names) => string,
  /** The file suffix, when not the kind's first (`.app-tool.ts`, `.app-resource.ts`). */
  suffix: string = spec.layout.suffixes[0]!,
): NewDefinition {
  const { layout } = spec;
  const names = parseName(opts.name, `${layout.kind} name`);
  refuseEmptyTexts(opts);
  const { mcpName, prefix, notes, warnings } = mcpNaming(tree, project, layout.kind, names, mcpNameOf);
  const existing = existingDefinitions(tree, layout);
  const naming = inferNaming(existing, prefix, layout.exportSuffix, layout.suffixes);
  const bare = unprefixed(names, prefix);
  const fileBase = fileBaseOf(layout, naming, names, bare, opts, suffix);
  const exportName = exportNameOf(spec, naming, names, bare, opts);
  if (opts.fileName === undefined && opts.exportName === undefined)
    notes.push(describeNaming(naming, layout.exportSuffix));
  const file = `${layout.dir}/definitions/${fileBase}${suffix}`;
  const testFile = testFileFor(tree, layout, file);
  const def = {
    kind: layout.kind,
    layout,
    names,
    prefix,
    mcpName,
    fileBase,
    exportName,
    file,
    testFile,
    naming,
    notes,
    warnings,
    problems: new Problems(),
  };
  recordCollisions(tree, existing, def, opts);
  return def;
}

/**
 * Refuses an export name (given or derived) that the rendered definition or its test binds a
 * second time (`expect`, `ctx`, `input`, `z`, `tool`, a service accessor such as `getNcbiService`)
 * or that hides a global (`Promise`, `globalThis`): the file would not compile, or would mean
 * something else.
 */
function refuseTakenExportName(def: NewDefinition, opts: DefinitionOptions, rendered: [string, string][]): void {
  for (const [file, text] of rendered) {
    const why = takenBy(def.exportName, bindsMoreThanOnce(text, def.exportName), file);
    if (!why) continue;
    const flag = opts.exportName === undefined ? 'export name (from the name)' : '--export-name';
    const usual = `${def.names.camel}${def.layout.exportSuffix}`;
    throw nameTaken(flag, def.exportName, why, `--export-name ${usual === def.exportName ? `${usual}Def` : usual}`);
  }
}

/**
 * What the definition file rendered for `def` defines, as its parse reads it: the MCP name its
 * builder's first argument gives, and its one export. Undefined for a kind whose name is an
 * option (a resource's facts hold its URI template too): that file is read when it is next met.
 */
export function generatedDefinitions(def: NewDefinition): FileDefinitions | undefined {
  if (def.layout.nameIn !== 'first-argument') return undefined;
  return packDefinitions(def.layout, [{ name: def.mcpName }], [def.exportName]);
}

/** Renders the definition and its test, registers it, and returns the generator's result. */
export function writeDefinition(
  tree: Tree,
  def: NewDefinition,
  opts: DefinitionOptions,
  templateData: Record<string, unknown>,
  /** The kind's templates for the definition and its test. */
  templates: { definition: URL; test: URL },
): GeneratorResult {
  const data = {
    name: def.mcpName,
    exportName: def.exportName,
    fileBase: def.fileBase,
    moduleTag: def.file.replace(/^src\//, '').replace(/\.ts$/, ''),
    testModuleTag: def.testFile.replace(/\.ts$/, ''),
    testImportPath: testImportPath(tree, def.testFile, def.file),
    ...templateData,
  };
  // New files take the project's line break (templates are LF), so its Biome accepts them.
  const lineWidth = lineWidthOf(tree);
  const rendered: [string, string][] = [[def.file, stamp(render(templates.definition, data, { lineWidth }))]];
  if (opts.test) rendered.push([def.testFile, stamp(render(templates.test, data, { lineWidth }))]);
  refuseTakenExportName(def, opts, rendered);
  for (const [file, text] of rendered) {
    const edited = editedFileProblem(tree, file, text, opts, renameFirst(def.kind, def.mcpName));
    if (edited) def.problems.add(edited);
    tree.write(file, asNewFile(tree, text));
  }
  const facts = generatedDefinitions(def);
  if (facts) rememberDefinitions(tree, def.layout, def.file, facts);

  const result = def.problems.attempt(() =>
    register(
      tree,
      def.layout,
      { exportName: def.exportName, file: def.file },
      { keyOrder: APP_KEY_ORDER, ...(opts.group !== undefined ? { group: opts.group } : {}) },
    ),
  );
  def.warnings.push(...(result?.warnings ?? []));
  if (result && !result.changed)
    def.notes.push(`${def.exportName} was already registered in ${result.files.join(', ')}.`);
  if (result) def.notes.push(...recordInReadme(tree, { kind: def.kind, name: def.mcpName, file: def.file }));

  return {
    notes: def.notes,
    warnings: def.warnings,
    problems: def.problems.list,
    tasks: devcheckTasks(opts.devcheck),
    data: {
      [def.kind]: {
        name: def.mcpName,
        exportName: def.exportName,
        file: def.file,
        testFile: opts.test ? def.testFile : null,
        registeredIn: result?.files ?? [],
        via: result?.via ?? [],
        naming: { file: def.naming.file, export: def.naming.export },
      },
    },
  };
}
