/**
 * Lets a formatter that rewrites characters (`biome format` on stdin turns ⚠ into !, zero-width
 * and bidi characters into U+FFFD) lay out a file without seeing them: every string literal and
 * comment that holds a non-ASCII character is masked by ASCII of the same width (as Biome counts
 * it), the masked file is formatted, and the original tokens are put back, in order, into the
 * formatted file. A formatter never breaks inside a literal or a comment and never reorders them,
 * so the layout is the one it would have chosen for the real text.
 */

import { displayWidth } from '../text/string-literal.js';
import { tsMorph } from './ts-morph.js';

interface Token {
  start: number;
  end: number;
  kind: 'literal' | 'comment';
}

/** String, template and regex literals, from the parser (their insides are no code). */
function literalTokens(text: string): Token[] {
  const { ts } = tsMorph();
  const sf = ts.createSourceFile('masked.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: Token[] = [];
  const visit = (node: import('typescript').Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isRegularExpressionLiteral(node)
    ) {
      found.push({ start: node.getStart(sf), end: node.end, kind: 'literal' });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found.sort((a, b) => a.start - b.start);
}

/** Comments in the code between literals: there `//` and `/*` can only start one. */
function commentTokens(text: string, from: number, to: number): Token[] {
  const found: Token[] = [];
  const comment = /\/\/[^\n\r\u2028\u2029]*|\/\*[\s\S]*?(?:\*\/|$)/g;
  const gap = text.slice(from, to);
  for (const m of gap.matchAll(comment)) {
    found.push({ start: from + m.index, end: from + m.index + m[0].length, kind: 'comment' });
  }
  return found;
}

/** Every literal and comment of a TypeScript file, in order. */
export function textTokens(text: string): Token[] {
  const literals = literalTokens(text);
  const tokens: Token[] = [];
  let at = 0;
  for (const literal of literals) {
    tokens.push(...commentTokens(text, at, literal.start), literal);
    at = literal.end;
  }
  tokens.push(...commentTokens(text, at, text.length));
  return tokens;
}

const NON_ASCII = /\P{ASCII}/u;

/** Each non-ASCII code point as as many `x` as Biome gives it columns (none for zero-width ones). */
function maskToken(token: string): string {
  return token.replace(/\P{ASCII}/gu, (c) => 'x'.repeat(displayWidth(c)));
}

export interface Masked {
  /** The file before masking. */
  source: string;
  /** The file with every non-ASCII literal and comment masked: pure ASCII where it matters. */
  text: string;
  /** Every literal and comment of the file before masking, in order. */
  originals: { kind: Token['kind']; text: string }[];
}

export function mask(text: string): Masked {
  let out = '';
  let at = 0;
  const originals: Masked['originals'] = [];
  for (const t of textTokens(text)) {
    const original = text.slice(t.start, t.end);
    originals.push({ kind: t.kind, text: original });
    out += text.slice(at, t.start) + (NON_ASCII.test(original) ? maskToken(original) : original);
    at = t.end;
  }
  return { source: text, text: out + text.slice(at), originals };
}

/**
 * A comment as the formatter moved it: the original lines with the formatter's indentation, when
 * the formatter changed nothing but that; else undefined.
 */
function reindented(original: string, formatted: string): string | undefined {
  const before = original.split('\n');
  const after = formatted.split('\n');
  if (before.length !== after.length) return undefined;
  const lines: string[] = [];
  for (let i = 0; i < before.length; i++) {
    const body = before[i]!.trimStart();
    if (maskToken(body) !== after[i]!.trimStart()) return undefined;
    lines.push(after[i]!.slice(0, after[i]!.length - after[i]!.trimStart().length) + body);
  }
  return lines.join('\n');
}

/**
 * Puts the original literals and comments back into the formatted masked file. Undefined when the
 * formatter changed them beyond indentation (the layout cannot be trusted then).
 */
export function unmask(formatted: string, masked: Masked): string | undefined {
  const tokens = textTokens(formatted);
  if (tokens.length !== masked.originals.length) return undefined;
  let out = '';
  let at = 0;
  for (const [i, t] of tokens.entries()) {
    const { kind, text: original } = masked.originals[i]!;
    if (kind !== t.kind) return undefined;
    const now = formatted.slice(t.start, t.end);
    // What was ASCII the formatter saw as it was; a masked literal is put back as it was written
    // (as Biome writes it), a masked comment with the formatter's indentation.
    let restored: string | undefined = now;
    if (NON_ASCII.test(original)) {
      restored = kind === 'literal' || now === maskToken(original) ? original : reindented(original, now);
    }
    if (restored === undefined) return undefined;
    out += formatted.slice(at, t.start) + restored;
    at = t.end;
  }
  out += formatted.slice(at);
  return nonAscii(out) === nonAscii(masked.source) ? out : undefined;
}

/** The non-ASCII characters of a text, in order: what a formatter must not have changed. */
function nonAscii(text: string): string {
  return text.replace(/\p{ASCII}+/gu, '');
}
