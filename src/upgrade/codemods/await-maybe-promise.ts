/**
 * A `T | Promise<T>` result used as a `T` without `await`: `.catch` on a handler call, `messages[0]`
 * on what `generate()` returned, `listing.resources` on what `list()` returned, a destructuring of
 * either (TS2339, TS7053, TS2488, with a `Promise<` in the type). The value is awaited where it is
 * made: the `const` it was put in, or the expression itself; `.catch`/`.then`/`.finally` on a call
 * go through `Promise.resolve(…)` instead, which is the same promise when the call returned one.
 * Awaiting in a test's own callback makes that callback async (vitest awaits it either way); in
 * any other function it would change what its callers get, so that site is refused.
 */

import type { TextEdit } from '../../ts/text-edits.js';
import { type TsMorph, tsMorph } from '../../ts/ts-morph.js';
import {
  ancestorAt,
  asyncEdit,
  constDeclarationOf,
  enclosingFunction,
  fullMessage,
  type ShapeFix,
  type TestShape,
} from './test-shape.js';

const PROMISE_METHODS = new Set(['catch', 'then', 'finally']);

/** The value the error is about: the object of `.x`, of `[i]`, or the right side of a destructuring. */
function valueAt(error: string, node: TsMorph.Node, pos: number): { value: TsMorph.Node; member?: string } | undefined {
  const { Node } = tsMorph();
  if (error === 'TS2339') {
    const access = node.getParent();
    if (!Node.isPropertyAccessExpression(access) || access.getNameNode() !== node) return undefined;
    return { value: access.getExpression(), member: access.getName() };
  }
  if (error === 'TS7053') {
    const access = ancestorAt(node, pos, Node.isElementAccessExpression);
    return access && { value: access.getExpression() };
  }
  if (error === 'TS2488') {
    const pattern = ancestorAt(node, pos, Node.isArrayBindingPattern);
    const decl = pattern?.getParent();
    if (decl && Node.isVariableDeclaration(decl)) {
      const init = decl.getInitializer();
      return init && { value: init };
    }
    const iterated = node.getParent();
    if (iterated && Node.isForOfStatement(iterated) && iterated.getExpression().getStart() === pos)
      return { value: iterated.getExpression() };
  }
  return undefined;
}

/** `await x` where `x` binds tighter than `await`; else `await (x)`. */
function awaitEdits(expr: TsMorph.Node, wrapped: boolean): TextEdit[] {
  const { Node } = tsMorph();
  const tight =
    Node.isCallExpression(expr) ||
    Node.isIdentifier(expr) ||
    Node.isPropertyAccessExpression(expr) ||
    Node.isElementAccessExpression(expr) ||
    Node.isParenthesizedExpression(expr) ||
    Node.isNonNullExpression(expr);
  const open = wrapped ? '(await ' : 'await ';
  if (tight)
    return wrapped
      ? [
          { pos: expr.getStart(), text: open },
          { pos: expr.getEnd(), text: ')' },
        ]
      : [{ pos: expr.getStart(), text: open }];
  return [
    { pos: expr.getStart(), text: `${open}(` },
    { pos: expr.getEnd(), text: wrapped ? '))' : ')' },
  ];
}

function fix(error: string, node: TsMorph.Node, pos: number): ShapeFix | undefined {
  const { Node } = tsMorph();
  const at = valueAt(error, node, pos);
  if (!at) return undefined;
  let made = at.value;
  if (Node.isIdentifier(at.value)) {
    const init = constDeclarationOf(at.value)?.getInitializer();
    if (!init) return { refused: `\`${at.value.getText()}\` is not a const this test initialises` };
    made = init;
  }
  if (at.member && PROMISE_METHODS.has(at.member)) {
    return {
      edits: [
        { pos: made.getStart(), text: 'Promise.resolve(' },
        { pos: made.getEnd(), text: ')' },
      ],
    };
  }
  const madeAsync = asyncEdit(enclosingFunction(made));
  if (!Array.isArray(madeAsync)) return madeAsync;
  // A const's initialiser and a for-of's iterable take `await x` as they are; anywhere else it is `(await x)`.
  const parent = made.getParent();
  const standsAlone =
    (Node.isVariableDeclaration(parent) && parent.getInitializer() === made) ||
    (Node.isForOfStatement(parent) && parent.getExpression() === made);
  return { edits: [...madeAsync, ...awaitEdits(made, !standsAlone)] };
}

export const awaitMaybePromise: TestShape = {
  id: 'await-maybe-promise',
  summary: 'a T | Promise<T> result (handler, generate(), list()) used without await',
  fix: ({ error, node, pos }) =>
    ['TS2339', 'TS7053', 'TS2488'].includes(error.code) && /Promise</.test(fullMessage(error))
      ? fix(error.code, node, pos)
      : undefined,
};
