/**
 * What a flush's journal holds and how it lies on disk: its JSON on the first line, each target's
 * old bytes after it as they are, the entry saying where they lie (version 2). A journal of
 * version 1 (all JSON, old bytes in base64), left by an earlier mcp-scaffold, is still read.
 *
 * A journal is read from the project, so it is input like any other: a cloned repository may
 * carry one. It is taken only in the shape a flush writes (checked by a schema), with every path
 * one a flush could have written, every temp one a flush could have named and every mode one a
 * flush sets; anything else is refused whole (JOURNAL_INVALID), before a byte is changed.
 */

import { z } from 'zod';
import { type ErrorDetail, ScaffoldError } from './errors.js';

export const JOURNAL_FILE = '.mcp-scaffold.journal';

export interface JournalEntry {
  /** Relative to the (real) project root, forward slashes. */
  path: string;
  /** The temp file the new content is written to, beside the target. */
  tmp: string;
  /** The target's bytes before the flush, or null when it was new. */
  old: Buffer | null;
  mode: number | null;
  /** sha256 of the new content: undo touches only a target that still holds what the flush put there. */
  newHash: string;
}

export interface Journal {
  version: 2;
  pid: number;
  host: string;
  started: string;
  /** Folders the flush creates, outermost first. */
  dirs: string[];
  entries: JournalEntry[];
}

/** The permission bits a flush gives a file: never setuid, setgid or sticky. */
export const FILE_MODE_BITS = 0o777;

/** The temp a flush of process `pid` writes the `i`th change to, beside its target. */
export const tempName = (pid: number, i: number) => `.mcp-scaffold-${pid}-${i}.tmp`;

/** Over this a file is no journal of ours: a flush rewrites source files, not gigabytes. */
export const JOURNAL_MAX_BYTES = 1024 ** 3;

/** An entry as stored: where its old bytes lie after the first line (offset and length), or null. */
type StoredEntry = Omit<JournalEntry, 'old'> & { old: [at: number, length: number] | null };

/** The journal as written: its JSON line, then the old bytes of its entries in order. */
export function journalBytes(journal: Journal): Buffer {
  let at = 0;
  const entries = journal.entries.map((e): StoredEntry => {
    const old: StoredEntry['old'] = e.old === null ? null : [at, e.old.length];
    at += e.old?.length ?? 0;
    return { ...e, old };
  });
  const olds = journal.entries.flatMap((e) => (e.old === null ? [] : [e.old]));
  return Buffer.concat([Buffer.from(`${JSON.stringify({ ...journal, entries })}\n`), ...olds]);
}

const PATH_MAX = 4096;

/** A path as a flush writes it: relative, forward slashes, no `.` or `..`, nothing a flush never writes. */
const relPath = z
  .string()
  .min(1)
  .max(PATH_MAX)
  .superRefine((p, ctx) => {
    const problem = pathProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(p)} ${problem}` });
  });

/** What is said back to people (who ran it, when): printable ASCII only. */
const printable = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\x20-\x7e]*$/);

/** Folders a flush never writes into: a journal naming them was not left by one. */
const NEVER_WRITTEN = new Set(['.git', 'node_modules']);

function pathProblem(p: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\x00-\x1f\x7f]/.test(p)) return 'holds a backslash or a control character';
  if (p.startsWith('/')) return 'is absolute';
  const parts = p.split('/');
  if (parts.some((s) => s === '' || s === '.' || s === '..')) return 'is not a plain relative path';
  if (parts.some((s) => NEVER_WRITTEN.has(s))) return `goes into ${parts.find((s) => NEVER_WRITTEN.has(s))}/`;
  if (parts[0]!.startsWith('.mcp-scaffold.')) return "names mcp-scaffold's own lock or journal";
  return undefined;
}

const head = {
  pid: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  host: printable(255),
  started: printable(64),
  dirs: z.array(relPath),
};
const entryHead = {
  path: relPath,
  tmp: relPath,
  mode: z.number().int().min(0).max(FILE_MODE_BITS).nullable(),
  newHash: z.string().regex(/^[0-9a-f]{64}$/),
};

const V2 = z.strictObject({
  ...head,
  version: z.literal(2),
  entries: z.array(
    z.strictObject({
      ...entryHead,
      old: z.tuple([z.number().int().min(0), z.number().int().min(0)]).nullable(),
    }),
  ),
});

const V1 = z.strictObject({
  ...head,
  version: z.literal(1),
  entries: z.array(z.strictObject({ ...entryHead, old: z.base64().nullable() })),
});

/** JOURNAL_INVALID: the journal at `file` (as the user names it) is refused, and the way out. */
export function journalInvalid(file: string, why: string, details: ErrorDetail[] = []): ScaffoldError {
  return new ScaffoldError(
    'JOURNAL_INVALID',
    `${file} is not a journal mcp-scaffold can undo from: ${why}; nothing was changed.`,
    {
      hint: `If no mcp-scaffold run is going on, run \`mcp-scaffold recover --discard\` to see what it names and remove it, or delete ${file} yourself.`,
      details: details.length > 0 ? details : [{ path: file, message: why }],
    },
  );
}

function zodDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.slice(0, 10).map((i) => ({
    path: JOURNAL_FILE,
    message: `${i.path.length > 0 ? `${i.path.join('.')}: ` : ''}${i.message}`,
  }));
}

/** The first line parsed as JSON and checked against the schema of its version. */
function parseHeader(text: string): z.infer<typeof V1> | z.infer<typeof V2> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw journalInvalid(JOURNAL_FILE, 'it is not JSON');
  }
  const version = (json as { version?: unknown } | null)?.version;
  const parsed = (version === 1 ? V1 : V2).safeParse(json);
  if (!parsed.success)
    throw journalInvalid(JOURNAL_FILE, 'it is not in the shape a flush writes', zodDetails(parsed.error));
  return parsed.data;
}

/** The old bytes of each entry of a version-2 journal: laid end to end after the first line, nothing else. */
function oldBytes(entries: readonly { path: string; old: [number, number] | null }[], body: Buffer): (Buffer | null)[] {
  let at = 0;
  const olds = entries.map((e) => {
    if (e.old === null) return null;
    const [start, length] = e.old;
    if (start !== at || start + length > body.length) {
      throw journalInvalid(
        JOURNAL_FILE,
        `the old bytes of ${e.path} lie outside it (cut short, or not written by a flush)`,
      );
    }
    at += length;
    return body.subarray(start, start + length);
  });
  if (at !== body.length) throw journalInvalid(JOURNAL_FILE, 'it holds bytes no entry names');
  return olds;
}

const parent = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/**
 * What the flush that wrote `journal` could have written, and nothing else: each path once;
 * each temp beside its target, named as that run names its temps, none twice; a mode only for a
 * file that was there; each folder made one that holds a target.
 */
function checkEntries(journal: Journal): void {
  const problems: ErrorDetail[] = [];
  const paths = new Set(journal.entries.map((e) => e.path));
  const temps = new Set<string>();
  const tempForm = new RegExp(`^\\.mcp-scaffold-${journal.pid}-\\d{1,9}\\.tmp$`);
  if (paths.size !== journal.entries.length) problems.push({ path: JOURNAL_FILE, message: 'names a file twice' });
  for (const e of journal.entries) {
    if (parent(e.tmp) !== parent(e.path) || !tempForm.test(base(e.tmp)) || paths.has(e.tmp) || temps.has(e.tmp)) {
      problems.push({
        path: e.path,
        message: `its temp ${e.tmp} is not one the flush of pid ${journal.pid} makes for it`,
      });
    }
    temps.add(e.tmp);
    if ((e.old === null) !== (e.mode === null)) {
      problems.push({ path: e.path, message: 'has a mode without old bytes, or old bytes without a mode' });
    }
  }
  for (const dir of journal.dirs) {
    if (!journal.entries.some((e) => e.path.startsWith(`${dir}/`))) {
      problems.push({ path: dir, message: 'is a folder the flush made for no file it names' });
    }
  }
  if (new Set(journal.dirs).size !== journal.dirs.length)
    problems.push({ path: JOURNAL_FILE, message: 'names a folder twice' });
  if (problems.length > 0) throw journalInvalid(JOURNAL_FILE, 'it names files a flush would not write', problems);
}

/** The journal in `bytes`, refused (JOURNAL_INVALID) unless it is one a flush could have written. */
export function parseJournal(bytes: Buffer): Journal {
  const end = bytes.indexOf(0x0a);
  // Version 1 is JSON alone, which has no raw line break.
  const header = parseHeader(bytes.subarray(0, end < 0 ? bytes.length : end).toString('utf8'));
  let journal: Journal;
  if (header.version === 1) {
    if (end >= 0 && end < bytes.length - 1) throw journalInvalid(JOURNAL_FILE, 'it holds bytes after its JSON');
    const entries = header.entries.map((e) => ({ ...e, old: e.old === null ? null : Buffer.from(e.old, 'base64') }));
    journal = { ...header, version: 2, entries };
  } else {
    if (end < 0) throw journalInvalid(JOURNAL_FILE, 'it has no line break after its header (cut short)');
    const olds = oldBytes(header.entries, bytes.subarray(end + 1));
    journal = { ...header, entries: header.entries.map((e, i) => ({ ...e, old: olds[i]! })) };
  }
  checkEntries(journal);
  return journal;
}
