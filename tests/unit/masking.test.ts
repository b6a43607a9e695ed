/** Masking non-ASCII literals and comments for a formatter that would rewrite them, and putting them back. */

import { describe, expect, it } from 'vitest';
import { mask, textTokens, unmask } from '../../src/ts/masking.js';

const SOURCE = [
  '/**',
  ' * Warns ⚠ — ✔ done.',
  ' */',
  "export const x = f('日本 ⚠', `tpl ✔ ${a} ℹ`, /re⚠/u, 'plain'); // trailing ✔",
  '',
].join('\n');

describe('mask', () => {
  it('finds every literal and comment, in order', () => {
    expect(textTokens(SOURCE).map((t) => [t.kind, SOURCE.slice(t.start, t.end)])).toEqual([
      ['comment', '/**\n * Warns ⚠ — ✔ done.\n */'],
      ['literal', "'日本 ⚠'"],
      ['literal', '`tpl ✔ ${'],
      ['literal', '} ℹ`'],
      ['literal', '/re⚠/u'],
      ['literal', "'plain'"],
      ['comment', '// trailing ✔'],
    ]);
  });

  it('leaves pure ASCII where the text was, each character as wide as Biome counts it', () => {
    const { text } = mask(SOURCE);
    expect(text).toMatch(/^[\x20-\x7e\n]*$/);
    expect(text).toContain("f('xxxx x', `tpl x ${a} x`, /rex/u, 'plain'); // trailing x");
    expect(text).toContain(' * Warns x x x done.');
  });
});

describe('unmask', () => {
  it('puts the originals back into what the formatter made of the masked file', () => {
    const masked = mask(SOURCE);
    // A formatter that breaks the call and indents the comment.
    const formatted = masked.text
      .replace('/**\n * Warns', '  /**\n   * Warns')
      .replace(' */\nexport', '   */\nexport')
      .replace("f('xxxx x', ", "f(\n  'xxxx x',\n  ");
    const out = unmask(formatted, masked)!;
    expect(out).toContain("f(\n  '日本 ⚠',\n  `tpl ✔ ${a} ℹ`");
    expect(out).toContain('  /**\n   * Warns ⚠ — ✔ done.\n   */');
  });

  it('gives up (undefined) when the formatter changed a comment beyond its indentation, or dropped a literal', () => {
    const masked = mask(SOURCE);
    expect(unmask(masked.text.replace('Warns x x x', 'Warns x x'), masked)).toBeUndefined();
    expect(unmask(masked.text.replace(", 'plain'", ''), masked)).toBeUndefined();
  });

  it('is the identity on a formatter that changes nothing', () => {
    expect(unmask(mask(SOURCE).text, mask(SOURCE))).toBe(SOURCE);
  });
});
