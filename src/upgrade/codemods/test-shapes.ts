/**
 * The six mechanical test shapes behind the type errors that tests which never type-checked show
 * once they are (the backlog the tsconfig split exposes), applied to one file from the errors
 * tsc reported in it. Each error goes to the first shape that recognises it; the edits of all of
 * them go in in one pass. Two fixes that insert at the same offset cannot both be placed safely,
 * so the second waits for the next round (the next check reports it again, on the edited text).
 */

import { applyEdits, type TextEdit } from '../../ts/text-edits.js';
import { parseSource, type TsMorph } from '../../ts/ts-morph.js';
import type { TscError } from '../type-errors.js';
import { awaitMaybePromise } from './await-maybe-promise.js';
import { contentText } from './content-text.js';
import { indexedAccess } from './indexed-access.js';
import { listArgument } from './list-argument.js';
import { mockContextErrors } from './mock-context-errors.js';
import { optionalSchemaMember } from './optional-schema-member.js';
import type { ShapeFix, ShapeSite, TestShape } from './test-shape.js';

/** In the order they claim an error: a cast that reads `.text` also covers the element it reads it off. */
export const TEST_SHAPES: readonly TestShape[] = [
  mockContextErrors,
  optionalSchemaMember,
  awaitMaybePromise,
  listArgument,
  contentText,
  indexedAccess,
];

export interface ShapeSiteReport {
  shape: string;
  line: number;
  /** Why the site is left as it is (refused), when it is. */
  why?: string;
}

export interface FileShapes {
  /** The file with every fix placed (the text given, when none was). */
  text: string;
  fixed: ShapeSiteReport[];
  refused: ShapeSiteReport[];
}

function siteOf(sf: TsMorph.SourceFile, error: TscError): ShapeSite | undefined {
  const lines = sf.compilerNode.getLineStarts();
  if (error.line < 1 || error.line > lines.length) return undefined;
  const pos = sf.compilerNode.getPositionOfLineAndCharacter(error.line - 1, error.column - 1);
  const node = sf.getDescendantAtPos(pos);
  return node ? { sf, error, pos, node } : undefined;
}

/** The shape that claims an error and its fix, or undefined when none does. */
function claim(site: ShapeSite): { shape: TestShape; fix: ShapeFix } | undefined {
  for (const shape of TEST_SHAPES) {
    const fix = shape.fix(site);
    if (fix) return { shape, fix };
  }
  return undefined;
}

/** The shape each error is, by the codemods' own reading of it (undefined: none of them). */
export function shapesOf(file: string, source: string, errors: readonly TscError[]): (string | undefined)[] {
  const sf = parseSource(file, source, { tolerant: true });
  return errors.map((e) => {
    const site = siteOf(sf, e);
    return site && claim(site)?.shape.id;
  });
}

const key = (e: TextEdit) => `${e.pos}:${e.end ?? e.pos}:${e.text}`;

/** Whether two edits touch the same offset (an insertion at the same place, or overlapping ranges). */
const clash = (a: TextEdit, b: TextEdit) => a.pos <= (b.end ?? b.pos) && b.pos <= (a.end ?? a.pos);

/** Every error of `errors` (this file's) that a shape fixes, fixed; the rest reported or left. */
export function fixTestShapes(file: string, source: string, errors: readonly TscError[]): FileShapes {
  const sf = parseSource(file, source, { tolerant: true });
  const placed = new Map<string, TextEdit>();
  const fixed: ShapeSiteReport[] = [];
  const refused: ShapeSiteReport[] = [];
  for (const error of errors) {
    const site = siteOf(sf, error);
    const claimed = site && claim(site);
    if (!claimed) continue;
    const { shape, fix } = claimed;
    if ('refused' in fix) {
      refused.push({ shape: shape.id, line: error.line, why: fix.refused });
      continue;
    }
    const fresh = fix.edits.filter((e) => !placed.has(key(e)));
    if (fresh.some((e) => [...placed.values()].some((p) => clash(p, e)))) continue;
    for (const e of fresh) placed.set(key(e), e);
    fixed.push({ shape: shape.id, line: error.line });
  }
  return { text: placed.size > 0 ? applyEdits(source, [...placed.values()]) : source, fixed, refused };
}
