/**
 * A file's top-level statements read on the compiler's nodes, as ts-morph's own getters read them
 * (`getImportDeclarations()`, `getVariableDeclaration(name)`, …), for finding what an edit needs:
 * an entry point or barrel that imports a thousand definitions has as many statements, and those
 * getters wrap every one of them. What is found is wrapped alone (`wrap`).
 */

import { type TsMorph, tsMorph, wrap } from './ts-morph.js';

type Cts = TsMorph.ts.Node;
export type ImportNode = TsMorph.ts.ImportDeclaration;
export type ExportNode = TsMorph.ts.ExportDeclaration;
type SpecifierNode = TsMorph.ts.ImportSpecifier | TsMorph.ts.ExportSpecifier;

/** `isTypeOnly()` of an import (`import type { … }`) or an export (`export type { … }`). */
export function isTypeOnly(decl: ImportNode | ExportNode): boolean {
  const { ts } = tsMorph();
  if (ts.isExportDeclaration(decl)) return decl.isTypeOnly;
  return decl.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword;
}

/** `getNamedImports()`: the names in an import's braces. */
export function namedImportNodes(decl: ImportNode): readonly TsMorph.ts.ImportSpecifier[] {
  const bindings = decl.importClause?.namedBindings;
  return bindings && tsMorph().ts.isNamedImports(bindings) ? bindings.elements : [];
}

/** `getNamedExports()`: the names in an export's braces (none for `export *` and `export * as ns`). */
export function namedExportNodes(decl: ExportNode): readonly TsMorph.ts.ExportSpecifier[] {
  const clause = decl.exportClause;
  return clause && tsMorph().ts.isNamedExports(clause) ? clause.elements : [];
}

/** A specifier's `getName()`: the name imported or exported (`a` in `a as b`). */
export function specifierName(sf: TsMorph.SourceFile, spec: SpecifierNode): string {
  const node = spec.propertyName ?? spec.name;
  return tsMorph().ts.isStringLiteral(node) ? node.text : node.getText(sf.compilerNode);
}

/** The name a specifier binds or exports as: its alias's text (`b` in `a as b`), else its name. */
export function specifierLocal(sf: TsMorph.SourceFile, spec: SpecifierNode): string {
  return spec.propertyName ? spec.name.getText(sf.compilerNode) : specifierName(sf, spec);
}

/** Whether a declaration's name (or, for a destructuring, any name in it) is `name`, as ts-morph matches names. */
function hasName(sf: TsMorph.SourceFile, decl: { name?: Cts }, name: string): boolean {
  const { ts } = tsMorph();
  const node = decl.name;
  if (!node) return false;
  if (ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node))
    return node.elements.some((e) => !ts.isOmittedExpression(e) && hasName(sf, e, name));
  return node.getText(sf.compilerNode) === name;
}

/** `sf.getVariableDeclaration(name)`: the file's top-level variable of that name. */
export function topVariable(sf: TsMorph.SourceFile, name: string): TsMorph.VariableDeclaration | undefined {
  const { ts } = tsMorph();
  for (const st of sf.compilerNode.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const decl = st.declarationList.declarations.find((d) => hasName(sf, d, name));
    if (decl) return wrap(sf, decl);
  }
  return undefined;
}

/** `sf.getFunction(name)`: its implementation (or an ambient one), not an overload signature. */
export function topFunction(sf: TsMorph.SourceFile, name: string): TsMorph.FunctionDeclaration | undefined {
  const { ts } = tsMorph();
  for (const st of sf.compilerNode.statements) {
    if (!ts.isFunctionDeclaration(st) || !hasName(sf, st, name)) continue;
    const fn = wrap<TsMorph.FunctionDeclaration>(sf, st);
    if (fn.isAmbient() || fn.isImplementation()) return fn;
  }
  return undefined;
}

/** `sf.getClass(name)`. */
export function topClass(sf: TsMorph.SourceFile, name: string): TsMorph.ClassDeclaration | undefined {
  const { ts } = tsMorph();
  const found = sf.compilerNode.statements.find((st) => ts.isClassDeclaration(st) && hasName(sf, st, name));
  return found ? wrap(sf, found) : undefined;
}

/** The compiler's nodes below `node` that `test` accepts, in source order. */
export function descendantsWhere<T extends Cts>(node: Cts, test: (n: Cts) => n is T): T[] {
  const { ts } = tsMorph();
  const found: T[] = [];
  const visit = (n: Cts): void => {
    if (test(n)) found.push(n);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(node, visit);
  return found;
}
