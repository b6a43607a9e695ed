/**
 * Renames a definition across the project: its files move (definition, tests; a service's
 * folders), its exports take new names, its MCP name changes, and every import, re-export, use
 * and module path that reaches them in src/ and tests/ follows. What cannot follow safely (a name
 * declared twice in one file, a new name already bound there) is refused with file and line.
 */

import type { ErrorDetail } from '../engine/errors.js';
import type { Tree } from '../engine/tree.js';
import { restamp } from '../text/scaffold-stamp.js';
import { resortImports } from '../ts/import-resort.js';
import { moduleSpecifier } from '../ts/modules.js';
import { applyEdits, type TextEdit } from '../ts/text-edits.js';
import { parseSource, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import {
  codeFiles,
  dynamicImports,
  type Followed,
  type ReferenceVisitor,
  Sources,
  shadowing,
  usesOf,
  walkReferences,
} from './references.js';

type Node = TsMorph.Node;

export interface RenameMap {
  /** Old path → new path of every file that moves. */
  files: Map<string, string>;
  /** Per moved module: old export name → new one. */
  exports: Map<string, Map<string, string>>;
  /**
   * String literals equal to the old MCP name, in these files, become the new one; never in
   * `except` (the files of another kind's definition that has the same MCP name, and its tests).
   */
  mcpName?: { from: string; to: string; files: ReadonlySet<string> | 'all'; except?: ReadonlySet<string> };
}

class Edits {
  readonly byFile = new Map<string, Map<string, TextEdit>>();

  replace(file: string, node: Node, text: string): void {
    const edits = this.byFile.get(file) ?? new Map<string, TextEdit>();
    this.byFile.set(file, edits);
    edits.set(`${node.getStart()}:${node.getEnd()}`, { pos: node.getStart(), end: node.getEnd(), text });
  }
}

/** The line where `name` is bound in the file already (imported or declared): a new binding would clash. */
function boundAt(sf: TsMorph.SourceFile, name: string): number | undefined {
  const { SyntaxKind } = tsMorph();
  const declared = shadowing('', sf, name)[0];
  if (declared) return declared.line;
  const imported = sf
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .find((id) => id.getText() === name && importBinds(id));
  return imported?.getStartLineNumber();
}

function importBinds(id: TsMorph.Identifier): boolean {
  const { Node } = tsMorph();
  const parent = id.getParent();
  if (Node.isImportSpecifier(parent)) return (parent.getAliasNode() ?? parent.getNameNode()) === id;
  return Node.isImportClause(parent) || Node.isNamespaceImport(parent);
}

class RenameVisitor implements ReferenceVisitor {
  constructor(
    private readonly sources: Sources,
    private readonly edits: Edits,
    private readonly refusals: ErrorDetail[],
  ) {}

  namedImport(file: string, spec: TsMorph.ImportSpecifier, f: Followed): void {
    const to = f.to!;
    if (!spec.getAliasNode()) {
      const clash = boundAt(this.sources.get(file), to);
      if (clash !== undefined) {
        this.refusals.push({
          path: file,
          line: clash,
          message: `\`${to}\` is already bound here; the renamed import would clash with it`,
        });
        return;
      }
    }
    this.edits.replace(file, spec.getNameNode(), to);
  }

  use(file: string, id: TsMorph.Identifier, f: Followed, aliased: boolean): void {
    const { Node } = tsMorph();
    if (aliased) return;
    const parent = id.getParent();
    if (Node.isShorthandPropertyAssignment(parent)) this.edits.replace(file, id, `${f.name}: ${f.to}`);
    else this.edits.replace(file, id, f.to!);
  }

  namespaceMember(file: string, access: TsMorph.PropertyAccessExpression, f: Followed): void {
    this.edits.replace(file, access.getNameNode(), f.to!);
  }

  reExport(file: string, spec: TsMorph.ExportSpecifier, f: Followed): Followed | undefined {
    if (spec.getName() !== f.name) return undefined; // an aliased import: the local name stays
    this.edits.replace(file, spec.getNameNode(), f.to!);
    return spec.getAliasNode() ? undefined : { module: file, name: f.name, to: f.to! };
  }

  exportStar(): void {}
}

/** The moved modules' own declarations and in-file uses of their renamed exports. */
function renameOwn(file: string, sf: TsMorph.SourceFile, names: Map<string, string>, edits: Edits): void {
  const { SyntaxKind } = tsMorph();
  for (const [name, to] of names) {
    const declLines = new Set(shadowing(file, sf, name).map((d) => d.line));
    const uses = new Set<Node>(usesOf(sf, name));
    for (const id of sf.getDescendantsOfKind(SyntaxKind.Identifier)) {
      if (id.getText() === name && (uses.has(id) || declLines.has(id.getStartLineNumber())))
        edits.replace(file, id, to);
    }
  }
}

/** Module paths that name a moved file, or are written from a moved file: written again for where they now lead. */
function rewritePaths(sources: Sources, files: readonly string[], map: RenameMap, edits: Edits): void {
  const { SyntaxKind } = tsMorph();
  for (const file of files) {
    const sf = sources.get(file);
    const from = map.files.get(file) ?? file;
    const literals = [
      ...sf.getImportDeclarations().map((d) => d.getModuleSpecifier()),
      ...sf.getExportDeclarations().flatMap((d) => d.getModuleSpecifier() ?? []),
      ...dynamicImports(sf).map((c) => c.getArguments()[0]!.asKindOrThrow(SyntaxKind.StringLiteral)),
      ...sf
        .getDescendantsOfKind(SyntaxKind.ImportType)
        .flatMap((t) => t.getArgument().getFirstDescendantByKind(SyntaxKind.StringLiteral) ?? []),
    ];
    for (const literal of literals) {
      const specifier = literal.getLiteralText();
      const target = sources.resolve(file, specifier);
      if (!target || (!map.files.has(target) && from === file)) continue;
      const to = map.files.get(target) ?? target;
      let next = moduleSpecifier(from, to, specifier.startsWith('@/') ? 'alias' : 'relative');
      if (!/\.[mc]?[jt]sx?$/.test(specifier)) next = next.replace(/\.js$/, '');
      if (next !== specifier) edits.replace(file, literal, `${literal.getText()[0]}${next}${literal.getText()[0]}`);
    }
  }
}

function renameStrings(sources: Sources, files: readonly string[], map: RenameMap, edits: Edits): void {
  const { Node, SyntaxKind } = tsMorph();
  const m = map.mcpName;
  if (!m) return;
  for (const file of files) {
    if ((m.files !== 'all' && !m.files.has(file)) || m.except?.has(file)) continue;
    const sf = sources.get(file);
    for (const lit of [
      ...sf.getDescendantsOfKind(SyntaxKind.StringLiteral),
      ...sf.getDescendantsOfKind(SyntaxKind.NoSubstitutionTemplateLiteral),
    ]) {
      if (lit.getLiteralText() !== m.from) continue;
      if (Node.isImportDeclaration(lit.getParent()) || Node.isExportDeclaration(lit.getParent())) continue;
      const q = lit.getText()[0]!;
      edits.replace(file, lit, `${q}${m.to}${q}`);
    }
  }
}

/** What else a moved file says of its old self: old export names, the old MCP name, its old module path. */
function wordsOf(map: RenameMap): [string, string][] {
  const words: [string, string][] = [];
  for (const names of map.exports.values()) words.push(...names);
  if (map.mcpName) words.push([map.mcpName.from, map.mcpName.to]);
  for (const [from, to] of map.files) {
    const stem = (f: string) => f.replace(/^src\//, '').replace(/\.ts$/, '');
    words.push([stem(from), stem(to)]);
  }
  return words;
}

/**
 * In a moved file, what the code edits left of the old names (comments, messages, regular
 * expressions in its tests) is renamed too, as whole words: the file is wholly about itself.
 */
function renameWords(text: string, words: [string, string][]): string {
  let out = text;
  const literal = (w: string) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  for (const [from, to] of words) {
    if (from === to) continue;
    out = out.replace(new RegExp(`(?<![\\w-])${literal(from)}(?![\\w-])`, 'g'), to);
  }
  return out;
}

export interface RenamePlan {
  refusals: ErrorDetail[];
  edited: string[];
  moved: [string, string][];
}

/** Plans the rename into the tree; with refusals, nothing is planned. */
export function planRenaming(tree: Tree, map: RenameMap): RenamePlan {
  const sources = new Sources(tree);
  const files = codeFiles(tree);
  const refusals: ErrorDetail[] = [];
  const edits = new Edits();
  const roots: Followed[] = [...map.exports].flatMap(([module, names]) =>
    [...names].map(([name, to]) => ({ module, name, to })),
  );
  walkReferences(sources, files, roots, new RenameVisitor(sources, edits, refusals), refusals);
  for (const [module, names] of map.exports) renameOwn(module, sources.get(module), names, edits);
  rewritePaths(sources, files, map, edits);
  renameStrings(sources, files, map, edits);
  if (refusals.length > 0) return { refusals, edited: [], moved: [] };
  const touched = new Set([...edits.byFile.keys(), ...map.files.keys()]);
  const edited: string[] = [];
  for (const file of touched) {
    const before = tree.read(file)!;
    const text = applyEdits(before, [...(edits.byFile.get(file)?.values() ?? [])]);
    const dest = map.files.get(file) ?? file;
    // Imports in Biome's order stay in it; a file whose imports were not sorted is left as it was.
    const wasSorted = resortImports(sources.get(file)).length === 0;
    const sorted = text === before || !wasSorted ? text : applyEdits(text, resortImports(parseSource(dest, text)));
    if (dest !== file) tree.delete(file);
    // mcp-scaffold's own edit: a file untouched since it was written stays so.
    tree.write(dest, restamp(before, dest === file ? sorted : renameWords(sorted, wordsOf(map))));
    if (dest === file) edited.push(file);
  }
  return { refusals, edited: edited.sort(), moved: [...map.files] };
}
