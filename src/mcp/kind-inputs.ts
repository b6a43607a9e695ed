/**
 * A kind's options as an MCP tool takes them: the zod types its spec declares (src/kinds/<kind>/
 * spec.ts), keyed as the spec keys them, and turned back into the flags the CLI parses. The spec
 * stays the one source: a new option, or a new kind, reaches the MCP tools without a line here.
 */

import { z } from 'zod';
import { type KindSpec, longFlag, type OptionSpec, optionHelp } from '../kinds/spec.js';

const takesValue = (flags: string) => /<[^>]+>/.test(flags);

/** The flag(s) one option's value stands for on the command line; none for a default left as it is. */
export function optionArgs(option: OptionSpec, value: unknown): string[] {
  if (value === undefined) return [];
  const long = longFlag(option.flags);
  if (option.repeatable) return (value as unknown[]).map((v) => `${long}=${String(v)}`);
  if (takesValue(option.flags)) return [`${long}=${String(value)}`];
  // A flag that says `no` (`--no-test`) is given for false; true is its default.
  if (long.startsWith('--no-')) return value === false ? [long] : [];
  if (value === true) return [long];
  return option.negation ? [longFlag(option.negation.flags)] : [];
}

/** The flags for every option of `spec` given in `args` (the others keep the CLI's defaults). */
export function kindArgs(spec: KindSpec, args: Record<string, unknown>): string[] {
  return Object.entries(spec.options).flatMap(([key, option]) => optionArgs(option, args[key]));
}

/** An option's help, with the flag it stands for, as the MCP schema describes it. */
function described(spec: KindSpec, option: OptionSpec): string {
  const flags = option.negation ? `${option.flags} / ${option.negation.flags}` : option.flags;
  return `${optionHelp(option, spec.name)} (CLI: ${flags})`;
}

/** The zod shape of a kind's options, each described with its help and its flag. */
export function kindShape(spec: KindSpec): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(spec.options).map(([key, option]) => [
      key,
      option.type(z).optional().describe(described(spec, option)),
    ]),
  );
}

/** One option as `scaffold_kind_schema` tells it: flags, help, type (JSON Schema) and whether it repeats. */
export function optionSchema(spec: KindSpec, key: string, option: OptionSpec): Record<string, unknown> {
  return {
    key,
    flags: option.flags,
    ...(option.negation ? { negation: option.negation.flags } : {}),
    help: optionHelp(option, spec.name),
    repeatable: option.repeatable === true,
    type: z.toJSONSchema(option.type(z), { io: 'input', unrepresentable: 'any' }),
  };
}
