/**
 * What an inventory reports: each definition with where it is registered, and each registration
 * that no longer resolves. Its own module so that every reading step can fill it in.
 */

import type { DefinitionLayout, ServiceLayout } from './layout.js';

/** A layout's kind (`tool`, …), or the service layout's (`service`). */
export type InventoryKind = string;

/** The kinds an inventory of `layouts` and `services` lists, in the order it lists them. */
export function inventoryKinds(layouts: readonly DefinitionLayout[], services?: ServiceLayout): InventoryKind[] {
  return [...layouts.map((l) => l.kind), ...(services ? [services.kind] : [])];
}

export interface Location {
  path: string;
  line: number;
}

export interface InventoryDefinition {
  kind: InventoryKind;
  /** The MCP name (a resource's `name:`); a service's domain. Null where it is not a literal. */
  name: string | null;
  file: string;
  /** The export the project registers (a service's `init…` function). */
  exportName: string | null;
  /** A resource's URI template. */
  uri?: string | null;
  registered: boolean;
  /** The array entries (a service's `init…` calls) that register it. */
  registeredAt: Location[];
}

export type DanglingReason = 'missing-file' | 'missing-export' | 'missing-import';

export interface DanglingRegistration {
  kind: InventoryKind;
  /** Where the registration is: the array entry (or `init…` call). */
  path: string;
  line: number;
  /** The identifier registered there. */
  name: string;
  /** The module it is imported from in that file; null when it is not imported at all. */
  specifier: string | null;
  reason: DanglingReason;
  message: string;
}

export interface Inventory {
  definitions: InventoryDefinition[];
  dangling: DanglingRegistration[];
  warnings: string[];
  /** Set where an array of definitions lists a service's export (listed without services, it is a definition). */
  servicesListed?: true;
}
