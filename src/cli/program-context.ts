/**
 * What the commands of the program are built with, in a module of its own so that the files
 * declaring commands take it without importing the program that imports them.
 */

import type { KindSpec } from '../kinds/spec.js';

export interface ProgramContext {
  kinds: readonly KindSpec[];
  /** Under --json: what commander prints for people (help, version) is collected here instead. */
  jsonOut?: { text: string };
  setExit: (code: number) => void;
}
