/**
 * What `remove`, `rename` and `add test` ask of the inventory: each definition (kind, MCP name,
 * file, export) and each registration that no longer resolves. Remembered between runs as a
 * reading of the project (engine/project-cache.ts): a command that finds the project as it was
 * reads no entry point. A removal or rename whose every reference was followed on facts (its
 * plan says so) derives the definitions of the project it leaves from those it found
 * (`definitionsAfter`), and the next command finds those in turn.
 */

import { ProjectCache, type Reading } from '../engine/project-cache.js';
import type { Tree } from '../engine/tree.js';
import { inventory } from './inventory.js';
import { readDefinitionsIn } from './inventory-definitions.js';
import { InventoryReader } from './inventory-reader.js';
import { type DanglingRegistration, type InventoryDefinition, inventoryKinds } from './inventory-result.js';
import { readServiceIn } from './inventory-services.js';
import { type DefinitionLayout, isDefinitionFile, type ServiceLayout, serviceDomainOf } from './layout.js';

/** A definition as the inventory lists it, without where it is registered. */
export type FoundDefinition = Omit<InventoryDefinition, 'registered' | 'registeredAt'>;

export interface FoundDefinitions {
  definitions: FoundDefinition[];
  dangling: DanglingRegistration[];
  /** Set where an array of definitions lists a service's export. */
  servicesListed?: true;
}

const strip = ({ registered: _, registeredAt: __, ...d }: InventoryDefinition): FoundDefinition => d;

function readFound(
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  services: ServiceLayout | undefined,
): FoundDefinitions {
  const inv = inventory(tree, layouts, services ? { services } : {});
  const found: FoundDefinitions = { definitions: inv.definitions.map(strip), dangling: inv.dangling };
  if (inv.servicesListed) found.servicesListed = true;
  return found;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const nameOrNull = (v: unknown) => v === null || typeof v === 'string';

/** A remembered reading's outline: what made it is checked by what it was read from. */
function isFound(v: unknown): v is FoundDefinitions {
  return (
    isObject(v) &&
    Array.isArray(v.dangling) &&
    Array.isArray(v.definitions) &&
    v.definitions.every(
      (d: unknown) =>
        isObject(d) &&
        typeof d.kind === 'string' &&
        typeof d.file === 'string' &&
        nameOrNull(d.name) &&
        nameOrNull(d.exportName),
    )
  );
}

/**
 * The definitions of the `layouts` (and, with `services`, the services) the project of the tree
 * has: remembered between runs where the tree is the project's folder and the plan has changed
 * nothing yet; else read now.
 */
export function foundDefinitions(
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  services: ServiceLayout | undefined,
): Reading<FoundDefinitions> {
  const cache = ProjectCache.of(tree);
  if (!cache || tree.plannedPaths().length > 0) return { result: readFound(tree, layouts, services) };
  const key = `definitions:${JSON.stringify({ layouts, services: services ?? null })}`;
  return cache.reading(key, (disk) => readFound(disk, layouts, services), isFound, tree);
}

/**
 * The definitions of the layouts alone, as an inventory without services lists them, from those
 * found with `services`: the same but for the services, unless an array of definitions lists a
 * service's export (without services, that is a definition of the array's kind). Read then.
 */
export function withoutServices(
  found: FoundDefinitions,
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  services: ServiceLayout | undefined,
): FoundDefinition[] {
  if (!services) return found.definitions;
  if (found.servicesListed) return readFound(tree, layouts, undefined).definitions;
  return found.definitions.filter((d) => d.kind !== services.kind);
}

/** Whether the definition is one its file makes by being where it is: a definition file of its kind, a service's file. */
function isFileDefinition(
  d: FoundDefinition,
  layouts: readonly DefinitionLayout[],
  services: ServiceLayout | undefined,
): boolean {
  const layout = layouts.find((l) => l.kind === d.kind);
  if (layout) return d.file.startsWith(`${layout.dir}/`) && isDefinitionFile(d.file, layout);
  return services?.kind === d.kind && serviceDomainOf(services, d.file) !== undefined;
}

/** A file directly in src/ may be an entry point (entry-point.ts). */
const mayBeEntryPoint = (file: string) => /^src\/[^/]+\.[cm]?ts$/.test(file);

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The definitions once the plan in `tree` is flushed, from those found before it, where the plan
 * changed `paths` (files written, created or deleted) and followed every reference to what it
 * moved or took out on facts, so that no registration is left dangling: the definitions of those
 * files go, and the definition and service files it writes are read again. Undefined where that
 * does not hold: a registration dangled already or lists a service, a changed file holds definitions of another sort
 * (defined outside a definition file, or inline in an array), or a file made or taken out may be
 * an entry point.
 */
export function definitionsAfter(
  before: FoundDefinitions,
  tree: Tree,
  layouts: readonly DefinitionLayout[],
  services: ServiceLayout | undefined,
  paths: readonly string[],
  /** What a file the plan writes defines, where the plan can tell without it being read. */
  told: (file: string) => FoundDefinition[] | undefined = () => undefined,
): FoundDefinitions | undefined {
  const changed = new Set(paths);
  const isThere = (p: string) => tree.host.isFile?.(p) ?? tree.host.read(p) !== undefined;
  // A file made or taken out directly in src/ may add or take away an entry point.
  const madeOrGone = paths.filter((p) => tree.read(p) === undefined || !isThere(p));
  if (before.dangling.length > 0 || before.servicesListed || madeOrGone.some(mayBeEntryPoint)) return undefined;
  const gone = before.definitions.filter((d) => changed.has(d.file));
  if (gone.some((d) => !isFileDefinition(d, layouts, services))) return undefined;
  const reader = new InventoryReader(tree, layouts, services);
  const toldOf: FoundDefinition[] = [];
  for (const file of [...changed].sort()) {
    if (tree.read(file) === undefined) continue;
    const given = told(file);
    if (given) {
      toldOf.push(...given);
      continue;
    }
    for (const layout of layouts) {
      if (file.startsWith(`${layout.dir}/`) && isDefinitionFile(file, layout)) readDefinitionsIn(reader, layout, file);
    }
    if (services) readServiceIn(reader, services, file);
  }
  const kinds = inventoryKinds(layouts, services);
  const definitions = [
    ...before.definitions.filter((d) => !changed.has(d.file)),
    ...reader.definitions.map(strip),
    ...toldOf,
  ];
  // The inventory's order: by kind, then by file; one file's definitions in source order.
  definitions.sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || cmp(a.file, b.file));
  return { definitions, dangling: [] };
}
