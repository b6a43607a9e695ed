/**
 * Imports and re-exports made present, idempotently, where Biome's organizeImports puts them; the
 * path style (`./…` or `@/…`) a file already uses; what a local name is imported as. Computed from
 * a file's text and its facts (module-facts.ts), so remembered facts serve as well as a parse;
 * the functions taking a ts-morph file are the same over its facts.
 */

import { DEFAULT_LINE_WIDTH } from '../text/string-literal.js';
import { compareImportSources } from './import-order.js';
import { type ModuleFacts, type ModuleStatement, moduleFacts, type NamedFact } from './module-facts.js';
import {
  endsWithLineBreak,
  eolOf,
  indentAt,
  indentUnitOf,
  lineEnd,
  lineStart,
  restOfLine,
  spansLines,
  type TextEdit,
} from './text-edits.js';
import { type TsMorph, wrap } from './ts-morph.js';

/** A file's text with its facts: all that an edit of its imports reads. */
export interface KnownFile {
  text: string;
  facts: ModuleFacts;
}

/** The file of a parse, as an edit reads it. */
export function known(sf: TsMorph.SourceFile): KnownFile {
  return { text: sf.getFullText(), facts: moduleFacts(sf) };
}

/** An `export … from` statement: an export that names a module. */
const isReExport = (s: ModuleStatement) => s.kind === 'export' && s.specifier !== undefined;

/**
 * Runs of consecutive imports (or of consecutive `export … from` statements): Biome sorts within
 * such a run, blank lines included, and keeps imports and re-exports apart.
 */
function chunks(facts: ModuleFacts, kind: 'import' | 'export'): ModuleStatement[][] {
  const out: ModuleStatement[][] = [];
  let current: ModuleStatement[] = [];
  for (const s of facts.statements) {
    if (!(kind === 'import' ? s.kind === 'import' : isReExport(s))) continue;
    if (current.length > 0 && current.at(-1)!.index !== s.index - 1) {
      out.push(current);
      current = [];
    }
    current.push(s);
  }
  if (current.length > 0) out.push(current);
  return out;
}

const imports = (facts: ModuleFacts) => facts.statements.filter((s) => s.kind === 'import');
const specifierText = (s: ModuleStatement): string => s.specifier ?? '';

/** How the file refers to files under src/: `./`-relative or via the `@/` alias. */
export function pathStyleIn(facts: ModuleFacts): 'relative' | 'alias' | undefined {
  let relative = 0;
  let alias = 0;
  for (const d of imports(facts)) {
    const s = specifierText(d);
    if (s.startsWith('@/')) alias++;
    else if (s.startsWith('.')) relative++;
  }
  if (relative === 0 && alias === 0) return undefined;
  return alias > relative ? 'alias' : 'relative';
}

export function pathStyleOf(sf: TsMorph.SourceFile): 'relative' | 'alias' | undefined {
  return pathStyleIn(moduleFacts(sf));
}

/** What one local name is bound to by an import of the file. */
export interface ImportBinding {
  statement: ModuleStatement;
  /** For `import { name as local }`: the imported name; undefined for default and namespace imports. */
  imported: string | undefined;
}

/**
 * Every local name the file's imports bind, built once per facts: registration looks names up
 * once per array element and `list` once per entry, which over a thousand imports made a linear
 * scan per lookup the bulk of the run.
 */
const bindingsByFacts = new WeakMap<ModuleFacts, Map<string, ImportBinding>>();

export function bindingsIn(facts: ModuleFacts): Map<string, ImportBinding> {
  let map = bindingsByFacts.get(facts);
  if (map) return map;
  map = new Map();
  for (const statement of imports(facts)) {
    const add = (local: string | undefined, imported: string | undefined) => {
      // The first import binding a name wins, as a scan in order finds it.
      if (local !== undefined && !map!.has(local)) map!.set(local, { statement, imported });
    };
    add(statement.defaultName, undefined);
    add(statement.namespaceName, undefined);
    for (const n of statement.named ?? []) add(n.local, n.name);
  }
  bindingsByFacts.set(facts, map);
  return map;
}

/**
 * What `local` is bound to by the file's imports, as bindingsIn finds it, by one scan: a single
 * lookup (an `add` asks whether its one new name is free) costs less than building the map.
 */
export function importBindingIn(facts: ModuleFacts, local: string): ImportBinding | undefined {
  for (const statement of facts.statements) {
    if (statement.kind !== 'import') continue;
    if (statement.defaultName === local || statement.namespaceName === local) return { statement, imported: undefined };
    const named = statement.named?.find((n) => n.local === local);
    if (named) return { statement, imported: named.name };
  }
  return undefined;
}

export function hasNamedImportIn(facts: ModuleFacts, name: string, specifier: string): boolean {
  return imports(facts).some((d) => d.specifier === specifier && (d.named ?? []).some((n) => n.local === name));
}

export function hasNamedImport(sf: TsMorph.SourceFile, name: string, specifier: string): boolean {
  return hasNamedImportIn(moduleFacts(sf), name, specifier);
}

/** ts-morph's node for one of the file's import statements. */
function importNode(sf: TsMorph.SourceFile, statement: ModuleStatement): TsMorph.ImportDeclaration {
  return wrap(sf, sf.compilerNode.statements[statement.index]!);
}

/** Any import, of any module, that binds `name` in this file. */
export function importedBinding(sf: TsMorph.SourceFile, name: string): TsMorph.ImportDeclaration | undefined {
  const binding = bindingsIn(moduleFacts(sf)).get(name);
  return binding ? importNode(sf, binding.statement) : undefined;
}

/** The named import that binds `local` here (`import { name as local }`): its imported name and module. */
export function namedImport(
  sf: TsMorph.SourceFile,
  local: string,
): { name: string; specifier: string; node: TsMorph.ImportDeclaration } | undefined {
  const binding = bindingsIn(moduleFacts(sf)).get(local);
  if (binding?.imported === undefined) return undefined;
  return {
    name: binding.imported,
    specifier: specifierText(binding.statement),
    node: importNode(sf, binding.statement),
  };
}

/**
 * Adds `name` into the braces of an existing `import { … }` / `export { … }`, in Biome's order.
 * Braces laid out one name per line stay that way.
 */
export function namedListEdits(
  source: string,
  decl: ModuleStatement,
  name: string,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  const named: NamedFact[] = decl.named ?? [];
  const eol = eolOf(source);
  const textOf = (n: NamedFact) => source.slice(n.start, n.end);
  const adds = (offset: number, at: number) => ({ type: 'named', statement: decl.index, name, offset, at }) as const;
  if (named.length === 0) {
    const open = source.indexOf('{', decl.start);
    const close = source.indexOf('}', open);
    return [{ pos: open + 1, end: close, text: ` ${name} ` }];
  }
  const after = [...named].reverse().find((n) => compareImportSources(n.name, name) < 0);
  const at = after ? named.indexOf(after) + 1 : 0;
  const multiline = spansLines(source.slice(decl.start, named[0]!.start));
  if (!multiline) {
    // A one-line list that the new name pushes past the line width: Biome lays it out one name
    // per line with a trailing comma (it did not before, and `biome check` then failed on it).
    const open = source.indexOf('{', decl.start);
    const close = source.indexOf('}', named[named.length - 1]!.end);
    const inner = source.slice(open + 1, close);
    const grown = lineEnd(source, decl.end) - lineStart(source, decl.start) + name.length + 2;
    if (grown > lineWidth && !/\/\/|\/\*/.test(inner)) {
      const texts = named.map(textOf);
      texts.splice(at, 0, name);
      const indent = indentAt(source, decl.start);
      const unit = indentUnitOf(source);
      return [
        {
          pos: open + 1,
          end: close,
          text: `${eol}${texts.map((t) => `${indent}${unit}${t},${eol}`).join('')}${indent}`,
        },
      ];
    }
  }
  if (multiline) {
    if (!after) {
      const first = named[0]!;
      const indent = indentAt(source, first.start);
      return [{ pos: lineStart(source, first.start), text: `${indent}${name},${eol}`, adds: adds(indent.length, 0) }];
    }
    const rest = restOfLine(source, after.end);
    if (rest) {
      const isLast = after === named[named.length - 1];
      const indent = indentAt(source, after.start);
      const edits: TextEdit[] = [
        {
          pos: rest.end,
          text: `${eol}${indent}${name}${rest.comma || !isLast ? ',' : ''}`,
          adds: adds(eol.length + indent.length, at),
        },
      ];
      if (!rest.comma) edits.unshift({ pos: after.end, text: ',', adds: { type: 'none' } });
      return edits;
    }
  }
  return after
    ? [{ pos: after.end, text: `, ${name}`, adds: adds(2, at) }]
    : [{ pos: named[0]!.start, text: `${name}, `, adds: adds(0, 0) }];
}

/** A new `import { name }`/`export { name } from` statement, in the chunk of its kind where Biome sorts it. */
function placeStatement(
  { text: source, facts }: KnownFile,
  kind: 'import' | 'export',
  specifier: string,
  name: string,
): TextEdit[] {
  const eol = eolOf(source);
  const q = quoteIn(facts);
  const statement = `${kind} { ${name} } from ${q}${specifier}${q};`;
  const adds = (offset: number, index: number) =>
    ({ type: 'statement', kind, specifier, quote: q, name, offset, index }) as const;
  const all = chunks(facts, kind);
  if (all.length === 0) {
    if (kind === 'export') {
      // First re-export: its own chunk after the imports (Biome keeps a blank line between).
      const lastImport = chunks(facts, 'import').at(-1)?.at(-1);
      if (lastImport) return [{ pos: lineEnd(source, lastImport.end), text: `${eol}${eol}${statement}` }];
    }
    // No imports yet: the new one goes before the first statement, after any header comment.
    if (facts.firstOwnStart === undefined)
      return [
        { pos: source.length, text: `${source === '' || endsWithLineBreak(source) ? '' : eol}${statement}${eol}` },
      ];
    return [{ pos: facts.firstOwnStart, text: `${statement}${eol}${eol}` }];
  }
  // Join the chunk that already holds statements of the same path style, else the last chunk.
  const sameKind = (d: ModuleStatement) => specifierText(d).startsWith(specifier.startsWith('@/') ? '@/' : '.');
  const chunk = [...all].reverse().find((c) => c.some(sameKind)) ?? all[all.length - 1]!;
  const next = chunk.find((d) => compareImportSources(specifierText(d), specifier) > 0);
  if (next) return [{ pos: next.ownStart, text: `${statement}${eol}`, adds: adds(0, next.index) }];
  const last = chunk[chunk.length - 1]!;
  return [{ pos: lineEnd(source, last.end), text: `${eol}${statement}`, adds: adds(eol.length, last.index + 1) }];
}

/** The quote the file's module specifiers are written with: its first import's, else its first re-export's. */
function quoteIn(facts: ModuleFacts): string {
  const first = imports(facts)[0] ?? facts.statements.find((d) => d.quote !== undefined);
  return first?.quote ?? "'";
}

/** `import { name } from 'specifier'` made present: into the braces of an import of it, else a new import. */
export function importEdits(
  file: KnownFile,
  name: string,
  specifier: string,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  if (hasNamedImportIn(file.facts, name, specifier)) return [];
  const found = imports(file.facts).find((d) => d.specifier === specifier && !d.typeOnly && (d.named ?? []).length > 0);
  if (found) return namedListEdits(file.text, found, name, lineWidth);
  return placeStatement(file, 'import', specifier, name);
}

export function ensureNamedImport(
  sf: TsMorph.SourceFile,
  name: string,
  specifier: string,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  return importEdits(known(sf), name, specifier, lineWidth);
}

/** The names a file re-exports from other modules, with the module each comes from. */
export function reExportsIn(facts: ModuleFacts): { name: string; specifier: string }[] {
  return facts.statements
    .filter((d) => isReExport(d) && !d.typeOnly)
    .flatMap((d) => (d.named ?? []).map((e) => ({ name: e.local, specifier: d.specifier! })));
}

/** `export { name } from 'specifier'` made present: into the braces of a re-export of it, else a new one. */
export function reExportEdits(
  file: KnownFile,
  name: string,
  specifier: string,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  if (reExportsIn(file.facts).some((r) => r.name === name && r.specifier === specifier)) return [];
  const found = file.facts.statements.find(
    (d) => d.kind === 'export' && d.specifier === specifier && !d.typeOnly && d.named !== undefined,
  );
  if (found) return namedListEdits(file.text, found, name, lineWidth);
  return placeStatement(file, 'export', specifier, name);
}

/**
 * A local `export { a, b };` list that names any of `members`: it must stay complete. The members
 * are asked for only when the file has such a list (a thousand of them, spelled for nothing).
 */
export function localExportListIn(facts: ModuleFacts, members: () => readonly string[]): ModuleStatement | undefined {
  const lists = facts.statements.filter((d) => d.kind === 'export' && d.specifier === undefined && d.named);
  if (lists.length === 0) return undefined;
  const names = new Set(members());
  return lists.find((d) => d.named!.some((e) => names.has(e.name)));
}
