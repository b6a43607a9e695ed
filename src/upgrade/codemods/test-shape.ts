/**
 * What a test-shape codemod is: given one type error tsc reported in a test (after the install,
 * so against the target's own types), the edits that fix it, a refusal with the reason, or
 * nothing when the error is not its shape. Codemods locate on the AST of the file and edit as
 * text splices; every edit keeps what the test does at run time. The helpers below are what
 * several of them need: the node at an error, the `const` a name stands for, the function a
 * site is in, and whether that function is a test's own callback (safe to make async).
 */

import type { TextEdit } from '../../ts/text-edits.js';
import { type TsMorph, tsMorph } from '../../ts/ts-morph.js';
import type { TscError } from '../type-errors.js';

export interface ShapeSite {
  sf: TsMorph.SourceFile;
  error: TscError;
  /** The error's offset in the file. */
  pos: number;
  /** The deepest node at that offset. */
  node: TsMorph.Node;
}

export type ShapeFix = { edits: TextEdit[] } | { refused: string };

export interface TestShape {
  /** `mock-context-errors`. */
  id: string;
  summary: string;
  fix(site: ShapeSite): ShapeFix | undefined;
}

/** The error's message and its elaboration, where a codemod looks for the types it names. */
export const fullMessage = (e: TscError) => (e.detail ? `${e.message}\n${e.detail}` : e.message);

/** The innermost ancestor of `node` (itself included) that starts at `pos` and passes `test`. */
export function ancestorAt<T extends TsMorph.Node>(
  node: TsMorph.Node,
  pos: number,
  test: (n: TsMorph.Node) => n is T,
): T | undefined {
  for (let at: TsMorph.Node | undefined = node; at && at.getStart() === pos; at = at.getParent()) {
    if (test(at)) return at;
  }
  return undefined;
}

/** A name's `const` declaration in the scopes around `use`, or undefined (a `let`, a parameter, an import). */
export function constDeclarationOf(use: TsMorph.Identifier): TsMorph.VariableDeclaration | undefined {
  const { Node, VariableDeclarationKind } = tsMorph();
  const name = use.getText();
  for (let scope: TsMorph.Node | undefined = use.getParent(); scope; scope = scope.getParent()) {
    if (!Node.isBlock(scope) && !Node.isSourceFile(scope)) continue;
    for (const st of scope.getStatements()) {
      if (!Node.isVariableStatement(st)) continue;
      const decl = st.getDeclarations().find((d) => d.getName() === name);
      if (!decl) continue;
      return st.getDeclarationKind() === VariableDeclarationKind.Const ? decl : undefined;
    }
  }
  return undefined;
}

/** Every use of a declared name in the scope that declares it (not its declaration, nor a property of that name). */
export function usesOf(decl: TsMorph.VariableDeclaration): TsMorph.Identifier[] {
  const { Node, SyntaxKind } = tsMorph();
  const scope = decl.getFirstAncestor((a) => Node.isBlock(a) || Node.isSourceFile(a));
  const name = decl.getName();
  return (scope?.getDescendantsOfKind(SyntaxKind.Identifier) ?? []).filter((id) => {
    if (id.getText() !== name || id === decl.getNameNode()) return false;
    const parent = id.getParent();
    if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return false;
    return !(Node.isPropertyAssignment(parent) && parent.getNameNode() === id);
  });
}

export type FunctionNode =
  | TsMorph.ArrowFunction
  | TsMorph.FunctionExpression
  | TsMorph.FunctionDeclaration
  | TsMorph.MethodDeclaration;

/** The function `node` is in, or undefined at a module's top level. */
export function enclosingFunction(node: TsMorph.Node): FunctionNode | undefined {
  const { Node } = tsMorph();
  return node.getFirstAncestor(
    (a): a is FunctionNode =>
      Node.isArrowFunction(a) ||
      Node.isFunctionExpression(a) ||
      Node.isFunctionDeclaration(a) ||
      Node.isMethodDeclaration(a),
  );
}

/** The calls whose callbacks are a test's own: vitest awaits what they return. `describe`'s is not. */
const TEST_CALLS = new Set(['it', 'test', 'mcpTest', 'beforeEach', 'afterEach', 'beforeAll', 'afterAll']);

/** The identifier a callee starts from: `it` in `it.each(rows)`, `test.skip`, `it.only`. */
function calleeRoot(expr: TsMorph.Node): string | undefined {
  const { Node } = tsMorph();
  let at = expr;
  for (;;) {
    if (Node.isPropertyAccessExpression(at) || Node.isCallExpression(at)) at = at.getExpression();
    else break;
  }
  return Node.isIdentifier(at) ? at.getText() : undefined;
}

/** Whether `fn` is passed straight to `it`, `test`, a hook or the framework's `mcpTest`. */
export function isTestCallback(fn: FunctionNode): boolean {
  const { Node } = tsMorph();
  const call = fn.getParent();
  if (!call || !Node.isCallExpression(call) || !call.getArguments().includes(fn)) return false;
  const root = calleeRoot(call.getExpression());
  return root !== undefined && TEST_CALLS.has(root);
}

/** What a function is called in a refusal: its name, or where it is. */
export function functionLabel(fn: FunctionNode): string {
  const { Node } = tsMorph();
  if (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn)) return fn.getName() ?? 'an unnamed function';
  const parent = fn.getParent();
  if (parent && Node.isVariableDeclaration(parent)) return parent.getName();
  return `the function at line ${fn.getStartLineNumber()}`;
}

/**
 * The edit that makes `fn` async, or why not: a test's own callback may become async (vitest
 * awaits it either way); any other function is shared, and its callers would get a promise.
 */
export function asyncEdit(fn: FunctionNode | undefined): TextEdit[] | { refused: string } {
  if (!fn) return { refused: 'an await at the top level of the module' };
  if (fn.isAsync()) return [];
  if (!isTestCallback(fn)) {
    return {
      refused: `${functionLabel(fn)} would have to become async, which changes what each of its callers gets`,
    };
  }
  return [{ pos: fn.getStart(), text: 'async ' }];
}
