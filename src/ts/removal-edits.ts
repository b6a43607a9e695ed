/**
 * Edits that take code out: elements of an array literal, named specifiers of an import or
 * export, whole statements. Like the inserting edits they are text splices, and they leave the
 * layout Biome would: an array that fits on one line again is laid out on one line, an emptied
 * block or array closes up to `{}` / `[]`. Arrays and statements are read as facts (module-facts.ts)
 * and text, so remembered facts plan a removal as well as a parse; each edit says which facts it
 * takes out or lays out again, for deriving the facts of the text written.
 */

import { DEFAULT_LINE_WIDTH } from '../text/string-literal.js';
import { containsComment } from './array-edits.js';
import { type ArrayFacts, arrayFacts, type ModuleStatement, moduleFacts, type Span } from './module-facts.js';
import {
  endsWithLineBreak,
  eolOf,
  lineStart,
  oneLineWidth,
  pastLineBreak,
  restOfLine,
  spansLines,
  startWithLeadingComments,
  type TextEdit,
} from './text-edits.js';
import { type TsMorph, tsMorph } from './ts-morph.js';

type Node = TsMorph.Node;

/** Whether the span has its line(s) to itself: only white space before it, only `,`/a comment after. */
function ownsItsLines(source: string, [start, end]: Span): boolean {
  const before = source.slice(lineStart(source, start), start);
  return /^[ \t]*$/.test(before) && restOfLine(source, end) !== undefined;
}

/** A statement as a removal reads it: where its own comments start, where it starts and ends. */
export interface StatementSpan {
  ownStart: number;
  start: number;
  end: number;
}

/** Takes a statement out with its own comment lines and its line break. */
export function removeStatementAt(source: string, statement: StatementSpan): TextEdit {
  return {
    pos: statement.ownStart,
    end: pastLineBreak(source, statement.end),
    text: '',
    changes: { type: 'layout', drops: [statement.start], places: [] },
  };
}

/** removeStatementAt of a parsed statement. */
export function removeStatement(statement: Node): TextEdit {
  const source = statement.getSourceFile().getFullText();
  const ownStart = startWithLeadingComments(source, statement);
  return removeStatementAt(source, { ownStart, start: statement.getStart(), end: statement.getEnd() });
}

/** The texts of `spans` joined by `, `, and where each one lands in that text, `offset` further on. */
function joined(source: string, spans: Span[], offset: number) {
  const places: { from: number; offset: number; length: number }[] = [];
  let at = offset;
  const texts = spans.map(([start, end], i) => {
    if (i > 0) at += 2;
    places.push({ from: start, offset: at, length: end - start });
    at += end - start;
    return source.slice(start, end);
  });
  return { text: texts.join(', '), places };
}

/**
 * Takes the elements at `gone` (their indexes) out of the array. What stays keeps its text; the
 * array is laid out again on one line when it was, or when it now fits there without comments (as
 * Biome lays it out).
 */
export function removeElements(
  source: string,
  array: ArrayFacts,
  gone: ReadonlySet<number>,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  const kept = array.elements.filter((_, i) => !gone.has(i));
  const drops = array.elements.filter((_, i) => gone.has(i)).map(([start]) => start);
  const arrayText = source.slice(array.start, array.end);
  const inner = { pos: array.start + 1, end: array.end - 1 };
  if (kept.length === 0 && !containsComment(arrayText)) {
    return [{ ...inner, text: '', changes: { type: 'layout', drops, places: [] } }];
  }
  const oneLine = joined(source, kept, 0);
  const multiline = spansLines(arrayText);
  const lineLength = oneLineWidth(source, array.start, array.end - 1, oneLine.text.length);
  if (!containsComment(arrayText) && (!multiline || lineLength <= lineWidth)) {
    return [{ ...inner, text: oneLine.text, changes: { type: 'layout', drops, places: oneLine.places } }];
  }
  return array.elements.filter((_, i) => gone.has(i)).map((el) => removeListItem(source, el));
}

/** removeElements of a parsed array: `gone` are its element nodes. */
export function removeArrayElements(
  array: TsMorph.ArrayLiteralExpression,
  gone: ReadonlySet<Node>,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  const starts = new Set([...gone].map((el) => el.getStart()));
  const facts = arrayFacts(array);
  const indexes = new Set(facts.elements.flatMap(([start], i) => (starts.has(start) ? [i] : [])));
  return removeElements(array.getSourceFile().getFullText(), facts, indexes, lineWidth);
}

/** One element of a list laid out over lines: its whole line when it has one, else its text and comma. */
function removeListItem(source: string, el: Span): TextEdit {
  const changes = { type: 'layout', drops: [el[0]], places: [] } as const;
  const [start, end] = el;
  if (ownsItsLines(source, el)) {
    return { pos: lineStart(source, start), end: pastLineBreak(source, end), text: '', changes };
  }
  const after = /^\s*,\s*/.exec(source.slice(end));
  if (after) return { pos: start, end: end + after[0].length, text: '', changes };
  const before = /,\s*$/.exec(source.slice(0, start));
  return { pos: before ? start - before[0].length : start, end, text: '', changes };
}

/**
 * Takes the names at `gone` (their indexes) out of the braces of an `import { … }` or `export { … }
 * from`; the whole statement when none (and no default or namespace import) is left. Braces on one
 * line stay there; braces laid out over lines come back to one when what is left fits in
 * `lineWidth` without comments (as Biome lays them out).
 */
export function removeNamed(
  source: string,
  statement: ModuleStatement & StatementSpan,
  gone: ReadonlySet<number>,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  const named = statement.named ?? [];
  const kept = named.filter((_, i) => !gone.has(i));
  const other = statement.defaultName !== undefined || statement.namespaceName !== undefined;
  if (kept.length === 0 && !other) return [removeStatementAt(source, statement)];
  const spans = (list: typeof named): Span[] => list.map((n) => [n.start, n.end]);
  const open = source.indexOf('{', statement.start);
  const close = source.indexOf('}', named[named.length - 1]!.end);
  const braces = source.slice(open, close + 1);
  const list = joined(source, spans(kept), 1);
  const lineLength = oneLineWidth(source, open, close, list.text.length + 2);
  const fits = !containsComment(braces) && lineLength <= lineWidth;
  if (kept.length > 0 && (!spansLines(braces) || fits)) {
    const drops = named.filter((_, i) => gone.has(i)).map((n) => n.start);
    return [
      { pos: open + 1, end: close, text: ` ${list.text} `, changes: { type: 'layout', drops, places: list.places } },
    ];
  }
  return spans(named.filter((_, i) => gone.has(i))).map((span) => removeListItem(source, span));
}

/** removeNamed of a parsed declaration: `gone` are its specifier nodes. */
export function removeSpecifiers(
  decl: TsMorph.ImportDeclaration | TsMorph.ExportDeclaration,
  gone: ReadonlySet<Node>,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  const sf = decl.getSourceFile();
  const source = sf.getFullText();
  const statement = moduleFacts(sf).statements.find((s) => s.start === decl.getStart())!;
  const starts = new Set([...gone].map((n) => n.getStart()));
  const indexes = new Set((statement.named ?? []).flatMap((n, i) => (starts.has(n.start) ? [i] : [])));
  // The statement's own comments as its node has them (a file's first statement keeps its header).
  return removeNamed(source, { ...statement, ownStart: startWithLeadingComments(source, decl) }, indexes, lineWidth);
}

/**
 * After statements are taken out of a block, an emptied block closes up to `{}`; the emptied body
 * of an object's method or function property (`setup(core) { … }`) takes the property with it.
 */
export function closeEmptiedBlock(block: TsMorph.Block, gone: ReadonlySet<Node>): TextEdit | undefined {
  if (block.getStatements().some((s) => !gone.has(s)) || containsComment(block.getText())) return undefined;
  const property = propertyOwning(block);
  if (property) return removeListItem(block.getSourceFile().getFullText(), [property.getStart(), property.getEnd()]);
  return { pos: block.getStart(), end: block.getEnd(), text: '{}' };
}

/** The object property whose function `block` is the body of, if any. */
function propertyOwning(block: TsMorph.Block): Node | undefined {
  const { Node } = tsMorph();
  const fn = block.getParent();
  if (Node.isMethodDeclaration(fn) && Node.isObjectLiteralExpression(fn.getParent())) return fn;
  if (!Node.isArrowFunction(fn) && !Node.isFunctionExpression(fn)) return undefined;
  const prop = fn.getParent();
  return Node.isPropertyAssignment(prop) && Node.isObjectLiteralExpression(prop.getParent()) ? prop : undefined;
}

/** `source` with one line break at its end if it had one (a removal at the end may take it). */
export function keepFinalNewline(before: string, after: string): string {
  return endsWithLineBreak(before) && !endsWithLineBreak(after) && after.length > 0 ? after + eolOf(before) : after;
}
