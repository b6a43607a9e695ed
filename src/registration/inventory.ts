/**
 * What the project defines and where each definition is registered: the read-only analysis behind
 * `mcp-scaffold list`. Nothing here writes.
 *
 * Definitions are the exports of definition files (by suffix, see KIND_INFO) made by a builder call
 * (`tool(…)`, `resource(…)`, …): the definitions folders also hold helpers, so a glob is not the
 * list. Services are `src/services/<domain>/<domain>-service.ts` files exporting an `init…`
 * function. Registrations are found the way `add` finds where to register: SiteResolver with
 * `{ all: true }` over registrationTargets (every group, branch and entry point), then each entry
 * of every site is followed through its import (barrels, aliases, re-export chains, `export *`)
 * to the declaration it names. Entries and definitions are matched by declaration, not by name.
 * An import that no longer resolves is "dangling"; a layout it cannot follow is
 * UNSUPPORTED_LAYOUT with file and line, never a guess.
 */

import { type ErrorDetail, ScaffoldError } from '../engine/errors.js';
import type { Tree } from '../engine/tree.js';
import { namedImport } from '../ts/imports.js';
import { resolveModuleFile } from '../ts/modules.js';
import { short, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { type DefinitionKind, KIND_INFO } from './definitions.js';
import { entryPointCandidates, findAppCall } from './entry-point.js';
import { registrationTargets } from './register.js';
import { isInitName } from './setup.js';
import { SiteResolver } from './sites.js';

export type InventoryKind = DefinitionKind | 'service';

export const INVENTORY_KINDS: InventoryKind[] = ['tool', 'resource', 'prompt', 'service'];

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

type Node = TsMorph.Node;
type Declaration = TsMorph.VariableDeclaration | TsMorph.FunctionDeclaration;

/** Where a name leads: a declaration, nowhere (dangling), out of the project, or somewhere we cannot follow. */
type Trace =
  | { type: 'found'; file: string; decl: Declaration }
  | { type: 'dangling'; reason: DanglingReason; message: string }
  | { type: 'external'; specifier: string }
  | { type: 'unsupported'; file: string; node: Node; message: string };

const MAX_DEPTH = 16;
const FRAMEWORK_MODULE = /^@cyanheads\/mcp-ts-core(\/|$)/;
const SERVICE_FILE = /^src\/services\/([^/]+)\/\1-service\.ts$/;

const keyOf = (file: string, decl: Node) => `${file}@${decl.getStart()}`;
const isProjectSpecifier = (s: string) => s.startsWith('./') || s.startsWith('../') || s.startsWith('@/');

/**
 * A SiteResolver that turns an array reference whose import no longer resolves (`tools:
 * allToolDefinitions` from a deleted barrel) into a dangling registration instead of a failure.
 */
class InventoryResolver extends SiteResolver {
  kind: DefinitionKind = 'tool';
  readonly danglingArrays: DanglingRegistration[] = [];

  constructor(
    tree: Tree,
    private readonly tracer: () => Tracer,
  ) {
    super(tree, { all: true });
  }

  override resolve(expr: Node, file: string, trail: string[], depth = 0): ReturnType<SiteResolver['resolve']> {
    const { Node } = tsMorph();
    if (Node.isIdentifier(expr)) {
      const { SyntaxKind } = tsMorph();
      const sf = this.source(file);
      const name = expr.getText();
      const imported = namedImport(sf, name);
      const declaredHere = () =>
        [
          SyntaxKind.VariableDeclaration,
          SyntaxKind.FunctionDeclaration,
          SyntaxKind.Parameter,
          SyntaxKind.BindingElement,
        ].some((k) => sf.getDescendantsOfKind(k).some((d) => (d as TsMorph.VariableDeclaration).getName() === name));
      if (imported) {
        const trace = this.tracer().importChain(file, imported.specifier, imported.name, imported.node, 0);
        if (trace.type === 'dangling') {
          this.danglingArrays.push({
            kind: this.kind,
            path: file,
            line: expr.getStartLineNumber(),
            name,
            specifier: imported.specifier,
            reason: trace.reason,
            message: trace.message,
          });
          return [];
        }
      } else if (!declaredHere()) {
        this.danglingArrays.push({
          kind: this.kind,
          path: file,
          line: expr.getStartLineNumber(),
          name,
          specifier: null,
          reason: 'missing-import',
          message: `\`${name}\` is neither imported nor declared in ${file}`,
        });
        return [];
      }
    }
    return super.resolve(expr, file, trail, depth);
  }
}

/** Follows names through imports and exports to their declarations. */
class Tracer {
  constructor(private readonly resolver: SiteResolver) {}

  private source(file: string): TsMorph.SourceFile {
    return this.resolver.source(file);
  }

  /** The binding `name` in `file` (imported or declared at top level). */
  binding(file: string, name: string, use: Node, depth: number): Trace {
    if (depth > MAX_DEPTH)
      return { type: 'unsupported', file, node: use, message: `gave up following \`${name}\`: too many indirections` };
    const sf = this.source(file);
    const imported = namedImport(sf, name);
    if (imported) return this.importChain(file, imported.specifier, imported.name, imported.node, depth + 1);
    const other = sf
      .getImportDeclarations()
      .find((d) => d.getDefaultImport()?.getText() === name || d.getNamespaceImport()?.getText() === name);
    if (other) {
      if (other.getNamespaceImport() === undefined && !isProjectSpecifier(other.getModuleSpecifierValue())) {
        return { type: 'external', specifier: other.getModuleSpecifierValue() };
      }
      return {
        type: 'unsupported',
        file,
        node: use,
        message: `\`${name}\` is a default or namespace import; cannot tell which definition it is`,
      };
    }
    const decl = sf.getVariableDeclaration(name) ?? sf.getFunction(name);
    if (decl) return { type: 'found', file, decl };
    return {
      type: 'dangling',
      reason: 'missing-import',
      message: `\`${name}\` is neither imported nor declared in ${file}`,
    };
  }

  /** The export `name` of the module `specifier` seen from `file`. */
  importChain(file: string, specifier: string, name: string, node: Node, depth: number): Trace {
    const target = resolveModuleFile(this.resolver.tree, file, specifier);
    if (!target) {
      if (!isProjectSpecifier(specifier)) return { type: 'external', specifier };
      return {
        type: 'dangling',
        reason: 'missing-file',
        message: `${file}:${node.getStartLineNumber()} imports from '${specifier}', which is not a file of this project`,
      };
    }
    return this.exported(target, name, node, depth + 1);
  }

  /** The declaration behind the export `name` of `file`, following re-exports. */
  exported(file: string, name: string, from: Node, depth: number, seen = new Set<string>()): Trace {
    if (depth > MAX_DEPTH || seen.has(`${file}#${name}`)) {
      return {
        type: 'unsupported',
        file,
        node: from,
        message: `gave up following the export \`${name}\` of ${file}: too many re-exports`,
      };
    }
    seen.add(`${file}#${name}`);
    const sf = this.source(file);
    const variable = sf
      .getVariableStatements()
      .find((v) => v.hasExportKeyword() && v.getDeclarations().some((d) => d.getName() === name));
    if (variable) return { type: 'found', file, decl: variable.getDeclarations().find((d) => d.getName() === name)! };
    const fn = sf.getFunctions().find((f) => f.hasExportKeyword() && f.getName() === name);
    if (fn) return { type: 'found', file, decl: fn };
    for (const ed of sf.getExportDeclarations()) {
      const spec = ed.getModuleSpecifierValue();
      for (const ne of ed.getNamedExports()) {
        if ((ne.getAliasNode()?.getText() ?? ne.getName()) !== name) continue;
        if (spec === undefined) return this.binding(file, ne.getName(), ne, depth + 1);
        const target = resolveModuleFile(this.resolver.tree, file, spec);
        if (!target) {
          if (!isProjectSpecifier(spec)) return { type: 'external', specifier: spec };
          return {
            type: 'dangling',
            reason: 'missing-file',
            message: `${file}:${ed.getStartLineNumber()} re-exports \`${name}\` from '${spec}', which is not a file of this project`,
          };
        }
        return this.exported(target, ne.getName(), ed, depth + 1, seen);
      }
    }
    for (const ed of sf.getExportDeclarations()) {
      const spec = ed.getModuleSpecifierValue();
      // isNamespaceExport() is also true for a plain `export *`; skip only `export * as ns`.
      if (spec === undefined || ed.getNamedExports().length > 0 || ed.getNamespaceExport() !== undefined) continue;
      const target = resolveModuleFile(this.resolver.tree, file, spec);
      if (!target) continue;
      const trace = this.exported(target, name, ed, depth + 1, seen);
      if (trace.type !== 'dangling' || trace.reason !== 'missing-export') return trace;
    }
    return { type: 'dangling', reason: 'missing-export', message: `${file} does not export \`${name}\`` };
  }

  /**
   * Past aliases (`export const fooTool = barTool`) to the declaration that holds the definition.
   * A declaration that is neither an alias nor a builder call is the definition only where it
   * sits in a definition file (a wrapped builder, say); anywhere else it cannot be told apart.
   */
  definition(trace: Trace, kind: InventoryKind, depth = 0): Trace {
    if (trace.type !== 'found') return trace;
    const { Node } = tsMorph();
    if (Node.isVariableDeclaration(trace.decl)) {
      const init = unwrap(trace.decl.getInitializer());
      if (init && Node.isIdentifier(init)) {
        if (depth > MAX_DEPTH)
          return { type: 'unsupported', file: trace.file, node: init, message: 'too many aliases' };
        return this.definition(this.binding(trace.file, init.getText(), init, depth + 1), kind, depth + 1);
      }
      // Any kind's builder: a prompt listed among the resources is still a definition (warned later).
      const anyBuilder = (['tool', 'resource', 'prompt'] as const).some((k) => builderCall(init, k));
      if (init && (anyBuilder || isDefinitionFile(trace.file, kind))) return trace;
    } else if (kind === 'service' || isDefinitionFile(trace.file, kind)) {
      return trace;
    }
    return {
      type: 'unsupported',
      file: trace.file,
      node: trace.decl,
      message: `\`${trace.decl.getName() ?? '?'}\` is not a ${kind} definition this can read (${short(trace.decl)})`,
    };
  }
}

function unwrap(expr: Node | undefined): Node | undefined {
  const { Node } = tsMorph();
  let e = expr;
  while (
    e &&
    (Node.isParenthesizedExpression(e) ||
      Node.isAsExpression(e) ||
      Node.isSatisfiesExpression(e) ||
      Node.isNonNullExpression(e))
  ) {
    e = e.getExpression();
  }
  return e;
}

function isDefinitionFile(file: string, kind: InventoryKind): boolean {
  return kind === 'service' ? SERVICE_FILE.test(file) : KIND_INFO[kind].suffixes.some((s) => file.endsWith(s));
}

/** The local names the framework's builders go by in a file (`tool`, or `defineTool` for `tool as defineTool`). */
function builderNames(sf: TsMorph.SourceFile, kind: DefinitionKind): Set<string> {
  const builders = KIND_INFO[kind].builders;
  const names = new Set(builders);
  for (const d of sf.getImportDeclarations()) {
    if (!FRAMEWORK_MODULE.test(d.getModuleSpecifierValue())) continue;
    for (const n of d.getNamedImports())
      if (builders.includes(n.getName()) && n.getAliasNode()) names.add(n.getAliasNode()!.getText());
  }
  return names;
}

/** The builder call that makes a definition: the initializer itself, or the first one inside it. */
function builderCall(expr: Node | undefined, kind: InventoryKind): TsMorph.CallExpression | undefined {
  const { Node, SyntaxKind } = tsMorph();
  if (!expr || kind === 'service') return undefined;
  const names = builderNames(expr.getSourceFile(), kind);
  const isBuilder = (n: Node): n is TsMorph.CallExpression =>
    Node.isCallExpression(n) && names.has(n.getExpression().getText());
  const e = unwrap(expr);
  if (e && isBuilder(e)) return e;
  return expr.getDescendantsOfKind(SyntaxKind.CallExpression).find(isBuilder);
}

/** A string literal, or a local const holding one. */
function stringValue(expr: Node | undefined): string | null {
  const { Node } = tsMorph();
  const e = unwrap(expr);
  if (!e) return null;
  if (Node.isStringLiteral(e) || Node.isNoSubstitutionTemplateLiteral(e)) return e.getLiteralValue();
  if (Node.isIdentifier(e)) {
    const decl = e.getSourceFile().getVariableDeclaration(e.getText());
    const init = unwrap(decl?.getInitializer());
    if (init && (Node.isStringLiteral(init) || Node.isNoSubstitutionTemplateLiteral(init)))
      return init.getLiteralValue();
  }
  return null;
}

/** MCP name (and a resource's URI template) from a builder call. */
function namesOf(
  call: TsMorph.CallExpression | undefined,
  kind: DefinitionKind,
): { name: string | null; uri?: string | null } {
  if (!call) return kind === 'resource' ? { name: null, uri: null } : { name: null };
  const { Node } = tsMorph();
  const [first, options] = call.getArguments();
  if (kind !== 'resource') return { name: stringValue(first) };
  let name: string | null = null;
  if (options && Node.isObjectLiteralExpression(options)) {
    const prop = options.getProperty('name');
    if (prop && Node.isPropertyAssignment(prop)) name = stringValue(prop.getInitializer());
  }
  return { name, uri: stringValue(first) };
}

/** The exported bindings of a file, each with its declaration (local `export { a as b }` lists included). */
function exportedDeclarations(sf: TsMorph.SourceFile): { exportName: string; decl: Declaration }[] {
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

/** The body of `setup` in an app's options: a method, a function value, or a named local function. */
function setupBody(
  sf: TsMorph.SourceFile,
  file: string,
  options: TsMorph.ObjectLiteralExpression,
  problems: ErrorDetail[],
): Node | undefined {
  const { Node } = tsMorph();
  const prop = options.getProperty('setup');
  if (!prop) return undefined;
  const fail = (node: Node, message: string) => {
    problems.push({ path: file, line: node.getStartLineNumber(), message });
    return undefined;
  };
  if (Node.isMethodDeclaration(prop)) return prop.getBody();
  let value: Node | undefined;
  if (Node.isPropertyAssignment(prop)) value = unwrap(prop.getInitializer());
  else if (Node.isShorthandPropertyAssignment(prop)) value = prop.getNameNode();
  else return fail(prop, `\`setup\` is not a plain property or method (\`${short(prop)}\`)`);
  if (value && Node.isIdentifier(value)) {
    const name = value.getText();
    const fn = sf.getFunction(name);
    if (fn) return fn.getBody();
    const imported = namedImport(sf, name);
    if (imported)
      return fail(prop, `\`setup\` is \`${name}\`, imported from '${imported.specifier}'; its body cannot be followed`);
    value = unwrap(sf.getVariableDeclaration(name)?.getInitializer());
    if (!value) return fail(prop, `cannot find the function \`${name}\` that \`setup\` names`);
  }
  if (value && (Node.isArrowFunction(value) || Node.isFunctionExpression(value))) return value.getBody();
  return fail(prop, `cannot follow \`setup\` (\`${short(prop)}\`) to a function body`);
}

export function inventory(tree: Tree): Inventory {
  const { Node, SyntaxKind } = tsMorph();
  let tracer!: Tracer;
  const resolver = new InventoryResolver(tree, () => tracer);
  tracer = new Tracer(resolver);
  const warnings: string[] = [];
  const problems: ErrorDetail[] = [];
  const dangling: DanglingRegistration[] = [];
  const definitions: InventoryDefinition[] = [];
  /** Declaration key → its definition, for matching registrations. */
  const byDecl = new Map<string, InventoryDefinition>();

  const unsupported = (file: string, node: Node, message: string) =>
    problems.push({ path: file, line: node.getStartLineNumber(), message });

  // 1. What the project defines, by file.
  for (const kind of ['tool', 'resource', 'prompt'] as const) {
    const info = KIND_INFO[kind];
    for (const file of tree.listFiles(info.dir).filter((f) => info.suffixes.some((s) => f.endsWith(s)))) {
      const sf = resolver.source(file);
      const exported = exportedDeclarations(sf);
      const made = exported.filter(
        (e) => Node.isVariableDeclaration(e.decl) && builderCall(e.decl.getInitializer(), kind),
      );
      if (made.length === 0) {
        warnings.push(
          exported.length === 0
            ? `${file} exports nothing: it is listed as a ${kind} that is not registered.`
            : `${file}: no export is made by ${info.builders.map((b) => `${b}(…)`).join(' or ')}; listing its exports without an MCP name.`,
        );
      }
      const entries = made.length > 0 ? made : exported.length > 0 ? exported : [undefined];
      for (const entry of entries) {
        const call =
          entry && Node.isVariableDeclaration(entry.decl) ? builderCall(entry.decl.getInitializer(), kind) : undefined;
        const def = newDefinition(kind, call, file, entry?.exportName ?? null);
        definitions.push(def);
        if (entry && !byDecl.has(keyOf(file, entry.decl))) byDecl.set(keyOf(file, entry.decl), def);
      }
    }
  }
  for (const file of tree.listFiles('src/services').filter((f) => SERVICE_FILE.test(f))) {
    const sf = resolver.source(file);
    const inits = exportedDeclarations(sf).filter((e) => isInitName(e.exportName));
    if (inits.length === 0) {
      warnings.push(`${file} exports no init…() function; not listed as a service.`);
      continue;
    }
    const def: InventoryDefinition = {
      kind: 'service',
      name: SERVICE_FILE.exec(file)![1]!,
      file,
      exportName: inits[0]!.exportName,
      registered: false,
      registeredAt: [],
    };
    definitions.push(def);
    for (const init of inits) byDecl.set(keyOf(file, init.decl), def);
  }

  /** Records that the entry at `site` registers what `resolved` (a traced definition) is. */
  const record = (
    kind: InventoryKind,
    site: { file: string; node: Node; name: string; specifier: string | null },
    resolved: Trace,
  ) => {
    const at = { path: site.file, line: site.node.getStartLineNumber() };
    switch (resolved.type) {
      case 'dangling':
        dangling.push({
          kind,
          ...at,
          name: site.name,
          specifier: site.specifier,
          reason: resolved.reason,
          message: resolved.message,
        });
        return;
      case 'external':
        warnings.push(
          `${at.path}:${at.line}: \`${site.name}\` comes from the package '${resolved.specifier}', not from a file of this project.`,
        );
        return;
      case 'unsupported':
        unsupported(resolved.file, resolved.node, resolved.message);
        return;
      case 'found': {
        let def = byDecl.get(keyOf(resolved.file, resolved.decl));
        if (!def) {
          if (kind === 'service') return; // an init…() that is not a service's: none of ours
          const call = Node.isVariableDeclaration(resolved.decl)
            ? builderCall(resolved.decl.getInitializer(), kind)
            : undefined;
          def = newDefinition(kind, call, resolved.file, resolved.decl.getName() ?? null);
          warnings.push(
            `${resolved.file}:${resolved.decl.getStartLineNumber()}: the ${kind} \`${def.exportName}\` is defined outside a ${KIND_INFO[kind].suffixes.join('/')} file.`,
          );
          definitions.push(def);
          byDecl.set(keyOf(resolved.file, resolved.decl), def);
        }
        if (def.kind !== kind) {
          warnings.push(
            `${at.path}:${at.line}: the ${def.kind} \`${def.exportName}\` (${def.file}) is listed among the ${kind}s.`,
          );
          return;
        }
        if (def.registeredAt.some((r) => r.path === at.path && r.line === at.line)) return;
        // Listed in two entry points (index.ts and worker.ts) is normal; twice in one file is not.
        const first = def.registeredAt.find((r) => r.path === at.path);
        if (first) {
          warnings.push(
            `${at.path}:${at.line}: \`${def.exportName}\` is registered again (first at ${first.path}:${first.line}).`,
          );
        }
        def.registered = true;
        def.registeredAt.push(at);
      }
    }
  };

  // 2. The array entries that register tools, resources and prompts.
  for (const kind of ['tool', 'resource', 'prompt'] as const) {
    resolver.kind = kind;
    let targets: ReturnType<typeof registrationTargets>;
    try {
      targets = registrationTargets(resolver, KIND_INFO[kind].appKey);
    } catch (e) {
      if (e instanceof ScaffoldError && e.code === 'UNSUPPORTED_LAYOUT' && e.details.length > 0) {
        problems.push(...e.details);
        continue;
      }
      throw e;
    }
    const seenSites = new Set<string>();
    const visit = (file: string, array: TsMorph.ArrayLiteralExpression) => {
      if (seenSites.has(keyOf(file, array))) return;
      seenSites.add(keyOf(file, array));
      for (const el of array.getElements()) entry(file, el);
    };
    const entry = (file: string, el: Node): void => {
      const sf = resolver.source(file);
      if (Node.isIdentifier(el)) {
        const name = el.getText();
        const specifier = namedImport(sf, name)?.specifier ?? null;
        record(kind, { file, node: el, name, specifier }, tracer.definition(tracer.binding(file, name, el, 0), kind));
      } else if (Node.isPropertyAccessExpression(el) && Node.isIdentifier(el.getExpression())) {
        // `defs.fooTool` with `import * as defs from '../core/definitions/index.js'`.
        const ns = el.getExpression().getText();
        const decl = sf.getImportDeclarations().find((d) => d.getNamespaceImport()?.getText() === ns);
        if (!decl) return void unsupported(file, el, `cannot tell which definition \`${el.getText()}\` is`);
        const specifier = decl.getModuleSpecifierValue();
        const trace = tracer.importChain(file, specifier, el.getName(), decl, 0);
        record(kind, { file, node: el, name: el.getText(), specifier }, tracer.definition(trace, kind));
      } else if (Node.isSpreadElement(el)) {
        // Spread groups are sites of their own (resolver); a conditional spread holds entries here.
        if (!isConditional(el)) return;
        for (const branch of branchesOf(el.getExpression())) {
          let sites: ReturnType<SiteResolver['resolve']>;
          try {
            sites = resolver.resolve(branch, file, []);
          } catch (e) {
            if (e instanceof ScaffoldError && e.code === 'UNSUPPORTED_LAYOUT' && e.details.length > 0) {
              problems.push(...e.details);
              continue;
            }
            throw e;
          }
          for (const site of sites) visit(site.file, site.array);
        }
      } else if (Node.isCallExpression(el) && builderCall(el, kind) === el) {
        const call = el as TsMorph.CallExpression;
        definitions.push({
          ...newDefinition(kind, call, file, null),
          registered: true,
          registeredAt: [{ path: file, line: el.getStartLineNumber() }],
        });
        warnings.push(
          `${file}:${el.getStartLineNumber()}: a ${kind} is defined inline in the array, not in a definition file.`,
        );
      } else if (!Node.isOmittedExpression(el)) {
        unsupported(file, el, `cannot tell which ${kind} \`${short(el)}\` is`);
      }
    };
    for (const target of targets) {
      if (target.type === 'array') visit(target.site.file, target.site.array);
    }
  }
  dangling.push(...resolver.danglingArrays);

  // 3. init…() calls in setup() register services.
  for (const file of entryPointCandidates(tree)) {
    const sf = resolver.source(file);
    let app: ReturnType<typeof findAppCall>;
    try {
      app = findAppCall(sf, file);
    } catch (e) {
      // Already reported while resolving the arrays (several app calls, options not an object).
      if (e instanceof ScaffoldError && e.code === 'UNSUPPORTED_LAYOUT') continue;
      throw e;
    }
    if (!app) continue;
    const body = setupBody(sf, file, app.options, problems);
    if (!body) continue;
    // `setup: () => initX()` has a call for its body.
    const calls = [
      ...(Node.isCallExpression(body) ? [body] : []),
      ...body.getDescendantsOfKind(SyntaxKind.CallExpression),
    ];
    for (const call of calls) {
      const callee = call.getExpression();
      if (Node.isIdentifier(callee)) {
        const name = callee.getText();
        const imported = namedImport(sf, name);
        if (!imported || !isProjectSpecifier(imported.specifier)) continue;
        const trace = tracer.definition(tracer.binding(file, name, callee, 0), 'service');
        // A call of some other project function is no service registration; a broken init… import is.
        if (trace.type === 'dangling' && !isInitName(name)) continue;
        if (trace.type === 'unsupported') continue;
        record('service', { file, node: call, name, specifier: imported.specifier }, trace);
      }
    }
  }

  if (problems.length > 0) {
    // The same refusal comes once per kind (tools, resources, prompts all start at the app call).
    const unique = [...new Map(problems.map((p) => [`${p.path}:${p.line}:${p.message}`, p])).values()];
    problems.splice(0, problems.length, ...unique);
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

  const order = (k: InventoryKind) => INVENTORY_KINDS.indexOf(k);
  // Stable: definitions of one file stay in source order.
  definitions.sort((a, b) => order(a.kind) - order(b.kind) || cmp(a.file, b.file));
  dangling.sort((a, b) => order(a.kind) - order(b.kind) || cmp(a.path, b.path) || a.line - b.line);
  for (const d of definitions) d.registeredAt.sort((a, b) => cmp(a.path, b.path) || a.line - b.line);
  return { definitions, dangling, warnings };
}

/** A definition entry, keys in the order the JSON reads best; `uri` only for resources. */
function newDefinition(
  kind: DefinitionKind,
  call: TsMorph.CallExpression | undefined,
  file: string,
  exportName: string | null,
): InventoryDefinition {
  const { name, uri } = namesOf(call, kind);
  return {
    kind,
    name,
    file,
    exportName,
    ...(kind === 'resource' ? { uri: uri ?? null } : {}),
    registered: false,
    registeredAt: [],
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function isConditional(el: TsMorph.SpreadElement): boolean {
  const { Node } = tsMorph();
  const e = unwrap(el.getExpression());
  return (
    e !== undefined &&
    (Node.isConditionalExpression(e) ||
      (Node.isBinaryExpression(e) && ['&&', '||', '??'].includes(e.getOperatorToken().getText())))
  );
}

/** The array-valued operands of `cond ? a : b`, `cond && a`, `a ?? b` (nested too). */
function branchesOf(expr: Node): Node[] {
  const { Node } = tsMorph();
  const e = unwrap(expr);
  if (!e) return [];
  if (Node.isConditionalExpression(e)) return [...branchesOf(e.getWhenTrue()), ...branchesOf(e.getWhenFalse())];
  if (Node.isBinaryExpression(e)) {
    const op = e.getOperatorToken().getText();
    if (op === '&&') return branchesOf(e.getRight());
    if (op === '||' || op === '??') return [...branchesOf(e.getLeft()), ...branchesOf(e.getRight())];
  }
  return [e];
}
