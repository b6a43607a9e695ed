/**
 * Takes a definition out of the project: its files and tests go, and so does every registration
 * and import of it: array entries (inline or in barrels, spread groups included), re-exports,
 * `init…()` calls in setup(). A use of it that is none of these (a handler calling a service's
 * `get…()`) is refused with file and line: nothing is planned then. The entry point and barrel of
 * the registration index are edited on their facts (known-files.ts), every other file on its parse.
 */

import type { ErrorDetail } from '../engine/errors.js';
import type { Tree } from '../engine/tree.js';
import type { ArrayFacts, ModuleStatement } from '../ts/module-facts.js';
import {
  closeEmptiedBlock,
  keepFinalNewline,
  removeArrayElements,
  removeElements,
  removeNamed,
  removeSpecifiers,
  removeStatement,
} from '../ts/removal-edits.js';
import { applyEdits, type TextEdit } from '../ts/text-edits.js';
import { short, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { type KnownEdits, KnownFiles } from './known-files.js';
import {
  codeFiles,
  type Followed,
  type KnownFile,
  NeedsParse,
  type ReferenceVisitor,
  Sources,
  walkReferences,
} from './references.js';
import type { DefinitionTarget } from './target.js';

type Node = TsMorph.Node;

/** What leaves each file, collected before any edit is made. */
class Drops {
  readonly byFile = new Map<string, Set<Node>>();

  add(file: string, node: Node): void {
    const set = this.byFile.get(file) ?? new Set();
    this.byFile.set(file, set);
    set.add(node);
  }
}

/** What leaves a known file: names in the braces of its statements, elements of its arrays (by index). */
class KnownDrops {
  readonly named = new Map<ModuleStatement, Set<number>>();
  readonly elements = new Map<ArrayFacts, Set<number>>();

  static add<K>(map: Map<K, Set<number>>, key: K, index: number): void {
    const set = map.get(key) ?? new Set<number>();
    map.set(key, set);
    set.add(index);
  }
}

/** The statement a call to drop stands as: `initX(…);` or `await initX(…);`. */
function callStatement(call: TsMorph.CallExpression): Node | undefined {
  const { Node } = tsMorph();
  const parent = call.getParent();
  const outer = Node.isAwaitExpression(parent) || Node.isVoidExpression(parent) ? parent.getParent() : parent;
  return Node.isExpressionStatement(outer) ? outer : undefined;
}

class RemovalVisitor implements ReferenceVisitor {
  readonly drops = new Drops();
  readonly known = new Map<string, KnownDrops>();
  constructor(
    private readonly gone: ReadonlySet<string>,
    private readonly refusals: ErrorDetail[],
  ) {}

  private refuse(file: string, node: Node, name: string): void {
    this.refusals.push({
      path: file,
      line: node.getStartLineNumber(),
      message: `\`${name}\` is used here (${short(node)}); only registrations and imports can be taken out`,
    });
  }

  private knownDrops(file: string): KnownDrops {
    const drops = this.known.get(file) ?? new KnownDrops();
    this.known.set(file, drops);
    return drops;
  }

  namedImport(file: string, spec: TsMorph.ImportSpecifier): void {
    this.drops.add(file, spec);
  }

  use(file: string, id: TsMorph.Identifier, followed: Followed): void {
    const { Node } = tsMorph();
    const parent = id.getParent()!;
    const statement =
      Node.isCallExpression(parent) && parent.getExpression() === id ? callStatement(parent) : undefined;
    if (Node.isArrayLiteralExpression(parent)) this.drops.add(file, id);
    else if (statement) this.drops.add(file, statement);
    else this.refuse(file, parent, followed.name);
  }

  namespaceMember(file: string, access: TsMorph.PropertyAccessExpression, followed: Followed): void {
    const { Node } = tsMorph();
    if (Node.isArrayLiteralExpression(access.getParent())) this.drops.add(file, access);
    else this.refuse(file, access.getParent()!, followed.name);
  }

  reExport(file: string, spec: TsMorph.ExportSpecifier): Followed {
    this.drops.add(file, spec);
    return { module: file, name: spec.getAliasNode()?.getText() ?? spec.getName() };
  }

  exportStar(file: string, decl: TsMorph.ExportDeclaration, followed: Followed): void {
    if (this.gone.has(followed.module)) this.drops.add(file, decl);
  }

  knownImport(file: string, _known: KnownFile, statement: ModuleStatement, index: number): void {
    KnownDrops.add(this.knownDrops(file).named, statement, index);
  }

  knownElement(file: string, _known: KnownFile, array: ArrayFacts, index: number): void {
    KnownDrops.add(this.knownDrops(file).elements, array, index);
  }

  knownReExport(file: string, _known: KnownFile, statement: ModuleStatement, index: number): Followed {
    KnownDrops.add(this.knownDrops(file).named, statement, index);
    return { module: file, name: statement.named![index]!.local };
  }
}

/** The edits that take `nodes` out of one file, grouped by the array, list or block they sit in. */
function editsFor(nodes: ReadonlySet<Node>, lineWidth: number): TextEdit[] {
  const { Node } = tsMorph();
  const arrays = new Map<TsMorph.ArrayLiteralExpression, Set<Node>>();
  const lists = new Map<TsMorph.ImportDeclaration | TsMorph.ExportDeclaration, Set<Node>>();
  const blocks = new Set<TsMorph.Block>();
  const edits: TextEdit[] = [];
  const group = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => {
    if (!map.has(key)) map.set(key, new Set());
    map.get(key)!.add(value);
  };
  for (const node of nodes) {
    const parent = node.getParent()!;
    if (Node.isArrayLiteralExpression(parent)) group(arrays, parent, node);
    else if (Node.isImportSpecifier(node)) group(lists, node.getImportDeclaration(), node);
    else if (Node.isExportSpecifier(node)) group(lists, node.getExportDeclaration(), node);
    else if (Node.isExportDeclaration(node) && !nodes.has(node.getParent())) edits.push(removeStatement(node));
    else if (Node.isExpressionStatement(node)) {
      if (Node.isBlock(parent)) blocks.add(parent);
      else edits.push(removeStatement(node));
    }
  }
  for (const [array, gone] of arrays) edits.push(...removeArrayElements(array, gone, lineWidth));
  for (const [decl, gone] of lists) edits.push(...removeSpecifiers(decl, gone, lineWidth));
  for (const block of blocks) {
    const closed = closeEmptiedBlock(block, nodes);
    if (closed) edits.push(closed);
    else for (const s of block.getStatements()) if (nodes.has(s)) edits.push(removeStatement(s));
  }
  return edits;
}

/** The edits that take a known file's drops out, on its facts. */
function knownEditsFor(file: string, known: KnownFile, drops: KnownDrops, lineWidth: number): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const [statement, gone] of drops.named) {
    const whole = gone.size === statement.named!.length && !statement.defaultName && !statement.namespaceName;
    // Which comments above a file's first statement are its own is for the parse to tell.
    if (whole && statement.index === 0 && !/^(?:#![^\n]*\n)?\s*$/.test(known.text.slice(0, statement.start)))
      throw new NeedsParse(file);
    edits.push(...removeNamed(known.text, statement, gone, lineWidth));
  }
  for (const [array, gone] of drops.elements) edits.push(...removeElements(known.text, array, gone, lineWidth));
  return edits;
}

export interface RemovalPlan {
  refusals: ErrorDetail[];
  /** The files that were edited (registrations, imports taken out). */
  edited: string[];
  deleted: string[];
  /**
   * Whether every file edited was edited on its facts, and no file names what went any more: no
   * registration can be left dangling (found-definitions.ts derives what the project defines then).
   */
  followed: boolean;
}

/**
 * Plans the removal of `target` into the tree; with refusals, nothing is planned. `known`: the
 * files walked on their facts (by default those of the registration index of the target's kind).
 */
export function planRemoval(
  tree: Tree,
  target: DefinitionTarget,
  lineWidth: number,
  known: KnownFiles = KnownFiles.of(tree, target.layout),
): RemovalPlan {
  const sources = new Sources(tree, known.files);
  for (;;) {
    try {
      return removalOnce(tree, target, lineWidth, sources, known);
    } catch (e) {
      if (!(e instanceof NeedsParse) || sources.parseOnly.has(e.file)) throw e;
      sources.parseOnly.add(e.file);
    }
  }
}

function removalOnce(
  tree: Tree,
  target: DefinitionTarget,
  lineWidth: number,
  sources: Sources,
  known: KnownFiles,
): RemovalPlan {
  const deleted = [...target.files, ...target.tests];
  const gone = new Set(deleted);
  const refusals: ErrorDetail[] = [];
  const roots = target.files.flatMap((module) =>
    sources.referenceFacts(module).exports.map((name) => ({ module, name })),
  );
  const visitor = new RemovalVisitor(gone, refusals);
  const files = codeFiles(tree).filter((f) => !gone.has(f));
  walkReferences(sources, files, roots, visitor, refusals);
  if (refusals.length > 0) return { refusals, edited: [], deleted: [], followed: false };
  const knownEdited = new Map<string, KnownEdits>();
  for (const [file, drops] of visitor.known) {
    const { text } = sources.knownFile(file)!;
    const edits = knownEditsFor(file, sources.knownFile(file)!, drops, lineWidth);
    knownEdited.set(file, { stages: [{ text, edits }], text: keepFinalNewline(text, applyEdits(text, edits)) });
  }
  const texts = new Map([...knownEdited].map(([file, e]) => [file, e.text]));
  for (const [file, nodes] of visitor.drops.byFile) {
    const before = tree.read(file)!;
    texts.set(file, keepFinalNewline(before, applyEdits(before, editsFor(nodes, lineWidth))));
  }
  const followed = visitor.drops.byFile.size === 0 && namesNoneOf(sources, files, deleted, visitor);
  for (const [file, text] of texts) tree.write(file, text);
  for (const file of deleted) tree.delete(file);
  known.remember(sources, knownEdited, new Set(visitor.drops.byFile.keys()));
  return { refusals, edited: [...texts.keys()].sort(), deleted, followed };
}

/** Whether no file left names a deleted one, but in statements of known files taken out whole. */
function namesNoneOf(sources: Sources, files: readonly string[], deleted: string[], visitor: RemovalVisitor): boolean {
  return deleted.every((d) =>
    sources.referrers(files, d).every((file) => {
      const known = sources.knownFile(file);
      const drops = visitor.known.get(file);
      if (!known || !drops) return false;
      const refs = sources.referenceFacts(file).refs;
      if (refs.some((r) => (r.kind === 'dynamic' || r.kind === 'type') && sources.names(file, r.specifier, d)))
        return false;
      return known.facts.statements
        .filter((st) => st.specifier !== undefined && sources.names(file, st.specifier, d))
        .every((st) => {
          const gone = drops.named.get(st);
          return gone?.size === st.named?.length && !st.defaultName && !st.namespaceName;
        });
    }),
  );
}
