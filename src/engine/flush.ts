/**
 * Writes a checked changeset to disk, all of it or none of it, even across a crash: a folder that
 * does not exist yet is made whole in one rename (new-folder.ts), an existing project is written
 * under its lock with a journal (journaled-flush.ts). The journal's modules, and the schemas that
 * check a journal read back, are loaded only by a run that writes into an existing folder or finds
 * one to recover: a new server's init needs none of them.
 */

import { existsSync } from 'node:fs';
import type { FileChange } from './changes.js';
import { strikeAt } from './durable.js';
import { flushNewFolder, removeStaleTempFolders } from './new-folder.js';
import { markWriting, markWritten } from './run-state.js';
import { withSignalsHeld } from './signals.js';

export { flushFaults } from './durable.js';
export { PlanOutdatedError } from './errors.js';

/**
 * Writes `changes` under `root` (made when missing, as for `init`, and removed again if nothing
 * could be written); the warnings to say (an earlier interrupted run that was undone).
 */
export async function flush(root: string, changes: readonly FileChange[]): Promise<string[]> {
  if (changes.length === 0) return [];
  strikeAt('before', 'flush', root);
  // A stop signal already sent is taken now, while nothing is written, not in the middle.
  await new Promise((resolve) => setImmediate(resolve));
  if (!existsSync(root) && changes.every((c) => c.action === 'create')) {
    const warnings = removeStaleTempFolders(root);
    await withSignalsHeld(async () => {
      markWriting();
      await flushNewFolder(root, changes);
      markWritten();
    });
    return warnings;
  }
  const { flushJournaled } = await import('./journaled-flush.js');
  return flushJournaled(root, changes);
}

/**
 * Undoes an interrupted flush left in `root`, before a command plans over it; the warnings to say
 * (recovery.ts). Where there is no folder yet there is no journal, only temp folders of runs that
 * were making it.
 */
export async function recoverInterruptedFlush(root: string, opts: { dryRun?: boolean } = {}): Promise<string[]> {
  if (!existsSync(root)) return removeStaleTempFolders(root, opts);
  const recovery = await import('./recovery.js');
  return recovery.recoverInterruptedFlush(root, opts);
}
