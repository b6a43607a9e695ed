/**
 * What every `add tool|resource|prompt` shares: naming by the project's habits, collision checks,
 * rendering the definition and its test, and registration wherever the project lists its
 * definitions. The kind-specific generators supply the MCP name and the template data.
 */

import { z } from 'zod';
import { ScaffoldError } from '../engine/errors.js';
import { devcheckTasks, type GeneratorResult } from '../engine/generator.js';
import type { Tree } from '../engine/tree.js';
import { describeNaming, inferNaming, type Naming, testFileFor, testImportPath } from '../project/conventions.js';
import { asNewFile } from '../project/formatter.js';
import type { Project } from '../project/project.js';
import { existingDefinitions, prefixFromPackageName, sharedPrefix } from '../registration/definitions.js';
import type { DefinitionLayout } from '../registration/layout.js';
import { register } from '../registration/register.js';
import { camelCase, type Names, parseName, safeIdentifier } from '../text/names.js';
import { render } from '../text/templates.js';
import { promptLayout } from './prompt/layout.js';
import { resourceLayout } from './resource/layout.js';
import { toolLayout } from './tool/layout.js';

export type DefinitionKind = 'tool' | 'resource' | 'prompt';

/** Each kind's layout, in the order createApp's keys go (tools, resources, prompts). */
export const LAYOUTS: Record<DefinitionKind, DefinitionLayout> = {
  tool: toolLayout,
  resource: resourceLayout,
  prompt: promptLayout,
};

/** Options every `add <definition>` takes; one schema, extended per kind. */
export const definitionOptions = z.object({
  name: z.string(),
  description: z.string().optional(),
  title: z.string().optional(),
  test: z.boolean().default(true),
  force: z.boolean().default(false),
  devcheck: z.boolean().default(true),
  fileName: z.string().optional(),
  exportName: z.string().optional(),
  group: z.string().optional(),
});
export type DefinitionOptions = z.output<typeof definitionOptions>;

export const SUFFIX: Record<DefinitionKind, string> = { tool: 'Tool', resource: 'Resource', prompt: 'Prompt' };

/** The server prefix: what the project's tools share, else what the package name gives. */
export function serverPrefixWithSource(tree: Tree, project: Project): { prefix: string; source: string } | undefined {
  const names = existingDefinitions(tree, toolLayout).flatMap((d) => (d.name ? [d.name] : []));
  const shared = sharedPrefix(names);
  if (shared) return { prefix: shared, source: "the project's tools use" };
  const fromPackage = prefixFromPackageName(project.pkg.name);
  return fromPackage ? { prefix: fromPackage, source: `the package name ${project.pkg.name} gives` } : undefined;
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

export interface DefinitionPlan {
  kind: DefinitionKind;
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
}

/**
 * Names, paths and collision checks for a new definition. Problems are recorded in the tree;
 * bad input (a name or an override that cannot be used) throws before anything is planned.
 */
export function planDefinition(
  tree: Tree,
  project: Project,
  kind: DefinitionKind,
  opts: DefinitionOptions,
  mcpNameOf: (names: Names) => string,
  /** The file suffix, when not the kind's first (`.app-tool.ts`, `.app-resource.ts`). */
  suffix: string = LAYOUTS[kind].suffixes[0]!,
): DefinitionPlan {
  const info = LAYOUTS[kind];
  const names = parseName(opts.name, `${kind} name`);
  // `--description "$DESC"` with an empty variable used to write `description: ''`: a definition
  // the model cannot choose by, which nothing flagged. Empty text is a mistake, not a choice.
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
  const notes: string[] = [];
  const warnings: string[] = [];
  const mcpName = mcpNameOf(names);
  // A kebab-case resource name is already its MCP name (resources are kebab-case): nothing converted.
  if (names.convertedFrom && mcpName !== names.raw)
    notes.push(`Converted ${names.convertedFrom} "${names.raw}" to the MCP ${kind} name "${mcpName}".`);
  const found = serverPrefixWithSource(tree, project);
  const prefix = found?.prefix;
  if (found && !hasPrefix(names, found.prefix) && names.snake !== found.prefix) {
    const suggestion = mcpNameOf(parseName(`${found.prefix}_${names.snake}`, `${kind} name`, Number.POSITIVE_INFINITY));
    warnings.push(
      `The server prefix ${found.source} is "${found.prefix}_" but "${mcpName}" lacks it; consider "${suggestion}".`,
    );
  }

  const existing = existingDefinitions(tree, info);
  const naming = inferNaming(existing, prefix, SUFFIX[kind], info.suffixes);
  const bare = unprefixed(names, prefix);
  let fileBase = naming.file === 'unprefixed' ? bare.join('-') : names.kebab;
  if (opts.fileName !== undefined) {
    const wanted = opts.fileName.replace(new RegExp(`${suffix.replace(/\./g, '\\.')}$`), '');
    if (!/^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)*$/.test(wanted)) {
      throw new ScaffoldError(
        'OPTION_INVALID',
        `Invalid --file-name ${JSON.stringify(opts.fileName)}: use kebab-case, e.g. find-items.`,
        {
          hint: `The file is written as <file-name>${suffix} in ${info.dir}/definitions/.`,
        },
      );
    }
    fileBase = wanted;
  }
  const exportBase = naming.export.startsWith('unprefixed') ? camelCase(bare) : names.camel;
  let exportName = safeIdentifier(naming.export.endsWith('+suffix') ? `${exportBase}${SUFFIX[kind]}` : exportBase);
  if (opts.exportName !== undefined) {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(opts.exportName) || safeIdentifier(opts.exportName) !== opts.exportName) {
      throw new ScaffoldError(
        'OPTION_INVALID',
        `Invalid --export-name ${JSON.stringify(opts.exportName)}: it must be a JavaScript identifier that is not a reserved word or a name the file imports.`,
        {
          hint: `e.g. --export-name ${names.camel}${SUFFIX[kind]}`,
        },
      );
    }
    exportName = opts.exportName;
  }
  if (opts.fileName === undefined && opts.exportName === undefined) notes.push(describeNaming(naming, SUFFIX[kind]));

  const file = `${info.dir}/definitions/${fileBase}${suffix}`;
  const testFile = testFileFor(tree, info, file);

  // Collisions, all recorded before anything is written.
  for (const def of existing) {
    if (def.file === file) continue;
    if (def.name === mcpName) {
      tree.problem({
        code: 'ALREADY_EXISTS',
        path: def.file,
        message: `a ${kind} named ${mcpName} is already defined here`,
      });
    }
    if (def.exports.includes(exportName)) {
      tree.problem({ code: 'ALREADY_EXISTS', path: def.file, message: `the export ${exportName} already exists here` });
    }
  }
  for (const target of opts.test ? [file, testFile] : [file]) {
    if (tree.exists(target) && !opts.force) {
      tree.problem({
        code: 'ALREADY_EXISTS',
        path: target,
        message: 'file already exists',
        hint: 'Pass --force to rewrite it (the registration is never duplicated).',
      });
    }
  }
  return { kind, names, prefix, mcpName, fileBase, exportName, file, testFile, naming, notes, warnings };
}

/** Renders the definition and its test, registers it, and returns the generator's result. */
export function writeDefinition(
  tree: Tree,
  plan: DefinitionPlan,
  opts: DefinitionOptions,
  templateData: Record<string, unknown>,
  /** The kind's templates for the definition and its test. */
  templates: { definition: URL; test: URL },
): GeneratorResult {
  const data = {
    name: plan.mcpName,
    exportName: plan.exportName,
    fileBase: plan.fileBase,
    moduleTag: plan.file.replace(/^src\//, '').replace(/\.ts$/, ''),
    testModuleTag: plan.testFile.replace(/\.ts$/, ''),
    testImportPath: testImportPath(tree, plan.testFile, plan.file),
    ...templateData,
  };
  // New files take the project's line break (templates are LF), so its Biome accepts them.
  tree.write(plan.file, asNewFile(tree, render(templates.definition, data)));
  if (opts.test) tree.write(plan.testFile, asNewFile(tree, render(templates.test, data)));

  const result = tree.attempt(() =>
    register(
      tree,
      LAYOUTS[plan.kind],
      { exportName: plan.exportName, file: plan.file },
      {
        keyOrder: Object.values(LAYOUTS).map((l) => l.appKey),
        ...(opts.group !== undefined ? { group: opts.group } : {}),
      },
    ),
  );
  plan.warnings.push(...(result?.warnings ?? []));
  if (result && !result.changed)
    plan.notes.push(`${plan.exportName} was already registered in ${result.files.join(', ')}.`);

  return {
    notes: plan.notes,
    warnings: plan.warnings,
    tasks: devcheckTasks(opts.devcheck),
    data: {
      [plan.kind]: {
        name: plan.mcpName,
        exportName: plan.exportName,
        file: plan.file,
        testFile: opts.test ? plan.testFile : null,
        registeredIn: result?.files ?? [],
        via: result?.via ?? [],
        naming: { file: plan.naming.file, export: plan.naming.export },
      },
    },
  };
}
