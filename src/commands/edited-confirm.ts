/**
 * A plan that `--force` cannot carry out without discarding edits (every problem it has is
 * EDITED_SINCE_GENERATED) is put to a person at a terminal: the lines that would go are shown,
 * and a yes plans again with the edits discarded. Without a terminal, under --json or --yes, and
 * on a dry run, nothing is asked and the refusal stands, naming the file and the lines.
 */

import { ScaffoldError } from '../engine/errors.js';
import { canPrompt, type GlobalOptions } from '../engine/options.js';
import type { Reporter } from '../engine/reporter.js';
import type { Planned } from './pipeline.js';

/** Only a refusal to discard edits, which a person may lift. */
function onlyEdits(planned: Planned): boolean {
  const { problems } = planned.result;
  return problems.length > 0 && problems.every((p) => p.code === 'EDITED_SINCE_GENERATED');
}

function showEdits(planned: Planned, reporter: Reporter): void {
  for (const p of planned.result.problems) {
    reporter.logStream.write(`${p.path} was edited since mcp-scaffold wrote it; --force would discard:\n`);
    for (const d of p.details ?? [])
      reporter.logStream.write(`  ${d.line}: ${d.message.replace(/^would discard: /, '')}\n`);
  }
}

/**
 * `plan` made with edits kept, unless they are all the plan refuses and a person at a terminal
 * says to discard them (or --overwrite-edited did already).
 */
export function confirmingEdits<P extends Planned>(
  plan: (overwriteEdited: boolean) => Promise<P>,
  global: GlobalOptions,
  reporter: Reporter,
): () => Promise<P> {
  return async () => {
    const overwrite = global.overwriteEdited === true;
    const planned = await plan(overwrite);
    if (overwrite || global.dryRun || !onlyEdits(planned) || !canPrompt(global)) return planned;
    showEdits(planned, reporter);
    const { confirm, isCancel } = await import('@clack/prompts');
    const files = planned.result.problems.length === 1 ? 'the file' : `the ${planned.result.problems.length} files`;
    const answer = await confirm({ message: `Discard these edits and rewrite ${files}?`, initialValue: false });
    if (isCancel(answer) || answer !== true) {
      throw new ScaffoldError('CANCELLED', 'Kept the edits: nothing was written.', {
        hint: 'Choose another name or rename the existing definition to keep both; --force --overwrite-edited discards the edits without asking.',
      });
    }
    return plan(true);
  };
}
