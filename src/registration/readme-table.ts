/**
 * The README's table of definitions (`| Kind | Name | File |`, as `init` writes it), kept true by
 * `add` (a row for each definition it writes), `remove` (the row goes) and `rename` (the row names
 * the new name and file). A README without that table, or whose table no longer has that header
 * and its separator line, is left as it is (and `add` says so); the rest of the file keeps its
 * bytes (line breaks included).
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

/** The README's text, its lines, and the rows of its table (`rows` up to `end`, exclusive). */
interface Table {
  text: string;
  lines: { line: string; start: number }[];
  rows: number;
  end: number;
}

/** The table of definitions; undefined when the README is not there, a note when it has none. */
function tableOf(tree: Tree): Table | string | undefined {
  const text = tree.read(README);
  if (text === undefined) return undefined;
  const lines = linesOf(text);
  const content = (i: number) => withoutBreak(lines[i]?.line ?? '').trim();
  const header = lines.findIndex((_, i) => HEADER.test(content(i)));
  if (header < 0 || !SEPARATOR.test(content(header + 1))) {
    return `${README} has no table of definitions (| Kind | Name | File |): left as it is.`;
  }
  let end = header + 2;
  while (end < lines.length && content(end).startsWith('|')) end++;
  return { text, lines, rows: header + 2, end };
}

const code = (text: string) => `\`${text}\``;

/** The table's rows for the definition in `file`, as edits of the README. */
function rowsOf(table: Table, file: string): { line: string; start: number }[] {
  return table.lines.slice(table.rows, table.end).filter((l) => l.line.includes(code(file)));
}

/** Adds the row to the README's table (once); returns the note to show, if any. */
export function recordInReadme(tree: Tree, row: ReadmeRow): string[] {
  const table = tableOf(tree);
  if (table === undefined) return [];
  if (typeof table === 'string') return [table];
  const { text, lines, end } = table;
  if (rowsOf(table, row.file).length > 0) return [];
  const kind = row.kind.charAt(0).toUpperCase() + row.kind.slice(1);
  const newRow = `| ${kind} | ${code(row.name)} | ${code(row.file)} |`;
  // Inserted after the table's last line, in the file's line break; nothing else moves.
  const last = lines[end - 1]!;
  const eol = eolOf(text);
  const edit = endsWithLineBreak(last.line)
    ? { pos: last.start + last.line.length, text: `${newRow}${eol}` }
    : { pos: text.length, text: `${eol}${newRow}` };
  tree.write(README, applyEdits(text, [edit]));
  return [`${README}: ${row.name} added to its table of definitions.`];
}

/** Takes the row of the definition in `file` out of the README's table; returns the note to show. */
export function dropFromReadme(tree: Tree, def: { name: string | null; file: string }): string[] {
  const table = tableOf(tree);
  if (table === undefined || typeof table === 'string') return [];
  const rows = rowsOf(table, def.file);
  if (rows.length === 0) return [];
  tree.write(
    README,
    applyEdits(
      table.text,
      rows.map((r) => ({ pos: r.start, end: r.start + r.line.length, text: '' })),
    ),
  );
  return [`${README}: ${def.name ?? def.file} taken out of its table of definitions.`];
}

/** Makes the row of the definition in `from.file` name it as `to`; returns the note to show. */
export function renameInReadme(
  tree: Tree,
  from: { name: string | null; file: string },
  to: { name: string; file: string },
): string[] {
  const table = tableOf(tree);
  if (table === undefined || typeof table === 'string') return [];
  const rows = rowsOf(table, from.file);
  if (rows.length === 0) return [];
  const renamed = (line: string) => {
    const withFile = line.replace(code(from.file), code(to.file));
    return from.name === null ? withFile : withFile.replace(code(from.name), code(to.name));
  };
  tree.write(
    README,
    applyEdits(
      table.text,
      rows.map((r) => ({ pos: r.start, end: r.start + r.line.length, text: renamed(r.line) })),
    ),
  );
  return [`${README}: its table of definitions names ${to.name} now.`];
}
