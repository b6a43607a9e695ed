/** Template data every kind of tool shares: its title, its description and its annotations. */

import { type Names, titleCase } from '../../text/names.js';
import { type NewDefinition, unprefixed } from '../definition.js';
import type { ParsedToolOptions } from './generator.js';

/** The description a tool gets without --description: its name as a sentence, and what to add. */
export function defaultDescription(names: Names, prefix: string | undefined): string {
  const sentence = unprefixed(names, prefix).join(' ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}. Describe what it returns and when to use it.`;
}

/** Title, description and annotation flags; a destructive tool is never read-only. */
export function toolData(def: NewDefinition, opts: ParsedToolOptions) {
  return {
    title: opts.title ?? titleCase(unprefixed(def.names, def.prefix)),
    description: opts.description ?? defaultDescription(def.names, def.prefix),
    readOnly: opts.destructive ? false : opts.readOnly,
    destructive: opts.destructive,
    idempotent: opts.idempotent,
    openWorld: opts.openWorld,
  };
}
