/**
 * The test-shape codemods after the install, on the disk, driven by what the project's own tsc
 * reports against the installed target: a round fixes the errors it recognises in the tests and
 * checks again (a fix can uncover the next error at the same site, as `await` uncovers an element
 * that may be undefined), until a round changes nothing. Then each file touched is judged by the
 * check: one with no fewer errors than before the codemods is put back as it was, and reported.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeInsideProject } from '../engine/contained-write.js';
import { fixTestShapes, TEST_SHAPES } from './codemods/test-shapes.js';
import { type CheckRun, typeCheck } from './type-check.js';
import { countByFile, type TscError } from './type-errors.js';

/** Enough for a fix to uncover the next error at its site, twice over. */
const MAX_ROUNDS = 4;

export const isTestFile = (f: string) => f.startsWith('tests/') || /\.(test|spec)\.[cm]?tsx?$/.test(f);

export interface ShapeRefusal {
  path: string;
  line: number;
  why: string;
}

export interface CodemodReport {
  id: string;
  summary: string;
  /** The files it changed that were kept. */
  files: string[];
  /** How many errors it fixed in them. */
  fixed: number;
  /** The sites it would not change, and why. */
  refused: ShapeRefusal[];
}

export interface ShapeRounds {
  codemods: CodemodReport[];
  /** Files the codemods changed that did not get fewer errors: written back as they were. */
  putBack: { path: string; errorsBefore: number; errorsAfter: number }[];
  /** The check of the files as they are left (src and tests). */
  check: CheckRun;
}

type Sites = Map<string, Map<string, { fixed: number; refused: ShapeRefusal[] }>>;

function byTestFile(errors: readonly TscError[]): Map<string, TscError[]> {
  const out = new Map<string, TscError[]>();
  for (const e of errors) if (e.file && isTestFile(e.file)) out.set(e.file, [...(out.get(e.file) ?? []), e]);
  return out;
}

/** One round over every test file with errors: the files it changed. */
function round(root: string, errors: readonly TscError[], originals: Map<string, string>, sites: Sites): string[] {
  const changed: string[] = [];
  for (const [file, fileErrors] of byTestFile(errors)) {
    let source: string;
    try {
      source = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue;
    }
    const out = fixTestShapes(file, source, fileErrors);
    const perShape = sites.get(file) ?? new Map();
    // A refusal stands for this round's text: the last round that looked at the file says what is left.
    for (const s of perShape.values()) s.refused = [];
    const entry = (shape: string) => {
      const e = perShape.get(shape) ?? { fixed: 0, refused: [] };
      perShape.set(shape, e);
      return e;
    };
    for (const f of out.fixed) entry(f.shape).fixed++;
    for (const r of out.refused) entry(r.shape).refused.push({ path: file, line: r.line, why: r.why ?? '' });
    sites.set(file, perShape);
    if (out.text === source || !writeInsideProject(root, file, out.text)) continue;
    if (!originals.has(file)) originals.set(file, source);
    changed.push(file);
  }
  return changed;
}

/** Runs the rounds from the first check's errors; `first` is that check. */
export async function runShapeRounds(root: string, first: CheckRun, timeoutSeconds: number): Promise<ShapeRounds> {
  const originals = new Map<string, string>();
  const sites: Sites = new Map();
  let check = first;
  for (let n = 0; n < MAX_ROUNDS && check.ran; n++) {
    if (round(root, check.errors, originals, sites).length === 0) break;
    check = await typeCheck(root, 'with-tests', timeoutSeconds);
  }
  const putBack: ShapeRounds['putBack'] = [];
  if (check.ran && first.ran) {
    const before = countByFile(first.errors);
    const after = countByFile(check.errors);
    for (const [file, text] of originals) {
      const errorsBefore = before.get(file) ?? 0;
      const errorsAfter = after.get(file) ?? 0;
      if (errorsAfter < errorsBefore) continue;
      writeInsideProject(root, file, text);
      originals.delete(file);
      putBack.push({ path: file, errorsBefore, errorsAfter });
    }
    if (putBack.length > 0) check = await typeCheck(root, 'with-tests', timeoutSeconds);
  }
  return { codemods: reports(sites, originals), putBack, check };
}

function reports(sites: Sites, kept: Map<string, string>): CodemodReport[] {
  return TEST_SHAPES.map((shape) => {
    const files: string[] = [];
    let fixed = 0;
    const refused: ShapeRefusal[] = [];
    for (const [file, perShape] of [...sites].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const s = perShape.get(shape.id);
      if (!s) continue;
      refused.push(...s.refused);
      if (s.fixed > 0 && kept.has(file)) {
        files.push(file);
        fixed += s.fixed;
      }
    }
    return { id: `test-shape/${shape.id}`, summary: shape.summary, files, fixed, refused };
  });
}
