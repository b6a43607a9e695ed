/**
 * What the project defines and where each definition is registered: the read-only analysis behind
 * `mcp-scaffold list`. Nothing here writes.
 *
 * Definitions are the exports of definition files (by the suffixes of each kind's layout) made
 * by a builder call (`tool(…)`, `resource(…)`, …): the definitions folders also hold helpers, so
 * a glob is not the list. Services are `src/services/<domain>/<domain>-service.ts` files
 * exporting an `init…` function. Registrations are found the way `add` finds where to register:
 * SiteResolver with `{ all: true }` over registrationTargets (every group, branch and entry
 * point), then each entry of every site is followed through the module graph (barrels, aliases,
 * re-export chains, `export *`) to the declaration it names. Entries and definitions are matched
 * by declaration, not by name. An import that no longer resolves is "dangling"; a layout it
 * cannot follow is UNSUPPORTED_LAYOUT with file and line, never a guess.
 */

import { type ErrorDetail, ScaffoldError } from '../engine/errors.js';
import { type FactKind, ProjectCache } from '../engine/project-cache.js';
import type { Tree } from '../engine/tree.js';
import { namedImport } from '../ts/imports.js';
import type { Trace as GraphTrace, ModuleShape } from '../ts/module-graph.js';
import { parseSource, short, startLine, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { unwrap } from '../ts/unwrap.js';
import { builderCall, type DefinitionNames, definitionNames } from './definitions.js';
import { entryPointCandidates, findAppCall } from './entry-point.js';
import { type DeclFacts, type FileFacts, factsKind, readFacts, shapeOf } from './file-facts.js';
import { type DefinitionLayout, isDefinitionFile } from './layout.js';
import { registrationTargets } from './registration-index.js';
import { isInitName, setupFunctionOf } from './setup.js';
import { type ArraySite, SiteResolver, type TrailStep } from './sites.js';

/** A layout's kind (`tool`, …), or `service`. */
export type InventoryKind = string;

export const SERVICE_KIND = 'service';

/** The kinds an inventory of `layouts` lists, in the order it lists them. */
export function inventoryKinds(layouts: readonly DefinitionLayout[]): InventoryKind[] {
  return [...layouts.map((l) => l.kind), SERVICE_KIND];
}

export interface InventoryOptions {
  /** List services too, and the `init…()` calls in setup() that register them. */
  services?: boolean;
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
}

/** Each inventory's reader of placeholders, for placeholdersOf. */
const placeholderReaders = new WeakMap<Inventory, (file: string) => { line: number; text: string }[]>();

/** The placeholder strings of a file the inventory read (from its facts: the file is not read again). */
export function placeholdersOf(inv: Inventory, file: string): { line: number; text: string }[] {
  return placeholderReaders.get(inv)?.(file) ?? [];
}

type Node = TsMorph.Node;

/** A definition kind's layout, or null for services. */
type Lister = DefinitionLayout | null;

/** Where a name leads: a declaration, nowhere (dangling), out of the project, or somewhere we cannot follow. */
type Trace =
  | { type: 'found'; file: string; decl: DeclFacts }
  | { type: 'dangling'; reason: DanglingReason; message: string }
  | { type: 'external'; specifier: string }
  | { type: 'unsupported'; file: string; line: number; message: string };

const MAX_DEPTH = 16;
const SERVICE_FILE = /^src\/services\/([^/]+)\/\1-service\.ts$/;

const keyOf = (file: string, start: number) => `${file}@${start}`;
const isProjectSpecifier = (s: string) => s.startsWith('./') || s.startsWith('../') || s.startsWith('@/');
const kindOf = (lister: Lister): InventoryKind => lister?.kind ?? SERVICE_KIND;
const isUnsupportedLayout = (e: unknown): e is ScaffoldError =>
  e instanceof ScaffoldError && e.code === 'UNSUPPORTED_LAYOUT' && e.details.length > 0;

/**
 * A SiteResolver that turns an array reference whose import no longer resolves (`tools:
 * allToolDefinitions` from a deleted barrel) into a dangling registration instead of a failure,
 * and reads definition and service files through their facts: cached between runs, so a warm
 * run parses none of them.
 */
class InventoryResolver extends SiteResolver {
  kind: InventoryKind = '';
  readonly danglingArrays: DanglingRegistration[] = [];
  readonly tracer = new Tracer(this);
  readonly cache: ProjectCache | undefined;
  private readonly factsKind: FactKind<FileFacts>;
  private readonly facts = new Map<string, FileFacts | undefined>();
  private readonly shapes = new Map<string, ModuleShape | undefined>();
  private readonly kept = new Map<string, boolean>();

  constructor(
    tree: Tree,
    private readonly layouts: readonly DefinitionLayout[],
  ) {
    super(tree, { all: true });
    this.cache = ProjectCache.of(tree);
    this.factsKind = factsKind(layouts);
  }

  /** A definition or service file: its facts are worth keeping between runs. */
  private isKept(file: string): boolean {
    let kept = this.kept.get(file);
    if (kept === undefined) {
      kept = SERVICE_FILE.test(file) || this.layouts.some((l) => isDefinitionFile(file, l));
      this.kept.set(file, kept);
    }
    return kept;
  }

  /** The file's facts; undefined when there is no such file. */
  factsOf(file: string): FileFacts | undefined {
    if (this.facts.has(file)) return this.facts.get(file);
    const parse = (text: string) => readFacts(parseSource(file, text), text, this.layouts);
    const cached = this.cache && this.isKept(file);
    const text = cached ? undefined : this.tree.read(file);
    const facts = cached
      ? this.cache!.facts(this.tree, file, this.factsKind, parse)
      : text === undefined
        ? undefined
        : readFacts(this.source(file), text, this.layouts);
    this.facts.set(file, facts);
    return facts;
  }

  /** The declaration `name` is bound to at the top of `file`, if a variable or function. */
  declOf(file: string, name: string): DeclFacts | undefined {
    const facts = this.factsOf(file);
    const i = facts?.byName.find(([n]) => n === name)?.[1];
    return i === undefined ? undefined : facts!.decls[i];
  }

  /** The module shape the graph reads for `file`. */
  graphShape(file: string): ModuleShape | undefined {
    return this.shapeOf(file);
  }

  protected override shapeOf(file: string): ModuleShape | undefined {
    if (!this.isKept(file)) return super.shapeOf(file);
    if (!this.shapes.has(file)) {
      const facts = this.factsOf(file);
      this.shapes.set(file, facts && shapeOf(facts));
    }
    return this.shapes.get(file);
  }

  override resolve(expr: Node, file: string, trail: TrailStep[], depth = 0): ArraySite[] {
    const { Node } = tsMorph();
    if (Node.isIdentifier(expr)) {
      const name = expr.getText();
      const imported = namedImport(this.source(file), name);
      const trace = imported
        ? this.tracer.imported(file, imported.specifier, imported.name, name, startLine(imported.node))
        : undefined;
      const dangling =
        trace?.type === 'dangling'
          ? trace
          : !imported && !declaredIn(this.source(file), name)
            ? missingImport(file, name)
            : undefined;
      if (dangling) {
        this.danglingArrays.push({
          kind: this.kind,
          path: file,
          line: startLine(expr),
          name,
          specifier: imported?.specifier ?? null,
          reason: dangling.reason,
          message: dangling.message,
        });
        return [];
      }
    }
    return super.resolve(expr, file, trail, depth);
  }
}

/** Whether `name` is declared anywhere in the file (a variable, function, parameter or binding). */
function declaredIn(sf: TsMorph.SourceFile, name: string): boolean {
  const { SyntaxKind } = tsMorph();
  return [
    SyntaxKind.VariableDeclaration,
    SyntaxKind.FunctionDeclaration,
    SyntaxKind.Parameter,
    SyntaxKind.BindingElement,
  ].some((k) => sf.getDescendantsOfKind(k).some((d) => (d as TsMorph.VariableDeclaration).getName() === name));
}

function missingImport(file: string, name: string): Extract<Trace, { type: 'dangling' }> {
  return {
    type: 'dangling',
    reason: 'missing-import',
    message: `\`${name}\` is neither imported nor declared in ${file}`,
  };
}

/** Follows names through the module graph to declarations, and past aliases to definitions. */
class Tracer {
  constructor(private readonly resolver: InventoryResolver) {}

  /** The binding `name` in `file` (imported or declared at top level); `line` is where it is used. */
  binding(file: string, name: string, line: number): Trace {
    return this.read(this.resolver.graph.binding(file, name), line);
  }

  /** The export `name` of the module `specifier`, imported by `file` at `line` as `localName`. */
  imported(file: string, specifier: string, name: string, localName: string, line: number): Trace {
    return this.read(this.resolver.graph.imported(file, specifier, name, localName, line, false), line);
  }

  /** The graph's answer in the terms of the inventory; `line` is the use, for what has no line of its own. */
  private read(trace: GraphTrace, line: number): Trace {
    switch (trace.type) {
      case 'found': {
        const decl = this.resolver.declOf(trace.file, trace.name);
        if (decl) return { type: 'found', file: trace.file, decl };
        return {
          type: 'unsupported',
          file: trace.file,
          line,
          message: `\`${trace.name}\` is declared in ${trace.file}, but not as a variable or function`,
        };
      }
      case 'unresolved': {
        const { at, specifier } = trace;
        if (!isProjectSpecifier(specifier)) return { type: 'external', specifier };
        const what = trace.reExport ? `re-exports \`${trace.name}\` from` : 'imports from';
        const message = `${at.file}:${at.line} ${what} '${specifier}', which is not a file of this project`;
        return { type: 'dangling', reason: 'missing-file', message };
      }
      case 'missing-export':
        return {
          type: 'dangling',
          reason: 'missing-export',
          message: `${trace.file} does not export \`${trace.name}\``,
        };
      case 'undeclared':
        return missingImport(trace.file, trace.name);
      case 'default-or-namespace':
        if (trace.binding.kind === 'default' && !isProjectSpecifier(trace.binding.specifier))
          return { type: 'external', specifier: trace.binding.specifier };
        return {
          type: 'unsupported',
          file: trace.file,
          line,
          message: `\`${trace.name}\` is a default or namespace import; cannot tell which definition it is`,
        };
      case 'too-deep':
        return {
          type: 'unsupported',
          file: trace.file,
          line: trace.at.line,
          message: `gave up following the export \`${trace.name}\` of ${trace.file}: too many re-exports`,
        };
    }
  }

  /**
   * Past aliases (`export const fooTool = barTool`) to the declaration that holds the definition.
   * A declaration that is neither an alias nor a builder call is the definition only where it
   * sits in a definition file (a wrapped builder, say); anywhere else it cannot be told apart.
   */
  definition(trace: Trace, lister: Lister, depth = 0): Trace {
    if (trace.type !== 'found') return trace;
    const { file, decl } = trace;
    if (!decl.fn) {
      const alias = decl.alias;
      if (alias) {
        if (depth > MAX_DEPTH) return { type: 'unsupported', file, line: alias.line, message: 'too many aliases' };
        const next = this.binding(file, alias.name, alias.line);
        return this.definition(next, lister, depth + 1);
      }
      // Any kind's builder: a prompt listed among the resources is still a definition (warned later).
      // Services have no builder.
      if (decl.hasInit && ((lister !== null && decl.builder) || isListerFile(file, lister))) return trace;
    } else if (lister === null || isListerFile(file, lister)) {
      return trace;
    }
    return {
      type: 'unsupported',
      file,
      line: decl.line,
      message: `\`${decl.name ?? '?'}\` is not a ${kindOf(lister)} definition this can read (${decl.short})`,
    };
  }
}

function isListerFile(file: string, lister: Lister): boolean {
  return lister === null ? SERVICE_FILE.test(file) : isDefinitionFile(file, lister);
}

/** Where an entry that registers something is, for `record`. */
interface EntrySite {
  file: string;
  node: Node;
  name: string;
  specifier: string | null;
}

/** Collects definitions, registrations, warnings and problems, one reading step at a time. */
class InventoryReader {
  readonly resolver: InventoryResolver;
  readonly warnings: string[] = [];
  readonly problems: ErrorDetail[] = [];
  readonly dangling: DanglingRegistration[] = [];
  readonly definitions: InventoryDefinition[] = [];
  /** Declaration key → its definition, for matching registrations. */
  private readonly byDecl = new Map<string, InventoryDefinition>();

  constructor(
    readonly tree: Tree,
    readonly layouts: readonly DefinitionLayout[],
  ) {
    this.resolver = new InventoryResolver(tree, layouts);
  }

  private get tracer(): Tracer {
    return this.resolver.tracer;
  }

  private problem(file: string, line: number, message: string): void {
    this.problems.push({ path: file, line, message });
  }

  /** What the project defines in the layout's definition files. */
  readDefinitions(layout: DefinitionLayout): void {
    const files = this.tree.listFiles(layout.dir).filter((f) => isDefinitionFile(f, layout));
    for (const file of files) {
      const facts = this.resolver.factsOf(file);
      const exported = (facts?.exported ?? []).map((e) => ({ exportName: e.exportName, decl: facts!.decls[e.decl]! }));
      const made = exported.filter((e) => e.decl.names[layout.kind]);
      if (made.length === 0) {
        this.warnings.push(
          exported.length === 0
            ? `${file} exports nothing: it is listed as a ${layout.kind} that is not registered.`
            : `${file}: no export is made by ${layout.builders.map((b) => `${b}(…)`).join(' or ')}; listing its exports without an MCP name.`,
        );
      }
      const entries = made.length > 0 ? made : exported.length > 0 ? exported : [undefined];
      for (const entry of entries) {
        const names = namesFor(entry?.decl, layout);
        const def = newDefinition(layout.kind, names, file, entry?.exportName ?? null);
        this.definitions.push(def);
        if (entry && !this.byDecl.has(keyOf(file, entry.decl.start)))
          this.byDecl.set(keyOf(file, entry.decl.start), def);
      }
    }
  }

  /** Services: `src/services/<domain>/<domain>-service.ts` exporting an `init…` function. */
  readServices(): void {
    for (const file of this.tree.listFiles('src/services').filter((f) => SERVICE_FILE.test(f))) {
      const facts = this.resolver.factsOf(file);
      const inits = (facts?.exported ?? []).filter((e) => isInitName(e.exportName));
      if (inits.length === 0) {
        this.warnings.push(`${file} exports no init…() function; not listed as a service.`);
        continue;
      }
      const def = newDefinition(SERVICE_KIND, { name: SERVICE_FILE.exec(file)![1]! }, file, inits[0]!.exportName);
      this.definitions.push(def);
      for (const init of inits) this.byDecl.set(keyOf(file, facts!.decls[init.decl]!.start), def);
    }
  }

  /** Records that the entry at `site` registers what `resolved` (a traced definition) is. */
  private record(lister: Lister, site: EntrySite, resolved: Trace): void {
    const kind = kindOf(lister);
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
    if (lister === null) return undefined; // an init…() that is not a service's: none of ours
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

  /** The array entries that register definitions of the layout's kind. */
  readRegistrations(layout: DefinitionLayout): void {
    this.resolver.kind = layout.kind;
    let targets: ReturnType<typeof registrationTargets>;
    try {
      targets = registrationTargets(this.resolver, layout.appKey);
    } catch (e) {
      if (!isUnsupportedLayout(e)) throw e;
      this.problems.push(...e.details);
      return;
    }
    const seen = new Set<string>();
    for (const target of targets) {
      if (target.type === 'array') this.readArray(layout, target.site.file, target.site.array, seen);
    }
    this.dangling.push(...this.resolver.danglingArrays.splice(0));
  }

  private readArray(layout: DefinitionLayout, file: string, array: TsMorph.ArrayLiteralExpression, seen: Set<string>) {
    if (seen.has(keyOf(file, array.getStart()))) return;
    seen.add(keyOf(file, array.getStart()));
    for (const el of array.getElements()) this.readEntry(layout, file, el, seen);
  }

  private readEntry(layout: DefinitionLayout, file: string, el: Node, seen: Set<string>): void {
    const { Node } = tsMorph();
    const sf = this.resolver.source(file);
    const line = startLine(el);
    if (Node.isIdentifier(el)) {
      const name = el.getText();
      // The module shape's import map: made once per parse on the compiler's nodes.
      const imported = this.resolver.graphShape(file)?.imports.get(name);
      const specifier = imported?.kind === 'named' ? imported.specifier : null;
      const trace = this.tracer.definition(this.tracer.binding(file, name, line), layout);
      this.record(layout, { file, node: el, name, specifier }, trace);
    } else if (Node.isPropertyAccessExpression(el) && Node.isIdentifier(el.getExpression())) {
      // `defs.fooTool` with `import * as defs from '../core/definitions/index.js'`.
      const ns = el.getExpression().getText();
      const decl = sf.getImportDeclarations().find((d) => d.getNamespaceImport()?.getText() === ns);
      if (!decl) {
        this.problem(file, line, `cannot tell which definition \`${el.getText()}\` is`);
        return;
      }
      const specifier = decl.getModuleSpecifierValue();
      const trace = this.tracer.imported(file, specifier, el.getName(), el.getText(), startLine(decl));
      const site = { file, node: el, name: el.getText(), specifier };
      this.record(layout, site, this.tracer.definition(trace, layout));
    } else if (Node.isSpreadElement(el)) {
      // Spread groups are sites of their own (resolver); a conditional spread holds entries here.
      if (isConditional(el)) this.readConditionalSpread(layout, file, el, seen);
    } else if (Node.isCallExpression(el) && builderCall(el, layout.builders) === el) {
      this.definitions.push({
        ...newDefinition(layout.kind, definitionNames(el, layout), file, null),
        registered: true,
        registeredAt: [{ path: file, line }],
      });
      this.warnings.push(`${file}:${line}: a ${layout.kind} is defined inline in the array, not in a definition file.`);
    } else if (!Node.isOmittedExpression(el)) {
      this.problem(file, line, `cannot tell which ${layout.kind} \`${short(el)}\` is`);
    }
  }

  private readConditionalSpread(layout: DefinitionLayout, file: string, el: TsMorph.SpreadElement, seen: Set<string>) {
    for (const branch of branchesOf(el.getExpression())) {
      let sites: ArraySite[];
      try {
        sites = this.resolver.resolve(branch, file, []);
      } catch (e) {
        if (!isUnsupportedLayout(e)) throw e;
        this.problems.push(...e.details);
        continue;
      }
      for (const site of sites) this.readArray(layout, site.file, site.array, seen);
    }
  }

  /** `init…()` calls in setup() register services. */
  readSetupCalls(): void {
    const { Node, SyntaxKind } = tsMorph();
    for (const file of entryPointCandidates(this.tree)) {
      const body = this.setupBody(file);
      if (!body) continue;
      // `setup: () => initX()` has a call for its body.
      const calls = [
        ...(Node.isCallExpression(body) ? [body] : []),
        ...body.getDescendantsOfKind(SyntaxKind.CallExpression),
      ];
      for (const call of calls) {
        const callee = call.getExpression();
        if (!Node.isIdentifier(callee)) continue;
        const name = callee.getText();
        const imported = namedImport(this.resolver.source(file), name);
        if (!imported || !isProjectSpecifier(imported.specifier)) continue;
        const trace = this.tracer.definition(this.tracer.binding(file, name, startLine(call)), null);
        // A call of some other project function is no service registration; a broken init… import is.
        if (trace.type === 'dangling' && !isInitName(name)) continue;
        if (trace.type === 'unsupported') continue;
        this.record(null, { file, node: call, name, specifier: imported.specifier }, trace);
      }
    }
  }

  /** The body of the app's setup function in `file`, if it has one this can follow. */
  private setupBody(file: string): Node | undefined {
    let app: ReturnType<typeof findAppCall>;
    try {
      app = findAppCall(this.resolver.source(file), file);
    } catch (e) {
      // Already reported while resolving the arrays (several app calls, options not an object).
      if (e instanceof ScaffoldError && e.code === 'UNSUPPORTED_LAYOUT') return undefined;
      throw e;
    }
    if (!app) return undefined;
    const setup = setupFunctionOf(app.options);
    if (setup.type === 'unsupported') this.problem(file, startLine(setup.node), setup.message);
    return setup.type === 'function' ? setup.fn.getBody() : undefined;
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
    const kinds = inventoryKinds(this.layouts);
    const order = (k: InventoryKind) => kinds.indexOf(k);
    const { definitions, dangling, warnings } = this;
    definitions.sort((a, b) => order(a.kind) - order(b.kind) || cmp(a.file, b.file));
    dangling.sort((a, b) => order(a.kind) - order(b.kind) || cmp(a.path, b.path) || a.line - b.line);
    for (const d of definitions) d.registeredAt.sort((a, b) => cmp(a.path, b.path) || a.line - b.line);
    const inv = { definitions, dangling, warnings };
    placeholderReaders.set(inv, (file) => this.resolver.factsOf(file)?.placeholders ?? []);
    return inv;
  }
}

/**
 * Every definition of the `layouts` (and, with `services`, every service) the project has, where
 * each is registered, and the registrations that no longer resolve.
 */
export function inventory(tree: Tree, layouts: readonly DefinitionLayout[], options: InventoryOptions = {}): Inventory {
  const reader = new InventoryReader(tree, layouts);
  for (const layout of layouts) reader.readDefinitions(layout);
  if (options.services) reader.readServices();
  for (const layout of layouts) reader.readRegistrations(layout);
  if (options.services) reader.readSetupCalls();
  reader.assertFollowed();
  return reader.result();
}

/** The MCP names of a definition the layout's builder makes; nulls where it is not one. */
function namesFor(decl: DeclFacts | undefined, layout: DefinitionLayout): DefinitionNames {
  return decl?.names[layout.kind] ?? definitionNames(undefined, layout);
}

/** A definition entry, keys in the order the JSON reads best; `uri` only where the kind has one. */
function newDefinition(
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

function isConditional(el: TsMorph.SpreadElement): boolean {
  const { Node } = tsMorph();
  const e = unwrap(el.getExpression());
  return (
    Node.isConditionalExpression(e) ||
    (Node.isBinaryExpression(e) && ['&&', '||', '??'].includes(e.getOperatorToken().getText()))
  );
}

/** The array-valued operands of `cond ? a : b`, `cond && a`, `a ?? b` (nested too). */
function branchesOf(expr: Node): Node[] {
  const { Node } = tsMorph();
  const e = unwrap(expr);
  if (Node.isConditionalExpression(e)) return [...branchesOf(e.getWhenTrue()), ...branchesOf(e.getWhenFalse())];
  if (Node.isBinaryExpression(e)) {
    const op = e.getOperatorToken().getText();
    if (op === '&&') return branchesOf(e.getRight());
    if (op === '||' || op === '??') return [...branchesOf(e.getLeft()), ...branchesOf(e.getRight())];
  }
  return [e];
}
