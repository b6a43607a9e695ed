/**
 * After a rename, imports may stand out of Biome's order: a renamed module path, or a renamed
 * name inside `{ … }`. This puts them back in order, moving whole statements between the places
 * statements already held (blank lines and comments between them stay where they are).
 */

import { compareImportSources } from './import-order.js';
import { lineStart, restOfLine, spansLines, type TextEdit } from './text-edits.js';
import { type TsMorph, tsMorph } from './ts-morph.js';

type ModuleDecl = TsMorph.ImportDeclaration | TsMorph.ExportDeclaration;

/** Runs of import statements, and runs of `export … from` statements. */
function runs(sf: TsMorph.SourceFile): ModuleDecl[][] {
  const { Node } = tsMorph();
  const out: ModuleDecl[][] = [];
  let current: ModuleDecl[] = [];
  let kind = '';
  for (const st of sf.getStatements()) {
    const k = Node.isImportDeclaration(st)
      ? 'import'
      : Node.isExportDeclaration(st) && st.getModuleSpecifierValue() !== undefined
        ? 'export'
        : '';
    if (k !== kind && current.length > 0) {
      out.push(current);
      current = [];
    }
    kind = k;
    if (k) current.push(st as ModuleDecl);
  }
  if (current.length > 0) out.push(current);
  return out;
}

const sourceOf = (d: ModuleDecl) => d.getModuleSpecifierValue() ?? '';

/** Statements of a run into the order Biome keeps; each slot gets the statement that sorts there. */
function sortRun(run: ModuleDecl[]): TextEdit[] {
  const sorted = [...run].sort((a, b) => compareImportSources(sourceOf(a), sourceOf(b)));
  if (sorted.every((d, i) => d === run[i])) return [];
  return run.map((slot, i) => ({ pos: slot.getStart(), end: slot.getEnd(), text: sorted[i]!.getText() }));
}

/** The names inside one statement's braces, sorted, when they all sit on one line or one per line. */
function sortNames(decl: ModuleDecl): TextEdit[] {
  const { Node } = tsMorph();
  const named: TsMorph.Node[] = Node.isImportDeclaration(decl) ? decl.getNamedImports() : decl.getNamedExports();
  const nameOf = (n: TsMorph.Node) => (n as TsMorph.ImportSpecifier).getNameNode().getText();
  const sorted = [...named].sort((a, b) => compareImportSources(nameOf(a), nameOf(b)));
  if (sorted.every((n, i) => n === named[i])) return [];
  const source = decl.getSourceFile().getFullText();
  const ownLines = named.every(
    (n) =>
      /^[ \t]*$/.test(source.slice(lineStart(source, n.getStart()), n.getStart())) && restOfLine(source, n.getEnd()),
  );
  const oneLine = !spansLines(decl.getText());
  if (!oneLine && !ownLines) return [];
  return named.map((slot, i) => ({ pos: slot.getStart(), end: slot.getEnd(), text: sorted[i]!.getText() }));
}

/** The edits that put the file's imports and re-exports in Biome's order. */
export function resortImports(sf: TsMorph.SourceFile): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const run of runs(sf)) {
    const moved = sortRun(run);
    if (moved.length > 0) {
      // Names are sorted inside each statement's own text first, then the statements are moved.
      edits.push(...moved.map((e) => ({ ...e, text: withSortedNames(run, e.text) })));
    } else {
      for (const decl of run) edits.push(...sortNames(decl));
    }
  }
  return edits;
}

/** A statement's text with its names sorted. */
function withSortedNames(run: ModuleDecl[], text: string): string {
  const decl = run.find((d) => d.getText() === text)!;
  const edits = sortNames(decl).map((e) => ({ ...e, pos: e.pos - decl.getStart(), end: e.end! - decl.getStart() }));
  let out = text;
  for (const e of [...edits].sort((a, b) => b.pos - a.pos)) out = out.slice(0, e.pos) + e.text + out.slice(e.end);
  return out;
}
