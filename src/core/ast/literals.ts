/**
 * Idempotent edits of array and object literals: append an identifier to an array, or add a
 * `key: [identifier]` property to an object. Layout follows the file and, where a one-line array
 * would outgrow the line width, Biome (one element per line, trailing commas).
 */

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
import { DEFAULT_LINE_WIDTH } from '../format.js';
import { tsMorph, type TsMorph } from './ts-morph.js';


function isMultiline(node: TsMorph.Node): boolean {
  return node.getStartLineNumber() !== node.getEndLineNumber();
}

/** `...(flag ? [a] : [])`, `...(flag && [a])`: kept last, since they are optional extras. */
export function isConditionalSpread(el: TsMorph.Node): boolean {
  const { SyntaxKind } = tsMorph();
  if (el.getKind() !== SyntaxKind.SpreadElement) return false;
  let expr = (el as TsMorph.SpreadElement).getExpression();
  while (expr.getKind() === SyntaxKind.ParenthesizedExpression) {
    expr = (expr as TsMorph.ParenthesizedExpression).getExpression();
  }
  return (
    expr.getKind() === SyntaxKind.ConditionalExpression ||
    (expr.getKind() === SyntaxKind.BinaryExpression &&
      ['&&', '||', '??'].includes((expr as TsMorph.BinaryExpression).getOperatorToken().getText()))
  );
}

export function arrayHasIdentifier(array: TsMorph.ArrayLiteralExpression, name: string): boolean {
  return array.getElements().some((el) => el.getText() === name);
}

/** Text of a comment anywhere inside `node` (Biome keeps such arrays as they are laid out). */
function containsComment(node: TsMorph.Node): boolean {
  const text = node.getText();
  return /\/\/|\/\*/.test(text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, ''));
}

export function ensureArrayElement(
  array: TsMorph.ArrayLiteralExpression,
  name: string,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  if (arrayHasIdentifier(array, name)) return [];
  const source = array.getSourceFile().getFullText();
  const eol = eolOf(source);
  const elements = array.getElements();
  // The new element goes after the last element that is not a trailing conditional spread.
  let anchorIndex = elements.length - 1;
  while (anchorIndex >= 0 && isConditionalSpread(elements[anchorIndex]!)) anchorIndex--;
  const anchor = anchorIndex >= 0 ? elements[anchorIndex] : undefined;
  const open = array.getStart() + 1;
  const close = array.getEnd() - 1;

  if (!isMultiline(array)) {
    const edit: TextEdit = anchor
      ? { pos: anchor.getEnd(), text: `, ${name}` }
      : elements.length > 0
        ? { pos: elements[0]!.getStart(), text: `${name}, ` }
        : { pos: open, text: name };
    const lineLength =
      lineEnd(source, array.getEnd()) - lineStart(source, array.getStart()) + edit.text.length;
    if (lineLength <= lineWidth || containsComment(array)) return [edit];
    // Too wide for one line: lay the array out one element per line, as Biome would.
    const indent = indentAt(source, array.getStart());
    const unit = indentUnitOf(source);
    const texts = elements.map((el) => el.getText());
    texts.splice(anchor ? anchorIndex + 1 : 0, 0, name);
    const body = texts.map((t) => `${indent}${unit}${t},${eol}`).join('');
    return [{ pos: open, end: close, text: `${eol}${body}${indent}` }];
  }

  if (anchor) {
    const rest = restOfLine(source, anchor.getEnd());
    if (!rest) return [{ pos: anchor.getEnd(), text: `, ${name}` }];
    const indent = indentAt(source, anchor.getStart());
    const isLast = anchorIndex === elements.length - 1;
    const trailing = rest.comma || !isLast ? ',' : '';
    const edits: TextEdit[] = [{ pos: rest.end, text: `${eol}${indent}${name}${trailing}` }];
    // A last element without a comma needs one before the new line.
    if (!rest.comma) edits.unshift({ pos: anchor.getEnd(), text: ',' });
    return edits;
  }
  // Empty (maybe comment-only) multi-line array, or only conditional spreads: a line of its own
  // before the first spread, or before the closing bracket.
  const before = elements[0] ?? undefined;
  const at = before ? lineStart(source, before.getStart()) : lineStart(source, close);
  const indent = before
    ? indentAt(source, before.getStart())
    : indentAt(source, close) + indentUnitOf(source);
  return [{ pos: at, text: `${indent}${name},${eol}` }];
}


/**
 * Adds `key: [name]` to an object literal that lacks `key`. It goes before the first property
 * named in `before` (e.g. `tools` before `resources` and `prompts`), else after the last property.
 */
export function addArrayProperty(
  object: TsMorph.ObjectLiteralExpression,
  key: string,
  name: string,
  before: string[] = [],
): TextEdit[] {
  const source = object.getSourceFile().getFullText();
  const eol = eolOf(source);
  const props = object.getProperties();
  const entry = `${key}: [${name}]`;
  const next = props.find((p) => {
    const n = (p as TsMorph.PropertyAssignment).getName?.();
    return n !== undefined && before.includes(n);
  });

  if (!isMultiline(object)) {
    if (props.length === 0) return [{ pos: object.getStart() + 1, end: object.getEnd() - 1, text: ` ${entry} ` }];
    if (next) return [{ pos: next.getStart(), text: `${entry}, ` }];
    return [{ pos: props[props.length - 1]!.getEnd(), text: `, ${entry}` }];
  }
  if (next) {
    const indent = indentAt(source, next.getStart());
    return [{ pos: startWithLeadingComments(source, next), text: `${indent}${entry},${eol}` }];
  }
  const last = props[props.length - 1];
  if (!last) {
    const close = object.getEnd() - 1;
    const indent = indentAt(source, close) + indentUnitOf(source);
    return [{ pos: lineStart(source, close), text: `${indent}${entry},${eol}` }];
  }
  const rest = restOfLine(source, last.getEnd());
  if (!rest) return [{ pos: last.getEnd(), text: `, ${entry}` }];
  const indent = indentAt(source, last.getStart());
  const edits: TextEdit[] = [{ pos: rest.end, text: `${eol}${indent}${entry}${rest.comma ? ',' : ''}` }];
  if (!rest.comma) edits.unshift({ pos: last.getEnd(), text: ',' });
  return edits;
}
