/**
 * The one error type for expected failures. Anything else that escapes a command is a bug and is
 * reported as INTERNAL by the top-level handler.
 */

export type ErrorCode =
  | 'NAME_INVALID'
  | 'OPTION_INVALID'
  | 'NOT_A_PROJECT'
  | 'ALREADY_EXISTS'
  | 'CONFLICT'
  | 'UNSUPPORTED_LAYOUT'
  | 'GROUP_REQUIRED'
  | 'PARSE_ERROR'
  | 'MISSING_INPUT'
  | 'CANCELLED'
  | 'PACKAGE_MANAGER_MISSING'
  | 'INSTALL_FAILED'
  | 'INSTALL_INTERRUPTED'
  | 'INSTALL_TIMEOUT'
  | 'NESTED_SERVER'
  | 'DEVCHECK_FAILED'
  | 'DEVCHECK_TIMEOUT'
  | 'DEVCHECK_INTERRUPTED'
  | 'SERVICE_MISSING'
  | 'FRAMEWORK_NOT_INSTALLED'
  | 'FRAMEWORK_UNSUPPORTED'
  // `upgrade --to`: no such version, range, .tgz or folder of the framework; the registry that
  // would say did not answer.
  | 'TARGET_NOT_FOUND'
  | 'REGISTRY_UNREACHABLE'
  // `upgrade`: after the install, tsc reports more errors than before it (or a test that passed fails).
  | 'UPGRADE_REGRESSED'
  | 'WRITE_FAILED'
  // The flush: another run holds the project's lock; a path leads out of the project; an undo
  // that could not put everything back.
  | 'LOCKED'
  | 'OUTSIDE_PROJECT'
  | 'ROLLBACK_FAILED'
  // A journal or lock file in the project that no flush of ours could have left: refused, as
  // any other input that does not hold, before anything is changed.
  | 'JOURNAL_INVALID'
  | 'LOCK_INVALID'
  // SIGINT, SIGTERM or SIGHUP ended the run; the message says whether files were written.
  | 'INTERRUPTED'
  // An edited file is not UTF-8: writing it back would change bytes outside the edit.
  | 'ENCODING_UNSUPPORTED'
  // `list`: a definition no app array (or setup()) registers; a registration whose import is gone.
  | 'UNREGISTERED'
  | 'DANGLING'
  // `remove`, `rename`, `add test`: no such definition; a use of it that cannot be taken along.
  | 'NOT_FOUND'
  | 'REFERENCE_UNSUPPORTED'
  // `--force` over a file edited since mcp-scaffold wrote it: the rewrite would discard those edits.
  | 'EDITED_SINCE_GENERATED'
  // `mcp --read-only`: a tool that writes was called by name.
  | 'READ_ONLY'
  | 'INTERNAL';

/** Exit statuses of the command-line contract. */
export const EXIT = { ok: 0, nothingWritten: 1, writtenButFailed: 2 } as const;

export interface ErrorDetail {
  path?: string;
  line?: number;
  message: string;
}

export class ScaffoldError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly details: ErrorDetail[];
  /** 1 unless files were already written when the failure happened. */
  readonly exitCode: number;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { hint?: string; details?: ErrorDetail[]; exitCode?: number; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ScaffoldError';
    this.code = code;
    this.hint = opts.hint;
    this.details = opts.details ?? [];
    this.exitCode = opts.exitCode ?? EXIT.nothingWritten;
  }
}

/** The user answered a prompt with Ctrl-C or Escape: nothing was written (exit 1). */
export function cancelled(): ScaffoldError {
  return new ScaffoldError('CANCELLED', 'Cancelled: nothing was written.');
}

/**
 * A planned file changed on disk before the flush took the lock (another run wrote it): the plan is
 * stale, nothing was written, and planning again from the disk as it now is may succeed.
 */
export class PlanOutdatedError extends ScaffoldError {}
