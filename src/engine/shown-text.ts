/**
 * What a command prints can hold what a project's files hold (names, paths, lines of code): a
 * terminal acts on a control character instead of showing it (it moves the cursor, sets the
 * window's title, hides the rest of a line), and a bidi control reorders what is shown around it.
 * `shown` writes each such character as its escape (`\x1b`, `\u202e`); line feeds and tabs stay.
 */

const SHORT_ESCAPES: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\v': '\\v', '\f': '\\f', '\r': '\\r' };

/** The escape that spells a character in a string: `\t`, `\x1b`, `\u202e`, `\u{e0001}`. */
export function escapeOf(c: string): string {
  const short = SHORT_ESCAPES[c];
  if (short) return short;
  const cp = c.codePointAt(0)!;
  if (cp <= 0xff) return `\\x${cp.toString(16).padStart(2, '0')}`;
  return cp <= 0xffff ? `\\u${cp.toString(16).padStart(4, '0')}` : `\\u{${cp.toString(16)}}`;
}

const ACTED_ON = '(?![\\n\\t])[\\p{Cc}\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]';
const EVERY = new RegExp(ACTED_ON, 'gu');

/** The text with every character a terminal would act on written as its escape. */
export const shown = (text: string): string => text.replace(EVERY, escapeOf);
