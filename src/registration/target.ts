/**
 * The definition a `remove`, `rename` or `add test` names: found in the project's inventory (as
 * `list` sees it) by its MCP name, its export name or its file, with the files that are its own
 * (a service: its folder) and its tests.
 */

import path from 'node:path';
import { ScaffoldError } from '../engine/errors.js';
import type { Tree } from '../engine/tree.js';
import { moduleShape } from '../ts/module-graph.js';
import { ownExportsOf } from '../ts/reference-facts.js';
import { type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { testFileFor } from './conventions.js';
import { type FoundDefinition, type FoundDefinitions, foundDefinitions } from './found-definitions.js';
import { type DefinitionLayout, type ServiceLayout, serviceDirs } from './layout.js';

export interface DefinitionTarget {
  kind: string;
  def: FoundDefinition;
  /** Its layout; undefined for a service (see the service layout). */
  layout: DefinitionLayout | undefined;
  /** The files that are the definition's own: its file (a service: every file of its folder). */
  files: string[];
  /** Its test files that exist. */
  tests: string[];
}

/** The test files a definition file has, in either layout the project's tests use. */
export function existingTests(tree: Tree, layout: DefinitionLayout, file: string): string[] {
  const base = path.posix.basename(file).replace(/\.ts$/, '.test.ts');
  const candidates = [
    testFileFor(tree, layout, file),
    `tests/${layout.testsDir}/${base}`,
    `tests/${path.posix.dirname(file).replace(/^src\//, '')}/${base}`,
  ];
  return [...new Set(candidates)].filter((f) => tree.isFile(f));
}

function matches(def: FoundDefinition, wanted: string): boolean {
  // `acme-item` and `acme_item` name the same resource: kebab and snake are one name to a person.
  const same = (a: string | null) => a !== null && a.replaceAll('-', '_') === wanted.replaceAll('-', '_');
  const base = () => path.posix.basename(def.file).replace(/\..*$/, '');
  return same(def.name) || def.exportName === wanted || def.file === wanted || base() === wanted;
}

/**
 * The one definition of `kind` called `wanted` among the `layouts`' definitions and the services
 * of `services` (`inv`: those the project has); NOT_FOUND (with what there is) when none is.
 */
export function findTarget(
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  kind: string,
  wanted: string,
  services: ServiceLayout | undefined,
  inv: FoundDefinitions = foundDefinitions(tree, layouts, services).result,
): DefinitionTarget {
  const ofKind = inv.definitions.filter((d) => d.kind === kind);
  const found = ofKind.filter((d) => matches(d, wanted));
  if (found.length === 0) {
    const names = ofKind.map((d) => d.name ?? d.exportName ?? d.file);
    throw new ScaffoldError('NOT_FOUND', `No ${kind} named \`${wanted}\` in this project.`, {
      hint:
        names.length > 0 ? `The ${kind}s it has: ${names.join(', ')}.` : `It has no ${kind}s (\`mcp-scaffold list\`).`,
    });
  }
  const def = found[0]!;
  const inFile = inv.definitions.filter((d) => d.file === def.file);
  if (found.length > 1 || inFile.length > 1) {
    throw new ScaffoldError(
      'UNSUPPORTED_LAYOUT',
      `${def.file} holds ${inFile.length} definitions; cannot take one out of a shared file safely.`,
      {
        hint: 'Move each definition into a file of its own, then run the command again.',
        details: inFile.map((d) => ({ path: d.file, message: `${d.kind} ${d.name ?? d.exportName}` })),
      },
    );
  }
  const layout = layouts.find((l) => l.kind === kind);
  if (services && kind === services.kind) {
    const dirs = serviceDirs(services, def.name!);
    return { kind, def, layout, files: tree.listFiles(dirs.src), tests: tree.listFiles(dirs.tests) };
  }
  return { kind, def, layout, files: [def.file], tests: layout ? existingTests(tree, layout, def.file) : [] };
}

/** Every name a module exports of its own (declared and exported, or in a local `export { … }`). */
export function ownExports(sf: TsMorph.SourceFile): string[] {
  return ownExportsOf(moduleShape(tsMorph().ts, sf.compilerNode));
}

/** The test file a listed definition (or service of `services`) has, or null: what `list` marks as missing. */
export function testOf(
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  def: FoundDefinition,
  services?: ServiceLayout,
): string | null {
  const layout = layouts.find((l) => l.kind === def.kind);
  if (layout) return existingTests(tree, layout, def.file)[0] ?? null;
  if (services === undefined || def.kind !== services.kind || def.name === null) return null;
  return tree.listFiles(serviceDirs(services, def.name).tests).find((f) => f.endsWith('.test.ts')) ?? null;
}

/**
 * testOf for many definitions: the test folders are listed once, not once per definition (a
 * thousand definitions made as many walks of tests/). The tree is not changed meanwhile.
 */
export function testsOf(
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  services?: ServiceLayout,
): (def: FoundDefinition) => string | null {
  const listed = new Map<string, string[]>();
  // The tree, with each folder's listing remembered; everything else it answers as before.
  const view = Object.create(tree) as Tree;
  view.listFiles = (dir: string) => {
    let files = listed.get(dir);
    if (!files) {
      files = tree.listFiles(dir);
      listed.set(dir, files);
    }
    return files;
  };
  return (def) => testOf(view, layouts, def, services);
}
