/**
 * What the project already defines, read off the syntax tree: the definitions a file exports,
 * the builder call that makes each (the framework's `tool(…)`, `appResource(…)`, … under whatever
 * name the file imports it as), and the MCP name in it. `add` (collisions, the server prefix,
 * naming habits) and `list` read definitions through these functions, so they agree on what
 * exists.
 */

import { type FactKind, ProjectCache } from '../engine/project-cache.js';
import type { Tree } from '../engine/tree.js';
import { moduleShape } from '../ts/module-graph.js';
import { parseSource, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { unwrap } from '../ts/unwrap.js';
import { frameworkBindings } from './entry-point.js';
import { type DefinitionLayout, isDefinitionFile } from './layout.js';

export type Declaration = TsMorph.VariableDeclaration | TsMorph.FunctionDeclaration;

export interface ExistingDefinition {
  readonly file: string;
  /** The MCP name: a tool's or prompt's first argument, a resource's `name:` option. */
  readonly name: string | undefined;
  /** A resource's URI template (its builder's first argument). */
  readonly uri?: string | undefined;
  /** Every name the file exports. */
  readonly exports: readonly string[];
}

/** The MCP name (and, where the name is an option, the first argument: a URI template). */
export interface DefinitionNames {
  name: string | null;
  uri?: string | null;
}

/** What one definition file defines, as the project cache keeps it: its definitions' names, and every name it exports. */
export interface FileDefinitions {
  /** One entry per definition a builder makes; one without a name for a file that makes none. */
  readonly names: readonly DefinitionNames[];
  readonly exports: readonly string[];
}

/** FileDefinitions of these definitions (none: one without a name) and exports. */
export function packDefinitions(
  layout: DefinitionLayout,
  names: readonly DefinitionNames[],
  exports: readonly string[],
): FileDefinitions {
  const byOption = layout.nameIn === 'name-option';
  const made = names.length > 0 ? names : [{ name: null }];
  return { names: made.map((n) => (byOption ? { name: n.name, uri: n.uri ?? null } : { name: n.name })), exports };
}

const isStringOrNull = (v: unknown) => v === null || typeof v === 'string';

function isFileDefinitions(value: unknown): value is FileDefinitions {
  const v = value as FileDefinitions | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.names) &&
    v.names.length > 0 &&
    v.names.every(
      (n) => typeof n === 'object' && n !== null && isStringOrNull(n.name) && isStringOrNull(n.uri ?? null),
    ) &&
    Array.isArray(v.exports) &&
    v.exports.every((e) => typeof e === 'string')
  );
}

/** The project cache's name for what fileDefinitions reads with this layout. */
export function definitionsKind(layout: DefinitionLayout): FactKind<FileDefinitions> {
  return { key: `definitions:${layout.nameIn}:${layout.builders.join(',')}`, valid: isFileDefinitions };
}

/**
 * The definitions in the layout's definition files: one entry per definition a builder makes,
 * or one without a name for a file that has none (its exports still collide). Every caller of a
 * tree revision gets the same frozen list: copying a thousand entries for each of an `add`'s
 * three questions cost more than reading them.
 */
export function existingDefinitions(tree: Tree, layout: DefinitionLayout): readonly ExistingDefinition[] {
  // One `add` asks several times (server prefix, naming, collisions) before it writes anything:
  // each time a stat of every definition file, and as many lookups.
  let byLayout = foundIn.get(tree);
  if (byLayout?.revision !== tree.revision) {
    byLayout = { revision: tree.revision, found: new Map() };
    foundIn.set(tree, byLayout);
  }
  let found = byLayout.found.get(layout);
  if (!found) {
    found = readDefinitions(tree, layout);
    byLayout.found.set(layout, found);
  }
  return found;
}

/** What existingDefinitions found, per tree, while the tree is at the revision it was found at. */
const foundIn = new WeakMap<Tree, { revision: number; found: Map<DefinitionLayout, readonly ExistingDefinition[]> }>();

function readDefinitions(tree: Tree, layout: DefinitionLayout): readonly ExistingDefinition[] {
  const cache = ProjectCache.of(tree);
  const kind = definitionsKind(layout);
  const found: ExistingDefinition[] = [];
  for (const file of tree.listFiles(layout.dir).filter((f) => isDefinitionFile(f, layout))) {
    const read = (text: string) => fileDefinitions(file, text, layout);
    const text = cache ? undefined : tree.read(file);
    const facts = cache ? cache.facts(tree, file, kind, read) : text === undefined ? undefined : read(text);
    // No such file (gone meanwhile): one definition without a name, no exports.
    const { names, exports: all } = facts ?? packDefinitions(layout, [], []);
    const exports = Object.freeze([...all]);
    for (const { name, uri } of names) {
      found.push(
        Object.freeze({
          file,
          name: name ?? undefined,
          ...(uri !== undefined ? { uri: uri ?? undefined } : {}),
          exports,
        }),
      );
    }
  }
  return Object.freeze(found);
}

/**
 * Tells the project cache what the definition file `file` the generator writes defines: its
 * facts are those the file's parse gives (tests hold them equal for every template), so the run
 * after this one finds it known without parsing it.
 */
export function rememberDefinitions(tree: Tree, layout: DefinitionLayout, file: string, facts: FileDefinitions): void {
  const text = tree.read(file);
  if (text !== undefined) ProjectCache.of(tree)?.expect(file, text, definitionsKind(layout), facts);
}

/** What one definition file defines, read off its syntax tree (the path the cache remembers). */
export function fileDefinitions(file: string, text: string, layout: DefinitionLayout): FileDefinitions {
  // A file that does not parse still has names and exports a collision check must see.
  const sf = parseSource(file, text, { tolerant: true });
  const shape = moduleShape(tsMorph().ts, sf.compilerNode);
  const exports = [
    ...[...shape.declared].flatMap(([name, exported]) => (exported ? [name] : [])),
    ...shape.namedExports.map((e) => e.name),
  ];
  const made = exportedDeclarations(sf).flatMap((e) => {
    const call = builderCall(e.decl, layout.builders);
    return call ? [definitionNames(call, layout)] : [];
  });
  return packDefinitions(layout, made, exports);
}

/** The exported bindings of a file, each with its declaration (local `export { a as b }` lists included). */
export function exportedDeclarations(sf: TsMorph.SourceFile): { exportName: string; decl: Declaration }[] {
  const out: { exportName: string; decl: Declaration }[] = [];
  for (const v of sf.getVariableStatements()) {
    if (v.hasExportKeyword()) for (const d of v.getDeclarations()) out.push({ exportName: d.getName(), decl: d });
  }
  for (const f of sf.getFunctions())
    if (f.hasExportKeyword() && f.getName()) out.push({ exportName: f.getName()!, decl: f });
  for (const ed of sf.getExportDeclarations()) {
    if (ed.getModuleSpecifierValue() !== undefined) continue;
    for (const ne of ed.getNamedExports()) {
      const local = ne.getName();
      const decl = sf.getVariableDeclaration(local) ?? sf.getFunction(local);
      if (decl) out.push({ exportName: ne.getAliasNode()?.getText() ?? local, decl });
    }
  }
  return out;
}

/**
 * The builder call that makes the definition a declaration holds: its value itself, or the first
 * builder call inside it (a wrapped builder). `builders` are the framework's names for them.
 */
export function builderCall(
  decl: Declaration | TsMorph.Node | undefined,
  builders: readonly string[],
): TsMorph.CallExpression | undefined {
  const { Node, SyntaxKind } = tsMorph();
  const expr = decl && Node.isVariableDeclaration(decl) ? decl.getInitializer() : decl;
  if (!expr || Node.isFunctionDeclaration(expr)) return undefined;
  const names = frameworkBindings(expr.getSourceFile(), builders);
  const isBuilder = (n: TsMorph.Node): n is TsMorph.CallExpression =>
    Node.isCallExpression(n) && names.has(n.getExpression().getText().replace(/\s+/g, ''));
  const e = unwrap(expr);
  if (isBuilder(e)) return e;
  return expr.getDescendantsOfKind(SyntaxKind.CallExpression).find(isBuilder);
}

/** The MCP name a builder call gives (and a resource's URI template). */
export function definitionNames(call: TsMorph.CallExpression | undefined, layout: DefinitionLayout): DefinitionNames {
  const byOption = layout.nameIn === 'name-option';
  if (!call) return byOption ? { name: null, uri: null } : { name: null };
  const { Node } = tsMorph();
  const [first, options] = call.getArguments();
  if (!byOption) return { name: stringValue(first) };
  let name: string | null = null;
  if (options && Node.isObjectLiteralExpression(options)) {
    const prop = options.getProperty('name');
    if (prop && Node.isPropertyAssignment(prop)) name = stringValue(prop.getInitializer());
  }
  return { name, uri: stringValue(first) };
}

/** A string literal, or a local const holding one. */
function stringValue(expr: TsMorph.Node | undefined): string | null {
  const { Node } = tsMorph();
  const literal = (e: TsMorph.Node | undefined) =>
    e && (Node.isStringLiteral(e) || Node.isNoSubstitutionTemplateLiteral(e)) ? e.getLiteralValue() : null;
  const e = unwrap(expr);
  if (e && Node.isIdentifier(e))
    return literal(unwrap(e.getSourceFile().getVariableDeclaration(e.getText())?.getInitializer()));
  return literal(e);
}

/**
 * The server prefix the project's tool names share, in whole snake_case words, ignoring the
 * framework's `template_` placeholder names from its starter files. With the package's own prefix
 * (`acme_catalog` for acme-catalog), the longest word prefix the tools and it share wins:
 * acme_catalog_find_items and acme_catalog_get_item give `acme_catalog`, not `acme`. Without it,
 * or when it shares nothing with the tools, the first word they all share.
 */
export function sharedPrefix(names: readonly string[], packagePrefix?: string): string | undefined {
  // Over every tool of a large project: no word list made per name. The common words so far are
  // those of `first` up to `end` (-1 once there are none); a name that has them all, as nearly
  // every one does, is passed by one comparison of text.
  let first: string | undefined;
  let head = '';
  let end = -1;
  let common = '';
  for (const n of names) {
    if (!n.includes('_') || n.startsWith('template_')) continue;
    if (first === undefined) {
      first = n;
      head = n.slice(0, n.indexOf('_'));
      // Each name keeps at least one word after its prefix: all but its last (one at least).
      end = n.lastIndexOf('_');
      common = n.slice(0, end);
      continue;
    }
    if (n.indexOf('_') !== head.length || !n.startsWith(head)) return undefined;
    if (end < 0) continue;
    const last = n.lastIndexOf('_');
    if (last >= end && n.startsWith(common) && (last === end || n.charCodeAt(end) === 95)) continue;
    end = commonWordsEnd(first, end, n, last);
    common = end < 0 ? '' : first.slice(0, end);
  }
  if (first === undefined) return undefined;
  const withPackage = packagePrefix && end >= 0 ? commonWordsEnd(first, end, packagePrefix, packagePrefix.length) : -1;
  return withPackage >= 0 ? first.slice(0, withPackage) : head;
}

/** Whether two texts hold the same characters in [from, to). */
function sameText(a: string, b: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
}

/**
 * Where the leading `_`-separated words that `a` up to `aEnd` and `b` up to `bEnd` share (each has
 * at least one, maybe empty) end in `a`; -1 when they share none.
 */
function commonWordsEnd(a: string, aEnd: number, b: string, bEnd: number): number {
  let end = -1;
  for (let at = 0; ; ) {
    const ea = wordEnd(a, at, aEnd);
    if (ea !== wordEnd(b, at, bEnd) || !sameText(a, b, at, ea)) break;
    end = ea;
    if (ea === aEnd || ea === bEnd) break;
    at = ea + 1;
  }
  return end;
}

/** Where the word starting at `at` ends: at the next `_`, or at `end`. */
function wordEnd(text: string, at: number, end: number): number {
  const next = text.indexOf('_', at);
  return next < 0 || next > end ? end : next;
}

/** `@acme/pubmed-mcp-server` → `pubmed`: the brand part of a package name, snake_cased. */
export function prefixFromPackageName(pkgName: string | undefined): string | undefined {
  if (!pkgName) return undefined;
  const base = pkgName.replace(/^@[^/]+\//, '').toLowerCase();
  const stripped = base.replace(/(^mcp[-_.]|[-_.]mcp(?:[-_.]server)?$|[-_.]server$)/g, '');
  const snake = stripped.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[a-z][a-z0-9_]*$/.test(snake) ? snake : undefined;
}
