/**
 * `add tool`: renders the tool definition and its test, and registers the export with the app.
 */

import { z } from 'zod';
import { testFileFor, testImportPath } from '../../core/conventions.js';
import {
  existingDefinitions,
  prefixFromPackageName,
  sharedPrefix,
} from '../../core/definitions.js';
import { isScaffoldError } from '../../core/errors.js';
import type { Tree } from '../../core/fs/tree.js';
import { type Names, parseName, safeIdentifier, titleCase } from '../../core/names.js';
import type { Project } from '../../core/project.js';
import { register } from '../../core/registration.js';
import { runDevcheck } from '../../core/tasks.js';
import { render } from '../../core/templates.js';
import type { GeneratorResult } from '../types.js';

export const addToolOptions = z.object({
  name: z.string(),
  description: z.string().optional(),
  title: z.string().optional(),
  readOnly: z.boolean().default(true),
  destructive: z.boolean().default(false),
  idempotent: z.boolean().default(false),
  openWorld: z.boolean().default(false),
  test: z.boolean().default(true),
  force: z.boolean().default(false),
  devcheck: z.boolean().default(true),
});
export type AddToolOptions = z.input<typeof addToolOptions>;

export const TOOLS_DIR = 'src/mcp-server/tools/definitions';

/** The server prefix: what the project's tools share, else what the package name gives. */
export function serverPrefixWithSource(
  tree: Tree,
  project: Project,
): { prefix: string; source: string } | undefined {
  const names = existingDefinitions(tree, 'tool').flatMap((d) => (d.name ? [d.name] : []));
  const shared = sharedPrefix(names);
  if (shared) return { prefix: shared, source: "the project's tools use" };
  const fromPackage = prefixFromPackageName(project.pkg.name);
  return fromPackage ? { prefix: fromPackage, source: `the package name ${project.pkg.name} gives` } : undefined;
}

export function serverPrefix(tree: Tree, project: Project): string | undefined {
  return serverPrefixWithSource(tree, project)?.prefix;
}

/** Whether `names` starts with the server prefix, which may be several words (pubmed_search). */
function hasPrefix(names: Names, prefix: string): boolean {
  return names.snake.startsWith(`${prefix}_`);
}

/** The words of a name without its server prefix: acme_find_items → find, items. */
function unprefixed(names: Names, prefix: string | undefined): string[] {
  // A package-derived prefix can be several words (`pubmed-search-mcp` → pubmed_search): comparing
  // only the first word warned on pubmed_search_articles and left "Search Articles" as its title.
  return prefix && hasPrefix(names, prefix) ? names.words.slice(prefix.split('_').length) : names.words;
}

export function defaultDescription(names: Names, prefix: string | undefined): string {
  const words = unprefixed(names, prefix);
  const sentence = words.join(' ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}. Describe what it returns and when to use it.`;
}

export function addToolGenerator(tree: Tree, project: Project, raw: AddToolOptions): GeneratorResult {
  const opts = addToolOptions.parse(raw);
  const names = parseName(opts.name, 'tool name');
  const notes: string[] = [];
  const warnings: string[] = [];
  if (names.convertedFrom) {
    notes.push(`Converted ${names.convertedFrom} "${names.raw}" to the MCP tool name "${names.snake}".`);
  }
  const found = serverPrefixWithSource(tree, project);
  const prefix = found?.prefix;
  if (found && !hasPrefix(names, found.prefix) && names.snake !== found.prefix) {
    warnings.push(
      `The server prefix ${found.source} is "${found.prefix}_" but "${names.snake}" lacks it; consider "${found.prefix}_${names.snake}".`,
    );
  }

  const fileBase = names.kebab;
  const exportName = safeIdentifier(`${names.camel}Tool`);
  const file = `${TOOLS_DIR}/${fileBase}.tool.ts`;
  const testFile = testFileFor(tree, 'tool', file);
  const title = opts.title ?? titleCase(unprefixed(names, prefix));
  const description = opts.description ?? defaultDescription(names, prefix);
  const destructive = opts.destructive;
  const readOnly = destructive ? false : opts.readOnly;

  // Collisions, all recorded before anything is written.
  for (const def of existingDefinitions(tree, 'tool')) {
    if (def.file === file) continue;
    if (def.name === names.snake) {
      tree.problem({ code: 'ALREADY_EXISTS', path: def.file, message: `a tool named ${names.snake} is already defined here` });
    }
    if (def.exports.includes(exportName)) {
      tree.problem({ code: 'ALREADY_EXISTS', path: def.file, message: `the export ${exportName} already exists here` });
    }
  }
  const targets = opts.test ? [file, testFile] : [file];
  for (const target of targets) {
    if (tree.exists(target) && !opts.force) {
      tree.problem({
        code: 'ALREADY_EXISTS',
        path: target,
        message: 'file already exists',
        hint: 'Pass --force to rewrite it (the registration is never duplicated).',
      });
    }
  }

  const data = {
    name: names.snake,
    exportName,
    fileBase,
    title,
    description,
    readOnly,
    destructive,
    idempotent: opts.idempotent,
    openWorld: opts.openWorld,
    moduleTag: file.replace(/^src\//, '').replace(/\.ts$/, ''),
    testModuleTag: testFile.replace(/\.ts$/, ''),
    testImportPath: testImportPath(tree, testFile, file),
  };
  tree.write(file, render('tool/tool.ts.hbs', data));
  if (opts.test) tree.write(testFile, render('tool/tool.test.ts.hbs', data));

  let registeredIn: string | undefined;
  try {
    const result = register(tree, { kind: 'tool', exportName, file });
    registeredIn = result.file;
    if (!result.changed) notes.push(`${exportName} was already registered in ${result.file}.`);
  } catch (e) {
    if (!isScaffoldError(e)) throw e;
    const detail = e.details[0];
    tree.problem({
      code: e.code,
      message: detail?.message ?? e.message,
      ...(detail?.path ? { path: detail.path } : {}),
      ...(detail?.line ? { line: detail.line } : {}),
      ...(e.hint ? { hint: e.hint } : {}),
    });
  }

  return {
    notes,
    warnings,
    tasks: opts.devcheck ? [{ title: 'devcheck', run: ({ project: p, reporter }) => runDevcheck(p, reporter) }] : [],
    data: { tool: { name: names.snake, exportName, file, testFile: opts.test ? testFile : null, registeredIn: registeredIn ?? null } },
  };
}
