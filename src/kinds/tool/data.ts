/** Template data every kind of tool shares: its title, its description and its annotations. */

import { type Names, titleCase } from '../../text/names.js';
import { type NewDefinition, unprefixed } from '../definition.js';
import type { ParsedToolOptions } from './generator.js';

/** The description a tool gets without --description: its name as a sentence, and what to add. */
export function defaultDescription(names: Names, prefix: string | undefined): string {
  const sentence = unprefixed(names, prefix).join(' ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}. Describe what it returns and when to use it.`;
}

/**
 * Title, description and annotation flags; a destructive tool is never read-only. MCP reads
 * idempotentHint only when readOnlyHint is false, so --idempotent on a read-only tool is not
 * written; the user is told rather than the flag dropped silently.
 */
export function toolData(def: NewDefinition, opts: ParsedToolOptions) {
  const readOnly = opts.destructive ? false : opts.readOnly;
  if (readOnly && opts.idempotent) {
    def.warnings.push(
      '--idempotent has no effect on a read-only tool (MCP reads idempotentHint only when readOnlyHint is false): add --no-read-only if the tool changes state.',
    );
  }
  return {
    title: opts.title ?? titleCase(unprefixed(def.names, def.prefix)),
    description: opts.description ?? defaultDescription(def.names, def.prefix),
    readOnly,
    destructive: opts.destructive,
    idempotent: opts.idempotent,
    openWorld: opts.openWorld,
  };
}
