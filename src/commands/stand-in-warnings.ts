/**
 * The warnings an `add` gives for what it wrote that is not yet the user's own: each string that
 * starts with `TODO:` and each `// STAND-IN:` comment new in a file it created or changed, with
 * the file and line, so that `add --json` says what devcheck and `list` will keep reporting.
 */

import type { FileChange } from '../engine/tree.js';
import { placeholdersIn } from '../text/placeholders.js';

/** Where a marked line is reported from: the project's TypeScript sources. */
const SOURCE = /^src\/.*\.ts$/;

export function standInWarnings(changes: readonly FileChange[]): string[] {
  return changes.flatMap((c) => {
    if (c.action === 'delete' || !SOURCE.test(c.path)) return [];
    // Marked lines the file already had are not this run's: each text counts once per earlier line.
    const before = new Map<string, number>();
    for (const p of c.before === undefined ? [] : placeholdersIn(c.before))
      before.set(p.text, (before.get(p.text) ?? 0) + 1);
    return placeholdersIn(c.after).flatMap((p) => {
      const earlier = before.get(p.text) ?? 0;
      if (earlier > 0) {
        before.set(p.text, earlier - 1);
        return [];
      }
      return [`${c.path}:${p.line}: ${p.text} (still to replace: devcheck --strict fails until it is real)`];
    });
  });
}
