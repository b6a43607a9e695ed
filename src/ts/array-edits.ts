/**
 * Idempotent edits of array and object literals: append an identifier to an array, or add a
 * `key: [identifier]` property to an object. Layout follows the file and, where a one-line array
 * would outgrow the line width, Biome (one element per line, trailing commas).
 */

import { DEFAULT_LINE_WIDTH } from '../project/formatter.js';
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
import { lineAt, type TsMorph, tsMorph, wrap } from './ts-morph.js';
import { unwrap } from './unwrap.js';

type Element = TsMorph.ts.Expression;

function isMultiline(node: TsMorph.Node): boolean {
  const sf = node.getSourceFile();
  return lineAt(sf, node.getStart()) !== lineAt(sf, node.getEnd());
}

/**
 * An array's elements as the compiler's nodes: an array listing a thousand definitions is read
 * element by element on every edit, and wrapping each in ts-morph's node was most of that.
 */
function elementsOf(array: TsMorph.ArrayLiteralExpression): readonly Element[] {
  return array.compilerNode.elements;
}

/** Whether a compiler element is a trailing-kept conditional spread (only spreads are wrapped to tell). */
function isConditionalSpreadNode(array: TsMorph.ArrayLiteralExpression, el: Element): boolean {
  return tsMorph().ts.isSpreadElement(el) && isConditionalSpread(wrap(array.getSourceFile(), el));
}

/** `...(flag ? [a] : [])`, `...(flag && [a])`: kept last, since they are optional extras. */
export function isConditionalSpread(el: TsMorph.Node): boolean {
  const { Node } = tsMorph();
  if (!Node.isSpreadElement(el)) return false;
  // Optional extras are written out in place: `[cTool]` or `[]` in each branch. A choice between
  // two named lists, `...(lite ? liteTools : fullTools)`, is not extras but where the definitions
  // live, and is followed (and refused when its branches differ) like any other spread.
  const listedHere = (e: TsMorph.Node) => Node.isArrayLiteralExpression(unwrap(e));
  const expr = unwrap(el.getExpression());
  if (Node.isConditionalExpression(expr)) return listedHere(expr.getWhenTrue()) && listedHere(expr.getWhenFalse());
  if (Node.isBinaryExpression(expr) && ['&&', '||', '??'].includes(expr.getOperatorToken().getText())) {
    return listedHere(expr.getRight());
  }
  return false;
}

export function arrayHasIdentifier(array: TsMorph.ArrayLiteralExpression, name: string): boolean {
  const file = array.getSourceFile().compilerNode;
  return elementsOf(array).some((el) => el.getText(file) === name);
}

/** Whether a comment sits anywhere inside `node` (string literals aside): Biome keeps such a node as it is laid out. */
export function containsComment(node: TsMorph.Node): boolean {
  const text = node.getText();
  return /\/\/|\/\*/.test(text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, ''));
}

export function ensureArrayElement(
  array: TsMorph.ArrayLiteralExpression,
  name: string,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  if (arrayHasIdentifier(array, name)) return [];
  const elements = elementsOf(array);
  // The new element goes after the last element that is not a trailing conditional spread.
  let anchorIndex = elements.length - 1;
  while (anchorIndex >= 0 && isConditionalSpreadNode(array, elements[anchorIndex]!)) anchorIndex--;
  const at: Insertion = { array, elements, anchorIndex, name };
  return isMultiline(array) ? intoMultilineArray(at) : intoOneLineArray(at, lineWidth);
}

/** Where a new element goes: after `elements[anchorIndex]`, or first when the index is -1. */
interface Insertion {
  array: TsMorph.ArrayLiteralExpression;
  elements: readonly Element[];
  anchorIndex: number;
  name: string;
}

function intoOneLineArray({ array, elements, anchorIndex, name }: Insertion, lineWidth: number): TextEdit[] {
  const source = array.getSourceFile().getFullText();
  const file = array.getSourceFile().compilerNode;
  const anchor = elements[anchorIndex];
  const edit: TextEdit = anchor
    ? { pos: anchor.end, text: `, ${name}` }
    : elements.length > 0
      ? { pos: elements[0]!.getStart(file), text: `${name}, ` }
      : { pos: array.getStart() + 1, text: name };
  const lineLength = lineEnd(source, array.getEnd()) - lineStart(source, array.getStart()) + edit.text.length;
  if (lineLength <= lineWidth || containsComment(array)) return [edit];
  const texts = elements.map((el) => el.getText(file));
  texts.splice(anchor ? anchorIndex + 1 : 0, 0, name);
  // Biome breaks the outermost group first: an array inside a one-line `createApp({ … })`
  // object makes the object go one property per line, and the array only if still too wide.
  const object = hostObject(array);
  if (object) {
    const prop = array.getParent() as TsMorph.PropertyAssignment;
    const key = prop.getNameNode().getText();
    return [
      breakObject(
        object,
        object
          .getProperties()
          .map((p) => (p === prop ? (at: string) => propertyText(key, texts, at, source, lineWidth) : p.getText())),
      ),
    ];
  }
  // Too wide for one line: lay the array out one element per line, as Biome would.
  const indent = indentAt(source, array.getStart());
  return [{ pos: array.getStart() + 1, end: array.getEnd() - 1, text: arrayBody(texts, indent, source) }];
}

function intoMultilineArray({ array, elements, anchorIndex, name }: Insertion): TextEdit[] {
  const source = array.getSourceFile().getFullText();
  const file = array.getSourceFile().compilerNode;
  const eol = eolOf(source);
  const anchor = elements[anchorIndex];
  if (anchor) {
    const rest = restOfLine(source, anchor.end);
    if (!rest) return [{ pos: anchor.end, text: `, ${name}` }];
    const indent = indentAt(source, anchor.getStart(file));
    const isLast = anchorIndex === elements.length - 1;
    const trailing = rest.comma || !isLast ? ',' : '';
    const edits: TextEdit[] = [{ pos: rest.end, text: `${eol}${indent}${name}${trailing}` }];
    // A last element without a comma needs one before the new line.
    if (!rest.comma) edits.unshift({ pos: anchor.end, text: ',' });
    return edits;
  }
  // Empty (maybe comment-only) multi-line array, or only conditional spreads: a line of its own
  // before the first spread, or before the closing bracket.
  const close = array.getEnd() - 1;
  const before = elements[0];
  const at = before ? lineStart(source, before.getStart(file)) : lineStart(source, close);
  const indent = before ? indentAt(source, before.getStart(file)) : indentAt(source, close) + indentUnitOf(source);
  return [{ pos: at, text: `${indent}${name},${eol}` }];
}

/** `[\n  a,\n  b,\n]`'s inside: one element per line, trailing commas, closing at `indent`. */
function arrayBody(texts: string[], indent: string, source: string): string {
  const eol = eolOf(source);
  const unit = indentUnitOf(source);
  return `${eol}${texts.map((t) => `${indent}${unit}${t},${eol}`).join('')}${indent}`;
}

/** `key: [a, b]` on one line at `indent` if it fits, else with the array one element per line. */
function propertyText(key: string, texts: string[], indent: string, source: string, lineWidth: number): string {
  const one = `${key}: [${texts.join(', ')}]`;
  if (indent.length + one.length + 1 <= lineWidth) return one;
  return `${key}: [${arrayBody(texts, indent, source)}]`;
}

/**
 * Whether Biome would break this one-line object by itself, keeping what surrounds it on its
 * line: the (last) argument of a call, hugged (`createApp({`), or a variable's value.
 */
function canBreakAlone(object: TsMorph.ObjectLiteralExpression): boolean {
  const { Node } = tsMorph();
  const parent = object.getParent();
  if (Node.isCallExpression(parent)) return parent.getArguments().at(-1) === object;
  return Node.isVariableDeclaration(parent) && parent.getInitializer() === object;
}

/** The one-line object an array is a property value of, when Biome would break that first. */
function hostObject(array: TsMorph.ArrayLiteralExpression): TsMorph.ObjectLiteralExpression | undefined {
  const { Node } = tsMorph();
  const prop = array.getParent();
  if (!Node.isPropertyAssignment(prop) || prop.getInitializer() !== array) return undefined;
  const object = prop.getParent();
  if (!Node.isObjectLiteralExpression(object) || isMultiline(object) || containsComment(object)) return undefined;
  return canBreakAlone(object) ? object : undefined;
}

/** Replaces a one-line object's inside with one property per line (trailing commas). */
function breakObject(
  object: TsMorph.ObjectLiteralExpression,
  texts: (string | ((indent: string) => string))[],
): TextEdit {
  const source = object.getSourceFile().getFullText();
  const eol = eolOf(source);
  const indent = indentAt(source, object.getStart());
  const inner = indent + indentUnitOf(source);
  const lines = texts.map((t) => `${inner}${typeof t === 'function' ? t(inner) : t},${eol}`).join('');
  return { pos: object.getStart() + 1, end: object.getEnd() - 1, text: `${eol}${lines}${indent}` };
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
  lineWidth = DEFAULT_LINE_WIDTH,
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
    const edit: TextEdit =
      props.length === 0
        ? { pos: object.getStart() + 1, end: object.getEnd() - 1, text: ` ${entry} ` }
        : next
          ? { pos: next.getStart(), text: `${entry}, ` }
          : { pos: props[props.length - 1]!.getEnd(), text: `, ${entry}` };
    const grown =
      lineEnd(source, object.getEnd()) -
      lineStart(source, object.getStart()) +
      edit.text.length -
      ((edit.end ?? edit.pos) - edit.pos);
    // Outgrowing the width, a hugged one-line object goes one property per line, as Biome does.
    if (grown <= lineWidth || containsComment(object) || !canBreakAlone(object)) return [edit];
    const texts: (string | ((indent: string) => string))[] = props.map((p) => p.getText());
    texts.splice(next ? props.indexOf(next) : props.length, 0, (indent) =>
      propertyText(key, [name], indent, source, lineWidth),
    );
    return [breakObject(object, texts)];
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
