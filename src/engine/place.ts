/**
 * Putting one change of a flush in place so that an edit another program saves meanwhile (an
 * editor, a formatter, a loop appending to a file) is never lost. Each target is read again right
 * before it is replaced, through a descriptor kept open on the file that is there; right after
 * the replacement that same file is read again, so what was checked is what was replaced. A
 * change in between (an append that went into the replaced file) is a late change: the flush puts
 * every file back as it now is, the late change and any later append included, and the plan is
 * made again. A new file is linked into place, which never replaces one that appeared meanwhile.
 */

import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  lstatSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
} from 'node:fs';
import { replaceAtomically, strikeAt } from './durable.js';

export interface PlaceTarget {
  /** As the user names it, for messages. */
  path: string;
  abs: string;
  /** Where its new content waits, written and made durable (absent for a deletion). */
  tmp: string;
  /** A free name beside it, for putting it back. */
  undoTmp: string;
  deletes: boolean;
  /** What it held when the flush read it (undefined: it was not there). */
  old: Buffer | undefined;
  mode: number | undefined;
  bytes: Buffer;
}

/** A target that no longer holds what the flush read: nothing of it was changed. */
export class ChangedBeforePlacing extends Error {
  constructor(
    readonly path: string,
    readonly what: string,
  ) {
    super(`${path} ${what}`);
  }
}

export interface Placed {
  target: PlaceTarget;
  /** The replaced file's content, read right after it was replaced, when it changed since the check. */
  late?: Buffer;
}

/** The whole content of the open file `fd`, from its start. */
function readAll(fd: number): Buffer {
  const chunks: Buffer[] = [];
  for (let at = 0; ; ) {
    const chunk = Buffer.alloc(Math.max(fstatSync(fd).size - at, 0) + 1);
    const n = readSync(fd, chunk, 0, chunk.length, at);
    if (n === 0) return Buffer.concat(chunks);
    chunks.push(chunk.subarray(0, n));
    at += n;
  }
}

/** The target opened where it is (never through a link swapped in since), or undefined when it is gone. */
function openTarget(t: PlaceTarget): number | undefined {
  try {
    return openSync(t.abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw new ChangedBeforePlacing(t.path, 'was replaced by a link since it was read');
    throw e;
  }
}

/** A new file, linked into place so that one that appeared since is never replaced. */
function placeNew(t: PlaceTarget, step: string): void {
  if (lstatSync(t.abs, { throwIfNoEntry: false })) throw new ChangedBeforePlacing(t.path, 'appeared since it was read');
  strikeAt(step, 'rename', t.abs);
  try {
    linkSync(t.tmp, t.abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new ChangedBeforePlacing(t.path, 'appeared since it was read');
    // A file system without hard links: a rename, as close to the check as it gets.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EMLINK') {
      renameSync(t.tmp, t.abs);
      return;
    }
    throw e;
  }
  unlinkSync(t.tmp);
}

/**
 * Puts `t` in place (its temp renamed over it, or it removed), checked right before against what
 * the flush read and right after through the same descriptor. Throws ChangedBeforePlacing when it
 * changed before; returns `late` when it changed between the check and the replacement.
 */
export function place(t: PlaceTarget, step: string): Placed {
  if (t.old === undefined) {
    placeNew(t, step);
    return { target: t };
  }
  const fd = openTarget(t);
  if (fd === undefined) throw new ChangedBeforePlacing(t.path, 'was removed since it was read');
  try {
    if (!readAll(fd).equals(t.old)) throw new ChangedBeforePlacing(t.path, 'changed since it was read');
    strikeAt(step, t.deletes ? 'unlink' : 'rename', t.abs);
    if (t.deletes) unlinkSync(t.abs);
    else renameSync(t.tmp, t.abs);
    const after = readAll(fd);
    return after.equals(t.old) ? { target: t } : { target: t, late: after };
  } finally {
    closeSync(fd);
  }
}

/** The content now at `abs`, or undefined when there is none. */
function contentAt(abs: string): Buffer | undefined {
  const fd = (() => {
    try {
      return openSync(abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    } catch {
      return undefined;
    }
  })();
  if (fd === undefined) return undefined;
  try {
    return fstatSync(fd).isFile() ? readAll(fd) : undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Puts one placed target back as it now should be: what it replaced (as that file is now, late
 * changes included), followed by whatever was appended to the new content since. A target that
 * holds something else by now was saved again by someone else: theirs stays. What is left, or undefined.
 */
function putBackOne({ target: t, late }: Placed): string | undefined {
  const now = contentAt(t.abs);
  const base = late ?? t.old;
  if (t.deletes) {
    if (now !== undefined) return undefined;
    replaceAtomically(t.abs, base!, t.mode, t.undoTmp);
    return undefined;
  }
  if (now === undefined || !now.subarray(0, t.bytes.length).equals(t.bytes)) return undefined;
  const appended = now.subarray(t.bytes.length);
  if (base === undefined) {
    if (appended.length > 0) return `${t.path} (written to since it was made; left as it is)`;
    unlinkSync(t.abs);
    return undefined;
  }
  replaceAtomically(t.abs, Buffer.concat([base, appended]), t.mode, t.undoTmp);
  return undefined;
}

/** Puts back every placed target, last first; what could not be put back. */
export function putBack(placed: readonly Placed[]): string[] {
  const left: string[] = [];
  for (const p of [...placed].reverse()) {
    try {
      const problem = putBackOne(p);
      if (problem) left.push(problem);
    } catch (e) {
      left.push(`${p.target.path} (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  return left;
}
