/**
 * Bounds for the number inputs typed on the command line: a client may send any number, and a
 * handler that slices by `limit: -1` drops the last result instead of failing. Each number input
 * gets `.min()` and `.max()`, from what its name says it is; the user narrows them to the domain.
 */

import { CAP } from './bodies.js';
import type { ToolField } from './field-code.js';

/** A position in a list, from 0: offset, skip, start, index, position. */
const POSITION = /^(offset|skip|start|index|position|from)$/i;
/** A page number, from 1. */
const PAGE = /^(page|page_?number|page_?no)$/i;

/** The refinement a number input gets: `.min(1).max(100)` for a cap, a wide range otherwise. */
export function boundsOf(f: ToolField): string {
  if (CAP.test(f.name)) return '.min(1).max(100)';
  if (PAGE.test(f.name)) return '.min(1).max(10_000)';
  if (POSITION.test(f.name)) return '.min(0).max(1_000_000)';
  return '.min(-1_000_000).max(1_000_000)';
}

/**
 * The inputs, each number (and list of numbers) bounded unless it has a refinement already, in
 * the records of objects typed with braces too.
 */
export function bounded(inputs: readonly ToolField[]): ToolField[] {
  return inputs.map((f) => {
    if (f.record) return { ...f, record: { ...f.record, fields: bounded(f.record.fields) } };
    return (f.type === 'number' || f.type === 'integer') && f.refine === undefined ? { ...f, refine: boundsOf(f) } : f;
  });
}
