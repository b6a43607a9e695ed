/**
 * The placeholder strings of the files an inventory read, kept beside the inventory rather than
 * in it: `list` reports them from the facts already read, without reading a file again.
 */

import type { Inventory } from './inventory-result.js';

/** Each inventory's reader of placeholders, for placeholdersOf. */
const placeholderReaders = new WeakMap<Inventory, (file: string) => { line: number; text: string }[]>();

/** The placeholder strings of a file the inventory read (from its facts: the file is not read again). */
export function placeholdersOf(inv: Inventory, file: string): { line: number; text: string }[] {
  return placeholderReaders.get(inv)?.(file) ?? [];
}

/** Lets placeholdersOf answer for `inv` through `read`. */
export function rememberPlaceholders(inv: Inventory, read: (file: string) => { line: number; text: string }[]): void {
  placeholderReaders.set(inv, read);
}
