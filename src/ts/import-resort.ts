/**
 * After a rename, imports may stand out of Biome's order: a renamed module path, or a renamed
 * name inside `{ … }`. This puts them back in order, moving whole statements between the places
 * statements already held (blank lines and comments between them stay where they are). Read off a
 * file's facts (module-facts.ts) and text, so remembered facts serve as well as a parse.
 */

import { compareImportSources } from './import-order.js';
import { type ModuleFacts, type ModuleStatement, moduleFacts, type NamedFact } from './module-facts.js';
import { lineStart, restOfLine, spansLines, type TextEdit } from './text-edits.js';
import type { TsMorph } from './ts-morph.js';

/** Runs of import statements, and runs of `export … from` statements. */
function runs(facts: ModuleFacts): ModuleStatement[][] {
  const out: ModuleStatement[][] = [];
  let current: ModuleStatement[] = [];
  let kind = '';
  let index = -1;
  for (const st of facts.statements) {
    const k = st.kind === 'import' ? 'import' : st.specifier !== undefined ? 'export' : '';
    // A statement of another kind between two of them (the facts hold none) ends a run too.
    if ((k !== kind || st.index !== index + 1) && current.length > 0) {
      out.push(current);
      current = [];
    }
    kind = k;
    index = st.index;
    if (k) current.push(st);
  }
  if (current.length > 0) out.push(current);
  return out;
}

const sourceOf = (d: ModuleStatement) => d.specifier ?? '';

/** The text of a name's node (`a` in `a as b`): a string literal name with its quotes. */
function nameText(source: string, n: NamedFact): string {
  const q = source[n.start];
  if (q !== "'" && q !== '"') return n.name;
  let i = n.start + 1;
  while (i < source.length && source[i] !== q) i += source[i] === '\\' ? 2 : 1;
  return source.slice(n.start, i + 1);
}

/** The names inside one statement's braces, sorted, when they all sit on one line or one per line. */
function sortNames(source: string, decl: ModuleStatement): TextEdit[] {
  const named = decl.named ?? [];
  const sorted = [...named].sort((a, b) => compareImportSources(nameText(source, a), nameText(source, b)));
  if (sorted.every((n, i) => n === named[i])) return [];
  const ownLines = named.every(
    (n) => /^[ \t]*$/.test(source.slice(lineStart(source, n.start), n.start)) && restOfLine(source, n.end),
  );
  const oneLine = !spansLines(source.slice(decl.start, decl.end));
  if (!oneLine && !ownLines) return [];
  return named.map((slot, i) => ({
    pos: slot.start,
    end: slot.end,
    text: source.slice(sorted[i]!.start, sorted[i]!.end),
  }));
}

/** A statement's text with its names sorted. */
function withSortedNames(source: string, decl: ModuleStatement): string {
  let out = source.slice(decl.start, decl.end);
  for (const e of sortNames(source, decl).sort((a, b) => b.pos - a.pos))
    out = out.slice(0, e.pos - decl.start) + e.text + out.slice(e.end! - decl.start);
  return out;
}

/** Statements of a run into the order Biome keeps; each slot gets the statement that sorts there. */
function sortRun(source: string, run: ModuleStatement[]): TextEdit[] {
  // In order already, as a run mostly is: a stable sort would leave it as it is.
  if (run.every((d, i) => i === 0 || compareImportSources(sourceOf(run[i - 1]!), sourceOf(d)) <= 0)) return [];
  const sorted = [...run].sort((a, b) => compareImportSources(sourceOf(a), sourceOf(b)));
  if (sorted.every((d, i) => d === run[i])) return [];
  // Names are sorted inside each statement's own text first, then the statements are moved.
  return run.map((slot, i) => {
    const from = sorted[i]!;
    const text = withSortedNames(source, from);
    const verbatim = text === source.slice(from.start, from.end);
    return {
      pos: slot.start,
      end: slot.end,
      text,
      ...(verbatim ? { changes: { type: 'move', slot: slot.start, from: from.start } as const } : {}),
    };
  });
}

/** The edits that put the imports and re-exports of a file (its text and facts) in Biome's order. */
export function resortEdits(source: string, facts: ModuleFacts): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const run of runs(facts)) {
    const moved = sortRun(source, run);
    if (moved.length > 0) edits.push(...moved);
    else for (const decl of run) edits.push(...sortNames(source, decl));
  }
  return edits;
}

/** resortEdits of a parsed file. */
export function resortImports(sf: TsMorph.SourceFile): TextEdit[] {
  return resortEdits(sf.getFullText(), moduleFacts(sf));
}
