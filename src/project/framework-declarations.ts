/**
 * Reading an installed package's declaration files the way its users' compiler does: specifiers
 * resolve with TypeScript's own module resolution (NodeNext: package.json `exports` with their
 * conditions, nested or not, subpath patterns, `typesVersions`, `types`, bare specifiers into
 * dependencies), and names are followed through the module graph (`export { x } from`,
 * `export *`, type-only re-exports, imports) and through interface `extends` clauses.
 *
 * Only declarations are parsed (TypeScript's parser, no program, no type checking): a whole
 * program over the framework and its dependencies would take seconds on every `add`.
 */

import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { ModuleGraph, moduleShape, type Trace } from '../ts/module-graph.js';
import { type TsMorph, tsMorph } from '../ts/ts-morph.js';

type Ts = typeof TsMorph.ts;

export interface Declaration {
  file: string;
  /** The name it is declared under (an export may rename it). */
  name: string;
  node: TsMorph.ts.Node;
}

const MAX_DEPTH = 8;

export class DeclarationReader {
  private readonly ts: Ts = tsMorph().ts;
  private readonly files = new Map<string, TsMorph.ts.SourceFile | undefined>();
  private readonly options: TsMorph.ts.CompilerOptions = {
    module: this.ts.ModuleKind.NodeNext,
    moduleResolution: this.ts.ModuleResolutionKind.NodeNext,
  };
  private readonly cache = this.ts.createModuleResolutionCache(process.cwd(), (f) => f, this.options);
  private readonly graph = new ModuleGraph({
    shape: (file) => {
      const sf = this.parse(file);
      return sf && moduleShape(this.ts, sf);
    },
    resolve: (from, specifier) => this.resolve(from, specifier),
  });
  /** The package folder with symlinks resolved, as resolved file names are. */
  private readonly realDir: string;

  /** `packageDir` is the installed folder of the package `packageName` (node_modules/<name>). */
  constructor(
    readonly packageDir: string,
    readonly packageName: string,
  ) {
    this.realDir = realpathOr(packageDir);
  }

  /** The types file of the package's subpath (`.`, `./testing`), as an ESM `import` finds it. */
  entry(subpath: string): string | undefined {
    const specifier = subpath === '.' ? this.packageName : `${this.packageName}${subpath.slice(1)}`;
    // The folder that holds node_modules/<name>: resolving from there finds this very copy.
    const owner = path.resolve(this.packageDir, ...this.packageName.split('/').map(() => '..'), '..');
    return this.resolveAs(path.join(owner, 'index.ts'), specifier, this.ts.ModuleKind.ESNext);
  }

  /** The file `specifier` names from `from`, in the module format TypeScript gives `from`. */
  private resolve(from: string, specifier: string): string | undefined {
    const mode = this.ts.getImpliedNodeFormatForFile(
      from,
      this.cache.getPackageJsonInfoCache(),
      this.ts.sys,
      this.options,
    );
    return this.resolveAs(from, specifier, mode);
  }

  private resolveAs(from: string, specifier: string, mode: TsMorph.ts.ResolutionMode): string | undefined {
    if (specifier.startsWith('node:')) return undefined;
    const { ts } = this;
    return ts.resolveModuleName(specifier, from, this.options, ts.sys, this.cache, undefined, mode).resolvedModule
      ?.resolvedFileName;
  }

  private parse(file: string): TsMorph.ts.SourceFile | undefined {
    if (!this.files.has(file)) {
      let sf: TsMorph.ts.SourceFile | undefined;
      try {
        sf = this.ts.createSourceFile(file, readFileSync(file, 'utf8'), this.ts.ScriptTarget.Latest, true);
      } catch {
        sf = undefined;
      }
      this.files.set(file, sf);
    }
    return this.files.get(file);
  }

  /** The declaration of `name` as `file` exports it. */
  find(file: string | undefined, name: string): Declaration | undefined {
    return file === undefined ? undefined : this.declaration(this.graph.exported(file, name, { file, line: 0 }));
  }

  /** Whether `file` exports `name` (a value or a type). */
  exports(file: string | undefined, name: string): boolean {
    return this.find(file, name) !== undefined;
  }

  /** The declaration `name` stands for inside `file` (declared there or imported). */
  private bound(file: string, name: string): Declaration | undefined {
    return this.declaration(this.graph.binding(file, name));
  }

  private declaration(trace: Trace): Declaration | undefined {
    if (trace.type !== 'found') return undefined;
    const ts = this.ts;
    for (const st of this.parse(trace.file)?.statements ?? []) {
      if (
        (ts.isInterfaceDeclaration(st) ||
          ts.isClassDeclaration(st) ||
          ts.isFunctionDeclaration(st) ||
          ts.isTypeAliasDeclaration(st) ||
          ts.isEnumDeclaration(st) ||
          ts.isModuleDeclaration(st)) &&
        st.name?.text === trace.name
      ) {
        return { file: trace.file, name: trace.name, node: st };
      }
      if (ts.isVariableStatement(st)) {
        const decl = st.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === trace.name);
        if (decl) return { file: trace.file, name: trace.name, node: decl };
      }
    }
    return undefined;
  }

  /** Member names of an interface (with the ones it inherits), a class, or a type literal alias. */
  members(decl: Declaration | undefined, depth = 0): Set<string> {
    const out = new Set<string>();
    if (!decl || depth > MAX_DEPTH) return out;
    const { ts } = this;
    const add = (members: readonly (TsMorph.ts.TypeElement | TsMorph.ts.ClassElement)[]) => {
      for (const m of members)
        if (m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name))) out.add(m.name.text);
    };
    const node = decl.node;
    if (ts.isInterfaceDeclaration(node)) add(node.members);
    else if (ts.isClassDeclaration(node)) add(node.members);
    else if (ts.isTypeAliasDeclaration(node)) {
      const literals = (t: TsMorph.ts.TypeNode): void => {
        if (ts.isTypeLiteralNode(t)) add(t.members);
        else if (ts.isIntersectionTypeNode(t)) t.types.forEach(literals);
        else if (ts.isParenthesizedTypeNode(t)) literals(t.type);
      };
      literals(node.type);
    }
    for (const base of this.bases(decl)) for (const m of this.members(base, depth + 1)) out.add(m);
    return out;
  }

  /** What a declaration builds on: an interface's `extends`, an alias's intersected references. */
  private bases(decl: Declaration): Declaration[] {
    const { ts } = this;
    const node = decl.node;
    const names: string[] = [];
    if (ts.isInterfaceDeclaration(node)) {
      for (const clause of node.heritageClauses ?? [])
        for (const t of clause.types) if (ts.isIdentifier(t.expression)) names.push(t.expression.text);
    } else if (ts.isTypeAliasDeclaration(node)) {
      const refs = (t: TsMorph.ts.TypeNode): void => {
        if (ts.isIntersectionTypeNode(t)) t.types.forEach(refs);
        else if (ts.isParenthesizedTypeNode(t)) refs(t.type);
        else if (ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName)) names.push(t.typeName.text);
      };
      refs(node.type);
    }
    return names.map((n) => this.bound(decl.file, n)).filter((d): d is Declaration => d !== undefined);
  }

  /** A declaration and everything it builds on, transitively (interfaces it extends). */
  lineage(decl: Declaration | undefined): Declaration[] {
    const out: Declaration[] = [];
    const visit = (d: Declaration, depth: number) => {
      if (depth > MAX_DEPTH || out.some((o) => sameDeclaration(o, d))) return;
      out.push(d);
      for (const base of this.bases(d)) visit(base, depth + 1);
    };
    if (decl) visit(decl, 0);
    return out;
  }

  /**
   * The declarations the parameter `param` is typed with (each member of a union): of a function,
   * or of the method `method` of a class or interface.
   */
  parameterTypes(decl: Declaration | undefined, param: string, method?: string): Declaration[] {
    const { ts } = this;
    if (!decl) return [];
    let fn: TsMorph.ts.SignatureDeclaration | undefined;
    if (method === undefined) fn = ts.isFunctionDeclaration(decl.node) ? decl.node : undefined;
    else if (ts.isClassDeclaration(decl.node) || ts.isInterfaceDeclaration(decl.node)) {
      const members: readonly TsMorph.ts.Node[] = decl.node.members;
      fn = members.find(
        (m): m is TsMorph.ts.MethodDeclaration | TsMorph.ts.MethodSignature =>
          (ts.isMethodDeclaration(m) || ts.isMethodSignature(m)) && ts.isIdentifier(m.name) && m.name.text === method,
      );
    }
    const type = fn?.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === param)?.type;
    const names: string[] = [];
    const refs = (t: TsMorph.ts.TypeNode): void => {
      if (ts.isUnionTypeNode(t)) t.types.forEach(refs);
      else if (ts.isParenthesizedTypeNode(t)) refs(t.type);
      else if (ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName)) names.push(t.typeName.text);
    };
    if (type) refs(type);
    return names.map((n) => this.bound(decl.file, n)).filter((d): d is Declaration => d !== undefined);
  }

  /** Whether a function (`decl`) declares type parameters: `createMockContext<const TErrors …>`. */
  isGeneric(decl: Declaration | undefined): boolean {
    const { ts } = this;
    return decl !== undefined && ts.isFunctionDeclaration(decl.node) && (decl.node.typeParameters?.length ?? 0) > 0;
  }

  /** The declaration's file relative to the package, for evidence. */
  where(decl: Declaration | undefined): string {
    if (!decl) return '(not found)';
    const rel = path.relative(this.realDir, decl.file);
    return (rel.startsWith('..') ? decl.file : rel).split(path.sep).join('/');
  }
}

export function sameDeclaration(a: Declaration, b: Declaration): boolean {
  return a.file === b.file && a.name === b.name;
}

function realpathOr(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}
