/**
 * Where a project keeps things, inferred from what it already has, with the framework's layout
 * as the default.
 */

import path from 'node:path';
import type { Tree } from '../engine/tree.js';
import { camelCase } from '../text/names.js';
import { moduleSpecifier } from '../ts/modules.js';
import type { DefinitionLayout } from './layout.js';

/**
 * The test file for a definition file: `tests/<kind>s/<file>.test.ts` (the framework's layout),
 * or the mirror of src/ when the project's tests already mirror it.
 */
export function testFileFor(tree: Tree, layout: DefinitionLayout, definitionFile: string): string {
  const base = path.posix.basename(definitionFile).replace(/\.ts$/, '.test.ts');
  const flat = `tests/${layout.testsDir}`;
  const mirrored = `tests/${path.posix.dirname(definitionFile).replace(/^src\//, '')}`;
  if (tree.listFiles(flat).length === 0 && tree.listFiles(mirrored).length > 0) {
    return `${mirrored}/${base}`;
  }
  return `${flat}/${base}`;
}

/** Whether tests can import `@/…` (the vitest config maps the alias), as the framework's does. */
function testsUseAlias(tree: Tree): boolean {
  return ['vitest.config.ts', 'vitest.config.mts', 'vitest.config.js', 'vitest.config.mjs'].some((f) =>
    /['"]@\/['"]|['"]@\/\*['"]|find:\s*\/\^@\\\//.test(tree.read(f) ?? ''),
  );
}

/** How a test file imports the definition: `@/…js` where the alias works, else a relative path. */
export function testImportPath(tree: Tree, testFile: string, definitionFile: string): string {
  return moduleSpecifier(testFile, definitionFile, testsUseAlias(tree) ? 'alias' : 'relative');
}

/** How a file under src/ imports another: the `@/` alias where the project's tsconfig maps it. */
export function srcImportPath(tree: Tree, fromFile: string, toFile: string): string {
  const alias = /"@\/\*"\s*:/.test(tree.read('tsconfig.json') ?? '');
  return moduleSpecifier(fromFile, toFile, alias ? 'alias' : 'relative');
}

export type FileNaming = 'full' | 'unprefixed';
export type ExportNaming = 'full+suffix' | 'unprefixed+suffix' | 'full' | 'unprefixed';

export interface Naming {
  file: FileNaming;
  export: ExportNaming;
  /**
   * How many existing definitions voted for the winning file/export forms, out of how many; and
   * how many named definitions there were at all (the framework's starters have names but no vote).
   */
  evidence: { file: number; export: number; total: number; seen: number };
}

const kebab = (words: string[]) => words.join('-');

/**
 * The project's naming habits for a kind, read off the definitions it has: is the file named
 * after the full MCP name or without the server prefix, and is the export camelCase with or
 * without the prefix and the kind's suffix. The majority wins; a definition that fits no form
 * (the framework's `template_echo_message` in `echo.tool.ts`) does not vote. With no votes, the
 * framework's defaults: full name, camelCase + suffix.
 */
export function inferNaming(
  existing: readonly { file: string; name: string | undefined; exports: readonly string[] }[],
  prefix: string | undefined,
  suffix: string,
  fileSuffixes: string[],
): Naming {
  const fileVotes = { full: 0, unprefixed: 0 };
  const exportVotes: Record<ExportNaming, number> = {
    'full+suffix': 0,
    'unprefixed+suffix': 0,
    full: 0,
    unprefixed: 0,
  };
  let total = 0;
  let seen = 0;
  // Made once, not once per definition: a thousand definitions made as many regular expressions.
  const suffixes = new RegExp(`(${fileSuffixes.map((s) => s.replace(/\./g, '\\.')).join('|')})$`);
  const prefixWords = prefix?.split('_') ?? [];
  for (const def of existing) {
    if (!def.name) continue;
    seen++;
    const words = def.name.split(/[_-]/).filter(Boolean);
    const hasPrefix =
      prefixWords.length > 0 && prefixWords.every((w, i) => words[i] === w) && words.length > prefixWords.length;
    const bare = hasPrefix ? words.slice(prefixWords.length) : undefined;
    // Definition files are listed paths: no trailing slash, so the name is all after the last one.
    const base = def.file.slice(def.file.lastIndexOf('/') + 1).replace(suffixes, '');
    let voted = false;
    if (base === kebab(words)) {
      fileVotes.full++;
      voted = true;
    } else if (bare && base === kebab(bare)) {
      fileVotes.unprefixed++;
      voted = true;
    }
    const form = exportFormOf(def.exports, words, bare, suffix);
    if (form) {
      exportVotes[form]++;
      voted = true;
    }
    if (voted) total++;
  }
  const file: FileNaming = fileVotes.unprefixed > fileVotes.full ? 'unprefixed' : 'full';
  const exportForm = (Object.entries(exportVotes) as [ExportNaming, number][]).reduce(
    (best, cur) => (cur[1] > best[1] ? cur : best),
    ['full+suffix', exportVotes['full+suffix']] as [ExportNaming, number],
  )[0];
  return {
    file,
    export: exportForm,
    evidence: { file: fileVotes[file], export: exportVotes[exportForm], total, seen },
  };
}

/**
 * The first of the export forms a definition's exports hold (full+suffix, unprefixed+suffix, full,
 * unprefixed): each name spelled once, the bare one only when the full one is not exported.
 */
function exportFormOf(
  exports: readonly string[],
  words: readonly string[],
  bare: readonly string[] | undefined,
  suffix: string,
): ExportNaming | undefined {
  const full = camelCase(words);
  if (exports.includes(full + suffix)) return 'full+suffix';
  const short = bare && camelCase(bare);
  if (short !== undefined && exports.includes(short + suffix)) return 'unprefixed+suffix';
  if (exports.includes(full)) return 'full';
  if (short !== undefined && exports.includes(short)) return 'unprefixed';
  return undefined;
}

export function describeNaming(n: Naming, kind: string): string {
  const fileText = n.file === 'full' ? 'file named after the full name' : 'file named without the server prefix';
  const exportText = {
    'full+suffix': `export camelCase + ${kind}`,
    'unprefixed+suffix': `export without the prefix, camelCase + ${kind}`,
    full: 'export camelCase of the full name',
    unprefixed: 'export camelCase without the prefix',
  }[n.export];
  const { total, seen } = n.evidence;
  const kinds = `${kind.toLowerCase()}${seen === 1 ? '' : 's'}`;
  if (total === 0 && seen > 0)
    return `Naming: the framework's defaults (${fileText}, ${exportText}); ${seen} existing ${kinds}, but none named after its MCP name, so no habit to follow.`;
  return total === 0
    ? `Naming: the framework's defaults (${fileText}, ${exportText}); the project has no ${kind.toLowerCase()}s to learn from.`
    : `Naming: ${fileText}, ${exportText} (as ${Math.max(n.evidence.file, n.evidence.export)} of ${n.evidence.total} existing ${kind.toLowerCase()}s do).`;
}
