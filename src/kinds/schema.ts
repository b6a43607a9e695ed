/**
 * The zod schema of a kind's options, built from its option specs: the one source of the types
 * the generator parses with (`z.input`/`z.output` of it). Loaded by generators, never by `--help`.
 */

import { z } from 'zod';
import type { OptionSpecs } from './spec.js';

/** What every generating command passes besides the flags: the name and three global options. */
const runOptions = {
  name: z.string(),
  force: z.boolean().default(false),
  /** Whether --force may discard edits made since mcp-scaffold wrote a file (edited-files.ts). */
  overwriteEdited: z.boolean().default(false),
  devcheck: z.boolean().default(true),
};

type Shape<O extends OptionSpecs> = { [K in keyof O]: ReturnType<O[K]['type']> };

export function optionsSchema<O extends OptionSpecs>(options: O) {
  const shape = Object.fromEntries(Object.entries(options).map(([key, option]) => [key, option.type(z)]));
  return z.object({ ...runOptions, ...shape } as typeof runOptions & Shape<O>);
}
