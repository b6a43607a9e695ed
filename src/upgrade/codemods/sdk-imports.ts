/**
 * 0.12 depends on `@modelcontextprotocol/server` and `/client` 2.x instead of
 * `@modelcontextprotocol/sdk` 1.x. An import from a 1.x module moves to the 2.x entry that exports
 * every name it takes (a file that imports the client takes the shared types from the client
 * too); an import of a name no 2.x entry has, of a whole namespace, or of a 1.x module not in the
 * table is refused with its line.
 */

import type { Problem } from '../../engine/problems.js';
import { applyEdits, type TextEdit } from '../../ts/text-edits.js';
import { parseSource, type TsMorph } from '../../ts/ts-morph.js';
import { SDK_MODULES, SPLIT_SDK_EXPORTS } from '../sdk-exports.js';

const SDK = '@modelcontextprotocol/sdk/';

/** The import's bound names as the module exports them (`{ A as B }` → A). */
function importedNames(decl: TsMorph.ImportDeclaration): string[] | undefined {
  if (decl.getNamespaceImport() || decl.getDefaultImport()) return undefined;
  return decl.getNamedImports().map((n) => n.getName());
}

function refuse(file: string, decl: TsMorph.ImportDeclaration, why: string): Problem {
  return {
    code: 'UNSUPPORTED_LAYOUT',
    path: file,
    line: decl.getStartLineNumber(),
    message: `${decl.getModuleSpecifierValue()}: ${why}`,
    hint: 'Import it from @modelcontextprotocol/server or @modelcontextprotocol/client (2.x) by hand, then run upgrade again.',
  };
}

/** The 2.x entry for one import, or why there is none. */
function targetOf(decl: TsMorph.ImportDeclaration, prefersClient: boolean): { entry: string } | { why: string } {
  const sub = decl.getModuleSpecifierValue().slice(SDK.length);
  const entries = SDK_MODULES[sub];
  if (!entries) return { why: `no 2.x entry is known for sdk/${sub}` };
  const names = importedNames(decl);
  if (!names) return { why: 'a default or namespace import, whose names cannot be checked' };
  const ordered = prefersClient ? [...entries].reverse() : entries;
  const entry = ordered.find((e) => names.every((n) => SPLIT_SDK_EXPORTS[e]?.has(n)));
  if (entry) return { entry };
  const missing = names.filter((n) => !entries.some((e) => SPLIT_SDK_EXPORTS[e]?.has(n)));
  const which = missing.join(', ') || 'these names together';
  return { why: `${which} ${missing.length === 1 ? 'is' : 'are'} not exported by ${entries.join(' or ')}` };
}

/** Every 1.x SDK import of a file moved to the split packages, or the problems that stop it. */
export function moveSdkImports(file: string, source: string): { text: string; problems: Problem[] } {
  if (!source.includes(SDK)) return { text: source, problems: [] };
  const sf = parseSource(file, source);
  const decls = sf.getImportDeclarations().filter((d) => d.getModuleSpecifierValue().startsWith(SDK));
  const prefersClient = decls.some((d) => d.getModuleSpecifierValue().startsWith(`${SDK}client/`));
  const problems: Problem[] = [];
  const edits: TextEdit[] = [];
  for (const decl of decls) {
    const target = targetOf(decl, prefersClient);
    if ('why' in target) {
      problems.push(refuse(file, decl, target.why));
      continue;
    }
    const spec = decl.getModuleSpecifier();
    const quote = spec.getText()[0];
    edits.push({ pos: spec.getStart(), end: spec.getEnd(), text: `${quote}${target.entry}${quote}` });
  }
  return problems.length > 0 ? { text: source, problems } : { text: applyEdits(source, edits), problems };
}

/** The 2.x packages a project that depended on the 1.x SDK itself now needs, from its imports. */
export function splitPackagesUsed(sources: string[]): string[] {
  const used = new Set<string>();
  for (const text of sources) {
    for (const m of text.matchAll(/from\s+['"](@modelcontextprotocol\/(?:server|client))(?:\/[\w-]+)?['"]/g))
      used.add(m[1]!);
  }
  return [...used].sort();
}
