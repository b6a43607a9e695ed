/**
 * Every place in src/ and tests/ that reaches an export of a given module: named imports and
 * their uses, namespace members (`defs.fooTool`), re-exports (`export { fooTool } from`,
 * `export *`) and, through them, the importers of barrels, as deep as they go. `remove` and
 * `rename` walk these with a visitor that decides what each use becomes; a use it cannot take
 * along is refused there, with file and line, before anything is written.
 */

import type { ErrorDetail } from '../engine/errors.js';
import type { Tree } from '../engine/tree.js';
import { resolveModuleFile } from '../ts/modules.js';
import { parseSource, type TsMorph, tsMorph } from '../ts/ts-morph.js';

type Node = TsMorph.Node;

/** An export followed to its uses; `to` is the name it takes under a rename. */
export interface Followed {
  module: string;
  name: string;
  to?: string;
}

export interface ReferenceVisitor {
  /** `import { name [as local] } from module`. */
  namedImport(file: string, spec: TsMorph.ImportSpecifier, followed: Followed): void;
  /** A use of the imported binding, when it is not aliased away (`local` is the export's own name) or always for removal. */
  use(file: string, id: TsMorph.Identifier, followed: Followed, aliased: boolean): void;
  /** `ns.name`, with `import * as ns from module`. */
  namespaceMember(file: string, access: TsMorph.PropertyAccessExpression, followed: Followed): void;
  /**
   * `export { name [as other] } from module`, or `export { local [as other] }` of an import (whose
   * `getName()` is then the local name); what to follow next, if anything.
   */
  reExport(file: string, spec: TsMorph.ExportSpecifier, followed: Followed): Followed | undefined;
  /** `export * from module`. */
  exportStar(file: string, decl: TsMorph.ExportDeclaration, followed: Followed): void;
}

const SOURCE = /\.(?:[mc]?ts|tsx)$/;

/** The TypeScript files of src/ and tests/ (declaration files aside). */
export function codeFiles(tree: Tree): string[] {
  return [...tree.listFiles('src'), ...tree.listFiles('tests')].filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts'));
}

/** Parses each file once, so nodes stay valid while edits are planned over them. */
export class Sources {
  private readonly parsed = new Map<string, TsMorph.SourceFile>();
  constructor(readonly tree: Tree) {}

  get(file: string): TsMorph.SourceFile {
    let sf = this.parsed.get(file);
    if (!sf) {
      sf = parseSource(file, this.tree.read(file) ?? '');
      this.parsed.set(file, sf);
    }
    return sf;
  }

  resolve(from: string, specifier: string): string | undefined {
    return resolveModuleFile(this.tree, from, specifier);
  }
}

/** Whether `id` is a name of something else (`x.id`, `{ id: 1 }`, a member) rather than a use of the binding. */
function isOtherName(id: TsMorph.Identifier): boolean {
  const { Node } = tsMorph();
  const parent = id.getParent();
  if (!parent) return true;
  if (Node.isPropertyAccessExpression(parent)) return parent.getNameNode() === id;
  if (Node.isQualifiedName(parent)) return parent.getRight() === id;
  if (Node.isImportSpecifier(parent) || Node.isImportClause(parent) || Node.isNamespaceImport(parent)) return true;
  // `export { a as b } from './x.js'` names x's export, not a binding of this file.
  if (Node.isExportSpecifier(parent))
    return parent.getAliasNode() === id || parent.getExportDeclaration().getModuleSpecifier() !== undefined;
  const named = parent as TsMorph.Node & { getNameNode?: () => Node };
  const declares =
    Node.isPropertyAssignment(parent) ||
    Node.isPropertySignature(parent) ||
    Node.isPropertyDeclaration(parent) ||
    Node.isMethodDeclaration(parent) ||
    Node.isMethodSignature(parent) ||
    Node.isGetAccessorDeclaration(parent) ||
    Node.isSetAccessorDeclaration(parent) ||
    Node.isEnumMember(parent) ||
    Node.isPropertyAccessExpression(parent);
  return declares && named.getNameNode?.() === id;
}

/** The uses of the binding `local` in the file (declarations of the same name are refused by `shadowing`). */
export function usesOf(sf: TsMorph.SourceFile, local: string): TsMorph.Identifier[] {
  const { SyntaxKind } = tsMorph();
  return sf
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .filter((id) => id.getText() === local && !isOtherName(id) && !isDeclarationName(id));
}

function isDeclarationName(id: TsMorph.Identifier): boolean {
  const { Node } = tsMorph();
  const parent = id.getParent();
  const decl =
    Node.isVariableDeclaration(parent) ||
    Node.isFunctionDeclaration(parent) ||
    Node.isClassDeclaration(parent) ||
    Node.isParameterDeclaration(parent) ||
    Node.isBindingElement(parent) ||
    Node.isTypeAliasDeclaration(parent) ||
    Node.isInterfaceDeclaration(parent) ||
    Node.isFunctionExpression(parent);
  return decl && (parent as TsMorph.Node & { getNameNode(): Node }).getNameNode() === id;
}

/** Declarations of `local` besides its import: the uses could mean either, so they are not followed. */
export function shadowing(file: string, sf: TsMorph.SourceFile, local: string): ErrorDetail[] {
  const { SyntaxKind } = tsMorph();
  return sf
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .filter((id) => id.getText() === local && isDeclarationName(id))
    .map((id) => ({
      path: file,
      line: id.getStartLineNumber(),
      message: `\`${local}\` is declared here too; cannot tell which uses mean the import`,
    }));
}

/** Walks every reference to the `roots` exports through `files`, telling `visitor`. */
export function walkReferences(
  sources: Sources,
  files: readonly string[],
  roots: readonly Followed[],
  visitor: ReferenceVisitor,
  refusals: ErrorDetail[],
): void {
  const queue = [...roots];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const followed = queue.shift()!;
    const key = `${followed.module}#${followed.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const file of files) {
      const sf = sources.get(file);
      for (const decl of sf.getImportDeclarations()) {
        if (sources.resolve(file, decl.getModuleSpecifierValue()) !== followed.module) continue;
        visitImport(file, sf, decl, followed, visitor, refusals, queue);
      }
      for (const call of dynamicImports(sf)) {
        const specifier = call.getArguments()[0]!.asKindOrThrow(tsMorph().SyntaxKind.StringLiteral).getLiteralText();
        if (sources.resolve(file, specifier) === followed.module)
          visitDynamicImport(file, sf, call, followed, visitor, refusals);
      }
      for (const decl of sf.getExportDeclarations()) {
        const specifier = decl.getModuleSpecifierValue();
        if (specifier === undefined || sources.resolve(file, specifier) !== followed.module) continue;
        if (!decl.hasNamedExports() && !decl.getNamespaceExport()) {
          visitor.exportStar(file, decl, followed);
          queue.push({ ...followed, module: file });
          continue;
        }
        for (const spec of decl.getNamedExports().filter((s) => s.getName() === followed.name)) {
          const next = visitor.reExport(file, spec, followed);
          if (next) queue.push(next);
        }
      }
    }
  }
}

function visitImport(
  file: string,
  sf: TsMorph.SourceFile,
  decl: TsMorph.ImportDeclaration,
  followed: Followed,
  visitor: ReferenceVisitor,
  refusals: ErrorDetail[],
  queue: Followed[],
): void {
  const { Node, SyntaxKind } = tsMorph();
  for (const spec of decl.getNamedImports().filter((s) => s.getName() === followed.name)) {
    visitor.namedImport(file, spec, followed);
    const local = spec.getAliasNode()?.getText() ?? followed.name;
    const shadows = shadowing(file, sf, local);
    if (shadows.length > 0) {
      refusals.push(...shadows);
      continue;
    }
    for (const id of usesOf(sf, local)) {
      const parent = id.getParent();
      if (Node.isExportSpecifier(parent)) {
        // `export { fooTool }` of the import: a barrel of its own.
        const next = visitor.reExport(file, parent, followed);
        if (next) queue.push(next);
        continue;
      }
      visitor.use(file, id, followed, local !== followed.name);
    }
  }
  const ns = decl.getNamespaceImport()?.getText();
  if (ns) {
    for (const access of sf.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)) {
      if (access.getExpression().getText() === ns && access.getName() === followed.name)
        visitor.namespaceMember(file, access, followed);
    }
  }
  const def = decl.getDefaultImport();
  if (def && followed.name === 'default') {
    refusals.push({
      path: file,
      line: decl.getStartLineNumber(),
      message: `the default import \`${def.getText()}\` is not followed`,
    });
  }
}

/** `import('./x.js')` calls with a literal path. */
export function dynamicImports(sf: TsMorph.SourceFile): TsMorph.CallExpression[] {
  const { Node, SyntaxKind } = tsMorph();
  return sf
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter(
      (c) => c.getExpression().getKind() === SyntaxKind.ImportKeyword && Node.isStringLiteral(c.getArguments()[0]),
    );
}

/** `const m = await import('./x.js')`: `m.name` is followed like a namespace member; any other shape is refused. */
function visitDynamicImport(
  file: string,
  sf: TsMorph.SourceFile,
  call: TsMorph.CallExpression,
  followed: Followed,
  visitor: ReferenceVisitor,
  refusals: ErrorDetail[],
): void {
  const { Node, SyntaxKind } = tsMorph();
  const awaited = call.getParent();
  const decl = Node.isAwaitExpression(awaited) ? awaited.getParent() : undefined;
  const name = Node.isVariableDeclaration(decl) ? decl.getNameNode() : undefined;
  if (!name || !Node.isIdentifier(name)) {
    refusals.push({
      path: file,
      line: call.getStartLineNumber(),
      message: `\`${call.getText()}\` is not a \`const m = await import(…)\` this can follow`,
    });
    return;
  }
  for (const access of sf.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)) {
    if (access.getExpression().getText() === name.getText() && access.getName() === followed.name)
      visitor.namespaceMember(file, access, followed);
  }
}
