/** The project's Biome settings, read from biome.json(c) as Biome reads them, and used by the templates. */

import { describe, expect, it } from 'vitest';
import { asNewFile, lineWidthOf } from '../../src/project/formatter.js';
import { project } from '../helpers/projects.js';

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
