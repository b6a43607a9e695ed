/**
 * What an inventory reports: each definition with where it is registered, and each registration
 * that no longer resolves. Its own module so that every reading step can fill it in.
 */

import type { DefinitionLayout } from './layout.js';

/** A layout's kind (`tool`, …), or `service`. */
export type InventoryKind = string;

export const SERVICE_KIND = 'service';

/** The kinds an inventory of `layouts` lists, in the order it lists them. */
export function inventoryKinds(layouts: readonly DefinitionLayout[]): InventoryKind[] {
  return [...layouts.map((l) => l.kind), SERVICE_KIND];
}

/** A service's file: `src/services/<domain>/<domain>-service.ts`. */
export const SERVICE_FILE = /^src\/services\/([^/]+)\/\1-service\.ts$/;

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
}
