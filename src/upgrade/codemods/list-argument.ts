/**
 * `def.list!()` called without its argument (TS2554): a resource's `list` takes the request's
 * extra context, which a test that calls it bare never needed. It is given `undefined as never`:
 * the same value it got before, now said on purpose, so the listing runs exactly as it did.
 */

import { type TsMorph, tsMorph } from '../../ts/ts-morph.js';
import { ancestorAt, type TestShape } from './test-shape.js';

/** `list` in `def.list()` / `def.list!()`. */
function calledMember(call: TsMorph.CallExpression): string | undefined {
  const { Node } = tsMorph();
  const called = call.getExpression();
  const callee = Node.isNonNullExpression(called) ? called.getExpression() : called;
  return Node.isPropertyAccessExpression(callee) ? callee.getName() : undefined;
}

export const listArgument: TestShape = {
  id: 'list-argument',
  summary: "a resource's list!() called without the argument it takes",
  fix: ({ error, node, pos }) => {
    if (error.code !== 'TS2554' || !/Expected 1 arguments, but got 0/.test(error.message)) return undefined;
    const { Node, SyntaxKind } = tsMorph();
    const call = ancestorAt(
      node,
      pos,
      (n): n is TsMorph.CallExpression =>
        Node.isCallExpression(n) && n.getArguments().length === 0 && calledMember(n) === 'list',
    );
    const open = call?.getFirstChildByKind(SyntaxKind.OpenParenToken);
    return open ? { edits: [{ pos: open.getEnd(), text: 'undefined as never' }] } : undefined;
  },
};
