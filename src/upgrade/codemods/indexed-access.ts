/**
 * `arr[0].x` under `noUncheckedIndexedAccess` (TS2532, or TS18048 naming the access): the element
 * may be undefined on its type, though the test expects it there. A non-null assertion after the
 * access says so and changes nothing at run time: a missing element throws there as before.
 */

import { type TsMorph, tsMorph } from '../../ts/ts-morph.js';
import { ancestorAt, type TestShape } from './test-shape.js';

/** The access the error is about: the one TS18048 names, else the first one that is read into. */
function accessAt(node: TsMorph.Node, pos: number, named: string | undefined) {
  const { Node } = tsMorph();
  return ancestorAt(node, pos, (n): n is TsMorph.ElementAccessExpression => {
    if (!Node.isElementAccessExpression(n)) return false;
    if (named !== undefined) return n.getText().replace(/\s/g, '') === named.replace(/\s/g, '');
    const parent = n.getParent();
    return (
      (Node.isPropertyAccessExpression(parent) ||
        Node.isElementAccessExpression(parent) ||
        Node.isCallExpression(parent)) &&
      parent.getExpression() === n
    );
  });
}

export const indexedAccess: TestShape = {
  id: 'indexed-access',
  summary: 'arr[i].x on an element noUncheckedIndexedAccess types as possibly undefined',
  fix: ({ error, node, pos }) => {
    const named = error.code === 'TS18048' ? /^'(.+)' is possibly 'undefined'\.$/.exec(error.message)?.[1] : undefined;
    if (error.code !== 'TS2532' && named === undefined) return undefined;
    if (error.code === 'TS2532' && !/^Object is possibly 'undefined'\.$/.test(error.message)) return undefined;
    const access = accessAt(node, pos, named);
    return access ? { edits: [{ pos: access.getEnd(), text: '!' }] } : undefined;
  },
};
