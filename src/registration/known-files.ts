/**
 * The files a `remove` or `rename` walks on facts instead of a parse: the entry points and barrels
 * of the registration index of the definition's kind (registration-index.ts), remembered between
 * runs as `add` remembers them. Once the walk's edits of them are planned, what the next run needs
 * of the text written is derived from those edits (derived-facts.ts): the registration index, and
 * each file's reference facts; the project cache keeps them once the flush is done.
 */

import { ProjectCache, type Reading } from '../engine/project-cache.js';
import type { Tree } from '../engine/tree.js';
import type { FileFactSet } from '../ts/derived-facts.js';
import type { ModuleFacts } from '../ts/module-facts.js';
import { isProjectSpecifier, type ModuleRef, type ReferenceFacts, topLevelRefs } from '../ts/reference-facts.js';
import type { TextEdit } from '../ts/text-edits.js';
import { type EditStage, factSetAfter, factSetOf, indexAfterChanges } from './derived-index.js';
import type { DefinitionLayout } from './layout.js';
import { type KnownFile, REFERENCE_FACTS, type Sources } from './references.js';
import { parsedText, type RegistrationIndex, registrationIndex } from './registration-index.js';

/** A known file's edits: in stages, each planned on the text the one before made, and the text they make. */
export interface KnownEdits {
  stages: EditStage[];
  text: string;
}

/** Whether the file's refs are those of its top-level imports and exports alone (topLevelRefs), compared in place. */
function refsAreTopLevel(refs: readonly ModuleRef[], facts: ModuleFacts): boolean {
  let i = 0;
  for (const st of facts.statements) {
    if (st.specifier === undefined || !isProjectSpecifier(st.specifier)) continue;
    const r = refs[i++];
    const names = st.named?.map((n) => n.name);
    if (
      !r ||
      r.specifier !== st.specifier ||
      r.kind !== st.kind ||
      r.star ||
      (r.default === true) !== (st.defaultName !== undefined) ||
      (r.namespace === true) !== (st.namespaceName !== undefined) ||
      (r.names === undefined) !== (names === undefined) ||
      (names !== undefined && (r.names!.length !== names.length || names.some((n, k) => n !== r.names![k])))
    )
      return false;
  }
  return i === refs.length;
}

/** Whether an edit reaches into a local `export { … }` list: the names the file exports would change. */
function touchesExportList(facts: ModuleFacts, edits: readonly TextEdit[]): boolean {
  const lists = facts.statements.filter((st) => st.kind === 'export' && st.specifier === undefined);
  return edits.some((e) => lists.some((st) => e.pos <= st.end && (e.end ?? e.pos) >= st.ownStart));
}

export class KnownFiles {
  readonly files: Map<string, KnownFile>;
  /** The known files that start with a byte order mark: the tree writes them back with it. */
  private readonly boms: Set<string>;

  private constructor(
    private readonly tree: Tree,
    private readonly reading: Reading<RegistrationIndex> | undefined,
    /** Whether files are read on their facts at all: a file a rename moves, say. */
    readonly onFacts: boolean,
  ) {
    const index = reading?.result;
    this.files = new Map(
      Object.entries(index?.files ?? {}).map(([file, { facts }]) => [
        file,
        {
          text: parsedText(tree, file),
          facts,
          arrays: index!.targets.flatMap((t) => (t.type === 'array' && t.file === file ? [t.array] : [])),
        },
      ]),
    );
    this.boms = new Set([...this.files.keys()].filter((f) => tree.read(f)?.startsWith('\ufeff')));
  }

  /** What was derived for the text the edits of the known files write (`remember`). */
  readonly derived: { index?: RegistrationIndex; refs: Map<string, ReferenceFacts> } = { refs: new Map() };
  /** Each stage's facts once derived (by the stage's edits), null where they could not be: derived once per plan. */
  private readonly stages = new WeakMap<readonly TextEdit[], FileFactSet | null>();

  /** A known file's facts (as the index holds them) after stages of its edits; undefined where underivable. */
  factsAfter(file: string, stages: readonly EditStage[]): FileFactSet | undefined {
    const index = this.reading?.result;
    let set: FileFactSet | undefined = index?.files[file] ? factSetOf(index, file) : undefined;
    for (const stage of stages) {
      if (!set) return undefined;
      let next = this.stages.get(stage.edits);
      if (next === undefined) {
        next = factSetAfter(set, [stage]) ?? null;
        this.stages.set(stage.edits, next);
      }
      set = next ?? undefined;
    }
    return set;
  }

  /**
   * The files of the registration index of `layout`'s kind (none for a service, or where the
   * index cannot be read: a project with spread groups, a layout registration refuses).
   */
  static of(tree: Tree, layout: DefinitionLayout | undefined): KnownFiles {
    if (!layout) return new KnownFiles(tree, undefined, true);
    try {
      return new KnownFiles(tree, registrationIndex(tree, layout, undefined), true);
    } catch {
      return new KnownFiles(tree, undefined, true);
    }
  }

  /** No file read on its facts: every file is read on its parse. */
  static none(tree: Tree): KnownFiles {
    return new KnownFiles(tree, undefined, false);
  }

  /**
   * Remembers, for after the flush, the index and the reference facts of the known files as
   * `edited` (file → its edits and the text they make) leaves them; nothing where they cannot be
   * derived, or where a file of the index was edited on its parse (`parsed`).
   */
  remember(sources: Sources, edited: ReadonlyMap<string, KnownEdits>, parsed: ReadonlySet<string>): void {
    const cache = ProjectCache.of(this.tree);
    const index = this.reading?.result;
    if (!index || edited.size === 0) return;
    const sets = new Map<string, FileFactSet>();
    for (const [file, { stages }] of edited) {
      const set = this.factsAfter(file, stages);
      if (set) sets.set(file, set);
    }
    const texts = new Map([...edited].map(([file, e]) => [file, e.text]));
    if (sets.size === edited.size && ![...parsed].some((f) => index.files[f])) {
      this.derived.index = indexAfterChanges(index, sets, texts);
      this.reading?.next?.(texts, this.derived.index);
    }
    for (const [file, { stages, text }] of edited) {
      const known = this.files.get(file)!;
      const facts = sources.referenceFacts(file);
      const set = sets.get(file);
      // Derived from the module facts only where those tell every module path the file names.
      if (!set || !refsAreTopLevel(facts.refs, known.facts) || touchesExportList(known.facts, stages[0]?.edits ?? []))
        continue;
      const refs: ReferenceFacts = { ...facts, refs: topLevelRefs(set.module) };
      this.derived.refs.set(file, refs);
      const bom = this.boms.has(file) ? '\ufeff' : '';
      cache?.expect(file, bom + text, REFERENCE_FACTS, refs);
    }
  }
}
