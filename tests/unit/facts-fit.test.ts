import { describe, expect, it } from 'vitest';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { indexFits } from '../../src/registration/facts-fit.js';
import { indexRegistration, type RegistrationIndex } from '../../src/registration/registration-index.js';

const INDEX = [
  "import { createApp } from '@cyanheads/mcp-ts-core';",
  "import { alphaTool } from './mcp-server/tools/definitions/alpha.tool.js';",
  "import { betaTool as b2 } from './mcp-server/tools/definitions/beta.tool.js';",
  '',
  'await createApp({ tools: [alphaTool, b2] });',
  '',
].join('\n');
const FILES = {
  'src/index.ts': INDEX,
  'src/mcp-server/tools/definitions/alpha.tool.ts': 'export const alphaTool = {};\n',
  'src/mcp-server/tools/definitions/beta.tool.ts': 'export const betaTool = {};\n',
};

const read = (): RegistrationIndex => indexRegistration(new Tree(new MemoryHost(FILES)), toolLayout, undefined);
const fits = (index: RegistrationIndex, text = INDEX) => indexFits(index, () => text);
const array = (index: RegistrationIndex) => {
  const t = index.targets[0]!;
  if (t.type !== 'array') throw new Error('no array target');
  return t.array;
};
const statements = (index: RegistrationIndex) => index.files['src/index.ts']!.facts.statements;

describe('a remembered registration index fits its text', () => {
  it('as read', () => {
    expect(fits(read())).toBe(true);
  });

  it('not once an offset falls inside a word, on white space, or off the text', () => {
    const cases: [string, (i: RegistrationIndex) => void][] = [
      ['a name one character later', (i) => (statements(i)[1]!.named![0]!.start += 1)],
      ['an element ending inside its word', (i) => (array(i).elements[0]![1] -= 1)],
      ['a statement starting on the space before it', (i) => (statements(i)[1]!.start -= 1)],
      ['an element past the text', (i) => (array(i).elements[1]! = [INDEX.length + 1, INDEX.length + 5])],
      ['a local name that is not there', (i) => (statements(i)[2]!.named![0]!.local = 'b3')],
    ];
    for (const [what, damage] of cases) {
      const index = read();
      damage(index);
      expect(fits(index), what).toBe(false);
    }
  });

  it('not where a token is only white space outside ASCII (a no-break space), and yes where it is a word outside ASCII', () => {
    const index = read();
    const [start] = array(index).elements[0]!;
    const spaced = `${INDEX.slice(0, start)}\u00a0${INDEX.slice(start + 1)}`;
    expect(fits(index, spaced)).toBe(false);
    const accented = `${INDEX.slice(0, start)}é${INDEX.slice(start + 1)}`;
    expect(fits(index, accented)).toBe(true);
  });
});
