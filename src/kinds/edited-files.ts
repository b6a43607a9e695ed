/**
 * `--force` rewrites a file only when that loses nobody's work: a file still as mcp-scaffold
 * wrote it (its record says so, text/scaffold-stamp.ts) is rewritten as before; one edited since
 * is refused, naming the lines the rewrite would discard, unless `--overwrite-edited` (or a yes
 * at a terminal) says to discard them. A file without a record (written before records were
 * kept, or by hand) counts as edited unless it is what the templates write for it now.
 */

import { diffLines } from 'diff';
import type { Problem } from '../engine/problems.js';
import type { Tree } from '../engine/tree.js';
import { sameGenerated, stampOf, untouched, withoutHash } from '../text/scaffold-stamp.js';

/** What a run says about rewriting files that exist. */
export interface OverwriteOptions {
  force: boolean;
  /** Discard edits made since mcp-scaffold wrote a file (asked for, or confirmed at a terminal). */
  overwriteEdited: boolean;
}

/** A line of the file as it is that the rewrite would not keep. */
export interface DiscardedLine {
  line: number;
  text: string;
}

/** Whether the file's text is no longer what mcp-scaffold wrote, `next` being what it writes now. */
export function editedSinceGenerated(current: string, next: string): boolean {
  return stampOf(current) === undefined ? !sameGenerated(current, next) : !untouched(current);
}

/**
 * The lines of `current` that writing `next` over it discards, by their line numbers in
 * `current`. Layout is set aside (indentation, line ends, the record's hash): a line the rewrite
 * writes again, however indented, is kept.
 */
export function discardedLines(current: string, next: string): DiscardedLine[] {
  const lines = (text: string) => withoutHash(text).replace(/\r\n?/g, '\n');
  const discarded: DiscardedLine[] = [];
  let line = 1;
  for (const part of diffLines(lines(current), lines(next), { ignoreWhitespace: true })) {
    if (part.removed) {
      part.value
        .split('\n')
        .slice(0, part.count)
        .forEach((text, i) => {
          if (text.trim() !== '') discarded.push({ line: line + i, text });
        });
    }
    if (!part.added) line += part.count;
  }
  return discarded;
}

/** What to do instead of rewriting an existing definition or service: said first, before --force. */
export function renameFirst(kind: string, name: string): string {
  return `Choose another name, or rename the existing ${kind} first (\`mcp-scaffold rename ${kind} ${name} <new name>\`).`;
}

/**
 * The hint for a definition's or service's file already there: the ways that keep it first,
 * `--force` last. `testArgs` name it for `add test` when it has no test yet; `registration` is
 * what --force never repeats.
 */
export function alreadyExistsHint(
  kind: string,
  name: string,
  testArgs: string | undefined,
  registration: string,
): string {
  const test = testArgs === undefined ? '' : ` To give it a test: \`mcp-scaffold add test ${testArgs}\`.`;
  return `${renameFirst(kind, name)}${test} Last, --force rewrites it from the template (${registration} is never duplicated); a file edited since mcp-scaffold wrote it is refused unless --overwrite-edited says to discard the edits.`;
}

/** `12–14, 30`: the line numbers, runs joined. */
function lineRanges(lines: readonly DiscardedLine[]): string {
  const runs: [number, number][] = [];
  for (const { line } of lines) {
    const last = runs.at(-1);
    if (last && line === last[1] + 1) last[1] = line;
    else runs.push([line, line]);
  }
  return runs.map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`)).join(', ');
}

/**
 * The problem that stops `--force` from writing `next` over `file`: the file was edited since
 * mcp-scaffold wrote it and the rewrite would discard lines of it. Undefined when the file is not
 * there (or the plan writes it already), when it is untouched, when nothing of it would be lost,
 * or when the run says to discard edits.
 */
export function editedFileProblem(
  tree: Tree,
  file: string,
  next: string,
  opts: OverwriteOptions,
  /** What else the user can do instead, said first in the hint. */
  instead: string,
): Problem | undefined {
  if (!opts.force || opts.overwriteEdited || tree.isPlanned(file)) return undefined;
  const current = tree.read(file);
  if (current === undefined || !editedSinceGenerated(current, next)) return undefined;
  const discarded = discardedLines(current, next);
  if (discarded.length === 0) return undefined;
  const count = discarded.length === 1 ? '1 line' : `${discarded.length} lines`;
  return {
    code: 'EDITED_SINCE_GENERATED',
    path: file,
    line: discarded[0]!.line,
    message: `edited since mcp-scaffold wrote it: --force would discard ${count} (${lineRanges(discarded)})`,
    hint: `${instead} To discard the edits, answer yes at a terminal or pass --force --overwrite-edited.`,
    details: discarded.map((d) => ({ path: file, line: d.line, message: `would discard: ${d.text.trim()}` })),
  };
}
