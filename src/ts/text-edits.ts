/**
 * AST helpers locate with ts-morph but edit as text splices, so that everything outside the
 * inserted text stays byte-identical: comments, blank lines, quotes, line breaks. A line ends at
 * LF, CRLF or a lone CR, as TypeScript reads it, whatever mix of them a file holds.
 */

export interface TextEdit {
  /** Offset in the original text. */
  pos: number;
  /** End of the replaced range; an insertion when absent. */
  end?: number;
  /** Inserted text. */
  text: string;
  /**
   * What the inserted text adds to the file's facts (module-facts.ts), where the edit knows it:
   * the facts of the text written are then derived without parsing it (derived-facts.ts).
   */
  adds?: FactAdd;
  /**
   * What a removal or replacement does to the facts its range holds, where the edit knows it: the
   * facts of the text written are then derived without parsing it (derived-facts.ts).
   */
  changes?: FactChange;
}

/**
 * What a removal or replacement does to the facts (statements, names in braces, array elements)
 * in its range, each known by where it started in the text the edit was planned on.
 */
export type FactChange =
  /** Takes out `drops`; the edit's text holds `places` again, each `offset` into it and `length` long. */
  | { type: 'layout'; drops: readonly number[]; places: readonly { from: number; offset: number; length: number }[] }
  /** The name in braces that starts at `start` is now the edit's text (and so is its local name, without an alias). */
  | { type: 'name'; start: number }
  /** The statement at `start` imports or exports from the edit's text, a module path between quotes, now. */
  | { type: 'specifier'; start: number }
  /** The edit's range is the statement at `slot`; its text is the statement at `from`, which takes the slot's place. */
  | { type: 'move'; slot: number; from: number };

/** What an insertion adds: nothing but punctuation, a statement, a name in braces, an array element. */
export type FactAdd =
  | { type: 'none' }
  /** `import { name } from 'specifier';` (or `export`), `offset` into the edit's text, becoming statement `index`. */
  | {
      type: 'statement';
      kind: 'import' | 'export';
      specifier: string;
      quote: string;
      name: string;
      offset: number;
      index: number;
    }
  /** `name` into the braces of statement `statement` (its index), at position `at` among its names. */
  | { type: 'named'; statement: number; name: string; offset: number; at: number }
  /** An element `length` long into the array that started at `array`, at position `at`. */
  | { type: 'element'; array: number; length: number; offset: number; at: number };

export function applyEdits(source: string, edits: TextEdit[]): string {
  // Later offsets first, so earlier offsets stay valid; equal offsets keep their given order.
  const ordered = edits.map((e, i) => ({ ...e, i })).sort((a, b) => b.pos - a.pos || b.i - a.i);
  let out = source;
  for (const e of ordered) out = out.slice(0, e.pos) + e.text + out.slice(e.end ?? e.pos);
  return out;
}

/** One line break: CRLF, LF or a lone CR. */
const LINE_BREAK = /\r\n|\r|\n/;
const BREAK_CHAR = /[\r\n]/g;

/** The file's line break, what an edit inserts: its first one (LF in a file of one line). */
export function eolOf(source: string): string {
  return LINE_BREAK.exec(source)?.[0] ?? '\n';
}

/** Whether the text holds a line break of any kind. */
export function spansLines(text: string): boolean {
  return text.includes('\n') || text.includes('\r');
}

/** Whether the text ends with a line break. */
export function endsWithLineBreak(text: string): boolean {
  return text.endsWith('\n') || text.endsWith('\r');
}

/** Offset of the start of the line holding `pos`. */
export function lineStart(source: string, pos: number): number {
  let i = pos;
  while (i > 0 && source[i - 1] !== '\n' && source[i - 1] !== '\r') i--;
  return i;
}

/** Offset of the line break ending the line holding `pos` (its first character: `\r` of a CRLF). */
export function lineEnd(source: string, pos: number): number {
  BREAK_CHAR.lastIndex = pos;
  return BREAK_CHAR.exec(source)?.index ?? source.length;
}

/**
 * How long the line would be with the brackets at `open` and `close` (`[`/`]`, `{`/`}`) on it and
 * `inner` characters between them: what comes before the opening one on its line, and after the
 * closing one on its own, kept. What Biome's layout of a list is judged by.
 */
export function oneLineWidth(source: string, open: number, close: number, inner: number): number {
  return open - lineStart(source, open) + 1 + inner + lineEnd(source, close) - close;
}

/** The end of the line holding `pos`, past its line break. */
export function pastLineBreak(source: string, pos: number): number {
  const end = lineEnd(source, pos);
  if (source.startsWith('\r\n', end)) return end + 2;
  return end < source.length ? end + 1 : end;
}

/** Leading white space of the line holding `pos`. */
export function indentAt(source: string, pos: number): string {
  const start = lineStart(source, pos);
  return /^[ \t]*/.exec(source.slice(start))![0];
}

/** The file's indent unit: a tab, or its narrowest space indent (JSDoc ` *` lines aside). */
export function indentUnitOf(source: string): string {
  let narrowest = Number.POSITIVE_INFINITY;
  for (const m of source.matchAll(/^([ \t]+)[^\s*]/gm)) {
    if (m[1]!.includes('\t')) return '\t';
    narrowest = Math.min(narrowest, m[1]!.length);
  }
  return Number.isFinite(narrowest) ? ' '.repeat(narrowest) : '  ';
}

/**
 * From `pos`, skips what may follow an element on its own line: spaces, one comma, and a trailing
 * comment. Returns where the line ends, and whether a comma was seen, or undefined when other code
 * follows on the same line.
 */
export function restOfLine(source: string, pos: number): { end: number; comma: boolean } | undefined {
  let i = pos;
  let comma = false;
  const skipSpace = () => {
    while (source[i] === ' ' || source[i] === '\t') i++;
  };
  skipSpace();
  if (source[i] === ',') {
    comma = true;
    i++;
    skipSpace();
  }
  if (source.startsWith('//', i)) return { end: lineEnd(source, i), comma };
  if (source.startsWith('/*', i)) {
    const close = source.indexOf('*/', i + 2);
    if (close !== -1 && !spansLines(source.slice(i, close))) {
      i = close + 2;
      skipSpace();
    }
  }
  if (i >= source.length || source[i] === '\n' || source[i] === '\r') {
    return { end: i, comma };
  }
  return undefined;
}

/** Two line breaks with only blanks between (a CRLF is one break, not a CR and an LF). */
const BLANK_LINE = /(?:\r\n|\r(?!\n)|\n)[ \t]*(?:\r\n|\r|\n)/;

interface CommentedNode {
  getStart(): number;
  getLeadingCommentRanges(): { getPos(): number; getEnd(): number }[];
}

/**
 * Where a node's own text starts, counting the comments on the lines just above it (no blank line
 * between): a `// Resources` label above a property belongs to it.
 */
export function startWithLeadingComments(source: string, node: CommentedNode): number {
  let start = node.getStart();
  for (const range of [...node.getLeadingCommentRanges()].reverse()) {
    if (BLANK_LINE.test(source.slice(range.getEnd(), start))) break;
    start = range.getPos();
  }
  return lineStart(source, start);
}

/** The 1-based line of offset `pos` in `text`, as ts-morph counts lines (only `\n` ends one). */
export function lineAtOffset(text: string, pos: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < pos; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
