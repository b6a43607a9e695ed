/** Template data every kind of tool shares: its title, its description and its annotations. */

import { type Names, titleCase } from '../../text/names.js';
import { placeholder } from '../../text/placeholders.js';
import { type NewDefinition, unprefixed } from '../definition.js';
import type { ParsedToolOptions } from './options.js';
import type { ShapeChoice } from './shape.js';

/** The description a tool gets without --description: its name as a sentence, marked as a placeholder. */
export function defaultDescription(names: Names, prefix: string | undefined): string {
  const sentence = unprefixed(names, prefix).join(' ');
  return placeholder(
    `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}. Say what it returns and when to use it.`,
  );
}

/** The annotations, each from its flag when given, else from the verb and the kind of tool. */
export interface ToolAnnotations {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  openWorld: boolean;
}

/**
 * Annotations from the flags; a flag left out takes its default from what the tool is: a write
 * verb or `--task` is not read-only, a destructive verb is destructive, a tool on a service (an
 * outside API) is open-world. Each default that is not the framework's own is said in a note; an
 * explicit flag is never changed. MCP reads idempotentHint only when readOnlyHint is false, so
 * --idempotent on a read-only tool is not written, and the user is told.
 */
export function toolAnnotations(
  def: NewDefinition,
  opts: ParsedToolOptions,
  choice: ShapeChoice | undefined,
): ToolAnnotations {
  const verb = choice?.verb ? `the verb "${choice.verb}"` : 'the name';
  const destructive = opts.destructive ?? (opts.confirm === true || choice?.verbDestroys === true);
  if (opts.destructive === undefined && opts.confirm !== true && choice?.verbDestroys) {
    def.notes.push(`destructiveHint: true, as ${verb} destroys data (pass --no-destructive if it does not).`);
  }
  let readOnly = destructive ? false : (opts.readOnly ?? true);
  if (opts.readOnly === undefined && !destructive && (choice?.shape === 'write' || opts.task)) {
    readOnly = false;
    def.notes.push(
      `readOnlyHint: false, as ${opts.task ? 'a task tool' : `${verb} changes state`} (pass --read-only if it does not).`,
    );
  }
  if (opts.readOnly === true && choice?.verbWrites) {
    def.warnings.push(`--read-only kept, though ${verb} reads as a change: check the annotation.`);
  }
  if (readOnly && opts.idempotent) {
    def.warnings.push(
      '--idempotent has no effect on a read-only tool (MCP reads idempotentHint only when readOnlyHint is false): add --no-read-only if the tool changes state.',
    );
  }
  const openWorld = opts.openWorld ?? opts.service !== undefined;
  if (opts.openWorld === undefined && openWorld) {
    def.notes.push(
      'openWorldHint: true, as the tool reaches an outside system through its service (pass --no-open-world if it does not).',
    );
  }
  return { readOnly, destructive, idempotent: opts.idempotent, openWorld };
}

/** Title, description and annotation flags. */
export function toolData(def: NewDefinition, opts: ParsedToolOptions, choice?: ShapeChoice) {
  return {
    title: opts.title ?? titleCase(unprefixed(def.names, def.prefix)),
    description: opts.description ?? defaultDescription(def.names, def.prefix),
    ...toolAnnotations(def, opts, choice),
  };
}
