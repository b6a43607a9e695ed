/**
 * The README's table of definitions (`| Kind | Name | File |`, as `init` writes it), kept true by
 * `add`: a row for each definition it writes. A README without that table, or whose table no
 * longer has that header and its separator line, is left as it is, and a note says so; the rest
 * of the file keeps its bytes (line breaks included).
 */

import type { Tree } from '../engine/tree.js';

const README = 'README.md';
const HEADER = /^\|\s*Kind\s*\|\s*Name\s*\|\s*File\s*\|$/;
const SEPARATOR = /^\|(\s*:?-+:?\s*\|){3}$/;

export interface ReadmeRow {
  /** `tool`, `resource`, `prompt`. */
  kind: string;
  name: string;
  file: string;
}

/** Adds the row to the README's table (once); returns the note to show, if any. */
export function recordInReadme(tree: Tree, row: ReadmeRow): string[] {
  const text = tree.read(README);
  if (text === undefined) return [];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(eol);
  const header = lines.findIndex((l) => HEADER.test(l.trim()));
  if (header < 0 || !SEPARATOR.test(lines[header + 1]?.trim() ?? '')) {
    return [`${README} has no table of definitions (| Kind | Name | File |): left as it is.`];
  }
  let end = header + 2;
  while (end < lines.length && lines[end]!.trim().startsWith('|')) end++;
  const file = `\`${row.file}\``;
  if (lines.slice(header + 2, end).some((l) => l.includes(file))) return [];
  const kind = row.kind.charAt(0).toUpperCase() + row.kind.slice(1);
  lines.splice(end, 0, `| ${kind} | \`${row.name}\` | ${file} |`);
  tree.write(README, lines.join(eol));
  return [`${README}: ${row.name} added to its table of definitions.`];
}
