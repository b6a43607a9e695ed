/**
 * What `list` says about placeholder text (strings mcp-scaffold invented, still starting with
 * the `TODO:` mark) in each definition: per definition in --json, one line each in the table.
 */

import pc from '../engine/colors.js';
import { type Inventory, type InventoryDefinition, placeholdersOf } from '../registration/inventory.js';
import type { ServiceLayout } from '../registration/layout.js';

export type WithPlaceholders = InventoryDefinition & { placeholders: { line: number; text: string }[] };

/** Each definition with the placeholder strings of its file (services have none to report). */
export function withPlaceholders<D extends InventoryDefinition>(
  inv: Inventory,
  defs: D[],
  services: ServiceLayout | undefined,
): (D & { placeholders: { line: number; text: string }[] })[] {
  return defs.map((d) => ({ ...d, placeholders: d.kind === services?.kind ? [] : placeholdersOf(inv, d.file) }));
}

/** One line per placeholder, under the kind's table. */
export function placeholderLines(defs: InventoryDefinition[]): string[] {
  return (defs as WithPlaceholders[]).flatMap((d) =>
    (d.placeholders ?? []).map(
      (p) => `  ${pc.yellow('placeholder')} ${d.name ?? d.file} at ${d.file}:${p.line}: ${clip(p.text)}`,
    ),
  );
}

function clip(text: string, width = 80): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}
