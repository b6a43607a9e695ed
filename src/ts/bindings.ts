/**
 * What a name means at each of its identifiers in one parsed file: a use of the binding, the name
 * of something else (`x.name`, `{ name: 1 }`), or a declaration. The walk of references follows
 * uses and refuses what declarations would make ambiguous; `rename` renames a module's own export
 * at its uses and on its declarations' lines.
 */

import type { ErrorDetail } from '../engine/errors.js';
import { type TsMorph, tsMorph } from './ts-morph.js';

type Node = TsMorph.Node;

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

/**
 * Where renaming the module's own export `name` renames an identifier: at each use of it, and at
 * every identifier of that name on the lines that declare it (its declaration, an overload).
 */
export function ownRenames(sf: TsMorph.SourceFile, name: string): TsMorph.Identifier[] {
  const { SyntaxKind } = tsMorph();
  const declLines = new Set(shadowing('', sf, name).map((d) => d.line));
  const uses = new Set<Node>(usesOf(sf, name));
  return sf
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .filter((id) => id.getText() === name && (uses.has(id) || declLines.has(id.getStartLineNumber())));
}
