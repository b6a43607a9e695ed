import { describe, expect, it } from 'vitest';
import { compareImportSources } from '../../src/ts/import-order.js';

/**
 * The order Biome 2.5.4's organizeImports produced for these sources (measured). Biome put one
 * more source, 'Zebra', first of all; that oddity is left out here.
 */
const BIOME_ORDER = [
  'node:fs',
  '@cyanheads/mcp-ts-core',
  '@cyanheads/mcp-ts-core/testing',
  '@scope/pkg',
  '@scope/pkg/sub',
  'vitest',
  'zod',
  '#priv',
  '@/a/b.js',
  '@/z.js',
  '~/t.js',
  '../../y.js',
  '../x.js',
  './A.js',
  './a/b.js',
  './a.app-tool.js',
  './a.b.js',
  './a.js',
  './a.resource.js',
  './a.tool.js',
  './a_b.js',
  './a-b/c.js',
  './a-b.js',
  './a-tool.js',
  './a2.js',
  './a10.js',
  './ab.js',
  './aTool.js',
  './mcp-server/tools/definitions/demo-find-items.tool.js',
  './mcp-server/tools/definitions/echo.tool.js',
  './mcp-server/tools/definitions/echo-app.app-tool.js',
  './mcp-server/tools/definitions/echo-zeta.tool.js',
  './mcp-server/tools/definitions/echoapp.tool.js',
  './mcp-server/tools/definitions/index.js',
  './mcp-server/tools/index.js',
];

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('compareImportSources', () => {
  it.each([1, 2, 3, 42, 1234, 99999])('sorts a shuffled copy (seed %i) into Biome’s order', (seed) => {
    const input = shuffled(BIOME_ORDER, seed);
    expect(input).not.toEqual(BIOME_ORDER);
    expect(input.sort(compareImportSources)).toEqual(BIOME_ORDER);
  });

  it('compares digit runs as numbers where sources share a prefix that ends inside one', () => {
    const natural = ['./x1.js', './x2.js', './x9.js', './x10.js', './x12.js', './x13.js', './x100.js', './x100a.js'];
    expect([...natural].reverse().sort(compareImportSources)).toEqual(natural);
    expect(shuffled(natural, 7).sort(compareImportSources)).toEqual(natural);
  });

  it('sorts the reversed list into Biome’s order', () => {
    expect([...BIOME_ORDER].reverse().sort(compareImportSources)).toEqual(BIOME_ORDER);
  });

  it('is a consistent comparator: antisymmetric, zero only for equal sources', () => {
    for (const a of BIOME_ORDER) {
      for (const b of BIOME_ORDER) {
        const ab = Math.sign(compareImportSources(a, b)) || 0;
        expect(ab, `${a} vs ${b}`).toBe(0 - Math.sign(compareImportSources(b, a)) || 0);
        if (a === b) expect(ab).toBe(0);
        else expect(ab).not.toBe(0);
      }
    }
  });
});
