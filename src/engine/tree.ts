/**
 * An in-memory tree laid over a folder on disk. Generators read through it and record writes; no
 * byte reaches the disk until the command flushes `changes()` (flush.ts), and only when no problem
 * was recorded. A write equal to what is on disk is no change.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type ErrorCode, type ErrorDetail, ScaffoldError } from './errors.js';

export type ChangeAction = 'create' | 'update';

export interface FileChange {
  /** Relative to the tree's root, forward slashes. */
  path: string;
  action: ChangeAction;
  before: string | undefined;
  after: string;
}

export interface Problem extends ErrorDetail {
  code: ErrorCode;
  hint?: string;
}

export class Tree {
  readonly root: string;
  private readonly writes = new Map<string, string>();
  private readonly diskCache = new Map<string, string | undefined>();
  readonly problems: Problem[] = [];

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Normalises a project-relative path and refuses anything that escapes the root. */
  normalize(p: string): string {
    const rel = path.posix.normalize(p.replaceAll('\\', '/')).replace(/^\.\//, '');
    if (rel.startsWith('../') || rel === '..' || path.posix.isAbsolute(rel)) {
      throw new Error(`path escapes the project root: ${p}`);
    }
    // The root is '' and folders carry no trailing slash: listFiles('.') and listFiles('src/')
    // otherwise produced './x' and 'src//x' paths that matched nothing.
    return rel === '.' ? '' : rel.replace(/\/+$/, '');
  }

  absolute(p: string): string {
    return path.join(this.root, this.normalize(p));
  }

  private readDisk(rel: string): string | undefined {
    if (!this.diskCache.has(rel)) {
      let content: string | undefined;
      try {
        content = readFileSync(path.join(this.root, rel), 'utf8');
      } catch {
        content = undefined;
      }
      this.diskCache.set(rel, content);
    }
    return this.diskCache.get(rel);
  }

  read(p: string): string | undefined {
    const rel = this.normalize(p);
    return this.writes.has(rel) ? this.writes.get(rel) : this.readDisk(rel);
  }

  exists(p: string): boolean {
    return this.read(p) !== undefined || this.isDirectory(p);
  }

  isDirectory(p: string): boolean {
    try {
      return statSync(this.absolute(p)).isDirectory();
    } catch {
      return false;
    }
  }

  /** Files below `dir` (recursively, skipping node_modules and dot-folders), pending writes included. */
  listFiles(dir: string): string[] {
    const base = this.normalize(dir);
    const found = new Set<string>();
    const walk = (rel: string) => {
      let entries: import('node:fs').Dirent[];
      try {
        entries = readdirSync(path.join(this.root, rel), { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const child = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) {
          if (e.name !== 'node_modules' && !e.name.startsWith('.')) walk(child);
        } else if (e.isFile()) found.add(child);
      }
    };
    walk(base);
    for (const rel of this.writes.keys()) if (base === '' || rel.startsWith(`${base}/`)) found.add(rel);
    return [...found].sort();
  }

  /** Records a write. Whether overwriting is allowed is the generator's decision, not the tree's. */
  write(p: string, content: string): void {
    this.writes.set(this.normalize(p), content);
  }

  /** Records an expected failure; all of them are reported together before anything is written. */
  problem(problem: Problem): void {
    this.problems.push(problem);
  }

  /**
   * Runs a planning step whose expected failure (a ScaffoldError) becomes a recorded problem, so
   * that it is reported together with every other problem before anything is written.
   */
  attempt<T>(step: () => T): T | undefined {
    try {
      return step();
    } catch (e) {
      if (!(e instanceof ScaffoldError)) throw e;
      const detail = e.details[0];
      this.problem({
        code: e.code,
        message: detail?.message ?? e.message,
        ...(detail?.path ? { path: detail.path } : {}),
        ...(detail?.line ? { line: detail.line } : {}),
        ...(e.hint ? { hint: e.hint } : {}),
      });
      return undefined;
    }
  }

  /** The effective changeset: writes that differ from the disk, sorted by path. */
  changes(): FileChange[] {
    const out: FileChange[] = [];
    for (const [rel, after] of this.writes) {
      const before = this.readDisk(rel);
      if (before === after) continue;
      out.push({ path: rel, action: before === undefined ? 'create' : 'update', before, after });
    }
    // Code-unit order, not the locale's: the same changeset prints the same way everywhere.
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}

/** All the problems a plan recorded, as the one error reported before anything is written. */
export function problemsError(problems: Problem[]): ScaffoldError {
  const codes = [...new Set(problems.map((p) => p.code))];
  const where = (p: Problem) => (p.path ? `${p.path}${p.line ? `:${p.line}` : ''}: ` : '');
  const first = problems[0]!;
  const message =
    problems.length === 1
      ? `${where(first)}${first.message}`
      : `${problems.length} problems, nothing was written:\n${problems.map((p) => `  ${where(p)}${p.message}`).join('\n')}`;
  return new ScaffoldError(codes.length === 1 ? codes[0]! : 'CONFLICT', message, {
    hint: [...new Set(problems.flatMap((p) => (p.hint ? [p.hint] : [])))].join(' ') || 'Nothing was written.',
    details: problems.map(({ path, line, message: m }) => ({
      ...(path ? { path } : {}),
      ...(line ? { line } : {}),
      message: m,
    })),
  });
}
