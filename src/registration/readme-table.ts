/**
 * The README's table of definitions (`| Kind | Name | File |`, as `init` writes it), kept true by
 * `add`: a row for each definition it writes. A README without that table, or whose table no
 * longer has that header and its separator line, is left as it is, and a note says so; the rest
 * of the file keeps its bytes (line breaks included).
 */

import type { Tree } from '../engine/tree.js';
import { applyEdits, endsWithLineBreak, eolOf } from '../ts/text-edits.js';

const README = 'README.md';
const HEADER = /^\|\s*Kind\s*\|\s*Name\s*\|\s*File\s*\|$/;
const SEPARATOR = /^\|(\s*:?-+:?\s*\|){3}$/;

export interface ReadmeRow {
  /** `tool`, `resource`, `prompt`. */
  kind: string;
  name: string;
  file: string;
}

/** The text's lines, each with its own line break (LF, CRLF or a lone CR), and where each starts. */
function linesOf(text: string): { line: string; start: number }[] {
  let start = 0;
  return text.split(/(?<=\r\n|\r(?!\n)|\n)/).map((line) => {
    const at = { line, start };
    start += line.length;
    return at;
  });
}

const withoutBreak = (line: string) => line.replace(/[\r\n]+$/, '');

/** Adds the row to the README's table (once); returns the note to show, if any. */
export function recordInReadme(tree: Tree, row: ReadmeRow): string[] {
  const text = tree.read(README);
  if (text === undefined) return [];
  const lines = linesOf(text);
  const content = (i: number) => withoutBreak(lines[i]?.line ?? '').trim();
  const header = lines.findIndex((_, i) => HEADER.test(content(i)));
  if (header < 0 || !SEPARATOR.test(content(header + 1))) {
    return [`${README} has no table of definitions (| Kind | Name | File |): left as it is.`];
  }
  let end = header + 2;
  while (end < lines.length && content(end).startsWith('|')) end++;
  const file = `\`${row.file}\``;
  if (lines.slice(header + 2, end).some((l) => l.line.includes(file))) return [];
  const kind = row.kind.charAt(0).toUpperCase() + row.kind.slice(1);
  const newRow = `| ${kind} | \`${row.name}\` | ${file} |`;
  // Inserted after the table's last line, in the file's line break; nothing else moves.
  const last = lines[end - 1]!;
  const eol = eolOf(text);
  const edit = endsWithLineBreak(last.line)
    ? { pos: last.start + last.line.length, text: `${newRow}${eol}` }
    : { pos: text.length, text: `${eol}${newRow}` };
  tree.write(README, applyEdits(text, [edit]));
  return [`${README}: ${row.name} added to its table of definitions.`];
}
