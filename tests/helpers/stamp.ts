/**
 * Generated text with the hash of its record (text/scaffold-stamp.ts) shown as `<hash>`, once the
 * hash is checked to be the text's own: pinned outputs then say where the record goes without
 * pinning a hash that any template change moves.
 */

import { expect } from 'vitest';
import { untouched } from '../../src/text/scaffold-stamp.js';

export function recorded(text: string): string {
  expect(untouched(text), 'the record holds the hash of the text').toBe(true);
  return text.replace(/(@scaffolded mcp-scaffold )[0-9a-f]{16}/g, '$1<hash>');
}
