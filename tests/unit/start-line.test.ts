import { describe, expect, it } from 'vitest';
import { parseSource, startLine, tsMorph } from '../../src/ts/ts-morph.js';
import { defSource, EXISTING } from '../helpers/shapes.js';

// Line breaks ts-morph's own count does not treat alike: CRLF, a lone CR, U+2028, none at the end.
const TEXTS = [
  ...EXISTING.map(defSource),
  "import { a } from './a.js';\r\nimport { b } from './b.js';\r\n\r\nexport const all = [\r\n  a,\r\n  b,\r\n];\r\n",
  "const x = 'one';\rconst y = 'two';\u2028const z = [x,\n y, z];",
  '/** header\n * comment\n */\n\n\nexport function f() {\n  return [1,\n2];\n}',
];

describe('startLine', () => {
  it('is node.getStartLineNumber() for every node of every text', () => {
    const { Node } = tsMorph();
    TEXTS.forEach((text, i) => {
      const sf = parseSource(`src/f${i}.ts`, text, { tolerant: true });
      const nodes = [sf, ...sf.getDescendants()];
      expect(nodes.length).toBeGreaterThan(5);
      for (const node of nodes) {
        expect(Node.isNode(node)).toBe(true);
        expect(startLine(node)).toBe(node.getStartLineNumber());
      }
    });
  });

  it('follows a re-parse of the same path', () => {
    const first = parseSource('src/same.ts', 'const a = 1;\nconst b = 2;\n');
    expect(startLine(first.getVariableDeclarationOrThrow('b'))).toBe(2);
    const second = parseSource('src/same.ts', '\n\n\nconst b = 2;\n');
    expect(startLine(second.getVariableDeclarationOrThrow('b'))).toBe(4);
  });
});
