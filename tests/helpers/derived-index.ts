/**
 * The check that an index derived from a registration's edits is the index read off the text
 * written: what the next `add` plans from without parsing must be what it would have parsed.
 */

import { expect } from 'vitest';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { derivedIndex } from '../../src/registration/derived-index.js';
import type { DefinitionLayout } from '../../src/registration/layout.js';
import { planFromIndex, type RegisterOptions, type Registration } from '../../src/registration/register.js';
import { indexRegistration, type RegistrationIndex } from '../../src/registration/registration-index.js';
import { applyEdits } from '../../src/ts/text-edits.js';

/**
 * Registers `reg` in `files` over their index; where the edits let the next index be derived,
 * expects it equal to the one read off the files written (the new definition file among them).
 * Returns the files written and the derived index (undefined where there is none).
 */
export function expectDerivedIndex(
  files: Record<string, string>,
  layout: DefinitionLayout,
  reg: Registration,
  options: RegisterOptions = {},
): { written: Record<string, string>; derived: RegistrationIndex | undefined } {
  const tree = new Tree(new MemoryHost(files));
  const index = indexRegistration(tree, layout, options.group);
  const plan = planFromIndex(tree, index, layout, reg, options);
  const edited = new Map([...plan.edits].map(([file, p]) => [file, applyEdits(p.text, p.edits)]));
  const derived = derivedIndex(index, plan.edits, edited);
  const written = {
    ...files,
    [reg.file]: files[reg.file] ?? `export const ${reg.exportName} = {};\n`,
    ...Object.fromEntries(edited),
  };
  if (derived) {
    expect(derived).toEqual(indexRegistration(new Tree(new MemoryHost(written)), layout, options.group));
  }
  return { written, derived };
}
