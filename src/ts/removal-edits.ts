/**
 * Edits that take code out: elements of an array literal, named specifiers of an import or
 * export, whole statements. Like the inserting edits they are text splices, and they leave the
 * layout Biome would: an array that fits on one line again is laid out on one line, an emptied
 * block or array closes up to `{}` / `[]`.
 */

import { DEFAULT_LINE_WIDTH } from '../text/string-literal.js';
import { containsComment } from './array-edits.js';
import {
  endsWithLineBreak,
  eolOf,
  lineEnd,
  lineStart,
  pastLineBreak,
  restOfLine,
  spansLines,
  startWithLeadingComments,
  type TextEdit,
} from './text-edits.js';
import { type TsMorph, tsMorph } from './ts-morph.js';

type Node = TsMorph.Node;

/** Whether `node` has its line(s) to itself: only white space before it, only `,`/a comment after. */
function ownsItsLines(source: string, node: Node): boolean {
  const before = source.slice(lineStart(source, node.getStart()), node.getStart());
  return /^[ \t]*$/.test(before) && restOfLine(source, node.getEnd()) !== undefined;
}

/** Takes a statement out with its own comment lines and its line break. */
export function removeStatement(statement: Node): TextEdit {
  const source = statement.getSourceFile().getFullText();
  const start = startWithLeadingComments(source, statement);
  return { pos: start, end: pastLineBreak(source, statement.getEnd()), text: '' };
}

/**
 * Takes `gone` out of the array. What stays keeps its text; the array is laid out again on one
 * line when it was, or when it now fits there without comments (as Biome lays it out).
 */
export function removeArrayElements(
  array: TsMorph.ArrayLiteralExpression,
  gone: ReadonlySet<Node>,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  const source = array.getSourceFile().getFullText();
  const kept = array.getElements().filter((el) => !gone.has(el));
  const inner = { pos: array.getStart() + 1, end: array.getEnd() - 1 };
  if (kept.length === 0 && !containsComment(array.getText())) return [{ ...inner, text: '' }];
  const oneLine = kept.map((el) => el.getText()).join(', ');
  const multiline = spansLines(array.getText());
  const lineLength =
    array.getStart() - lineStart(source, array.getStart()) + oneLine.length + 2 + restAfter(source, array);
  if (!containsComment(array.getText()) && (!multiline || lineLength <= lineWidth))
    return [{ ...inner, text: oneLine }];
  return [...gone].map((el) => removeListItem(source, el));
}

/** The length of what follows the array on its last line (`,` or `);`). */
function restAfter(source: string, array: Node): number {
  return lineEnd(source, array.getEnd()) - array.getEnd();
}

/** One element of a list laid out over lines: its whole line when it has one, else its text and comma. */
function removeListItem(source: string, el: Node): TextEdit {
  if (ownsItsLines(source, el)) {
    return { pos: lineStart(source, el.getStart()), end: pastLineBreak(source, el.getEnd()), text: '' };
  }
  const after = /^\s*,\s*/.exec(source.slice(el.getEnd()));
  if (after) return { pos: el.getStart(), end: el.getEnd() + after[0].length, text: '' };
  const before = /,\s*$/.exec(source.slice(0, el.getStart()));
  return { pos: before ? el.getStart() - before[0].length : el.getStart(), end: el.getEnd(), text: '' };
}

/**
 * Takes named specifiers out of an `import { … }` or `export { … } from`; the whole statement
 * when none (and no default or namespace import) is left.
 */
export function removeSpecifiers(
  decl: TsMorph.ImportDeclaration | TsMorph.ExportDeclaration,
  gone: ReadonlySet<Node>,
): TextEdit[] {
  const { Node } = tsMorph();
  const named = Node.isImportDeclaration(decl) ? decl.getNamedImports() : decl.getNamedExports();
  const kept = named.filter((n) => !gone.has(n));
  const other = Node.isImportDeclaration(decl) && (decl.getDefaultImport() || decl.getNamespaceImport());
  if (kept.length === 0 && !other) return [removeStatement(decl)];
  const source = decl.getSourceFile().getFullText();
  const multiline = named[0] && spansLines(source.slice(decl.getStart(), named[0].getStart()));
  if (!multiline && kept.length > 0) {
    const open = source.indexOf('{', decl.getStart());
    const close = source.indexOf('}', named[named.length - 1]!.getEnd());
    return [{ pos: open + 1, end: close, text: ` ${kept.map((n) => n.getText()).join(', ')} ` }];
  }
  return named.filter((n) => gone.has(n)).map((n) => removeListItem(source, n));
}

/**
 * After statements are taken out of a block, an emptied block closes up to `{}`; the emptied body
 * of an object's method or function property (`setup(core) { … }`) takes the property with it.
 */
export function closeEmptiedBlock(block: TsMorph.Block, gone: ReadonlySet<Node>): TextEdit | undefined {
  if (block.getStatements().some((s) => !gone.has(s)) || containsComment(block.getText())) return undefined;
  const property = propertyOwning(block);
  if (property) return removeListItem(block.getSourceFile().getFullText(), property);
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
