/**
 * Whether a remembered registration index still describes the texts it was taken from, where an
 * edit reads it. The hash of each text vouches for the text; these checks vouch for the facts
 * (a cache file damaged or tampered with is read again, never edited by): every offset lies in
 * the text, in order, on token boundaries, and says what is there (an import starts with
 * `import`, a name ends with the name, an array opens with `[`); where a statement or property
 * starts with its comments is the start of its line or of comment lines just above it.
 */

import type { ArrayFacts, ModuleFacts, ObjectFacts } from '../ts/module-facts.js';
import type { RegistrationIndex } from './registration-index.js';
import type { TrailStep } from './sites.js';

const TRIVIA = /^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*$/;

// Characters tested by their code: these run for every offset of a file of thousands of imports,
// and a regular expression per character (with a one-character string to test) cost most of it.
/** Whether the character at `i` is one of `[\w$]` (none past either end). */
function isWordAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}

/** Whether the character at `i` is one `\S` matches (none past either end). */
function isNonSpaceAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (Number.isNaN(c)) return false;
  if (c < 128) return c !== 32 && (c < 9 || c > 13);
  return /\S/.test(text[i]!);
}

/** Whether `at` starts a token: in the text, on no white space, not inside a word. */
function tokenAt(text: string, at: number): boolean {
  return at >= 0 && at < text.length && isNonSpaceAt(text, at) && !(isWordAt(text, at - 1) && isWordAt(text, at));
}

/** Whether `start`–`end` is whole tokens: it neither starts nor ends inside a word, nor on white space. */
function wholeTokens(text: string, start: number, end: number): boolean {
  const splits = isWordAt(text, end - 1) && isWordAt(text, end);
  return end > start && end <= text.length && tokenAt(text, start) && isNonSpaceAt(text, end - 1) && !splits;
}

/**
 * Whether `at` starts a line and leads to `start`: the start of its own line, or of the comments
 * just above it (only white space and comments between).
 */
function leads(text: string, at: number, start: number): boolean {
  if (at < 0 || at > start || (at !== 0 && text[at - 1] !== '\n')) return false;
  const between = text.slice(at, start);
  return !between.includes('\n') || TRIVIA.test(between);
}

/** Whether `needle` lies in the text between `start` and `end` (checked without slicing: a file may hold thousands). */
function within(text: string, needle: string, start: number, end: number): boolean {
  const at = start < 0 ? -1 : text.indexOf(needle, start);
  return at >= 0 && at + needle.length <= end;
}

// Indexed loops over what a file of thousands of imports holds: without the optimising compiler
// (lean-vm.ts) each for-of makes an iterator and a result per step.
function moduleFits(text: string, facts: ModuleFacts): boolean {
  let index = -1;
  let end = 0;
  for (let i = 0; i < facts.statements.length; i++) {
    const st = facts.statements[i]!;
    if (st.index <= index || st.index >= facts.count || st.start < end) return false;
    if (
      !wholeTokens(text, st.start, st.end) ||
      !text.startsWith(st.kind, st.start) ||
      !leads(text, st.ownStart, st.start)
    )
      return false;
    if (st.specifier !== undefined && !within(text, `${st.quote}${st.specifier}${st.quote}`, st.start, st.end))
      return false;
    let at = st.start;
    const named = st.named ?? [];
    for (let j = 0; j < named.length; j++) {
      const n = named[j]!;
      if (n.start <= at || n.end >= st.end || !wholeTokens(text, n.start, n.end)) return false;
      // The name ends with its local binding (`a as b` ends with `b`).
      if (n.end - n.local.length < n.start || !text.startsWith(n.local, n.end - n.local.length)) return false;
      at = n.end;
    }
    index = st.index;
    end = st.end;
  }
  const first = facts.firstOwnStart;
  if (first !== undefined && !(first <= text.length && (first === 0 || text[first - 1] === '\n'))) return false;
  return facts.declared.every(([, at]) => tokenAt(text, at));
}

function objectFits(text: string, object: ObjectFacts): boolean {
  if (!wholeTokens(text, object.start, object.end) || text[object.start] !== '{' || text[object.end - 1] !== '}')
    return false;
  let at = object.start;
  for (const p of object.props) {
    if (p.start <= at || p.end >= object.end || !wholeTokens(text, p.start, p.end) || !leads(text, p.ownStart, p.start))
      return false;
    at = p.end;
  }
  return true;
}

function arrayFits(text: string, array: ArrayFacts): boolean {
  if (!wholeTokens(text, array.start, array.end) || text[array.start] !== '[' || text[array.end - 1] !== ']')
    return false;
  let at = array.start;
  for (let i = 0; i < array.elements.length; i++) {
    const start = array.elements[i]![0];
    const end = array.elements[i]![1];
    if (start <= at || end >= array.end || !wholeTokens(text, start, end)) return false;
    at = end;
  }
  if (!array.conditional.every((i) => Number.isInteger(i) && i >= 0 && i < array.elements.length)) return false;
  const host = array.host;
  return !host || (objectFits(text, host.object) && host.index >= 0 && host.index < host.object.props.length);
}

export function indexFits(index: RegistrationIndex, textOf: (file: string) => string): boolean {
  const stepFits = (s: TrailStep) => tokenAt(textOf(s.file), s.pos);
  return (
    Object.entries(index.files).every(([file, { facts }]) => moduleFits(textOf(file), facts)) &&
    index.targets.every((t) =>
      t.type === 'array'
        ? arrayFits(textOf(t.file), t.array) && t.trail.every(stepFits)
        : objectFits(textOf(t.file), t.object),
    )
  );
}
