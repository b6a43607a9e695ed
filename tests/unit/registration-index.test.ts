import { describe, expect, it } from 'vitest';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { derivedIndex } from '../../src/registration/derived-index.js';
import { planFromIndex, planRegistration } from '../../src/registration/register.js';
import { indexRegistration } from '../../src/registration/registration-index.js';
import { expectDerivedIndex } from '../helpers/derived-index.js';
import { KEYS, NEW, PATTERNS } from '../helpers/registration-patterns.js';

const UNDERIVED = [
  'no tools key yet',
  'an empty array in a one-line object that outgrows the line width',
  'an empty barrel under a header comment',
];
const names = ['aaTool', 'mmTool', 'zzTool', 'acmeFindItemsTool'];
const fileOf = (exportName: string) =>
  `src/mcp-server/tools/definitions/${exportName.replace(/Tool$/, '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.tool.ts`;

describe('the registration index derived from an edit', () => {
  it.each(PATTERNS)('is the index read off the text written: $name', ({ name, files, group }) => {
    const options = { ...KEYS, ...(group ? { group } : {}) };
    let derivedCount = 0;
    for (const first of names) {
      // Two adds in a row: the second plans from the derived index, as the next run would.
      const one = expectDerivedIndex(files, toolLayout, { exportName: first, file: fileOf(first) }, options);
      if (one.derived) derivedCount++;
      const second = names.find((n) => n !== first)!;
      expectDerivedIndex(one.written, toolLayout, { exportName: second, file: fileOf(second) }, options);
      if (one.derived) {
        // What the second add plans from the derived index is what it plans from a fresh reading.
        const tree = new Tree(new MemoryHost(one.written));
        const reg = { exportName: second, file: fileOf(second) };
        expect(planFromIndex(tree, one.derived, toolLayout, reg, options)).toEqual(
          planRegistration(new Tree(new MemoryHost(one.written)), toolLayout, reg, options),
        );
      }
    }
    // A new `tools` key, a one-line array broken over lines and a first import written above a
    // file's first statement are not described by their edits: those files are read again.
    expect(derivedCount > 0).toBe(!UNDERIVED.includes(name));
  });

  it('is not derived when an edit replaces text it does not describe', () => {
    const { files } = PATTERNS.find((p) => p.name === 'no tools key yet')!;
    const tree = new Tree(new MemoryHost(files));
    const index = indexRegistration(tree, toolLayout, undefined);
    const plan = planFromIndex(tree, index, toolLayout, NEW, KEYS);
    expect(plan.edits.size).toBeGreaterThan(0);
    expect(derivedIndex(index, plan.edits)).toBeUndefined();
  });
});
