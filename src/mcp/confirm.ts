/**
 * Refusals a person may lift: where the CLI stops and names the flag that would go on (a file
 * already there: `--force`), the server asks the user through the client (MCP elicitation) and,
 * on yes, runs the command again with that flag. It asks only when the flag would make the run
 * pass (a dry run with it says so first), never without a client that can ask: then the refusal
 * stands, with the CLI's code.
 */

import { type CliResult, withFlags } from './cli-run.js';

/** One refusal the user may lift: its code, the commands it concerns, the flag that lifts it. */
interface Liftable {
  code: string;
  /** The commands (as the result names them) whose refusal this flag lifts. */
  commands: RegExp;
  flag: string;
  /** What saying yes does, after the CLI's own message. */
  consequence: string;
}

/** One line per refusal the CLI lifts with a flag; a new coded refusal of that kind is a new line. */
export const LIFTABLE: readonly Liftable[] = [
  {
    code: 'ALREADY_EXISTS',
    commands: /^add /,
    flag: '--force',
    consequence: 'Write it again from the template (--force)? What the file holds now is replaced.',
  },
  {
    code: 'EDITED_SINCE_GENERATED',
    commands: /^add /,
    flag: '--overwrite-edited',
    consequence: 'Discard the edits made since mcp-scaffold wrote the file (--overwrite-edited)? They are lost.',
  },
];

export interface Asker {
  /** Whether the client can be asked (it declared elicitation). */
  canAsk: boolean;
  /** Asks a yes/no question; true only for an explicit yes. */
  ask: (message: string) => Promise<boolean>;
}

const liftableFor = (result: CliResult, used: readonly string[]) =>
  result.ok
    ? undefined
    : LIFTABLE.find((l) => l.code === result.error?.code && l.commands.test(result.command) && !used.includes(l.flag));

function declined(result: CliResult, flag: string): CliResult {
  return {
    ok: false,
    command: result.command,
    error: {
      code: 'CANCELLED',
      message: `Cancelled: the user did not confirm ${flag}, so nothing was written (${result.error?.message ?? ''}).`,
      hint: 'Choose another name, or rename or remove what is there first.',
    },
    refused: result.error,
  };
}

/** The question, with the CLI's message and the files the flag would change. */
function question(result: CliResult, lift: Liftable, probe: CliResult): string {
  const changes = Array.isArray(probe.changes) ? (probe.changes as { path: string; action: string }[]) : [];
  const files = changes.map((c) => `${c.action} ${c.path}`).join(', ');
  return `${result.error?.message ?? ''} ${lift.consequence}${files ? ` It would ${files}.` : ''}`;
}

/**
 * Runs `args`, then, while the result is a refusal a flag lifts and that flag would make it pass,
 * asks the user and runs it again with the flag on yes.
 */
export async function applyWithConfirmation(
  args: readonly string[],
  run: (args: string[]) => Promise<CliResult>,
  asker: Asker,
): Promise<CliResult> {
  const used: string[] = [];
  let argv = [...args];
  let result = await run(argv);
  for (let lift = liftableFor(result, used); lift; lift = liftableFor(result, used)) {
    used.push(lift.flag);
    if (!asker.canAsk) return result;
    const withFlag = withFlags(argv, lift.flag);
    const probe = await run(withFlags(withFlag, '--dry-run'));
    if (!probe.ok) {
      // A refusal that another flag lifts (--force over an edited file): that flag is asked for instead.
      if (!liftableFor(probe, used)) return result;
      argv = withFlag;
      result = probe;
      continue;
    }
    if (!(await asker.ask(question(result, lift, probe)))) return declined(result, lift.flag);
    argv = withFlag;
    result = await run(argv);
  }
  return result;
}
