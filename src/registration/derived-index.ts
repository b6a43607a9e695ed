/**
 * The registration index of the texts a registration writes, derived from the index it was
 * planned on and its edits, without parsing them: every position after an insertion moves by its
 * length, and what the insertion adds (a statement, a name in braces, an element) is known to the
 * edit that made it (`TextEdit.adds`). An edit that replaces text, or adds what it does not
 * describe, leaves nothing to derive: the next run reads the index again. The index of the texts
 * a removal or rename writes is derived the same way from what their edits take out, rename or
 * move (`TextEdit.changes`, ts/derived-facts.ts). Tests hold the derived index equal to one read
 * off the written text.
 */

import { sha } from '../engine/project-cache.js';
import { derivedFactSet, type FileFactSet } from '../ts/derived-facts.js';
import type { ArrayFacts, ModuleFacts, ModuleStatement, NamedFact, ObjectFacts, Span } from '../ts/module-facts.js';
import type { FactAdd, TextEdit } from '../ts/text-edits.js';
import type { IndexedTarget, RegistrationIndex } from './registration-index.js';
import type { TrailStep } from './sites.js';

type Placed = Exclude<FactAdd, { type: 'none' }>;
type Added<T extends Placed['type']> = Extract<Placed, { type: T }> & { pos: number };

/** How one file's positions move under its insertions, and where each inserted text lands. */
class Shift {
  private readonly edits: (TextEdit & { order: number })[];
  constructor(edits: TextEdit[]) {
    this.edits = edits.map((e, order) => ({ ...e, order }));
  }

  /** A position where a node starts: text inserted right there goes before it. */
  start(p: number): number {
    let out = p;
    for (const e of this.edits) if (e.pos <= p) out += e.text.length;
    return out;
  }

  /** A position where a node ends: text inserted right there goes after it. */
  end(p: number): number {
    let out = p;
    for (const e of this.edits) if (e.pos < p) out += e.text.length;
    return out;
  }

  span(span: Span): Span {
    return [this.start(span[0]), this.end(span[1])];
  }

  /** Where an edit's text starts in the written text: after what goes before it, equal offsets in the order given. */
  landing(edit: TextEdit & { order: number }): number {
    let out = edit.pos;
    for (const e of this.edits)
      if (e.pos < edit.pos || (e.pos === edit.pos && e.order < edit.order)) out += e.text.length;
    return out;
  }

  /** What the edits add, each with the position its text lands at. */
  added<T extends Placed['type']>(type: T): Added<T>[] {
    return this.edits.flatMap((e) => {
      if (e.adds?.type !== type) return [];
      const adds = e.adds as Extract<Placed, { type: T }>;
      return [{ ...adds, pos: this.landing(e) + adds.offset }];
    });
  }
}

function shiftedObject(object: ObjectFacts, s: Shift): ObjectFacts {
  return {
    ...object,
    start: s.start(object.start),
    end: s.end(object.end),
    props: object.props.map((p) => ({
      ...p,
      start: s.start(p.start),
      end: s.end(p.end),
      ownStart: s.start(p.ownStart),
    })),
  };
}

function derivedArray(array: ArrayFacts, s: Shift): ArrayFacts {
  const elements = array.elements.map((e) => s.span(e));
  let conditional = [...array.conditional];
  // Each insertion at its place among the elements as they were: the later ones first.
  const added = s.added('element').filter((a) => a.array === array.start);
  for (const a of added.sort((x, y) => y.at - x.at)) {
    elements.splice(a.at, 0, [a.pos, a.pos + a.length]);
    conditional = conditional.map((i) => (i >= a.at ? i + 1 : i));
  }
  return {
    ...array,
    start: s.start(array.start),
    end: s.end(array.end),
    elements,
    conditional,
    ...(array.host ? { host: { ...array.host, object: shiftedObject(array.host.object, s) } } : {}),
  };
}

function derivedNamed(statement: ModuleStatement, s: Shift, added: Added<'named'>[]): NamedFact[] | undefined {
  if (!statement.named) return undefined;
  const named = statement.named.map((n) => ({ ...n, start: s.start(n.start), end: s.end(n.end) }));
  const here = added.filter((a) => a.statement === statement.index);
  for (const a of here.sort((x, y) => y.at - x.at))
    named.splice(a.at, 0, { name: a.name, local: a.name, start: a.pos, end: a.pos + a.name.length });
  return named;
}

/** A statement the edit writes: `import { name } from 'specifier';` at `pos`. */
function newStatement(a: Added<'statement'>, index: number): ModuleStatement {
  const text = `${a.kind} { ${a.name} } from ${a.quote}${a.specifier}${a.quote};`;
  const named = a.pos + `${a.kind} { `.length;
  return {
    index,
    kind: a.kind,
    specifier: a.specifier,
    quote: a.quote,
    typeOnly: false,
    start: a.pos,
    end: a.pos + text.length,
    // Written at a line's start, below what belongs to the statement before.
    ownStart: a.pos,
    named: [{ name: a.name, local: a.name, start: named, end: named + a.name.length }],
  };
}

function derivedFacts(facts: ModuleFacts, s: Shift): ModuleFacts {
  const added = s.added('statement');
  const addedNamed = s.added('named');
  const old = facts.statements.map((st): ModuleStatement => {
    const start = s.start(st.start);
    // Indexes count every top-level statement: each moves by the new ones written before it.
    const before = added.filter((a) => a.pos < start).length;
    const moved: ModuleStatement = {
      ...st,
      index: st.index + before,
      start,
      end: s.end(st.end),
      ownStart: s.start(st.ownStart),
    };
    if (st.named) moved.named = derivedNamed(st, s, addedNamed)!;
    return moved;
  });
  const made = added.map((a) => newStatement(a, a.index + added.filter((b) => b.pos < a.pos).length));
  const statements = made.length === 0 ? old : [...old, ...made].sort((x, y) => x.index - y.index);
  const first = statements.find((st) => st.index === 0 && added.some((a) => a.pos === st.start));
  const firstOwnStart = first
    ? first.ownStart
    : facts.firstOwnStart === undefined
      ? undefined
      : s.start(facts.firstOwnStart);
  return {
    statements,
    count: facts.count + added.length,
    ...(firstOwnStart !== undefined ? { firstOwnStart } : {}),
    declared: facts.declared.map(([name, start]) => [name, s.start(start)]),
  };
}

/**
 * The index of the project once `edits` (per file: the text planned on and its edits) are
 * written as `written` (per file: the text they make); undefined where an edit does not say all
 * it adds.
 */
export function derivedIndex(
  index: RegistrationIndex,
  edits: ReadonlyMap<string, { text: string; edits: TextEdit[] }>,
  written: ReadonlyMap<string, string>,
): RegistrationIndex | undefined {
  const shifts = new Map<string, Shift>();
  for (const [file, planned] of edits) {
    if (!index.files[file] || planned.edits.some((e) => e.end !== undefined || e.adds === undefined)) return undefined;
    shifts.set(file, new Shift(planned.edits));
  }
  const shift = (file: string) => shifts.get(file);
  const files: RegistrationIndex['files'] = {};
  for (const [file, known] of Object.entries(index.files)) {
    const s = shift(file);
    const text = written.get(file);
    files[file] = s && text !== undefined ? { hash: sha(text), facts: derivedFacts(known.facts, s) } : known;
  }
  const step = (t: TrailStep): TrailStep => {
    const s = shift(t.file);
    return s ? { ...t, pos: s.start(t.pos) } : t;
  };
  const targets = index.targets.map((t): IndexedTarget => {
    const s = shift(t.file);
    if (t.type === 'new-key') return s ? { ...t, object: shiftedObject(t.object, s) } : t;
    return { ...t, array: s ? derivedArray(t.array, s) : t.array, trail: t.trail.map(step) };
  });
  return { ...index, targets, files };
}

/** The facts of one file the index holds: its module facts, its targets' arrays and objects, the trail steps in it. */
export function factSetOf(index: RegistrationIndex, file: string): FileFactSet {
  const steps = index.targets.flatMap((t) => (t.type === 'array' ? t.trail : [])).filter((s) => s.file === file);
  return {
    module: index.files[file]!.facts,
    arrays: index.targets.flatMap((t) => (t.type === 'array' && t.file === file ? [t.array] : [])),
    objects: index.targets.flatMap((t) => (t.type === 'new-key' && t.file === file ? [t.object] : [])),
    positions: steps.map((s) => s.pos),
  };
}

/** Edits planned on a text. */
export interface EditStage {
  text: string;
  edits: TextEdit[];
}

/** A file's facts after stages of edits, each planned on the text the stage before made; undefined where underivable. */
export function factSetAfter(set: FileFactSet, stages: readonly EditStage[]): FileFactSet | undefined {
  let out: FileFactSet | undefined = set;
  for (const { text, edits } of stages) out = out && derivedFactSet(out, text, edits);
  return out;
}

/**
 * The index of the project once edits that take out, rename or move what the index holds are
 * made: per edited file, its facts after the edits (factSetOf, then factSetAfter) and the text
 * written.
 */
export function indexAfterChanges(
  index: RegistrationIndex,
  sets: ReadonlyMap<string, FileFactSet>,
  written: ReadonlyMap<string, string>,
): RegistrationIndex {
  const files: RegistrationIndex['files'] = { ...index.files };
  for (const [file, set] of sets) files[file] = { hash: sha(written.get(file)!), facts: set.module };
  // Each file's arrays, objects and trail positions in the order factSetOf took them.
  const taken = new Map([...sets.keys()].map((file) => [file, { arrays: 0, objects: 0, positions: 0 }]));
  const step = (s: TrailStep): TrailStep => {
    const set = sets.get(s.file);
    return set ? { ...s, pos: set.positions[taken.get(s.file)!.positions++]! } : s;
  };
  const targets = index.targets.map((t): IndexedTarget => {
    const set = sets.get(t.file);
    const at = taken.get(t.file);
    if (t.type === 'new-key') return set ? { ...t, object: set.objects[at!.objects++]! } : t;
    return { ...t, array: set ? set.arrays[at!.arrays++]! : t.array, trail: t.trail.map(step) };
  });
  return { ...index, targets, files };
}
