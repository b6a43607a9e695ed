/**
 * Unified diffs for `--dry-run`, as `diff -u` prints them, so that they apply (and reverse-apply)
 * with `git apply`.
 */

import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';

const PIN = '\u0000';
const PINNED = new RegExp(`^ ${PIN}\\d+${PIN}`);

/**
 * `diff -u` leaves the lines both versions start and end with out of the comparison, so a line
 * repeated inside the change (`}`, a blank line) is not paired with its twin in the common end.
 * The library's diff takes the common start off first but not the common end: tagging each line
 * of the common end with its distance from the end lets it pair with nothing but its counterpart.
 */
function pinCommonEnd(before: string, after: string): [string, string] {
  // Lines with their line breaks: a last line without one differs from the same line with one.
  const a = before.split(/(?<=\n)/);
  const b = after.split(/(?<=\n)/);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const pin = (lines: string[]) =>
    lines.map((line, i) => (i >= lines.length - end ? `${PIN}${lines.length - i}${PIN}${line}` : line)).join('');
  return [pin(a), pin(b)];
}

/** A unified diff of `before` → `after` for `path`; `undefined` content means the file is absent. */
export function unifiedDiff(path: string, before: string | undefined, after: string | undefined, context = 3): string {
  const patch = structuredPatch(
    before === undefined ? '/dev/null' : `a/${path}`,
    after === undefined ? '/dev/null' : `b/${path}`,
    ...pinCommonEnd(before ?? '', after ?? ''),
    undefined,
    undefined,
    { context },
  );
  // A CRLF line differs from its LF twin, but is printed without its carriage return.
  for (const hunk of patch.hunks) hunk.lines = hunk.lines.map((line) => line.replace(PINNED, ' ').replace(/\r$/, ''));
  // Ends in a line break, so that diffs can be concatenated into one patch.
  return formatPatch(patch, FILE_HEADERS_ONLY);
}
