/**
 * What every step of an inventory's reading writes into: the definitions found (by declaration,
 * so that a registration is matched to what it names, not to a name), the registrations recorded
 * against them, and the warnings and problems met on the way.
 */

import { type ErrorDetail, ScaffoldError } from '../engine/errors.js';
import type { Tree } from '../engine/tree.js';
import { startLine, type TsMorph } from '../ts/ts-morph.js';
import { type DefinitionNames, definitionNames } from './definitions.js';
import type { DeclFacts } from './file-facts.js';
import { rememberPlaceholders } from './inventory-placeholders.js';
import { InventoryResolver } from './inventory-resolver.js';
import {
  type DanglingRegistration,
  type Inventory,
  type InventoryDefinition,
  type InventoryKind,
  inventoryKinds,
  type Location,
} from './inventory-result.js';
import type { Trace, Tracer } from './inventory-trace.js';
import { type DefinitionLayout, isServiceLayout, type Lister, type ServiceLayout } from './layout.js';

type Node = TsMorph.Node;

/** The key of a declaration: its file and where it starts. */
export const keyOf = (file: string, start: number) => `${file}@${start}`;

/** Where an entry that registers something is, for `record`. */
export interface EntrySite {
  file: string;
  node: Node;
  name: string;
  specifier: string | null;
}

/** Collects definitions, registrations, warnings and problems, one reading step at a time. */
export class InventoryReader {
  readonly resolver: InventoryResolver;
  readonly warnings: string[] = [];
  readonly problems: ErrorDetail[] = [];
  readonly dangling: DanglingRegistration[] = [];
  readonly definitions: InventoryDefinition[] = [];
  /** Declaration key (keyOf) → its definition, for matching registrations. */
  readonly byDecl = new Map<string, InventoryDefinition>();
  /** Whether an array of definitions lists a service's export: read without services, it would be a definition. */
  servicesListed = false;

  constructor(
    readonly tree: Tree,
    readonly layouts: readonly DefinitionLayout[],
    /** The services' layout, when services are listed too. */
    readonly services: ServiceLayout | undefined,
  ) {
    this.resolver = new InventoryResolver(tree, layouts, services);
  }

  get tracer(): Tracer {
    return this.resolver.tracer;
  }

  problem(file: string, line: number, message: string): void {
    this.problems.push({ path: file, line, message });
  }

  /** Records that the entry at `site` registers what `resolved` (a traced definition) is. */
  record(lister: Lister, site: EntrySite, resolved: Trace): void {
    const kind = lister.kind;
    const at = { path: site.file, line: startLine(site.node) };
    switch (resolved.type) {
      case 'dangling': {
        const { reason, message } = resolved;
        this.dangling.push({ kind, ...at, name: site.name, specifier: site.specifier, reason, message });
        return;
      }
      case 'external':
        this.warnings.push(
          `${at.path}:${at.line}: \`${site.name}\` comes from the package '${resolved.specifier}', not from a file of this project.`,
        );
        return;
      case 'unsupported':
        this.problem(resolved.file, resolved.line, resolved.message);
        return;
      case 'found': {
        const def =
          this.byDecl.get(keyOf(resolved.file, resolved.decl.start)) ?? this.definedElsewhere(lister, resolved);
        if (def) this.registerAt(def, kind, at);
      }
    }
  }

  /** A definition found outside the definition files: listed, with a warning. Not for services. */
  private definedElsewhere(
    lister: Lister,
    { file, decl }: Extract<Trace, { type: 'found' }>,
  ): InventoryDefinition | undefined {
    if (isServiceLayout(lister)) return undefined; // an init…() that is not a service's: none of ours
    const def = newDefinition(lister.kind, namesFor(decl, lister), file, decl.name ?? null);
    this.warnings.push(
      `${file}:${decl.line}: the ${lister.kind} \`${def.exportName}\` is defined outside a ${lister.suffixes.join('/')} file.`,
    );
    this.definitions.push(def);
    this.byDecl.set(keyOf(file, decl.start), def);
    return def;
  }

  private registerAt(def: InventoryDefinition, kind: InventoryKind, at: Location): void {
    if (def.kind !== kind) {
      if (this.services?.kind === def.kind) this.servicesListed = true;
      this.warnings.push(
        `${at.path}:${at.line}: the ${def.kind} \`${def.exportName}\` (${def.file}) is listed among the ${kind}s.`,
      );
      return;
    }
    if (def.registeredAt.some((r) => r.path === at.path && r.line === at.line)) return;
    // Listed in two entry points (index.ts and worker.ts) is normal; twice in one file is not.
    const first = def.registeredAt.find((r) => r.path === at.path);
    if (first) {
      this.warnings.push(
        `${at.path}:${at.line}: \`${def.exportName}\` is registered again (first at ${first.path}:${first.line}).`,
      );
    }
    def.registered = true;
    def.registeredAt.push(at);
  }

  /** UNSUPPORTED_LAYOUT naming every place that could not be followed, if any. */
  assertFollowed(): void {
    if (this.problems.length === 0) return;
    // The same refusal comes once per kind (tools, resources, prompts all start at the app call).
    const problems = [...new Map(this.problems.map((p) => [`${p.path}:${p.line}:${p.message}`, p])).values()];
    const where = (p: ErrorDetail) => `${p.path}${p.line ? `:${p.line}` : ''}`;
    throw new ScaffoldError(
      'UNSUPPORTED_LAYOUT',
      problems.length === 1
        ? `${where(problems[0]!)}: ${problems[0]!.message}`
        : `${problems.length} places cannot be followed:\n${problems.map((p) => `  ${where(p)}: ${p.message}`).join('\n')}`,
      {
        hint: 'list reports only what it can follow with certainty; report this layout so mcp-scaffold learns it.',
        details: problems,
      },
    );
  }

  /** The result, by kind in the layouts' order, then by file; definitions of one file in source order. */
  result(): Inventory {
    const kinds = inventoryKinds(this.layouts, this.services);
    const order = (k: InventoryKind) => kinds.indexOf(k);
    const { definitions, dangling, warnings } = this;
    definitions.sort((a, b) => order(a.kind) - order(b.kind) || cmp(a.file, b.file));
    dangling.sort((a, b) => order(a.kind) - order(b.kind) || cmp(a.path, b.path) || a.line - b.line);
    for (const d of definitions) d.registeredAt.sort((a, b) => cmp(a.path, b.path) || a.line - b.line);
    const inv: Inventory = {
      definitions,
      dangling,
      warnings,
      ...(this.servicesListed ? { servicesListed: true } : {}),
    };
    rememberPlaceholders(inv, (file) => this.resolver.factsOf(file)?.placeholders ?? []);
    return inv;
  }
}

/** The MCP names of a definition the layout's builder makes; nulls where it is not one. */
export function namesFor(decl: DeclFacts | undefined, layout: DefinitionLayout): DefinitionNames {
  return decl?.names[layout.kind] ?? definitionNames(undefined, layout);
}

/** A definition entry, keys in the order the JSON reads best; `uri` only where the kind has one. */
export function newDefinition(
  kind: InventoryKind,
  names: DefinitionNames,
  file: string,
  exportName: string | null,
): InventoryDefinition {
  return {
    kind,
    name: names.name,
    file,
    exportName,
    ...('uri' in names ? { uri: names.uri ?? null } : {}),
    registered: false,
    registeredAt: [],
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
