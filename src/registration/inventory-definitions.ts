/**
 * The first step of an inventory: what the project defines, read off each kind's definition files
 * (the exports a builder call makes; a file without one is still listed, with a warning).
 */

import { type InventoryReader, keyOf, namesFor, newDefinition } from './inventory-reader.js';
import { type DefinitionLayout, isDefinitionFile } from './layout.js';

/** What the project defines in the layout's definition files. */
export function readDefinitions(reader: InventoryReader, layout: DefinitionLayout): void {
  const files = reader.tree.listFiles(layout.dir).filter((f) => isDefinitionFile(f, layout));
  for (const file of files) readDefinitionsIn(reader, layout, file);
}

/** What one definition file of the layout defines. */
export function readDefinitionsIn(reader: InventoryReader, layout: DefinitionLayout, file: string): void {
  const facts = reader.resolver.factsOf(file);
  const exported = (facts?.exported ?? []).map((e) => ({ exportName: e.exportName, decl: facts!.decls[e.decl]! }));
  const made = exported.filter((e) => e.decl.names[layout.kind]);
  if (made.length === 0) {
    reader.warnings.push(
      exported.length === 0
        ? `${file} exports nothing: it is listed as a ${layout.kind} that is not registered.`
        : `${file}: no export is made by ${layout.builders.map((b) => `${b}(…)`).join(' or ')}; listing its exports without an MCP name.`,
    );
  }
  const entries = made.length > 0 ? made : exported.length > 0 ? exported : [undefined];
  for (const entry of entries) {
    const names = namesFor(entry?.decl, layout);
    const def = newDefinition(layout.kind, names, file, entry?.exportName ?? null);
    reader.definitions.push(def);
    if (entry && !reader.byDecl.has(keyOf(file, entry.decl.start)))
      reader.byDecl.set(keyOf(file, entry.decl.start), def);
  }
}
