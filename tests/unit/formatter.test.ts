/** The project's Biome settings, read from biome.json(c) as Biome reads them, and used by the templates. */

import { describe, expect, it } from 'vitest';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import { asNewFile, lineWidthOf } from '../../src/project/formatter.js';
import { FRESH_INDEX, PACKAGE_JSON, project, VITEST_CONFIG } from '../helpers/projects.js';

const widthOf = (files: Record<string, string>) => lineWidthOf(project(files).tree);

describe('lineWidthOf', () => {
  it("takes the top-level formatter's width, then javascript.formatter's, which overrides it for TypeScript", () => {
    expect(widthOf({})).toBe(100);
    expect(widthOf({ 'biome.json': '{ "formatter": { "indentStyle": "space" } }' })).toBe(100);
    expect(widthOf({ 'biome.json': '{ "formatter": { "lineWidth": 90 } }' })).toBe(90);
    expect(
      widthOf({
        'biome.json': '{ "formatter": { "lineWidth": 90 }, "javascript": { "formatter": { "lineWidth": 80 } } }',
      }),
    ).toBe(80);
    expect(widthOf({ 'biome.json': '{ "javascript": { "formatter": { "lineWidth": 80 } } }' })).toBe(80);
  });

  it('skips comments and overrides[], and reads biome.jsonc with trailing commas', () => {
    const config = [
      '{',
      '  // "lineWidth": 60 was tried once',
      '  "overrides": [{ "includes": ["scripts/**"], "formatter": { "lineWidth": 120 } }],',
      '  /* "formatter": { "lineWidth": 70 } */',
      '  "formatter": {',
      '    "lineWidth": 90,',
      '  },',
      '}',
    ].join('\n');
    expect(widthOf({ 'biome.jsonc': config })).toBe(90);
    expect(widthOf({ 'biome.json': config.replace('    "lineWidth": 90,\n', '') })).toBe(100);
  });

  it('writes CRLF only where the formatter (not an override) asks for it', () => {
    const { tree } = project({
      'biome.json': '{ "overrides": [{ "formatter": { "lineEnding": "crlf" } }], "formatter": { "lineEnding": "lf" } }',
    });
    expect(asNewFile(tree, 'a\nb\n')).toBe('a\nb\n');
    const crlf = project({ 'biome.jsonc': '{ "javascript": { "formatter": { "lineEnding": "crlf" } } }' }).tree;
    expect(asNewFile(crlf, 'a\nb\n')).toBe('a\r\nb\r\n');
  });
});

describe("the templates' line width", () => {
  // `  description: '…',` is 94 columns: one line at 100, broken after the key at 80.
  const description = `Finds items by name. ${'x'.repeat(56)}.`;
  const oneLine = `  description: '${description}',\n`;
  const broken = `  description:\n    '${description}',\n`;

  function toolFile(biome: string | undefined): string {
    const { tree, project: p } = project({
      'package.json': PACKAGE_JSON,
      'src/index.ts': FRESH_INDEX,
      'vitest.config.ts': VITEST_CONFIG,
      ...(biome === undefined ? {} : { 'biome.json': biome }),
    });
    addToolGenerator(tree, p, { name: 'demo_find_items', description, devcheck: false });
    return tree.read('src/mcp-server/tools/definitions/demo-find-items.tool.ts')!;
  }

  it("lays a long description out at the project's Biome width", () => {
    expect(oneLine.length - 1).toBeGreaterThan(80);
    expect(oneLine.length - 1).toBeLessThanOrEqual(100);
    expect(toolFile(undefined)).toContain(oneLine);
    expect(toolFile('{ "formatter": { "lineWidth": 80 } }')).toContain(broken);
  });
});
