/**
 * What the project defines and where each definition is registered: the read-only analysis behind
 * `mcp-scaffold list`. Nothing here writes.
 *
 * Definitions are the exports of definition files (by the suffixes of each kind's layout) made
 * by a builder call (`tool(…)`, `resource(…)`, …): the definitions folders also hold helpers, so
 * a glob is not the list. Services are the files of the service layout the service kind hands
 * down (`src/services/<domain>/<domain>-service.ts`) exporting an `init…` function.
 * Registrations are found the way `add` finds where to register: SiteResolver with
 * `{ all: true }` over registrationTargets (every group, branch and entry point), then each entry
 * of every site is followed through the module graph (barrels, aliases, re-export chains,
 * `export *`) to the declaration it names. Entries and definitions are matched by declaration,
 * not by name. An import that no longer resolves is "dangling"; a layout it cannot follow is
 * UNSUPPORTED_LAYOUT with file and line, never a guess.
 */

import type { Tree } from '../engine/tree.js';
import { readDefinitions } from './inventory-definitions.js';
import { InventoryReader } from './inventory-reader.js';
import { readRegistrations } from './inventory-registrations.js';
import type { Inventory } from './inventory-result.js';
import { readServices, readSetupCalls } from './inventory-services.js';
import type { DefinitionLayout, ServiceLayout } from './layout.js';

export { placeholdersOf } from './inventory-placeholders.js';
export {
  type DanglingReason,
  type DanglingRegistration,
  type Inventory,
  type InventoryDefinition,
  type InventoryKind,
  inventoryKinds,
  type Location,
} from './inventory-result.js';

export interface InventoryOptions {
  /** List services too, laid out as this says, and the `init…()` calls in setup() that register them. */
  services?: ServiceLayout;
}

/**
 * Every definition of the `layouts` (and, with `services`, every service) the project has, where
 * each is registered, and the registrations that no longer resolve.
 */
export function inventory(tree: Tree, layouts: readonly DefinitionLayout[], options: InventoryOptions = {}): Inventory {
  const { services } = options;
  const reader = new InventoryReader(tree, layouts, services);
  for (const layout of layouts) readDefinitions(reader, layout);
  if (services) readServices(reader, services);
  for (const layout of layouts) readRegistrations(reader, layout);
  if (services) readSetupCalls(reader, services);
  reader.assertFollowed();
  return reader.result();
}
