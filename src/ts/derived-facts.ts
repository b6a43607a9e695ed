/**
 * The facts of a text after removals and replacements, derived from the facts of the text they
 * were planned on without parsing the result: each edit says which facts it takes out, which its
 * text lays out again and which names and module paths it renames (`TextEdit.changes`); every
 * other position moves by what the edits before it took out or put in. An edit that says nothing,
 * or touches a fact it does not name, leaves nothing to derive: the caller reads the text again.
 * Tests hold derived facts equal to facts read off the text written.
 */

import type { ArrayFacts, ModuleFacts, ModuleStatement, NamedFact, ObjectFacts, Span } from './module-facts.js';
import type { FactChange, TextEdit } from './text-edits.js';

/** Facts of one file: its module facts and those of some of its arrays and objects, and positions in it. */
export interface FileFactSet {
  module: ModuleFacts;
  arrays: ArrayFacts[];
  objects: ObjectFacts[];
  positions: number[];
}

/** A derivation that cannot go on: the edits do something the facts cannot follow. */
class Underivable extends Error {}

type Edit = TextEdit & { end: number; changes: FactChange };

/** Positions across a file's edits: where each lands, and the changes each makes. */
class EditMap {
  private readonly edits: Edit[];
  /** The shift of a position after edit i (and all before it). */
  private readonly shifts: number[] = [];
  private readonly claimed = new Set<Edit>();
  /** The edits with a change keyed at one fact: `name:<start>`, `specifier:<start>`, `move:<slot>`. */
  private readonly keyed = new Map<string, Edit>();

  constructor(edits: TextEdit[]) {
    const sorted = [...edits].sort((a, b) => a.pos - b.pos);
    let shift = 0;
    for (const [i, e] of sorted.entries()) {
      if (e.end === undefined || e.end <= e.pos || !e.changes) throw new Underivable();
      if (i > 0 && sorted[i - 1]!.end! > e.pos) throw new Underivable();
      shift += e.text.length - (e.end - e.pos);
      this.shifts.push(shift);
    }
    this.edits = sorted as Edit[];
    for (const e of this.edits) {
      const c = e.changes;
      if (c.type === 'name' || c.type === 'specifier') this.keyed.set(`${c.type}:${c.start}`, e);
      else if (c.type === 'move') this.keyed.set(`move:${c.slot}`, e);
    }
  }

  /** The index of the last edit that starts before `p`, or -1. */
  private before(p: number): number {
    let lo = 0;
    let hi = this.edits.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.edits[mid]!.pos < p) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /** Where position `p` is after the edits; it may not fall inside a replaced range. */
  at(p: number): number {
    const i = this.before(p);
    if (i < 0) return p;
    const e = this.edits[i]!;
    if (p < e.end) throw new Underivable();
    return p + this.shifts[i]!;
  }

  /** Where an edit's text lands. */
  landing(e: Edit): number {
    const i = this.before(e.pos + 1);
    return e.pos + (i > 0 ? this.shifts[i - 1]! : 0);
  }

  /** Whether any edit's range meets [start, end). */
  touches(start: number, end: number): boolean {
    const last = this.edits[this.before(end)];
    return last !== undefined && last.end > start;
  }

  /** The edits within [start, end). */
  within(start: number, end: number): Edit[] {
    const out: Edit[] = [];
    for (let i = this.before(start) + 1; i < this.edits.length && this.edits[i]!.pos < end; i++) {
      const e = this.edits[i]!;
      if (e.end > end) throw new Underivable();
      out.push(e);
    }
    // An edit that started before `start` and reaches into it.
    const prev = this.edits[this.before(start)];
    if (prev && prev.end > start) throw new Underivable();
    return out;
  }

  /** The edit whose changes take out or lay out again the fact at `start`, and how. */
  layoutOf(start: number): { edit: Edit; place?: { offset: number; length: number } } | undefined {
    for (const edit of this.overlapping(start)) {
      if (edit.changes.type !== 'layout') continue;
      if (edit.changes.drops.includes(start)) return this.claim({ edit });
      const place = edit.changes.places.find((p) => p.from === start);
      if (place) return this.claim({ edit, place });
    }
    return undefined;
  }

  /** The edit with a name, module path or move change keyed at `start` (a move by its slot). */
  changeAt(type: 'name' | 'specifier' | 'move', start: number): Edit | undefined {
    const edit = this.keyed.get(`${type}:${start}`);
    if (edit) this.claimed.add(edit);
    return edit;
  }

  /** The edit that holds position `start`, if any: the last one that starts at or before it. */
  private overlapping(start: number): Edit[] {
    const e = this.edits[this.before(start + 1)];
    return e && e.end > start ? [e] : [];
  }

  private claim<T extends { edit: Edit }>(found: T): T {
    this.claimed.add(found.edit);
    return found;
  }

  /** Every edit was about a fact the derivation met. */
  allClaimed(): boolean {
    return this.edits.every((e) => this.claimed.has(e));
  }
}

/** A span that no edit touches unless it says so: moved by the edits around it. */
function plainSpan(map: EditMap, [start, end]: Span): Span {
  if (map.within(start, end).length > 0) throw new Underivable();
  return [map.at(start), map.at(end)];
}

/**
 * A list of leaf facts (names in braces, array elements), each dropped, laid out again or moved as
 * the edits say; `renamed` gives a leaf's new span and fields where an edit renames it.
 */
function leaves<T extends { start: number; end: number }>(
  map: EditMap,
  list: readonly T[],
  renamed: (leaf: T) => T | undefined,
): { kept: T[]; index: (number | undefined)[] } {
  const kept: T[] = [];
  const index: (number | undefined)[] = [];
  for (const leaf of list) {
    const laid = map.layoutOf(leaf.start);
    if (laid && !laid.place) {
      if (laid.edit.pos > leaf.start || laid.edit.end < leaf.end) throw new Underivable();
      index.push(undefined);
      continue;
    }
    index.push(kept.length);
    if (laid?.place) {
      const start = map.landing(laid.edit) + laid.place.offset;
      kept.push({ ...leaf, start, end: start + laid.place.length });
      continue;
    }
    const next = renamed(leaf);
    if (next) kept.push(next);
    else {
      const [start, end] = plainSpan(map, [leaf.start, leaf.end]);
      kept.push({ ...leaf, start, end });
    }
  }
  return { kept, index };
}

function namedAfter(map: EditMap, named: NamedFact[]): NamedFact[] {
  return leaves(map, named, (n) => {
    const edit = map.changeAt('name', n.start);
    if (!edit) return undefined;
    if (edit.pos !== n.start || edit.end > n.end) throw new Underivable();
    // Without an alias, the name is the local name too: one token.
    const alone = edit.end === n.end && n.local === n.name;
    return {
      ...n,
      name: edit.text,
      local: alone ? edit.text : n.local,
      start: map.at(n.start),
      end: map.at(n.end),
    };
  }).kept;
}

function statementAfter(map: EditMap, st: ModuleStatement): ModuleStatement {
  const specifierEdit = map.changeAt('specifier', st.start);
  let specifier = st.specifier;
  if (specifierEdit) {
    const q = specifierEdit.text[0];
    if (st.quote === undefined || q !== st.quote || !specifierEdit.text.endsWith(q) || specifierEdit.text.length < 2)
      throw new Underivable();
    specifier = specifierEdit.text.slice(1, -1);
  }
  // Edits within the statement are about its names and module path; its own comments are left alone.
  if (map.within(st.ownStart, st.start).length > 0) throw new Underivable();
  const moved: ModuleStatement = {
    ...st,
    start: map.at(st.start),
    end: map.at(st.end),
    ownStart: map.at(st.ownStart),
    ...(specifier !== undefined ? { specifier } : {}),
  };
  if (st.named) moved.named = namedAfter(map, st.named);
  return moved;
}

/** A statement copied verbatim to where another one was: every position in it moves by the same. */
function movedStatement(st: ModuleStatement, to: number): ModuleStatement {
  const by = to - st.start;
  return {
    ...st,
    start: st.start + by,
    end: st.end + by,
    ...(st.named ? { named: st.named.map((n) => ({ ...n, start: n.start + by, end: n.end + by })) } : {}),
  };
}

/**
 * Whether the file's first statement, taken out, leaves the one after it first with nothing but
 * white space above it: which comments above a file's first statement are its own, and which the
 * file's header, is for a parse to tell.
 */
function firstGoesCleanly(text: string, facts: ModuleFacts, removal: Edit): boolean {
  const next = facts.statements[1];
  return (
    next?.index === 1 &&
    /^(?:#![^\n]*\n)?\s*$/.test(text.slice(0, facts.statements[0]!.start)) &&
    /^\s*$/.test(text.slice(removal.end, next.start))
  );
}

function moduleAfter(map: EditMap, facts: ModuleFacts, text: string): ModuleFacts {
  const byStart = new Map(facts.statements.map((st) => [st.start, st]));
  const statements: ModuleStatement[] = [];
  let dropped = 0;
  let firstGone = false;
  for (const st of facts.statements) {
    // Most statements no edit reaches: moved, whole, by what the edits before them took out or put in.
    if (!map.touches(st.ownStart, st.end)) {
      const by = map.at(st.start) - st.start;
      statements.push({ ...movedStatement(st, st.start + by), ownStart: st.ownStart + by, index: st.index - dropped });
      continue;
    }
    const laid = map.layoutOf(st.start);
    if (laid) {
      if (laid.place || laid.edit.pos > st.ownStart || laid.edit.end < st.end) throw new Underivable();
      if (st.index === 0 && !firstGoesCleanly(text, facts, laid.edit)) throw new Underivable();
      firstGone ||= st.index === 0;
      dropped++;
      continue;
    }
    const move = map.changeAt('move', st.start);
    if (move) {
      const from = move.changes.type === 'move' ? byStart.get(move.changes.from) : undefined;
      if (!from || move.pos !== st.start || move.end !== st.end) throw new Underivable();
      if (map.within(st.ownStart, st.start).length > 0) throw new Underivable();
      statements.push({
        ...movedStatement(from, map.landing(move)),
        index: st.index - dropped,
        ownStart: map.at(st.ownStart),
      });
      continue;
    }
    statements.push({ ...statementAfter(map, st), index: st.index - dropped });
  }
  // Without its first statement, the file's first is the one after it, its own comments where they were (firstGoesCleanly).
  const firstOwnStart = firstGone
    ? statements[0]!.ownStart
    : facts.firstOwnStart === undefined
      ? undefined
      : map.at(facts.firstOwnStart);
  return {
    statements,
    count: facts.count - dropped,
    ...(firstOwnStart !== undefined ? { firstOwnStart } : {}),
    declared: facts.declared.map(([name, start]) => [name, map.at(start)]),
  };
}

function objectAfter(map: EditMap, object: ObjectFacts): ObjectFacts {
  return {
    ...object,
    start: map.at(object.start),
    end: map.at(object.end),
    props: object.props.map((p) => ({
      ...p,
      start: map.at(p.start),
      end: map.at(p.end),
      ownStart: map.at(p.ownStart),
    })),
  };
}

function arrayAfter(map: EditMap, array: ArrayFacts): ArrayFacts {
  const elements = leaves(
    map,
    array.elements.map(([start, end]) => ({ start, end })),
    () => undefined,
  );
  const conditional = array.conditional.flatMap((i) => {
    const j = elements.index[i];
    return j === undefined ? [] : [j];
  });
  return {
    ...array,
    start: map.at(array.start),
    end: map.at(array.end),
    elements: elements.kept.map((e): Span => [e.start, e.end]),
    conditional,
    ...(array.host ? { host: { ...array.host, object: objectAfter(map, array.host.object) } } : {}),
  };
}

/**
 * The facts of a file once `edits`, all planned on `text` (which the facts were read from), are
 * made; undefined where they cannot be derived.
 */
export function derivedFactSet(facts: FileFactSet, text: string, edits: readonly TextEdit[]): FileFactSet | undefined {
  if (edits.length === 0) return facts;
  try {
    const map = new EditMap([...edits]);
    const derived: FileFactSet = {
      module: moduleAfter(map, facts.module, text),
      arrays: facts.arrays.map((a) => arrayAfter(map, a)),
      objects: facts.objects.map((o) => objectAfter(map, o)),
      positions: facts.positions.map((p) => map.at(p)),
    };
    return map.allClaimed() ? derived : undefined;
  } catch (e) {
    if (e instanceof Underivable) return undefined;
    throw e;
  }
}
