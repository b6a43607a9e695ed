/**
 * ensureNamedImport: makes `import { name } from 'specifier'` present, idempotently, placed where
 * Biome's import sorting puts it, and says which path style (`./…` or `@/…`) the file already uses.
 */

import { compareImportSources } from './import-order.js';
import {
  eolOf,
  indentAt,
  lineEnd,
  lineStart,
  restOfLine,
  startWithLeadingComments,
  type TextEdit,
} from './text-edits.js';
import type { TsMorph } from './ts-morph.js';

type ImportDecl = TsMorph.ImportDeclaration;

/** Runs of consecutive import declarations: Biome sorts within such a run (blank lines included). */
function importChunks(sf: TsMorph.SourceFile): ImportDecl[][] {
  const chunks: ImportDecl[][] = [];
  let current: ImportDecl[] = [];
  for (const statement of sf.getStatements()) {
    if (statement.getKindName() === 'ImportDeclaration') current.push(statement as ImportDecl);
    else if (current.length > 0) {
      chunks.push(current);
      current = [];
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** How the file refers to files under src/: `./`-relative or via the `@/` alias. */
export function pathStyleOf(sf: TsMorph.SourceFile): 'relative' | 'alias' | undefined {
  let relative = 0;
  let alias = 0;
  for (const d of sf.getImportDeclarations()) {
    const s = d.getModuleSpecifierValue();
    if (s.startsWith('@/')) alias++;
    else if (s.startsWith('.')) relative++;
  }
  if (relative === 0 && alias === 0) return undefined;
  return alias > relative ? 'alias' : 'relative';
}

export function hasNamedImport(sf: TsMorph.SourceFile, name: string, specifier: string): boolean {
  return sf
    .getImportDeclarations()
    .some(
      (d) =>
        d.getModuleSpecifierValue() === specifier &&
        d.getNamedImports().some((n) => (n.getAliasNode()?.getText() ?? n.getName()) === name),
    );
}

/** Any import, of any module, that binds `name` in this file. */
export function importedBinding(sf: TsMorph.SourceFile, name: string): ImportDecl | undefined {
  return sf.getImportDeclarations().find(
    (d) =>
      d.getDefaultImport()?.getText() === name ||
      d.getNamespaceImport()?.getText() === name ||
      d.getNamedImports().some((n) => (n.getAliasNode()?.getText() ?? n.getName()) === name),
  );
}

/**
 * Where a statement starts, counting the comment lines just above it that belong to it: they stay
 * with it when something is inserted before it. But the file's header comment leads its first
 * statement: it stays on top even when no blank line separates it (a header block comment is
 * never the first statement's own comment).
 */
function ownStart(sf: TsMorph.SourceFile, source: string, node: TsMorph.Statement): number {
  const ranges = node.getLeadingCommentRanges();
  const isFirst = sf.getStatements()[0] === node;
  const own = isFirst && ranges[0] && source.startsWith('/*', ranges[0].getPos()) ? ranges.slice(1) : ranges;
  return startWithLeadingComments(source, { getStart: () => node.getStart(), getLeadingCommentRanges: () => own });
}

export function ensureNamedImport(
  sf: TsMorph.SourceFile,
  name: string,
  specifier: string,
): TextEdit[] {
  if (hasNamedImport(sf, name, specifier)) return [];
  const source = sf.getFullText();
  const eol = eolOf(source);
  const quote = sf.getImportDeclarations()[0]?.getModuleSpecifier().getText().startsWith('"') ? '"' : "'";
  const statement = `import { ${name} } from ${quote}${specifier}${quote};`;

  const existing = sf
    .getImportDeclarations()
    .find((d) => d.getModuleSpecifierValue() === specifier && !d.isTypeOnly() && d.getNamedImports().length > 0);
  if (existing) {
    // Same module already imported: add the name into its braces, in Biome's order.
    const named = existing.getNamedImports();
    const after = [...named].reverse().find((n) => compareImportSources(n.getName(), name) < 0);
    // Braces laid out one name per line stay that way (a `, name` squeezed onto a line is not
    // what Biome would write).
    const multiline = source.slice(existing.getStart(), named[0]!.getStart()).includes('\n');
    if (multiline) {
      if (!after) {
        const first = named[0]!;
        return [{ pos: lineStart(source, first.getStart()), text: `${indentAt(source, first.getStart())}${name},${eol}` }];
      }
      const rest = restOfLine(source, after.getEnd());
      if (rest) {
        const isLast = after === named[named.length - 1];
        const edits: TextEdit[] = [
          { pos: rest.end, text: `${eol}${indentAt(source, after.getStart())}${name}${rest.comma || !isLast ? ',' : ''}` },
        ];
        if (!rest.comma) edits.unshift({ pos: after.getEnd(), text: ',' });
        return edits;
      }
    }
    return after
      ? [{ pos: after.getEnd(), text: `, ${name}` }]
      : [{ pos: named[0]!.getStart(), text: `${name}, ` }];
  }

  const chunks = importChunks(sf);
  if (chunks.length === 0) {
    // No imports yet: the new one goes before the first statement, after any header comment.
    const first = sf.getStatements()[0];
    if (!first) return [{ pos: source.length, text: `${source.endsWith('\n') || source === '' ? '' : eol}${statement}${eol}` }];
    return [{ pos: ownStart(sf, source, first), text: `${statement}${eol}${eol}` }];
  }
  // Join the chunk that already holds imports of the same kind, else the last chunk.
  const sameKind = (d: ImportDecl) =>
    d.getModuleSpecifierValue().startsWith(specifier.startsWith('@/') ? '@/' : '.');
  const chunk = [...chunks].reverse().find((c) => c.some(sameKind)) ?? chunks[chunks.length - 1]!;
  const next = chunk.find((d) => compareImportSources(d.getModuleSpecifierValue(), specifier) > 0);
  if (next) {
    return [{ pos: ownStart(sf, source, next), text: `${statement}${eol}` }];
  }
  const last = chunk[chunk.length - 1]!;
  return [{ pos: lineEnd(source, last.getEnd()), text: `${eol}${statement}` }];
}
