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
