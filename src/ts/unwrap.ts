/**
 * The expression a value really is, past the wrappers that only change its type or grouping:
 * parentheses, `as`, `satisfies`, `!` and `<T>` assertions. Every reader of "what is this value"
 * unwraps the same set, so a `satisfies` or `!` never hides a shape one reader sees and another
 * does not.
 */

import { type TsMorph, tsMorph } from './ts-morph.js';

export function unwrap(expr: TsMorph.Node): TsMorph.Node;
export function unwrap(expr: TsMorph.Node | undefined): TsMorph.Node | undefined;
export function unwrap(expr: TsMorph.Node | undefined): TsMorph.Node | undefined {
  const { Node } = tsMorph();
  let e = expr;
  while (
    e &&
    (Node.isParenthesizedExpression(e) ||
      Node.isAsExpression(e) ||
      Node.isSatisfiesExpression(e) ||
      Node.isNonNullExpression(e) ||
      Node.isTypeAssertion(e))
  ) {
    e = e.getExpression();
  }
  return e;
}
