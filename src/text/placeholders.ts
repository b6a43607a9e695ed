/**
 * What mcp-scaffold writes that is not yet the user's own is marked, so it cannot pass for real:
 *
 * - text it invents (a description derived from a name) starts with `TODO:` inside the string
 *   itself, so rewriting the text removes the mark;
 * - code that stands in for behaviour (made-up results, invented records, a mutation that changes
 *   nothing, an empty value where the user's data goes) carries a line comment starting with
 *   `STAND-IN:` on the line above it, saying what to put there. The comment and the statement (or
 *   property) under it are the stand-in: both go when the user writes the real code.
 *
 * The generated devcheck, `list` and `add --json` report both, from the same two marks.
 */

export const PLACEHOLDER_MARK = 'TODO:';
export const STAND_IN_MARK = 'STAND-IN:';

/** The text as a placeholder: `TODO: Search articles. Say what it returns and when to use it.` */
export function placeholder(text: string): string {
  return `${PLACEHOLDER_MARK} ${text}`;
}

/** Whether a string (as the definition holds it) is still a placeholder. */
export function isPlaceholder(text: string): boolean {
  return text.trimStart().startsWith(PLACEHOLDER_MARK);
}

/** The comment that marks the stand-in under it: `// STAND-IN: made-up results; search here.` */
export function standIn(what: string): string {
  return `// ${STAND_IN_MARK} ${what}`;
}

/** A string literal (quoted or template) that starts with the mark: the opening quote, then it. */
const MARKED_LITERAL = new RegExp(`(['"\`])\\s*${PLACEHOLDER_MARK}`);
/** A line comment that starts with the stand-in mark. */
const MARKED_CODE = new RegExp(`//\\s*${STAND_IN_MARK}`);

/** Whether a line of source holds either mark. */
export function isMarkedLine(text: string): boolean {
  return MARKED_LITERAL.test(text) || MARKED_CODE.test(text);
}

/** Whether a line of source holds the stand-in mark (rather than placeholder text). */
export function isStandInLine(text: string): boolean {
  return MARKED_CODE.test(text);
}

/**
 * The lines of a source file (1-based) holding a string that starts with `TODO:` or a
 * `// STAND-IN:` comment, trimmed: everything still to be replaced.
 */
export function placeholdersIn(source: string): { line: number; text: string }[] {
  return source
    .split(/\r\n|\r|\n/)
    .flatMap((text, i) => (isMarkedLine(text) ? [{ line: i + 1, text: text.trim() }] : []));
}
