/**
 * Takes a definition out of the project: its files and tests go, and so does every registration
 * and import of it: array entries (inline or in barrels, spread groups included), re-exports,
 * `init…()` calls in setup(). A use of it that is none of these (a handler calling a service's
 * `get…()`) is refused with file and line: nothing is planned then.
 */

import type { ErrorDetail } from '../engine/errors.js';
import type { Tree } from '../engine/tree.js';
import {
  closeEmptiedBlock,
  keepFinalNewline,
  removeArrayElements,
  removeSpecifiers,
  removeStatement,
} from '../ts/removal-edits.js';
import { applyEdits, type TextEdit } from '../ts/text-edits.js';
import { short, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { codeFiles, type Followed, type ReferenceVisitor, Sources, walkReferences } from './references.js';
import { type DefinitionTarget, ownExports } from './target.js';

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

/** The statement a call to drop stands as: `initX(…);` or `await initX(…);`. */
function callStatement(call: TsMorph.CallExpression): Node | undefined {
  const { Node } = tsMorph();
  const parent = call.getParent();
  const outer = Node.isAwaitExpression(parent) || Node.isVoidExpression(parent) ? parent.getParent() : parent;
  return Node.isExpressionStatement(outer) ? outer : undefined;
}

class RemovalVisitor implements ReferenceVisitor {
  readonly drops = new Drops();
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
  for (const [decl, gone] of lists) edits.push(...removeSpecifiers(decl, gone));
  for (const block of blocks) {
    const closed = closeEmptiedBlock(block, nodes);
    if (closed) edits.push(closed);
    else for (const s of block.getStatements()) if (nodes.has(s)) edits.push(removeStatement(s));
  }
  return edits;
}

export interface RemovalPlan {
  refusals: ErrorDetail[];
  /** The files that were edited (registrations, imports taken out). */
  edited: string[];
  deleted: string[];
}

/** Plans the removal of `target` into the tree; with refusals, nothing is planned. */
export function planRemoval(tree: Tree, target: DefinitionTarget, lineWidth: number): RemovalPlan {
  const sources = new Sources(tree);
  const deleted = [...target.files, ...target.tests];
  const gone = new Set(deleted);
  const refusals: ErrorDetail[] = [];
  const roots = target.files.flatMap((module) => ownExports(sources.get(module)).map((name) => ({ module, name })));
  const visitor = new RemovalVisitor(gone, refusals);
  const files = codeFiles(tree).filter((f) => !gone.has(f));
  walkReferences(sources, files, roots, visitor, refusals);
  if (refusals.length > 0) return { refusals, edited: [], deleted: [] };
  const edited: string[] = [];
  for (const [file, nodes] of visitor.drops.byFile) {
    const before = tree.read(file)!;
    tree.write(file, keepFinalNewline(before, applyEdits(before, editsFor(nodes, lineWidth))));
    edited.push(file);
  }
  for (const file of deleted) tree.delete(file);
  return { refusals, edited: edited.sort(), deleted };
}
