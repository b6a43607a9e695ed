/**
 * A prompt's arguments: from `--arg 'name:string[?]:description'`, or, without it, one argument
 * the name implies (`summarize_article` → `article`, "The article to summarize."). MCP sends
 * prompt arguments as strings, so any other type is refused; `?` makes one optional.
 */

import { camelCase } from '../../text/names.js';
import { placeholder } from '../../text/placeholders.js';
import { objectKeyProblem } from '../../text/reserved-names.js';
import { displayWidth, tsString } from '../../text/string-literal.js';
import { parseFields } from '../field-flags.js';
import { requireTypes } from '../fields.js';

export interface PromptArg {
  name: string;
  description: string;
  optional: boolean;
  /** The value the generated test passes. */
  example: string;
}

/**
 * The arg's line(s) in `z.object({ … })`, laid out as Biome does: on one line when it fits the
 * line width, else the call chain broken one call a line.
 */
export function argSchemaLines(arg: PromptArg, indent: string, lineWidth: number): string {
  const calls = ['string()', ...(arg.optional ? ['optional()'] : []), `describe(${tsString(arg.description)})`];
  const oneLine = `${indent}${arg.name}: z.${calls.join('.')},`;
  if (displayWidth(oneLine) <= lineWidth) return oneLine;
  return [`${indent}${arg.name}: z`, ...calls.map((c) => `${indent}  .${c}`)].join('\n').concat(',');
}

/** The argument the name implies: the words after the verb, else a subject. */
function argFromName(words: readonly string[]): PromptArg {
  const [verb, ...object] = words;
  const fromObject = object.length > 0 ? camelCase([...object]) : '';
  // `get_2fa_code` → `2faCode` is no identifier, and `explain_to_string` → `toString` a key every
  // object has: the argument is then the subject.
  const name = /^[A-Za-z_]/.test(fromObject) && !objectKeyProblem(fromObject) ? fromObject : 'subject';
  const what = object.length > 0 ? object.join(' ') : 'subject';
  const description = verb ? `The ${what} to ${verb}.` : `The ${what} of the prompt.`;
  return { name, description: placeholder(description), optional: false, example: `example-${name}` };
}

/** The arguments from --arg, checked; without --arg, the one from the unprefixed name's words. */
export function promptArgs(sources: readonly string[], words: readonly string[]): PromptArg[] {
  if (sources.length === 0) return [argFromName(words)];
  const fields = parseFields('--arg', sources);
  requireTypes('--arg', fields, ['string'], 'prompt arguments are strings in MCP');
  return fields.map((f) => ({
    name: f.name,
    description: f.description || placeholder(`The ${f.name} argument.`),
    optional: f.optional,
    example: `example-${f.name}`,
  }));
}
