/**
 * The record of what mcp-scaffold wrote, kept in the file itself: a line in the JSDoc header,
 * ` * @scaffolded mcp-scaffold <hash>`, the hash taken over the file's text without that line.
 * A file whose text still has its hash is untouched since mcp-scaffold wrote it; one whose text
 * changed was edited, and `--force` does not discard that without being told.
 *
 * In the file rather than in a manifest: the record moves, copies and merges with the file, and
 * there is no second file to keep in step with rename and remove or to check as input. Not
 * `@generated`: tools and agents read that tag as "machine output, do not edit", and these files
 * are starting points meant to be edited.
 *
 * The hash is over a canonical form that formatting cannot change: whitespace and line breaks
 * (layout, indentation, CRLF), semicolons, trailing commas, the quote style, and what Biome adds
 * or drops with the layout (the parentheses around an arrow's body, a union's leading `|`) are
 * left out, so a file the project's Biome formats keeps its record, and an edit of the code or
 * its text does not.
 */

import { createHash } from 'node:crypto';

const TAG = '@scaffolded mcp-scaffold';
const HASH = /[0-9a-f]{16}/;
/** The record's line, whichever comment holds it, with its line break. */
const STAMP_LINE = new RegExp(
  `^[^\\S\\r\\n]*(?:\\*|//)[^\\S\\r\\n]*${TAG} (${HASH.source})[^\\S\\r\\n]*(?:\\r\\n|\\r|\\n|$)`,
  'm',
);

/**
 * The text without the parentheses around arrow functions' bodies, which Biome adds or drops with
 * the layout (`(b) => (b.ok ? 1 : 0)` on one line, no parentheses once broken). Whitespace is
 * already gone, so such a body starts right after `=>`.
 */
function withoutArrowBodyParens(text: string): string {
  const dropped: boolean[] = [];
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(') {
      const drop = text.startsWith('=>', i - 2);
      dropped.push(drop);
      if (drop) continue;
    } else if (c === ')' && dropped.pop() === true) continue;
    out += c;
  }
  return out;
}

/** What formatting cannot change of the text: its code and words, without the record. */
function canonical(text: string): string {
  return withoutArrowBodyParens(
    text
      .replace(new RegExp(STAMP_LINE.source, 'gm'), '')
      .replace(/\\(['"])/g, '$1')
      .replaceAll('"', "'")
      .replace(/\s+/g, '')
      .replaceAll(';', '')
      .replace(/,(?=[)\]}>])/g, '')
      // A union or intersection broken over lines starts with its operator: `x:\n  | A\n  | B`.
      .replace(/([:=<(,[])[|&](?![|&])/g, '$1'),
  );
}

/** The hash the record of this text holds when it is what mcp-scaffold wrote. */
export function fingerprint(text: string): string {
  return createHash('sha256').update(canonical(text)).digest('hex').slice(0, 16);
}

/** The hash recorded in the text, if it has a record. */
export function stampOf(text: string): string | undefined {
  return STAMP_LINE.exec(text)?.[1];
}

/**
 * Where the JSDoc header the file starts with (after a shebang line) closes: the start of the
 * line that closes it, and that line's indentation. Undefined when the file starts otherwise, or
 * closes its header on a line with text.
 */
function headerEnd(text: string): { at: number; indent: string } | undefined {
  const open = /^\ufeff?(?:#![^\r\n]*(?:\r\n|\r|\n))?\/\*\*[^\S\r\n]*(?:\r\n|\r|\n)/.exec(text);
  if (!open) return undefined;
  const end = text.indexOf('*/', open[0].length);
  const lineStart = Math.max(text.lastIndexOf('\n', end), text.lastIndexOf('\r', end)) + 1;
  const indent = text.slice(lineStart, end);
  return end >= 0 && /^[^\S\r\n]*$/.test(indent) ? { at: lineStart, indent } : undefined;
}

/**
 * The text with its record: added as the last line of its JSDoc header (or, without one, as a
 * first line comment), or brought up to date where it has one.
 */
export function stamp(text: string): string {
  const hash = fingerprint(text);
  const found = STAMP_LINE.exec(text);
  if (found) {
    const at = found.index + found[0].indexOf(found[1]!);
    return `${text.slice(0, at)}${hash}${text.slice(at + hash.length)}`;
  }
  const eol = /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
  const close = headerEnd(text);
  if (close !== undefined)
    return `${text.slice(0, close.at)}${close.indent}* ${TAG} ${hash}${eol}${text.slice(close.at)}`;
  return `// ${TAG} ${hash}${eol}${text}`;
}

/** Whether the text is what mcp-scaffold wrote: it has a record, and the record's hash is its own. */
export function untouched(text: string): boolean {
  const recorded = stampOf(text);
  return recorded !== undefined && recorded === fingerprint(text);
}

/** Whether two texts are the same once formatting and records are set aside. */
export function sameGenerated(a: string, b: string): boolean {
  return canonical(a) === canonical(b);
}

/**
 * `after`, an edit mcp-scaffold made of `before` (an upgrade's codemod, a rename), with the record
 * brought up to date when `before` was untouched: mcp-scaffold's own edit keeps it untouched. An
 * edited file stays edited.
 */
export function restamp(before: string, after: string): string {
  return untouched(before) && after !== before ? stamp(after) : after;
}

/** The lines of the text with each record's hash set aside, for comparing two texts line by line. */
export function withoutHash(text: string): string {
  return text.replace(new RegExp(STAMP_LINE.source, 'gm'), (line) => line.replace(HASH, ''));
}
