/**
 * Renames a definition across the project: its files move (definition, tests; a service's
 * folders), its exports take new names, its MCP name changes, and every import, re-export, use
 * and module path that reaches them in src/ and tests/ follows. What cannot follow safely (a name
 * declared twice in one file, a new name already bound there) is refused with file and line. The
 * entry point and barrel of the registration index are edited on their facts (known-files.ts),
 * every other file on its parse; only the files whose reference facts name a moved module, or hold
 * the old MCP name, are looked at.
 */

import { type ErrorDetail, ScaffoldError } from '../engine/errors.js';
import { ProjectCache } from '../engine/project-cache.js';
import type { Tree } from '../engine/tree.js';
import { lineWidthOf } from '../project/formatter.js';
import { restamp } from '../text/scaffold-stamp.js';
import { relaidArray, relaidNamedList } from '../ts/array-edits.js';
import { ownRenames, shadowing } from '../ts/bindings.js';
import { resortEdits, resortImports } from '../ts/import-resort.js';
import { type ArrayFacts, arrayFacts, type ModuleStatement, type Span } from '../ts/module-facts.js';
import { moduleCandidates, moduleSpecifier } from '../ts/modules.js';
import { occurrences } from '../ts/move-facts.js';
import { isNameLike, readReferenceFacts } from '../ts/reference-facts.js';
import { applyEdits, type FactChange, type TextEdit } from '../ts/text-edits.js';
import { parseSource, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import type { KnownEdits, KnownFiles } from './known-files.js';
import { MovedOnFacts } from './moved-files.js';
import {
  codeFiles,
  dynamicImports,
  type Followed,
  type KnownFile,
  NeedsParse,
  REFERENCE_FACTS,
  type ReferenceVisitor,
  Sources,
  walkReferences,
} from './references.js';
import { type RenameMap, renamesStringsIn, renameWords, wordsOf } from './rename-map.js';

type Node = TsMorph.Node;

class Edits {
  readonly byFile = new Map<string, Map<string, TextEdit>>();

  replace(file: string, node: Node, text: string): void {
    this.replaceAt(file, node.getStart(), node.getEnd(), text);
  }

  /** A replacement of [pos, end) in a file; on a known file, with what it changes of the file's facts. */
  replaceAt(file: string, pos: number, end: number, text: string, changes?: FactChange): void {
    const edits = this.byFile.get(file) ?? new Map<string, TextEdit>();
    this.byFile.set(file, edits);
    edits.set(`${pos}:${end}`, { pos, end, text, ...(changes ? { changes } : {}) });
  }
}

/** The line where `name` is bound in the file already (imported or declared): a new binding would clash. */
function boundAt(sf: TsMorph.SourceFile, name: string): number | undefined {
  const { SyntaxKind } = tsMorph();
  const declared = shadowing('', sf, name)[0];
  if (declared) return declared.line;
  const imported = sf
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .find((id) => id.getText() === name && importBinds(id));
  return imported?.getStartLineNumber();
}

function importBinds(id: TsMorph.Identifier): boolean {
  const { Node } = tsMorph();
  const parent = id.getParent();
  if (Node.isImportSpecifier(parent)) return (parent.getAliasNode() ?? parent.getNameNode()) === id;
  return Node.isImportClause(parent) || Node.isNamespaceImport(parent);
}

/** The braces of an import or export some of whose names a rename renames: each name's new length. */
interface RenamedNames {
  open: number;
  close: number;
  names: Span[];
  lengths: number[];
}

/** An array some of whose elements a rename renames: the new text of each, by index. */
interface RenamedElements {
  array: ArrayFacts;
  renamed: Map<number, string>;
}

class RenameVisitor implements ReferenceVisitor {
  /** Per file, the arrays (by where they start) whose elements were renamed: each element's new text, by index. */
  readonly renamedElements = new Map<string, Map<number, RenamedElements>>();
  /** Per file, the import and export braces (by where they open) whose names were renamed. */
  readonly renamedNames = new Map<string, Map<number, RenamedNames>>();

  constructor(
    private readonly sources: Sources,
    private readonly edits: Edits,
    private readonly refusals: ErrorDetail[],
  ) {}

  namedImport(file: string, spec: TsMorph.ImportSpecifier, f: Followed): void {
    const to = f.to!;
    if (!spec.getAliasNode()) {
      const clash = boundAt(this.sources.get(file), to);
      if (clash !== undefined) {
        this.refusals.push({
          path: file,
          line: clash,
          message: `\`${to}\` is already bound here; the renamed import would clash with it`,
        });
        return;
      }
    }
    this.edits.replace(file, spec.getNameNode(), to);
    this.renamedSpecifier(file, spec, to);
  }

  /** A renamed name in the braces of a parsed import or export. */
  private renamedSpecifier(file: string, spec: TsMorph.ImportSpecifier | TsMorph.ExportSpecifier, to: string): void {
    const list = spec.getParentOrThrow() as TsMorph.NamedImports | TsMorph.NamedExports;
    const specs: TsMorph.Node[] = list.getElements();
    const names = specs.map((n): Span => [n.getStart(), n.getEnd()]);
    const delta = to.length - spec.getName().length;
    this.renamedName(file, list.getStart(), list.getEnd() - 1, names, specs.indexOf(spec), delta);
  }

  /** A renamed name in a known file's braces, on its facts. */
  private renamedKnown(file: string, source: string, statement: ModuleStatement, index: number, to: string): void {
    const named = statement.named!;
    const open = source.indexOf('{', statement.start);
    const close = source.indexOf('}', named[named.length - 1]!.end);
    const names = named.map((n): Span => [n.start, n.end]);
    this.renamedName(file, open, close, names, index, to.length - named[index]!.name.length);
  }

  private renamedName(file: string, open: number, close: number, names: Span[], index: number, delta: number): void {
    const lists = this.renamedNames.get(file) ?? new Map<number, RenamedNames>();
    this.renamedNames.set(file, lists);
    const found = lists.get(open) ?? { open, close, names, lengths: names.map(([start, end]) => end - start) };
    lists.set(open, found);
    found.lengths[index] = names[index]![1] - names[index]![0] + delta;
  }

  use(file: string, id: TsMorph.Identifier, f: Followed, aliased: boolean): void {
    const { Node } = tsMorph();
    if (aliased) return;
    const parent = id.getParent();
    if (Node.isShorthandPropertyAssignment(parent)) this.edits.replace(file, id, `${f.name}: ${f.to}`);
    else this.edits.replace(file, id, f.to!);
    if (Node.isArrayLiteralExpression(parent))
      this.renamedElement(file, arrayFacts(parent), parent.getElements().indexOf(id), f.to!);
  }

  private renamedElement(file: string, array: ArrayFacts, index: number, to: string): void {
    const arrays = this.renamedElements.get(file) ?? new Map<number, RenamedElements>();
    this.renamedElements.set(file, arrays);
    const found = arrays.get(array.start) ?? { array, renamed: new Map() };
    arrays.set(array.start, found);
    found.renamed.set(index, to);
  }

  namespaceMember(file: string, access: TsMorph.PropertyAccessExpression, f: Followed): void {
    this.edits.replace(file, access.getNameNode(), f.to!);
  }

  reExport(file: string, spec: TsMorph.ExportSpecifier, f: Followed): Followed | undefined {
    if (spec.getName() !== f.name) return undefined; // an aliased import: the local name stays
    this.edits.replace(file, spec.getNameNode(), f.to!);
    this.renamedSpecifier(file, spec, f.to!);
    return spec.getAliasNode() ? undefined : { module: file, name: f.name, to: f.to! };
  }

  exportStar(): void {}

  knownImport(file: string, known: KnownFile, statement: ModuleStatement, index: number, f: Followed): void {
    const n = statement.named![index]!;
    // Without an alias, the import binds the new name: where it is written already, it may clash.
    const aliased = known.text.slice(n.start, n.end) !== n.name;
    if (!aliased && occurrences(known.text, f.to!).length > 0) throw new NeedsParse(file);
    this.edits.replaceAt(file, n.start, n.start + n.name.length, f.to!, { type: 'name', start: n.start });
    this.renamedKnown(file, known.text, statement, index, f.to!);
  }

  knownElement(file: string, _known: KnownFile, array: ArrayFacts, index: number, f: Followed, aliased: boolean): void {
    if (aliased) return;
    const [start, end] = array.elements[index]!;
    const changes = { type: 'layout', drops: [], places: [{ from: start, offset: 0, length: f.to!.length }] } as const;
    this.edits.replaceAt(file, start, end, f.to!, changes);
    this.renamedElement(file, array, index, f.to!);
  }

  knownReExport(
    file: string,
    known: KnownFile,
    statement: ModuleStatement,
    index: number,
    f: Followed,
  ): Followed | undefined {
    const n = statement.named![index]!;
    if (n.name !== f.name) return undefined; // an aliased import: the local name stays
    this.edits.replaceAt(file, n.start, n.start + n.name.length, f.to!, { type: 'name', start: n.start });
    this.renamedKnown(file, known.text, statement, index, f.to!);
    return known.text.slice(n.start, n.end) === n.name ? { module: file, name: f.name, to: f.to! } : undefined;
  }
}

/** The moved modules' own declarations and in-file uses of their renamed exports. */
function renameOwn(file: string, sf: TsMorph.SourceFile, names: Map<string, string>, edits: Edits): void {
  for (const [name, to] of names) for (const id of ownRenames(sf, name)) edits.replace(file, id, to);
}

/** The module path `specifier` written from `from` should be once the files in `map` moved; undefined when it stays. */
function movedSpecifier(sources: Sources, file: string, specifier: string, map: RenameMap): string | undefined {
  const from = map.files.get(file) ?? file;
  // From a file that stays, only a path that may name a moved file is looked up.
  if (from === file && !moduleCandidates(file, specifier).some((c) => map.files.has(c))) return undefined;
  const target = sources.resolve(file, specifier);
  if (!target || (!map.files.has(target) && from === file)) return undefined;
  const to = map.files.get(target) ?? target;
  let next = moduleSpecifier(from, to, specifier.startsWith('@/') ? 'alias' : 'relative');
  if (!/\.[mc]?[jt]sx?$/.test(specifier)) next = next.replace(/\.js$/, '');
  return next === specifier ? undefined : next;
}

/** Module paths that name a moved file, or are written from a moved file: written again for where they now lead. */
function rewritePaths(sources: Sources, files: readonly string[], map: RenameMap, edits: Edits, moved: Moved): void {
  for (const file of files) {
    const known = sources.knownFile(file);
    if (known) {
      rewriteKnownPaths(sources, file, known, map, edits);
      continue;
    }
    const onFacts = moved.get(file);
    if (onFacts) {
      const next = (specifier: string) => movedSpecifier(sources, file, specifier, map);
      for (const e of onFacts.pathEdits(next)) edits.replaceAt(file, e.pos, e.end!, e.text);
      continue;
    }
    const { SyntaxKind } = tsMorph();
    const sf = sources.get(file);
    const literals = [
      ...sf.getImportDeclarations().map((d) => d.getModuleSpecifier()),
      ...sf.getExportDeclarations().flatMap((d) => d.getModuleSpecifier() ?? []),
      ...dynamicImports(sf).map((c) => c.getArguments()[0]!.asKindOrThrow(SyntaxKind.StringLiteral)),
      ...sf
        .getDescendantsOfKind(SyntaxKind.ImportType)
        .flatMap((t) => t.getArgument().getFirstDescendantByKind(SyntaxKind.StringLiteral) ?? []),
    ];
    for (const literal of literals) {
      const next = movedSpecifier(sources, file, literal.getLiteralText(), map);
      if (next) edits.replace(file, literal, `${literal.getText()[0]}${next}${literal.getText()[0]}`);
    }
  }
}

/** rewritePaths in a known file: the module paths of its imports and re-exports, found in their statements' text. */
function rewriteKnownPaths(sources: Sources, file: string, known: KnownFile, map: RenameMap, edits: Edits): void {
  const other = sources
    .referenceFacts(file)
    .refs.some((r) => (r.kind === 'dynamic' || r.kind === 'type') && movedSpecifier(sources, file, r.specifier, map));
  if (other) throw new NeedsParse(file);
  for (const st of known.facts.statements) {
    if (st.specifier === undefined) continue;
    const next = movedSpecifier(sources, file, st.specifier, map);
    if (!next) continue;
    const literal = `${st.quote}${st.specifier}${st.quote}`;
    const text = known.text.slice(st.start, st.end);
    const at = text.indexOf(literal);
    if (at === -1 || at !== text.lastIndexOf(literal)) throw new NeedsParse(file);
    const pos = st.start + at;
    edits.replaceAt(file, pos, pos + literal.length, `${st.quote}${next}${st.quote}`, {
      type: 'specifier',
      start: st.start,
    });
  }
}

function renameStrings(sources: Sources, files: readonly string[], map: RenameMap, edits: Edits, moved: Moved): void {
  const m = map.mcpName;
  if (!m) return;
  for (const file of files) {
    if (!renamesStringsIn(map, file)) continue;
    // A string the reference facts list is in them; where it could not be, every file is read.
    if (isNameLike(m.from) && !sources.referenceFacts(file).strings.includes(m.from)) continue;
    const onFacts = moved.get(file);
    if (onFacts) {
      for (const e of onFacts.stringEdits()) edits.replaceAt(file, e.pos, e.end!, e.text);
      continue;
    }
    if (sources.knownFile(file)) throw new NeedsParse(file);
    const { Node, SyntaxKind } = tsMorph();
    const sf = sources.get(file);
    for (const lit of [
      ...sf.getDescendantsOfKind(SyntaxKind.StringLiteral),
      ...sf.getDescendantsOfKind(SyntaxKind.NoSubstitutionTemplateLiteral),
    ]) {
      if (lit.getLiteralText() !== m.from) continue;
      if (Node.isImportDeclaration(lit.getParent()) || Node.isExportDeclaration(lit.getParent())) continue;
      const q = lit.getText()[0]!;
      edits.replace(file, lit, `${q}${m.to}${q}`);
    }
  }
}

export type { RenameMap } from './rename-map.js';

/** The moved files renamed on their move facts, by their old path. */
type Moved = Map<string, MovedOnFacts>;

export interface RenamePlan {
  refusals: ErrorDetail[];
  edited: string[];
  moved: [string, string][];
  /** The moved files renamed on their facts (by their old path): what they define is told without a parse. */
  movedOnFacts: ReadonlyMap<string, MovedOnFacts>;
  /**
   * Whether every file that names a moved module, or was edited for the rename's sake, was a moved
   * one or edited on its facts: no registration can be left dangling (found-definitions.ts).
   */
  followed: boolean;
}

/**
 * Plans the rename into the tree; with refusals, nothing is planned. `known`: the files walked on
 * their facts (KnownFiles.of the definition's layout; none for a service).
 */
export function planRenaming(tree: Tree, map: RenameMap, known: KnownFiles): RenamePlan {
  const sources = new Sources(tree, known.files);
  // A moved file is written anew: never walked as a known file.
  for (const file of map.files.keys()) if (known.files.has(file)) sources.parseOnly.add(file);
  for (;;) {
    try {
      return renamingOnce(tree, map, sources, known);
    } catch (e) {
      if (!(e instanceof NeedsParse) || sources.parseOnly.has(e.file)) throw e;
      sources.parseOnly.add(e.file);
    }
  }
}

/** The files that name a moved module, or are moved: where module paths may have to be written again. */
function pathFiles(sources: Sources, files: readonly string[], map: RenameMap): string[] {
  const naming = new Set([...map.files.keys()].flatMap((moved) => sources.referrers(files, moved)));
  return files.filter((f) => naming.has(f) || map.files.has(f));
}

function renamingOnce(tree: Tree, map: RenameMap, sources: Sources, known: KnownFiles): RenamePlan {
  const files = codeFiles(tree);
  const refusals: ErrorDetail[] = [];
  const edits = new Edits();
  const roots: Followed[] = [...map.exports].flatMap(([module, names]) =>
    [...names].map(([name, to]) => ({ module, name, to })),
  );
  const visitor = new RenameVisitor(sources, edits, refusals);
  walkReferences(sources, files, roots, visitor, refusals);
  // The moved files are renamed on their move facts, where they can be (else on their parse).
  const moved: Moved = new Map();
  for (const file of map.files.keys()) {
    if (!known.onFacts || sources.parseOnly.has(file)) continue;
    moved.set(file, new MovedOnFacts(file, sources.moveFacts(file), tree.read(file)!, map));
  }
  for (const [module, names] of map.exports) {
    const onFacts = moved.get(module);
    if (!onFacts) renameOwn(module, sources.get(module), names, edits);
    else for (const e of onFacts.ownEdits()) edits.replaceAt(module, e.pos, e.end!, e.text);
  }
  const paths = pathFiles(sources, files, map);
  rewritePaths(sources, paths, map, edits, moved);
  // Edited for the rename's sake on a parse, moved files aside: what that leaves is not followed on facts.
  const parsedEdits = [...edits.byFile.keys()].filter((f) => !map.files.has(f) && !sources.knownFile(f));
  renameStrings(sources, files, map, edits, moved);
  if (refusals.length > 0) return { refusals, edited: [], moved: [], followed: false, movedOnFacts: new Map() };
  const touched = new Set([...edits.byFile.keys(), ...map.files.keys()]);
  const knownEdited = new Map<string, KnownEdits>();
  const texts = new Map<string, string>();
  const lineWidth = lineWidthOf(tree);
  for (const file of touched) {
    const k = sources.knownFile(file);
    const fileEdits = [...(edits.byFile.get(file)?.values() ?? [])];
    if (k) {
      const stages = knownRename(file, k, relaid(k.text, fileEdits, file, visitor, lineWidth), known);
      knownEdited.set(file, stages);
      texts.set(file, stages.text);
      continue;
    }
    const onFacts = moved.get(file);
    if (onFacts) {
      texts.set(file, onFacts.textAfter(fileEdits, applyEdits));
      continue;
    }
    const before = tree.read(file)!;
    const text = applyEdits(before, relaid(before, fileEdits, file, visitor, lineWidth));
    const dest = map.files.get(file) ?? file;
    // Imports in Biome's order stay in it; a file whose imports were not sorted is left as it was.
    const wasSorted = resortImports(sources.get(file)).length === 0;
    const sorted = text === before || !wasSorted ? text : applyEdits(text, resortImports(parseSource(dest, text)));
    texts.set(file, dest === file ? sorted : renameWords(sorted, wordsOf(map)));
  }
  const followed =
    parsedEdits.length === 0 && paths.every((f) => map.files.has(f) || sources.knownFile(f) !== undefined);
  for (const [file, text] of texts) {
    const dest = map.files.get(file) ?? file;
    const before = tree.read(file)!;
    if (dest !== file) tree.delete(file);
    // mcp-scaffold's own edit: a file untouched since it was written stays so.
    tree.write(dest, restamp(before, text));
  }
  known.remember(sources, knownEdited, new Set(parsedEdits));
  rememberMoved(tree, map, sources, moved);
  const edited = [...touched].filter((f) => !map.files.has(f)).sort();
  return { refusals, edited, moved: [...map.files], followed, movedOnFacts: moved };
}

/**
 * A file's edits with each array, and each import's or export's braces, whose renamed names change
 * how Biome lays it out (too long for its line now, or short enough to join) laid out again, on
 * facts as on a parse. An array holding any other edit keeps its elements' own edits; braces whose
 * spaces another edit touches keep their layout.
 */
function relaid(
  source: string,
  edits: TextEdit[],
  file: string,
  visitor: RenameVisitor,
  lineWidth: number,
): TextEdit[] {
  const arrays = visitor.renamedElements.get(file);
  let out = edits;
  for (const { array, renamed } of arrays?.values() ?? []) {
    const inside = (e: TextEdit) => e.pos >= array.start && (e.end ?? e.pos) <= array.end;
    const own = (e: TextEdit) => array.elements.some(([start, end]) => e.pos === start && e.end === end);
    if (!out.filter(inside).every(own)) continue;
    const texts = array.elements.map(([start, end], i) => renamed.get(i) ?? source.slice(start, end));
    const layout = relaidArray(source, array, texts, lineWidth);
    if (layout) out = [...out.filter((e) => !inside(e)), layout];
  }
  for (const list of visitor.renamedNames.get(file)?.values() ?? []) {
    const gaps = relaidNamedList(source, list.open, list.close, list.names, list.lengths, lineWidth);
    const overlaps = (g: TextEdit) => out.some((e) => e.pos < g.end! && (e.end ?? e.pos) > g.pos);
    if (!gaps.some(overlaps)) out = [...out, ...gaps];
  }
  return out;
}

/** A known file's rename: its edits, then its imports put back in order where they were in it. */
function knownRename(file: string, known: KnownFile, edits: TextEdit[], files: KnownFiles): KnownEdits {
  const text = applyEdits(known.text, edits);
  const first = { text: known.text, edits };
  if (text === known.text || resortEdits(known.text, known.facts).length > 0) return { stages: [first], text };
  const facts = files.factsAfter(file, [first]);
  if (!facts) throw new NeedsParse(file);
  const resort = resortEdits(text, facts.module);
  return { stages: [first, { text, edits: resort }], text: applyEdits(text, resort) };
}

/**
 * The reference facts of each moved file's new text, for the next run: derived from its facts
 * where it was moved on them, else read off its parse (it was read whole already).
 */
function rememberMoved(tree: Tree, map: RenameMap, sources: Sources, moved: Moved): void {
  const cache = ProjectCache.of(tree);
  if (!cache) return;
  for (const [file, dest] of map.files) {
    const text = tree.read(dest);
    const onFacts = moved.get(file);
    if (text === undefined) continue;
    if (onFacts) {
      const next = (specifier: string) => movedSpecifier(sources, file, specifier, map);
      const facts = onFacts.referenceFactsAfter(sources.referenceFacts(file), next);
      if (facts) cache.expect(dest, text, REFERENCE_FACTS, facts);
      continue;
    }
    try {
      cache.expect(dest, text, REFERENCE_FACTS, readReferenceFacts(parseSource(dest, text)));
    } catch (e) {
      // A text that does not parse has no facts: the next run says so when it reads it.
      if (!(e instanceof ScaffoldError && e.code === 'PARSE_ERROR')) throw e;
    }
  }
}
