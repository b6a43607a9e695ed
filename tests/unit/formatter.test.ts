/** The project's Biome settings, read from biome.json(c) as Biome reads them, and used by the templates. */

import { afterAll, describe, expect, it } from 'vitest';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import { asNewFile, formatWideNewFiles, lineWidthOf } from '../../src/project/formatter.js';
import { displayWidth } from '../../src/text/string-literal.js';
import { parseSource, tsMorph } from '../../src/ts/ts-morph.js';
import { biomeProjectDir } from '../helpers/biome.js';
import { FRESH_INDEX, memoryProject, PACKAGE_JSON, project, VITEST_CONFIG } from '../helpers/projects.js';

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

  it('writes CRLF or CR only where the formatter (not an override) asks for it', () => {
    const { tree } = project({
      'biome.json': '{ "overrides": [{ "formatter": { "lineEnding": "crlf" } }], "formatter": { "lineEnding": "lf" } }',
    });
    expect(asNewFile(tree, 'a\nb\n')).toBe('a\nb\n');
    const crlf = project({ 'biome.jsonc': '{ "javascript": { "formatter": { "lineEnding": "crlf" } } }' }).tree;
    expect(asNewFile(crlf, 'a\nb\n')).toBe('a\r\nb\r\n');
    const cr = project({ 'biome.json': '{ "formatter": { "lineEnding": "cr" } }' }).tree;
    expect(asNewFile(cr, 'a\nb\n')).toBe('a\rb\r');
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

describe('the layout pass (Biome on new files with lines over the width)', () => {
  const biome = biomeProjectDir();
  afterAll(biome.remove);
  // Characters `biome format` on stdin rewrites (⚠ → !, ✔ → √, ℹ → i, zero-width, bidi and BOM → U+FFFD).
  const hostile = 'Warns ⚠ ✔ ℹ, \u200b zero-width, \u202e bidi \u202c, \ufeff BOM, e\u0301, 😀 日本 — done.';
  // 54 + 10: the longest tool name, whose `tool('…', {` line Biome must break.
  const name = `fuzz_case_${'w'.repeat(54)}`;

  function laidOut(description: string, title = 'Title ⚠') {
    const host = new MemoryHost(
      { 'package.json': PACKAGE_JSON, 'src/index.ts': FRESH_INDEX, 'vitest.config.ts': VITEST_CONFIG },
      { root: biome.dir },
    );
    const tree = new Tree(host);
    addToolGenerator(tree, memoryProject(host), { name, title, description, devcheck: false });
    return { tree, file: `src/mcp-server/tools/definitions/${name.replaceAll('_', '-')}.tool.ts` };
  }

  it('lays the file out and keeps every character of the text', async () => {
    const { tree, file } = laidOut(hostile);
    const before = tree.read(file)!;
    expect(before).toMatch(/^export const \w+ = tool\('fuzz_case_w+', \{$/m);
    expect(await formatWideNewFiles(tree, 100)).toEqual([]);
    const after = tree.read(file)!;
    expect(after).not.toBe(before);
    expect(after).toMatch(/^export const \w+ = tool\(\n {2}'fuzz_case_w+',\n {2}\{$/m);
    const { SyntaxKind } = tsMorph();
    const values = parseSource(file, after)
      .getDescendantsOfKind(SyntaxKind.StringLiteral)
      .map((s) => s.getLiteralValue());
    expect(values).toContain(hostile);
    expect(values).toContain('Title ⚠');
    expect(after).not.toContain('\ufffd');
  });

  it('leaves a file alone whose only wide lines are string literals (Biome cannot break them)', async () => {
    const { tree } = project({ 'package.json': PACKAGE_JSON, 'src/index.ts': FRESH_INDEX });
    addToolGenerator(tree, project({}).project, {
      name: 'demo_x',
      description: `⚠ ${'y'.repeat(150)}`,
      devcheck: false,
    });
    // No Biome is reachable from this in-memory root: a file that needed it would be reported.
    expect(await formatWideNewFiles(tree, 100)).toEqual([]);
  });
});

describe('displayWidth agrees with Biome 2.5', () => {
  it.each([
    ['\u200b\u200c\u200d\u2060\ufeff', 0],
    ['\u202e\u202c\u2066\u2069', 0],
    ['\u0000\u001b\u007f\u0085', 0],
    ['e\u0301\u0302', 1],
    ['\u00ad', 1],
    ['日本', 4],
    ['😀', 2],
    ['👨‍👩‍👧', 6],
    ['🇺🇸', 2],
    ['❤\ufe0f', 1],
    ['\u1100\u1161', 2],
    ['\u{20000}\u{3fffd}', 4],
    ['\u{e0001}\u{e0041}', 0],
  ])('%j is %i columns', (text, width) => {
    expect(displayWidth(text)).toBe(width);
  });

  it('counts a tab as an indent', () => {
    expect(displayWidth('a\tb')).toBe(4);
    expect(displayWidth('a\tb', 4)).toBe(6);
  });
});
