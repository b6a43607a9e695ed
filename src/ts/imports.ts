/**
 * ensureNamedImport / ensureNamedReExport: make `import { name } from 'specifier'` (or
 * `export { name } from …`) present, idempotently, placed where Biome's organizeImports puts it;
 * and which path style (`./…` or `@/…`) a file already uses.
 */

import { DEFAULT_LINE_WIDTH } from '../project/formatter.js';
import { compareImportSources } from './import-order.js';
import {
  type ExportNode,
  exportNodes,
  type ImportNode,
  importNodes,
  isTypeOnly,
  namedExportNodes,
  namedImportNodes,
  specifierLocal,
  specifierName,
  specifierOf,
} from './statements.js';
import {
  eolOf,
  indentAt,
  indentUnitOf,
  lineEnd,
  lineStart,
  restOfLine,
  startWithLeadingComments,
  type TextEdit,
} from './text-edits.js';
import { type TsMorph, tsMorph, wrap } from './ts-morph.js';

type ImportDecl = TsMorph.ImportDeclaration;
type ModuleNode = ImportNode | ExportNode;
type Specifier = TsMorph.ImportSpecifier | TsMorph.ExportSpecifier;

/**
 * Runs of consecutive imports (or of consecutive `export … from` statements): Biome sorts within
 * such a run, blank lines included, and keeps imports and re-exports apart. On the compiler's
 * nodes: a file importing a thousand definitions has a thousand statements to look at.
 */
function chunks(sf: TsMorph.SourceFile, kind: 'import' | 'export'): ModuleNode[][] {
  const { ts } = tsMorph();
  const out: ModuleNode[][] = [];
  let current: ModuleNode[] = [];
  for (const statement of sf.compilerNode.statements) {
    const member =
      kind === 'import'
        ? ts.isImportDeclaration(statement)
        : ts.isExportDeclaration(statement) && specifierOf(statement) !== undefined;
    if (member) current.push(statement as ModuleNode);
    else if (current.length > 0) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

const specifierText = (d: ModuleNode): string => specifierOf(d) ?? '';

/** How the file refers to files under src/: `./`-relative or via the `@/` alias. */
export function pathStyleOf(sf: TsMorph.SourceFile): 'relative' | 'alias' | undefined {
  let relative = 0;
  let alias = 0;
  for (const d of importNodes(sf)) {
    const s = specifierText(d);
    if (s.startsWith('@/')) alias++;
    else if (s.startsWith('.')) relative++;
  }
  if (relative === 0 && alias === 0) return undefined;
  return alias > relative ? 'alias' : 'relative';
}

/** What one local name is bound to by an import of the file. */
interface ImportBinding {
  decl: ImportNode;
  /** For `import { name as local }`: the imported name; undefined for default and namespace imports. */
  imported: string | undefined;
}

/**
 * Every local name the file's imports bind, built once per parse: registration looks names up
 * once per array element and `list` once per entry, which over a thousand imports made a linear
 * scan per lookup the bulk of the run. Keyed by the compiler's node, which a re-parse replaces.
 */
const bindingsByFile = new WeakMap<object, Map<string, ImportBinding>>();

function importBindings(sf: TsMorph.SourceFile): Map<string, ImportBinding> {
  let map = bindingsByFile.get(sf.compilerNode);
  if (map) return map;
  map = new Map();
  const { ts } = tsMorph();
  for (const decl of importNodes(sf)) {
    const add = (local: string | undefined, imported: string | undefined) => {
      // The first import binding a name wins, as the linear scan it replaces found it.
      if (local !== undefined && !map!.has(local)) map!.set(local, { decl, imported });
    };
    const clause = decl.importClause;
    add(clause?.name?.getText(sf.compilerNode), undefined);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) add(bindings.name.getText(sf.compilerNode), undefined);
    for (const n of namedImportNodes(decl)) add(specifierLocal(sf, n), specifierName(sf, n));
  }
  bindingsByFile.set(sf.compilerNode, map);
  return map;
}

export function hasNamedImport(sf: TsMorph.SourceFile, name: string, specifier: string): boolean {
  return importNodes(sf).some(
    (d) => specifierOf(d) === specifier && namedImportNodes(d).some((n) => specifierLocal(sf, n) === name),
  );
}

/** Any import, of any module, that binds `name` in this file. */
export function importedBinding(sf: TsMorph.SourceFile, name: string): ImportDecl | undefined {
  const decl = importBindings(sf).get(name)?.decl;
  return decl ? wrap(sf, decl) : undefined;
}

/** The module of the import that binds `name` in this file (importedBinding's module specifier). */
export function importedFrom(sf: TsMorph.SourceFile, name: string): string | undefined {
  const decl = importBindings(sf).get(name)?.decl;
  return decl ? specifierText(decl) : undefined;
}

/** The named import that binds `local` here (`import { name as local }`): its imported name and module. */
export function namedImport(
  sf: TsMorph.SourceFile,
  local: string,
): { name: string; specifier: string; node: ImportDecl } | undefined {
  const binding = importBindings(sf).get(local);
  if (binding?.imported === undefined) return undefined;
  return { name: binding.imported, specifier: specifierText(binding.decl), node: wrap(sf, binding.decl) };
}

/**
 * Where a statement starts, counting the comment lines just above it that belong to it: they stay
 * with it when something is inserted before it. But the file's header comment leads its first
 * statement: it stays on top even when no blank line separates it (a header block comment is
 * never the first statement's own comment).
 */
function ownStart(sf: TsMorph.SourceFile, source: string, node: TsMorph.Statement): number {
  const ranges = node.getLeadingCommentRanges();
  const isFirst = sf.compilerNode.statements[0] === node.compilerNode;
  const own = isFirst && ranges[0] && source.startsWith('/*', ranges[0].getPos()) ? ranges.slice(1) : ranges;
  return startWithLeadingComments(source, { getStart: () => node.getStart(), getLeadingCommentRanges: () => own });
}

/**
 * Adds `name` into the braces of an existing `import { … }` / `export { … }`, in Biome's order.
 * Braces laid out one name per line stay that way.
 */
export function addToNamedList(
  decl: TsMorph.Node,
  named: Specifier[],
  name: string,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  const source = decl.getSourceFile().getFullText();
  const eol = eolOf(source);
  if (named.length === 0) {
    const open = source.indexOf('{', decl.getStart());
    const close = source.indexOf('}', open);
    return [{ pos: open + 1, end: close, text: ` ${name} ` }];
  }
  const after = [...named].reverse().find((n) => compareImportSources(n.getName(), name) < 0);
  const multiline = source.slice(decl.getStart(), named[0]!.getStart()).includes('\n');
  if (!multiline) {
    // A one-line list that the new name pushes past the line width: Biome lays it out one name
    // per line with a trailing comma (it did not before, and `biome check` then failed on it).
    const open = source.indexOf('{', decl.getStart());
    const close = source.indexOf('}', named[named.length - 1]!.getEnd());
    const inner = source.slice(open + 1, close);
    const grown = lineEnd(source, decl.getEnd()) - lineStart(source, decl.getStart()) + name.length + 2;
    if (grown > lineWidth && !/\/\/|\/\*/.test(inner)) {
      const texts = named.map((n) => n.getText());
      texts.splice(after ? named.indexOf(after) + 1 : 0, 0, name);
      const indent = indentAt(source, decl.getStart());
      const unit = indentUnitOf(source);
      return [
        {
          pos: open + 1,
          end: close,
          text: `${eol}${texts.map((t) => `${indent}${unit}${t},${eol}`).join('')}${indent}`,
        },
      ];
    }
  }
  if (multiline) {
    if (!after) {
      const first = named[0]!;
      return [
        { pos: lineStart(source, first.getStart()), text: `${indentAt(source, first.getStart())}${name},${eol}` },
      ];
    }
    const rest = restOfLine(source, after.getEnd());
    if (rest) {
      const isLast = after === named[named.length - 1];
      const edits: TextEdit[] = [
        {
          pos: rest.end,
          text: `${eol}${indentAt(source, after.getStart())}${name}${rest.comma || !isLast ? ',' : ''}`,
        },
      ];
      if (!rest.comma) edits.unshift({ pos: after.getEnd(), text: ',' });
      return edits;
    }
  }
  return after ? [{ pos: after.getEnd(), text: `, ${name}` }] : [{ pos: named[0]!.getStart(), text: `${name}, ` }];
}

/** A new `import`/`export … from` statement, in the chunk of its kind where Biome sorts it. */
function placeStatement(
  sf: TsMorph.SourceFile,
  kind: 'import' | 'export',
  specifier: string,
  statement: string,
): TextEdit[] {
  const source = sf.getFullText();
  const eol = eolOf(source);
  const all = chunks(sf, kind);
  if (all.length === 0) {
    if (kind === 'export') {
      // First re-export: its own chunk after the imports (Biome keeps a blank line between).
      const imports = chunks(sf, 'import');
      const lastImport = imports[imports.length - 1]?.at(-1);
      if (lastImport) return [{ pos: lineEnd(source, lastImport.end), text: `${eol}${eol}${statement}` }];
    }
    // No imports yet: the new one goes before the first statement, after any header comment.
    const first = sf.compilerNode.statements[0];
    if (!first)
      return [{ pos: source.length, text: `${source.endsWith('\n') || source === '' ? '' : eol}${statement}${eol}` }];
    return [{ pos: ownStart(sf, source, wrap(sf, first)), text: `${statement}${eol}${eol}` }];
  }
  // Join the chunk that already holds statements of the same path style, else the last chunk.
  const sameKind = (d: ModuleNode) => specifierText(d).startsWith(specifier.startsWith('@/') ? '@/' : '.');
  const chunk = [...all].reverse().find((c) => c.some(sameKind)) ?? all[all.length - 1]!;
  const next = chunk.find((d) => compareImportSources(specifierText(d), specifier) > 0);
  if (next) return [{ pos: ownStart(sf, source, wrap(sf, next)), text: `${statement}${eol}` }];
  const last = chunk[chunk.length - 1]!;
  return [{ pos: lineEnd(source, last.end), text: `${eol}${statement}` }];
}

function quoteOf(sf: TsMorph.SourceFile): string {
  const first = importNodes(sf)[0] ?? exportNodes(sf).find((d) => d.moduleSpecifier);
  return first?.moduleSpecifier?.getText(sf.compilerNode).startsWith('"') ? '"' : "'";
}

export function ensureNamedImport(
  sf: TsMorph.SourceFile,
  name: string,
  specifier: string,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  if (hasNamedImport(sf, name, specifier)) return [];
  const found = importNodes(sf).find(
    (d) => specifierOf(d) === specifier && !isTypeOnly(d) && namedImportNodes(d).length > 0,
  );
  if (found) {
    const existing = wrap<ImportDecl>(sf, found);
    return addToNamedList(existing, existing.getNamedImports(), name, lineWidth);
  }
  const q = quoteOf(sf);
  return placeStatement(sf, 'import', specifier, `import { ${name} } from ${q}${specifier}${q};`);
}

/** The names a file re-exports from other modules, with the module each comes from. */
export function reExports(sf: TsMorph.SourceFile): { name: string; specifier: string }[] {
  return exportNodes(sf)
    .filter((d) => specifierOf(d) !== undefined && !isTypeOnly(d))
    .flatMap((d) => namedExportNodes(d).map((e) => ({ name: specifierLocal(sf, e), specifier: specifierOf(d)! })));
}

export function ensureNamedReExport(
  sf: TsMorph.SourceFile,
  name: string,
  specifier: string,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  if (reExports(sf).some((r) => r.name === name && r.specifier === specifier)) return [];
  const found = exportNodes(sf).find(
    (d) =>
      specifierOf(d) === specifier && !isTypeOnly(d) && d.exportClause?.kind === tsMorph().ts.SyntaxKind.NamedExports,
  );
  if (found) {
    const existing = wrap<TsMorph.ExportDeclaration>(sf, found);
    return addToNamedList(existing, existing.getNamedExports(), name, lineWidth);
  }
  const q = quoteOf(sf);
  return placeStatement(sf, 'export', specifier, `export { ${name} } from ${q}${specifier}${q};`);
}

/** A local `export { a, b };` list that names any of `members`: it must stay complete. */
export function localExportListWith(
  sf: TsMorph.SourceFile,
  members: readonly string[],
): TsMorph.ExportDeclaration | undefined {
  const names = new Set(members);
  const found = exportNodes(sf).find(
    (d) => specifierOf(d) === undefined && namedExportNodes(d).some((e) => names.has(specifierName(sf, e))),
  );
  return found ? wrap(sf, found) : undefined;
}
