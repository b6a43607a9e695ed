/**
 * What a rename changes: the files that move, the exports that take new names, the MCP name; and
 * the whole words a moved file says of its old self, renamed in it after the code is.
 */

export interface RenameMap {
  /** Old path → new path of every file that moves. */
  files: Map<string, string>;
  /** Per moved module: old export name → new one. */
  exports: Map<string, Map<string, string>>;
  /**
   * String literals equal to the old MCP name, in these files, become the new one; never in
   * `except` (the files of another kind's definition that has the same MCP name, and its tests).
   */
  mcpName?: { from: string; to: string; files: ReadonlySet<string> | 'all'; except?: ReadonlySet<string> };
}

/** What else a moved file says of its old self: old export names, the old MCP name, its old module path. */
export function wordsOf(map: RenameMap): [string, string][] {
  const words: [string, string][] = [];
  for (const names of map.exports.values()) words.push(...names);
  if (map.mcpName) words.push([map.mcpName.from, map.mcpName.to]);
  for (const [from, to] of map.files) {
    const stem = (f: string) => f.replace(/^src\//, '').replace(/\.ts$/, '');
    words.push([stem(from), stem(to)]);
  }
  return words;
}

/**
 * In a moved file, what the code edits left of the old names (comments, messages, regular
 * expressions in its tests) is renamed too, as whole words: the file is wholly about itself.
 */
export function renameWords(text: string, words: [string, string][]): string {
  let out = text;
  const literal = (w: string) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  for (const [from, to] of words) {
    if (from === to) continue;
    out = out.replace(new RegExp(`(?<![\\w-])${literal(from)}(?![\\w-])`, 'g'), to);
  }
  return out;
}

/** Whether the rename renames the string literals equal to the old MCP name in `file`. */
export function renamesStringsIn(map: RenameMap, file: string): boolean {
  const m = map.mcpName;
  return m !== undefined && (m.files === 'all' || m.files.has(file)) && !m.except?.has(file);
}
