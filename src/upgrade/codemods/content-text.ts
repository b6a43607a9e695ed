/**
 * `.text` read off a content block without narrowing it (TS2339: not every block type has
 * `text`). The test expects a text block; a cast to `{ text: string }` says so and compiles to the
 * same read, where narrowing by `type` would add a branch the test never had.
 */

import { tsMorph } from '../../ts/ts-morph.js';
import { fullMessage, type TestShape } from './test-shape.js';

export const contentText: TestShape = {
  id: 'content-text',
  summary: '.text read off a content block without narrowing it to a text block',
  fix: ({ error, node }) => {
    if (error.code !== 'TS2339' || !/^Property 'text' does not exist on type/.test(error.message)) return undefined;
    if (/Promise</.test(fullMessage(error))) return undefined;
    const { Node } = tsMorph();
    const access = node.getParent();
    if (!Node.isPropertyAccessExpression(access) || access.getNameNode() !== node) return undefined;
    const block = access.getExpression();
    return {
      edits: [
        { pos: block.getStart(), text: '(' },
        { pos: block.getEnd(), text: ' as { text: string })' },
      ],
    };
  },
};
