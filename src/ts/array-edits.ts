/**
 * Idempotent edits of array and object literals: append an identifier to an array, or add a
 * `key: [identifier]` property to an object. Layout follows the file and, where a one-line array
 * would outgrow the line width, Biome (one element per line, trailing commas).
 */

import { DEFAULT_LINE_WIDTH } from '../text/string-literal.js';
import type { ArrayFacts, ObjectFacts, Span } from './module-facts.js';
import {
  eolOf,
  indentAt,
  indentUnitOf,
  lineEnd,
  lineStart,
  oneLineWidth,
  restOfLine,
  spansLines,
  type TextEdit,
} from './text-edits.js';

/** Whether the text from `start` to `end` spans lines. */

export function arrayHasIdentifier(source: string, array: ArrayFacts, name: string): boolean {
  return array.elements.some(([start, end]) => end - start === name.length && source.startsWith(name, start));
}

/** Whether a comment sits anywhere in `text` (string literals aside): Biome keeps such a node as it is laid out. */
export function containsComment(text: string): boolean {
  return /\/\/|\/\*/.test(text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, ''));
}

export function ensureArrayElement(
  source: string,
  array: ArrayFacts,
  name: string,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  if (arrayHasIdentifier(source, array, name)) return [];
  // The new element goes after the last element that is not a trailing conditional spread.
  let anchorIndex = array.elements.length - 1;
  while (anchorIndex >= 0 && array.conditional.includes(anchorIndex)) anchorIndex--;
  const at: Insertion = { source, array, anchorIndex, name };
  return spansLines(source.slice(array.start, array.end)) ? intoMultilineArray(at) : intoOneLineArray(at, lineWidth);
}

/** Where a new element goes: after `elements[anchorIndex]`, or first when the index is -1. */
interface Insertion {
  source: string;
  array: ArrayFacts;
  anchorIndex: number;
  name: string;
}

/** What an insertion of the element adds, `offset` into the edit's text. */
const element = ({ array, anchorIndex, name }: Insertion, offset: number) =>
  ({ type: 'element', array: array.start, length: name.length, offset, at: anchorIndex + 1 }) as const;

function intoOneLineArray(at: Insertion, lineWidth: number): TextEdit[] {
  const { source, array, anchorIndex, name } = at;
  const { elements } = array;
  const anchor = elements[anchorIndex];
  const edit: TextEdit = anchor
    ? { pos: anchor[1], text: `, ${name}`, adds: element(at, 2) }
    : elements.length > 0
      ? { pos: elements[0]![0], text: `${name}, `, adds: element(at, 0) }
      : { pos: array.start + 1, text: name, adds: element(at, 0) };
  const lineLength = lineEnd(source, array.end) - lineStart(source, array.start) + edit.text.length;
  if (lineLength <= lineWidth || containsComment(source.slice(array.start, array.end))) return [edit];
  const texts = elements.map(([start, end]) => source.slice(start, end));
  texts.splice(anchor ? anchorIndex + 1 : 0, 0, name);
  // Biome breaks the outermost group first: an array inside a one-line `createApp({ … })`
  // object makes the object go one property per line, and the array only if still too wide.
  const host = array.host;
  if (host && breaksFirst(source, host.object)) {
    return [
      breakObject(
        source,
        host.object,
        host.object.props.map((p, i) =>
          i === host.index
            ? (indent: string) => propertyText(host.key, texts, indent, source, lineWidth)
            : source.slice(p.start, p.end),
        ),
      ),
    ];
  }
  // Too wide for one line: lay the array out one element per line, as Biome would.
  const indent = indentAt(source, array.start);
  return [{ pos: array.start + 1, end: array.end - 1, text: arrayBody(texts, indent, source).text }];
}

function intoMultilineArray(at: Insertion): TextEdit[] {
  const { source, array, anchorIndex, name } = at;
  const { elements } = array;
  const eol = eolOf(source);
  const anchor = elements[anchorIndex];
  if (anchor) {
    const rest = restOfLine(source, anchor[1]);
    if (!rest) return [{ pos: anchor[1], text: `, ${name}`, adds: element(at, 2) }];
    const indent = indentAt(source, anchor[0]);
    const isLast = anchorIndex === elements.length - 1;
    const trailing = rest.comma || !isLast ? ',' : '';
    const edits: TextEdit[] = [
      { pos: rest.end, text: `${eol}${indent}${name}${trailing}`, adds: element(at, eol.length + indent.length) },
    ];
    // A last element without a comma needs one before the new line.
    if (!rest.comma) edits.unshift({ pos: anchor[1], text: ',', adds: { type: 'none' } });
    return edits;
  }
  // Empty (maybe comment-only) multi-line array, or only conditional spreads: a line of its own
  // before the first spread, or before the closing bracket.
  const close = array.end - 1;
  const before: Span | undefined = elements[0];
  const pos = before ? lineStart(source, before[0]) : lineStart(source, close);
  const indent = before ? indentAt(source, before[0]) : indentAt(source, close) + indentUnitOf(source);
  return [{ pos, text: `${indent}${name},${eol}`, adds: element(at, indent.length) }];
}

/**
 * `[\n  a,\n  b,\n]`'s inside: one element per line, trailing commas, closing at `indent`; and
 * where each element's text starts in it.
 */
function arrayBody(texts: readonly string[], indent: string, source: string): { text: string; offsets: number[] } {
  const eol = eolOf(source);
  const unit = indentUnitOf(source);
  const offsets: number[] = [];
  let text = eol;
  for (const t of texts) {
    offsets.push(text.length + indent.length + unit.length);
    text += `${indent}${unit}${t},${eol}`;
  }
  return { text: `${text}${indent}`, offsets };
}

/** `[a, b]`'s inside, and where each element's text starts in it. */
function oneLineBody(texts: readonly string[]): { text: string; offsets: number[] } {
  const offsets: number[] = [];
  let text = '';
  for (const [i, t] of texts.entries()) {
    if (i > 0) text += ', ';
    offsets.push(text.length);
    text += t;
  }
  return { text, offsets };
}

/** `key: [a, b]` on one line at `indent` if it fits, else with the array one element per line. */
function propertyText(key: string, texts: string[], indent: string, source: string, lineWidth: number): string {
  const one = `${key}: [${texts.join(', ')}]`;
  if (indent.length + one.length + 1 <= lineWidth) return one;
  return `${key}: [${arrayBody(texts, indent, source).text}]`;
}

/** Whether Biome breaks this object before the array in it: on one line, comment-free, and breakable alone. */
function breaksFirst(source: string, object: ObjectFacts): boolean {
  const text = source.slice(object.start, object.end);
  return !spansLines(text) && !containsComment(text) && object.breaksAlone;
}

/** Replaces a one-line object's inside with one property per line (trailing commas). */
function breakObject(source: string, object: ObjectFacts, texts: (string | ((indent: string) => string))[]): TextEdit {
  const eol = eolOf(source);
  const indent = indentAt(source, object.start);
  const inner = indent + indentUnitOf(source);
  const lines = texts.map((t) => `${inner}${typeof t === 'function' ? t(inner) : t},${eol}`).join('');
  return { pos: object.start + 1, end: object.end - 1, text: `${eol}${lines}${indent}` };
}

/**
 * Adds `key: [name]` to an object literal that lacks `key`. It goes before the first property
 * named in `before` (e.g. `tools` before `resources` and `prompts`), else after the last property.
 */
export function addArrayProperty(
  source: string,
  object: ObjectFacts,
  key: string,
  name: string,
  before: string[] = [],
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  const eol = eolOf(source);
  const { props } = object;
  const entry = `${key}: [${name}]`;
  const next = props.find((p) => p.name !== undefined && before.includes(p.name));

  if (!spansLines(source.slice(object.start, object.end))) {
    const edit: TextEdit =
      props.length === 0
        ? { pos: object.start + 1, end: object.end - 1, text: ` ${entry} ` }
        : next
          ? { pos: next.start, text: `${entry}, ` }
          : { pos: props[props.length - 1]!.end, text: `, ${entry}` };
    const grown =
      lineEnd(source, object.end) -
      lineStart(source, object.start) +
      edit.text.length -
      ((edit.end ?? edit.pos) - edit.pos);
    // Outgrowing the width, a hugged one-line object goes one property per line, as Biome does.
    if (grown <= lineWidth || containsComment(source.slice(object.start, object.end)) || !object.breaksAlone)
      return [edit];
    const texts: (string | ((indent: string) => string))[] = props.map((p) => source.slice(p.start, p.end));
    texts.splice(next ? props.indexOf(next) : props.length, 0, (indent) =>
      propertyText(key, [name], indent, source, lineWidth),
    );
    return [breakObject(source, object, texts)];
  }
  if (next) {
    const indent = indentAt(source, next.start);
    return [{ pos: next.ownStart, text: `${indent}${entry},${eol}` }];
  }
  const last = props[props.length - 1];
  if (!last) {
    const close = object.end - 1;
    const indent = indentAt(source, close) + indentUnitOf(source);
    return [{ pos: lineStart(source, close), text: `${indent}${entry},${eol}` }];
  }
  const rest = restOfLine(source, last.end);
  if (!rest) return [{ pos: last.end, text: `, ${entry}` }];
  const indent = indentAt(source, last.start);
  const edits: TextEdit[] = [{ pos: rest.end, text: `${eol}${indent}${entry}${rest.comma ? ',' : ''}` }];
  if (!rest.comma) edits.unshift({ pos: last.end, text: ',' });
  return edits;
}

/**
 * An array whose elements are to read `texts` (names renamed), laid out again as Biome would:
 * one on a line that no longer fits breaks one element per line; one over lines that now fits
 * joins onto one. Undefined where the layout stays (the elements' own edits do), where a comment
 * is inside or an element spans lines, or where Biome would break the one-line object holding it
 * first.
 */
export function relaidArray(source: string, array: ArrayFacts, texts: readonly string[], lineWidth: number) {
  const arrayText = source.slice(array.start, array.end);
  // An element of its own over lines (a conditional spread laid out so) is not joined here.
  if (texts.length === 0 || containsComment(arrayText) || texts.some(spansLines)) return undefined;
  const fits = oneLineWidth(source, array.start, array.end - 1, texts.join(', ').length) <= lineWidth;
  const multiline = spansLines(arrayText);
  if (fits !== multiline) return undefined;
  if (!multiline && array.host && breaksFirst(source, array.host.object)) return undefined;
  // Over lines now: joined on one. On one line now: one element per line.
  const { text, offsets } = multiline ? oneLineBody(texts) : arrayBody(texts, indentAt(source, array.start), source);
  const places = texts.map((t, i) => ({ from: array.elements[i]![0], offset: offsets[i]!, length: t.length }));
  return { pos: array.start + 1, end: array.end - 1, text, changes: { type: 'layout', drops: [], places } } as const;
}

/**
 * The edits that lay the braces of an import or export out again once the names in them take the
 * lengths `lengths` (names renamed): braces on one line that no longer fit go one name per line,
 * braces over lines that now fit join on one, as Biome lays them out (one name stays on one line
 * however long). Only the white space and commas between the names change, so the edits of the
 * names themselves stand beside these. None where the layout stays, or a comment is inside.
 */
export function relaidNamedList(
  source: string,
  open: number,
  close: number,
  names: readonly Span[],
  lengths: readonly number[],
  lineWidth: number,
): TextEdit[] {
  const braces = source.slice(open, close + 1);
  if (names.length < 2 || containsComment(braces)) return [];
  const joined = lengths.reduce((sum, l) => sum + l, 0) + 2 * (names.length - 1);
  const fits = oneLineWidth(source, open, close, joined + 2) <= lineWidth;
  const multiline = spansLines(braces);
  if (fits !== multiline) return [];
  const eol = eolOf(source);
  const inner = indentAt(source, open) + indentUnitOf(source);
  const gaps: Span[] = [[open + 1, names[0]![0]]];
  for (let i = 1; i < names.length; i++) gaps.push([names[i - 1]![1], names[i]![0]]);
  gaps.push([names[names.length - 1]![1], close]);
  const between = (i: number) => {
    if (multiline) return i === 0 || i === names.length ? ' ' : ', ';
    if (i === names.length) return `,${eol}${indentAt(source, open)}`;
    return `${i === 0 ? '' : ','}${eol}${inner}`;
  };
  // Braces written without a space (`{a}`) are not Biome's layout to begin with: left alone.
  if (gaps.some(([pos, end]) => end <= pos)) return [];
  return gaps.flatMap(([pos, end], i) => {
    const text = between(i);
    return source.slice(pos, end) === text
      ? []
      : [{ pos, end, text, changes: { type: 'layout', drops: [], places: [] } } as const];
  });
}
