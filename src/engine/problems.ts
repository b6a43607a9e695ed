/**
 * Expected failures found while planning. A generator collects them instead of stopping at the
 * first, so the user learns of every file in the way and every name taken in one run, before
 * anything is written.
 */

import { type ErrorCode, type ErrorDetail, ScaffoldError } from './errors.js';

export interface Problem {
  code: ErrorCode;
  /** A sentence; when `path` is set, it is said after `path:line: `. */
  message: string;
  path?: string;
  line?: number;
  hint?: string;
  /** Every location the problem has (an error's details are kept whole, not only the first). */
  details?: ErrorDetail[];
}

export class Problems {
  readonly list: Problem[] = [];

  add(problem: Problem): void {
    this.list.push(problem);
  }

  /**
   * Runs a planning step whose expected failure (a ScaffoldError) becomes a problem, reported
   * with the others. Anything else is a bug and is thrown on.
   */
  attempt<T>(step: () => T): T | undefined {
    try {
      return step();
    } catch (e) {
      if (!(e instanceof ScaffoldError)) throw e;
      this.add(problemOf(e));
      return undefined;
    }
  }
}

/** An error as a problem: its own sentence, its hint, and every one of its details. */
export function problemOf(e: ScaffoldError): Problem {
  return {
    code: e.code,
    message: e.message,
    ...(e.hint ? { hint: e.hint } : {}),
    ...(e.details.length > 0 ? { details: e.details } : {}),
  };
}

const where = (p: { path?: string; line?: number }) => (p.path ? `${p.path}${p.line ? `:${p.line}` : ''}: ` : '');

/** The locations a problem is reported with. */
function detailsOf(p: Problem): ErrorDetail[] {
  if (p.details) return p.details;
  return [{ ...(p.path ? { path: p.path } : {}), ...(p.line ? { line: p.line } : {}), message: p.message }];
}

/** All the problems of a plan as the one error reported before anything is written. */
export function problemsError(problems: readonly Problem[]): ScaffoldError {
  const codes = [...new Set(problems.map((p) => p.code))];
  const first = problems[0]!;
  const message =
    problems.length === 1
      ? `${where(first)}${first.message}`
      : `${problems.length} problems, nothing was written:\n${problems.map((p) => `  ${where(p)}${p.message}`).join('\n')}`;
  return new ScaffoldError(codes.length === 1 ? codes[0]! : 'CONFLICT', message, {
    hint: [...new Set(problems.flatMap((p) => (p.hint ? [p.hint] : [])))].join(' ') || 'Nothing was written.',
    details: problems.flatMap(detailsOf),
  });
}
