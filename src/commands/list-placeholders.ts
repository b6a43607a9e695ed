/**
 * What `list` says about what is still to be replaced in each definition and service: strings
 * mcp-scaffold invented (still starting with the `TODO:` mark) and code that stands in for
 * behaviour (under a `// STAND-IN:` comment). Per definition in --json (`placeholders`), one line
 * each in the table.
 */

import pc from '../engine/colors.js';
import { shown } from '../engine/shown-text.js';
import { type Inventory, type InventoryDefinition, placeholdersOf } from '../registration/inventory.js';
import { isStandInLine } from '../text/placeholders.js';

type Placeholder = { line: number; text: string };
export type WithPlaceholders = InventoryDefinition & { placeholders: Placeholder[] };

/** Each definition, and each service, with the marked lines of its file. */
export function withPlaceholders<D extends InventoryDefinition>(
  inv: Inventory,
  defs: D[],
): (D & { placeholders: Placeholder[] })[] {
  return defs.map((d) => ({ ...d, placeholders: placeholdersOf(inv, d.file) }));
}

/** One line per marked line, under the kind's table. */
export function placeholderLines(defs: InventoryDefinition[]): string[] {
  return (defs as WithPlaceholders[]).flatMap((d) =>
    (d.placeholders ?? []).map((p) => {
      const label = isStandInLine(p.text) ? 'stand-in' : 'placeholder';
      return `  ${pc.yellow(label)} ${shown(`${d.name ?? d.file} at ${d.file}:${p.line}: ${clip(p.text)}`)}`;
    }),
  );
}

/** How many marked lines the definitions hold, for the line under the tables. */
export function placeholderCount(defs: InventoryDefinition[]): number {
  return (defs as WithPlaceholders[]).reduce((n, d) => n + (d.placeholders?.length ?? 0), 0);
}

function clip(text: string, width = 80): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}
