/**
 * What a terminal would act on, in text a command prints, is shown as its escape: control
 * characters and bidi controls; line feeds, tabs and everything visible stay as they are.
 */

import { describe, expect, it } from 'vitest';
import { shown } from '../../src/engine/shown-text.js';

describe('shown', () => {
  it.each([
    ['\u001b]0;pwned\u0007', '\\x1b]0;pwned\\x07'], // a window title set, then the bell
    ['\u001b[2J\u001b[H', '\\x1b[2J\\x1b[H'], // clear the screen, cursor home
    ['\u001b[31mred', '\\x1b[31mred'], // a colour, from a file: shown too
    ['safe\rEVIL', 'safe\\rEVIL'], // a carriage return that would write over the line
    ['a\bb\u007fc', 'a\\bb\\x7fc'],
    ['\u009b2J', '\\x9b2J'], // C1 control sequence introducer
    ['abc\u202edcba', 'abc\\u202edcba'], // right-to-left override
    ['\u2066x\u2069\u200f\u061c', '\\u2066x\\u2069\\u200f\\u061c'],
  ])('%j → %j', (text, escaped) => {
    expect(shown(text)).toBe(escaped);
  });

  it('keeps line feeds, tabs, non-ASCII letters, emoji joined by ZWJ and no-break spaces', () => {
    const text = 'a\tb\nc café 👩‍💻 x\u00a0y 名前';
    expect(shown(text)).toBe(text);
  });
});
