/**
 * Text mcp-scaffold invents (a description derived from a name) is written with a visible mark,
 * so it cannot pass for real text: the generated devcheck and `list` report every string that
 * still starts with it, until someone writes what the definition really does. The mark is inside
 * the string itself, so rewriting the text removes it; a comment beside it would outlive the edit.
 */

export const PLACEHOLDER_MARK = 'TODO:';

/** The text as a placeholder: `TODO: Search articles. Say what it returns and when to use it.` */
export function placeholder(text: string): string {
  return `${PLACEHOLDER_MARK} ${text}`;
}

/** Whether a string (as the definition holds it) is still a placeholder. */
export function isPlaceholder(text: string): boolean {
  return text.trimStart().startsWith(PLACEHOLDER_MARK);
}

/** A string literal (quoted or template) that starts with the mark: the opening quote, then it. */
const MARKED_LITERAL = new RegExp(`(['"\`])\\s*${PLACEHOLDER_MARK}`);

/** The lines of a source file (1-based) holding a string that starts with the mark, trimmed. */
export function placeholdersIn(source: string): { line: number; text: string }[] {
  return source
    .split(/\r?\n/)
    .flatMap((text, i) => (MARKED_LITERAL.test(text) ? [{ line: i + 1, text: text.trim() }] : []));
}
