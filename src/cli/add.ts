/** `add <kind>` for every kind of the registry: its flags, help and action, all from its spec. */

import { type Command, Option } from 'commander';
import { globalOptions } from '../engine/options.js';
import { type KindSpec, optionHelp } from '../kinds/spec.js';
import { addExamples } from './help.js';

/** A repeatable flag's values, in the order given (not variadic: it must not swallow the name). */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** The commander options an `add <kind>` takes, from the kind's option specs. */
export function commanderOptions(spec: KindSpec): Option[] {
  return Object.values(spec.options).flatMap((o) => [
    o.repeatable
      ? new Option(o.flags, optionHelp(o, spec.name)).argParser(collect).default(undefined)
      : new Option(o.flags, optionHelp(o, spec.name)),
    ...(o.negation ? [new Option(o.negation.flags, o.negation.help)] : []),
  ]);
}

export function addCommands(program: Command, kinds: readonly KindSpec[], setExit: (code: number) => void): void {
  const add = program
    .command('add')
    .description('add a definition to an existing server')
    .addHelpText('after', addExamples(kinds))
    .exitOverride();
  for (const spec of kinds) {
    const cmd = add.command(`${spec.name} <name>`).description(spec.summary);
    for (const option of commanderOptions(spec)) cmd.addOption(option);
    cmd
      .addHelpText('after', spec.examples)
      .exitOverride()
      .action(async (name: string, flags: Record<string, unknown>, c: Command) => {
        const { addCommand } = await import('../commands/add.js');
        setExit(await addCommand(spec, name, flags, globalOptions(c.optsWithGlobals())));
      });
  }
}
