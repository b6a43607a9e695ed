/**
 * The type errors tsc prints with `--pretty false`, read into records (file, line, column, code,
 * message), and the ways upgrade compares two checks of the same project: per file, and which
 * errors of the second are new. Lines move when a codemod edits a file, so errors are matched by
 * file, code and message, not by position.
 */

import path from 'node:path';

export interface TscError {
  /** Relative to the project, forward slashes; empty for an error of the configuration itself. */
  file: string;
  line: number;
  column: number;
  /** `TS2345`. */
  code: string;
  /** The first line of the message. */
  message: string;
  /** The lines tsc indents under the first (the elaboration), joined by newlines. */
  detail: string;
}

const LOCATED = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;
const GLOBAL = /^error (TS\d+): (.*)$/;

/** The errors in tsc's output; paths made relative to `root`. */
export function parseTypeErrors(output: string, root: string): TscError[] {
  const errors: TscError[] = [];
  for (const line of output.split(/\r?\n/)) {
    const located = LOCATED.exec(line);
    const global = located ? undefined : GLOBAL.exec(line);
    if (located) {
      const abs = path.resolve(root, located[1]!);
      errors.push({
        file: path.relative(root, abs).split(path.sep).join('/'),
        line: Number(located[2]),
        column: Number(located[3]),
        code: located[4]!,
        message: located[5]!,
        detail: '',
      });
    } else if (global) {
      errors.push({ file: '', line: 0, column: 0, code: global[1]!, message: global[2]!, detail: '' });
    } else if (/^\s/.test(line) && errors.length > 0 && line.trim() !== '') {
      const last = errors.at(-1)!;
      last.detail = last.detail ? `${last.detail}\n${line.trim()}` : line.trim();
    }
  }
  return errors;
}

/** `tests/x.test.ts:12`, as messages and reports name a place. */
export const placeOf = (e: { file: string; line: number }) => (e.file ? `${e.file}:${e.line}` : 'the configuration');

/** How many errors each file has. */
export function countByFile(errors: readonly TscError[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(e.file, (counts.get(e.file) ?? 0) + 1);
  return counts;
}

const identity = (e: TscError) => `${e.file}\0${e.code}\0${e.message}`;

/** The errors of `after` that `before` does not have, matched one for one by file, code and message. */
export function newErrors(before: readonly TscError[], after: readonly TscError[]): TscError[] {
  const left = new Map<string, number>();
  for (const e of before) left.set(identity(e), (left.get(identity(e)) ?? 0) + 1);
  return after.filter((e) => {
    const n = left.get(identity(e)) ?? 0;
    if (n === 0) return true;
    left.set(identity(e), n - 1);
    return false;
  });
}

/** The error as one line of a report: where, the code, the message. */
export function describeTypeError(e: TscError): string {
  return `${placeOf(e)}: ${e.code} ${e.message}`;
}
