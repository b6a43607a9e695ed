import { escapeOf } from '../engine/shown-text.js';
import { BIOME_WIDTHS } from './biome-widths.js';

/** Biome's default line width, and the framework's. */
export const DEFAULT_LINE_WIDTH = 100;

// A lone surrogate cannot be written to a UTF-8 file (it would become U+FFFD): it is escaped too.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|(?! )\p{Zs}|\p{Cs}/u;
const TO_ESCAPE = new RegExp(`[\\\\'"\\n\\r]|\\$\\{|${INVISIBLE.source}`, 'gu');

/**
 * The only way user text enters generated code: as a TypeScript string literal that evaluates to
 * exactly the text typed, written the way Biome would write it so `biome check` has nothing to
 * say: single quotes unless the text holds more single than double quotes, only the chosen quote
 * escaped, and `${` spelled `\u0024{` (Biome flags `${` in a plain string as a likely mistake).
 * Characters nobody can see in a review (controls, zero-width and bidi controls, BOM, odd spaces,
 * lone surrogates) are escaped, so the file holds only visible text. Backticks and `*\/` are
 * inert inside a quoted string.
 */
export function tsString(text: string): string {
  const singles = text.split("'").length - 1;
  const doubles = text.split('"').length - 1;
  const quote = singles > doubles ? '"' : "'";
  const body = text.replace(TO_ESCAPE, (c) => {
    switch (c) {
      case '\\':
        return '\\\\';
      case "'":
      case '"':
        return c === quote ? `\\${c}` : c;
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '${':
        return '\\u0024{';
      default:
        return escapeOf(c);
    }
  });
  return `${quote}${body}${quote}`;
}

/** Biome's columns for one code point (tabs aside): binary search of the measured table. */
function codePointWidth(cp: number): number {
  let lo = 0;
  let hi = BIOME_WIDTHS.length / 3 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < BIOME_WIDTHS[mid * 3]!) hi = mid - 1;
    else if (cp > BIOME_WIDTHS[mid * 3 + 1]!) lo = mid + 1;
    else return BIOME_WIDTHS[mid * 3 + 2]!;
  }
  return 1;
}

/**
 * Display width as Biome 2.5 measures it for line breaking: the sum of each code point's width
 * (measured from Biome itself: wide East Asian characters and emoji two, combining marks, controls
 * and zero-width characters none), a tab as wide as an indent. No grapheme clusters: Biome counts
 * `❤\ufe0f` as one column and a ZWJ family as three emoji.
 */
export function displayWidth(text: string, tabWidth = 2): number {
  let width = 0;
  // Pure ASCII without tabs or controls (nearly every line of code) is one column a character.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  for (const ch of text) width += ch === '\t' ? tabWidth : codePointWidth(ch.codePointAt(0)!);
  return width;
}

/**
 * An object property holding user text, laid out as Biome lays it out: on one line when it fits
 * the line width, else the literal on the next line, one indent deeper (Biome never splits a
 * string).
 */
export function stringProperty(key: string, text: string, indent: string, lineWidth = 100): string {
  const literal = tsString(text);
  const oneLine = `${indent}${key}: ${literal},`;
  // Biome leaves the value beside a key shorter than five columns (breaking would gain nothing).
  if (displayWidth(oneLine) <= lineWidth || displayWidth(key) < 5) return oneLine;
  return `${indent}${key}:\n${indent}  ${literal},`;
}
