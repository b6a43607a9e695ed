/**
 * Every place in src/ and tests/ that reaches an export of a given module: named imports and
 * their uses, namespace members (`defs.fooTool`), re-exports (`export { fooTool } from`,
 * `export *`) and, through them, the importers of barrels, as deep as they go. `remove` and
 * `rename` walk these with a visitor that decides what each use becomes; a use it cannot take
 * along is refused there, with file and line, before anything is written.
 *
 * Only the files whose reference facts (ts/reference-facts.ts, remembered between runs) name the
 * module followed are looked at. A file whose module and array facts are known already (an entry
 * point or barrel of the registration index) is walked on those facts and its text, without a
 * parse, while each use of a name there is an import, a re-export or an element of an array the
 * facts hold; anything else in it (`NeedsParse`) has the walk start again with that file parsed.
 */

import type { ErrorDetail } from '../engine/errors.js';
import { type FactKind, ProjectCache } from '../engine/project-cache.js';
import type { Tree } from '../engine/tree.js';
import { shadowing, usesOf } from '../ts/bindings.js';
import type { ArrayFacts, ModuleFacts, ModuleStatement } from '../ts/module-facts.js';
import { moduleCandidates, resolveModuleFile } from '../ts/modules.js';
import { isMoveFacts, type MoveFacts, occurrences, readMoveFacts } from '../ts/move-facts.js';
import { isReferenceFacts, type ReferenceFacts, readReferenceFacts } from '../ts/reference-facts.js';
import { parseSource, type TsMorph, tsMorph } from '../ts/ts-morph.js';

/** An export followed to its uses; `to` is the name it takes under a rename. */
export interface Followed {
  module: string;
  name: string;
  to?: string;
}

/** A file known by its facts: its text (as parsed, without a byte order mark), its module facts and some of its arrays. */
export interface KnownFile {
  text: string;
  facts: ModuleFacts;
  arrays: ArrayFacts[];
}

export interface ReferenceVisitor {
  /** `import { name [as local] } from module`. */
  namedImport(file: string, spec: TsMorph.ImportSpecifier, followed: Followed): void;
  /** A use of the imported binding, when it is not aliased away (`local` is the export's own name) or always for removal. */
  use(file: string, id: TsMorph.Identifier, followed: Followed, aliased: boolean): void;
  /** `ns.name`, with `import * as ns from module`. */
  namespaceMember(file: string, access: TsMorph.PropertyAccessExpression, followed: Followed): void;
  /**
   * `export { name [as other] } from module`, or `export { local [as other] }` of an import (whose
   * `getName()` is then the local name); what to follow next, if anything.
   */
  reExport(file: string, spec: TsMorph.ExportSpecifier, followed: Followed): Followed | undefined;
  /** `export * from module`. */
  exportStar(file: string, decl: TsMorph.ExportDeclaration, followed: Followed): void;
  /** namedImport in a known file: the `index`th name in the braces of `statement`. */
  knownImport(file: string, known: KnownFile, statement: ModuleStatement, index: number, followed: Followed): void;
  /** use in a known file: the binding is the `index`th element of `array`. */
  knownElement(
    file: string,
    known: KnownFile,
    array: ArrayFacts,
    index: number,
    followed: Followed,
    aliased: boolean,
  ): void;
  /** reExport in a known file: the `index`th name in the braces of `statement`. */
  knownReExport(
    file: string,
    known: KnownFile,
    statement: ModuleStatement,
    index: number,
    followed: Followed,
  ): Followed | undefined;
}

/** A known file holds what its facts cannot tell: the walk starts again with it parsed. */
export class NeedsParse extends Error {
  constructor(readonly file: string) {
    super(`${file} is walked on its parse`);
  }
}

const SOURCE = /\.(?:[mc]?ts|tsx)$/;

/** The TypeScript files of src/ and tests/ (declaration files aside). */
export function codeFiles(tree: Tree): string[] {
  return [...tree.listFiles('src'), ...tree.listFiles('tests')].filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts'));
}

/** Reference facts as the project cache keeps them. */
export const REFERENCE_FACTS: FactKind<ReferenceFacts> = { key: 'references', valid: isReferenceFacts };
/** Move facts as the project cache keeps them. */
const MOVE_FACTS: FactKind<MoveFacts> = { key: 'moves', valid: isMoveFacts };

/**
 * The project's files as a walk of references reads them: each file's reference facts (kept
 * between runs), its parse (once, so nodes stay valid while edits are planned over them), and the
 * known files walked on their facts until one of them has to be parsed.
 */
export class Sources {
  private readonly parsed = new Map<string, TsMorph.SourceFile>();
  private readonly facts = new Map<string, ReferenceFacts>();
  private readonly resolved = new Map<string, string | undefined>();
  private readonly candidates = new WeakMap<readonly string[], Map<string, [file: string, specifier: string][]>>();
  private readonly cache: ProjectCache | undefined;
  /** Files found to be read on their parse only: a known file that holds what its facts cannot tell, a moved one. */
  readonly parseOnly = new Set<string>();

  constructor(
    readonly tree: Tree,
    private readonly known: ReadonlyMap<string, KnownFile> = new Map(),
  ) {
    this.cache = ProjectCache.of(tree);
  }

  get(file: string): TsMorph.SourceFile {
    let sf = this.parsed.get(file);
    if (!sf) {
      sf = parseSource(file, this.tree.read(file) ?? '');
      this.parsed.set(file, sf);
    }
    return sf;
  }

  /** The file's reference facts: remembered, else read off its parse (a file that does not parse is PARSE_ERROR). */
  referenceFacts(file: string): ReferenceFacts {
    let facts = this.facts.get(file);
    if (!facts) {
      const read = () => {
        // Parsed anyway: its move facts are kept too, for a rename that moves it later (an entry
        // point or barrel the walk knows is never moved).
        if (this.cache && !this.known.has(file)) this.moveFacts(file);
        return readReferenceFacts(this.get(file));
      };
      facts = (this.cache ? this.cache.facts(this.tree, file, REFERENCE_FACTS, read) : undefined) ?? read();
      this.facts.set(file, facts);
    }
    return facts;
  }

  /** The file's move facts: remembered, else read off its parse. */
  moveFacts(file: string): MoveFacts {
    const read = () => readMoveFacts(this.get(file));
    return (this.cache ? this.cache.facts(this.tree, file, MOVE_FACTS, read) : undefined) ?? read();
  }

  /** The file the known facts of which the walk goes by, unless it has to be parsed. */
  knownFile(file: string): KnownFile | undefined {
    return this.parseOnly.has(file) ? undefined : this.known.get(file);
  }

  resolve(from: string, specifier: string): string | undefined {
    const key = `${from}\0${specifier}`;
    if (!this.resolved.has(key)) this.resolved.set(key, resolveModuleFile(this.tree, from, specifier));
    return this.resolved.get(key);
  }

  /** Whether `specifier`, seen from `from`, names `module`: only a path that may name it is looked up. */
  names(from: string, specifier: string, module: string): boolean {
    return moduleCandidates(from, specifier).includes(module) && this.resolve(from, specifier) === module;
  }

  /** The files among `files` (in their order) whose reference facts name `module`. */
  referrers(files: readonly string[], module: string): string[] {
    let byCandidate = this.candidates.get(files);
    if (!byCandidate) {
      // Every module path each file names, by each file it may name: made once per list of files.
      byCandidate = new Map();
      for (const file of files) {
        for (const { specifier } of this.referenceFacts(file).refs) {
          for (const c of moduleCandidates(file, specifier)) {
            const list = byCandidate.get(c) ?? [];
            byCandidate.set(c, list);
            list.push([file, specifier]);
          }
        }
      }
      this.candidates.set(files, byCandidate);
    }
    const naming = new Set(
      (byCandidate.get(module) ?? []).flatMap(([file, specifier]) =>
        this.resolve(file, specifier) === module ? [file] : [],
      ),
    );
    return naming.size === 0 ? [] : files.filter((f) => naming.has(f));
  }
}

/**
 * Walks every reference to the `roots` exports through `files`, telling `visitor`. Throws
 * NeedsParse where a known file holds what its facts cannot tell.
 */
export function walkReferences(
  sources: Sources,
  files: readonly string[],
  roots: readonly Followed[],
  visitor: ReferenceVisitor,
  refusals: ErrorDetail[],
): void {
  const queue = [...roots];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const followed = queue.shift()!;
    const key = `${followed.module}#${followed.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const file of sources.referrers(files, followed.module)) {
      const known = sources.knownFile(file);
      if (known) visitKnown(sources, file, known, followed, visitor, queue);
      else if (concerns(sources, file, followed)) visitParsed(sources, file, followed, visitor, refusals, queue);
    }
  }
}

/**
 * Whether the file's reference facts say it takes `followed` from its module in a way the walk
 * follows (a named import or re-export of the name, a namespace or dynamic import, `export *`): a
 * file that names the module for other names only is not parsed for it.
 */
function concerns(sources: Sources, file: string, { module, name }: Followed): boolean {
  return sources
    .referenceFacts(file)
    .refs.some(
      (r) =>
        sources.names(file, r.specifier, module) &&
        (r.kind === 'dynamic' ||
          r.names?.includes(name) ||
          (r.kind === 'import' && (r.namespace || (r.default && name === 'default'))) ||
          (r.kind === 'export' && r.star)),
    );
}

function visitParsed(
  sources: Sources,
  file: string,
  followed: Followed,
  visitor: ReferenceVisitor,
  refusals: ErrorDetail[],
  queue: Followed[],
): void {
  const sf = sources.get(file);
  for (const decl of sf.getImportDeclarations()) {
    if (sources.resolve(file, decl.getModuleSpecifierValue()) !== followed.module) continue;
    visitImport(file, sf, decl, followed, visitor, refusals, queue);
  }
  for (const call of dynamicImports(sf)) {
    const specifier = call.getArguments()[0]!.asKindOrThrow(tsMorph().SyntaxKind.StringLiteral).getLiteralText();
    if (sources.resolve(file, specifier) === followed.module)
      visitDynamicImport(file, sf, call, followed, visitor, refusals);
  }
  for (const decl of sf.getExportDeclarations()) {
    const specifier = decl.getModuleSpecifierValue();
    if (specifier === undefined || sources.resolve(file, specifier) !== followed.module) continue;
    if (!decl.hasNamedExports() && !decl.getNamespaceExport()) {
      visitor.exportStar(file, decl, followed);
      queue.push({ ...followed, module: file });
      continue;
    }
    for (const spec of decl.getNamedExports().filter((s) => s.getName() === followed.name)) {
      const next = visitor.reExport(file, spec, followed);
      if (next) queue.push(next);
    }
  }
}

/** The statement of the facts whose text holds `pos`, by binary search (statements are in order). */
function statementAt(facts: ModuleFacts, pos: number): ModuleStatement | undefined {
  let lo = 0;
  let hi = facts.statements.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const st = facts.statements[mid]!;
    if (pos < st.start) hi = mid - 1;
    else if (pos >= st.end) lo = mid + 1;
    else return st;
  }
  return undefined;
}

/** Each known array's elements by where they start. */
const elementsByFile = new WeakMap<KnownFile, Map<number, { array: ArrayFacts; index: number }>>();

function elementAt(known: KnownFile, pos: number): { array: ArrayFacts; index: number; end: number } | undefined {
  let byStart = elementsByFile.get(known);
  if (!byStart) {
    byStart = new Map();
    for (const array of known.arrays) {
      for (const [index, [start]] of array.elements.entries()) byStart.set(start, { array, index });
    }
    elementsByFile.set(known, byStart);
  }
  const found = byStart.get(pos);
  return found && { ...found, end: found.array.elements[found.index]![1] };
}

/**
 * visitParsed on a file's facts: its imports of the module (each name's uses in the text all
 * accounted for by its facts: the name in braces of an import or re-export, an element of a known
 * array, a local `export { … }`), and its re-exports of it.
 */
function visitKnown(
  sources: Sources,
  file: string,
  known: KnownFile,
  followed: Followed,
  visitor: ReferenceVisitor,
  queue: Followed[],
): void {
  const { text, facts } = known;
  const needsParse = () => new NeedsParse(file);
  const dynamic = sources
    .referenceFacts(file)
    .refs.some((r) => r.kind === 'dynamic' && sources.names(file, r.specifier, followed.module));
  if (dynamic) throw needsParse();
  const naming = facts.statements.filter(
    (st) => st.specifier !== undefined && sources.names(file, st.specifier, followed.module),
  );
  // A name in braces that is a string (`import { 'a-b' as c }`) is matched by its text only after a parse.
  if (naming.some((st) => (st.named ?? []).some((n) => !text.startsWith(n.name, n.start)))) throw needsParse();
  for (const st of naming.filter((s) => s.kind === 'import')) {
    if (st.namespaceName !== undefined || (st.defaultName !== undefined && followed.name === 'default'))
      throw needsParse();
    for (const [index, n] of (st.named ?? []).entries()) {
      if (n.name !== followed.name) continue;
      visitor.knownImport(file, known, st, index, followed);
      for (const pos of occurrences(text, n.local)) {
        const holder = statementAt(facts, pos);
        const inBraces = holder?.named?.find((m) => pos >= m.start && pos < m.end);
        if (holder && inBraces && (holder.kind === 'import' || holder.specifier !== undefined)) continue;
        if (holder && inBraces) {
          // `export { local [as other] }`: the local name is a use; the name it is exported as is not.
          if (!text.startsWith(inBraces.name, inBraces.start)) throw needsParse();
          if (pos === inBraces.start) {
            const next = visitor.knownReExport(file, known, holder, holder.named!.indexOf(inBraces), followed);
            if (next) queue.push(next);
          } else if (pos !== inBraces.end - n.local.length || inBraces.local !== n.local) throw needsParse();
          continue;
        }
        const element = elementAt(known, pos);
        if (!element || element.end !== pos + n.local.length) throw needsParse();
        visitor.knownElement(file, known, element.array, element.index, followed, n.local !== followed.name);
      }
    }
  }
  for (const st of naming.filter((s) => s.kind === 'export')) {
    if (!st.named) throw needsParse();
    for (const [index, n] of st.named.entries()) {
      if (n.name !== followed.name) continue;
      const next = visitor.knownReExport(file, known, st, index, followed);
      if (next) queue.push(next);
    }
  }
}

function visitImport(
  file: string,
  sf: TsMorph.SourceFile,
  decl: TsMorph.ImportDeclaration,
  followed: Followed,
  visitor: ReferenceVisitor,
  refusals: ErrorDetail[],
  queue: Followed[],
): void {
  const { Node, SyntaxKind } = tsMorph();
  for (const spec of decl.getNamedImports().filter((s) => s.getName() === followed.name)) {
    visitor.namedImport(file, spec, followed);
    const local = spec.getAliasNode()?.getText() ?? followed.name;
    const shadows = shadowing(file, sf, local);
    if (shadows.length > 0) {
      refusals.push(...shadows);
      continue;
    }
    for (const id of usesOf(sf, local)) {
      const parent = id.getParent();
      if (Node.isExportSpecifier(parent)) {
        // `export { fooTool }` of the import: a barrel of its own.
        const next = visitor.reExport(file, parent, followed);
        if (next) queue.push(next);
        continue;
      }
      visitor.use(file, id, followed, local !== followed.name);
    }
  }
  const ns = decl.getNamespaceImport()?.getText();
  if (ns) {
    for (const access of sf.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)) {
      if (access.getExpression().getText() === ns && access.getName() === followed.name)
        visitor.namespaceMember(file, access, followed);
    }
  }
  const def = decl.getDefaultImport();
  if (def && followed.name === 'default') {
    refusals.push({
      path: file,
      line: decl.getStartLineNumber(),
      message: `the default import \`${def.getText()}\` is not followed`,
    });
  }
}

/** `import('./x.js')` calls with a literal path. */
export function dynamicImports(sf: TsMorph.SourceFile): TsMorph.CallExpression[] {
  const { Node, SyntaxKind } = tsMorph();
  return sf
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter(
      (c) => c.getExpression().getKind() === SyntaxKind.ImportKeyword && Node.isStringLiteral(c.getArguments()[0]),
    );
}

/** `const m = await import('./x.js')`: `m.name` is followed like a namespace member; any other shape is refused. */
function visitDynamicImport(
  file: string,
  sf: TsMorph.SourceFile,
  call: TsMorph.CallExpression,
  followed: Followed,
  visitor: ReferenceVisitor,
  refusals: ErrorDetail[],
): void {
  const { Node, SyntaxKind } = tsMorph();
  const awaited = call.getParent();
  const decl = Node.isAwaitExpression(awaited) ? awaited.getParent() : undefined;
  const name = Node.isVariableDeclaration(decl) ? decl.getNameNode() : undefined;
  if (!name || !Node.isIdentifier(name)) {
    refusals.push({
      path: file,
      line: call.getStartLineNumber(),
      message: `\`${call.getText()}\` is not a \`const m = await import(…)\` this can follow`,
    });
    return;
  }
  for (const access of sf.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)) {
    if (access.getExpression().getText() === name.getText() && access.getName() === followed.name)
      visitor.namespaceMember(file, access, followed);
  }
}
