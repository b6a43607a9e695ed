/**
 * Where a project keeps things, inferred from what it already has, with the framework's layout
 * as the default.
 */

import path from 'node:path';
import { type DefinitionKind, KIND_INFO } from './definitions.js';
import type { Tree } from './fs/tree.js';

/**
 * The test file for a definition file: `tests/<kind>s/<file>.test.ts` (the framework's layout),
 * or the mirror of src/ when the project's tests already mirror it.
 */
export function testFileFor(tree: Tree, kind: DefinitionKind, definitionFile: string): string {
  const base = path.posix.basename(definitionFile).replace(/\.ts$/, '.test.ts');
  const flat = `tests/${KIND_INFO[kind].testsDir}`;
  const mirrored = `tests/${path.posix.dirname(definitionFile).replace(/^src\//, '')}`;
  if (tree.listFiles(flat).length === 0 && tree.listFiles(mirrored).length > 0) {
    return `${mirrored}/${base}`;
  }
  return `${flat}/${base}`;
}

/** Whether tests can import `@/…` (the vitest config maps the alias), as the framework's does. */
export function testsUseAlias(tree: Tree): boolean {
  return ['vitest.config.ts', 'vitest.config.mts', 'vitest.config.js', 'vitest.config.mjs'].some(
    (f) => /['"]@\/['"]|['"]@\/\*['"]|find:\s*\/\^@\\\//.test(tree.read(f) ?? ''),
  );
}

/** How a test file imports the definition: `@/…js` where the alias works, else a relative path. */
export function testImportPath(tree: Tree, testFile: string, definitionFile: string): string {
  const target = definitionFile.replace(/\.ts$/, '.js');
  if (testsUseAlias(tree)) return `@/${path.posix.relative('src', target)}`;
  const rel = path.posix.relative(path.posix.dirname(testFile), target);
  return rel.startsWith('.') ? rel : `./${rel}`;
}
