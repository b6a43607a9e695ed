/**
 * `def.params.parse(…)` on a resource, `def.args.parse(…)` on a prompt: the schema member is
 * optional on the definition's type (TS18048, or TS2532 from older compilers), though this
 * definition has it. A non-null assertion says so and changes nothing at run time: a definition
 * without the member throws there as before.
 */

import { type TsMorph, tsMorph } from '../../ts/ts-morph.js';
import { ancestorAt, type TestShape } from './test-shape.js';

const MEMBERS = new Set(['params', 'args']);

export const optionalSchemaMember: TestShape = {
  id: 'optional-schema-member',
  summary: "def.params / def.args used as the definition's schema, though optional on its type",
  fix: ({ error, node, pos }) => {
    if (error.code !== 'TS18048' && error.code !== 'TS2532') return undefined;
    const { Node } = tsMorph();
    const member = ancestorAt(
      node,
      pos,
      (n): n is TsMorph.PropertyAccessExpression =>
        Node.isPropertyAccessExpression(n) &&
        MEMBERS.has(n.getName()) &&
        Node.isPropertyAccessExpression(n.getParent()) &&
        n.getParent()!.getFirstChild() === n,
    );
    return member ? { edits: [{ pos: member.getEnd(), text: '!' }] } : undefined;
  },
};
