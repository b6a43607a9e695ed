/**
 * Following a name through a graph of modules to the file that declares it: through imports,
 * `export { a as b } from`, local `export { a }` lists, `export *` and chains of them. The walk
 * knows nothing of where files come from: a host says how a specifier resolves to a file and
 * what a file imports, declares and exports (its ModuleShape). The project's sources (ts-morph)
 * and the installed framework's declaration files (TypeScript's parser) are both read this way,
 * so `add`, `list` and the framework feature check agree on where a name leads.
 */

import type { TsMorph } from './ts-morph.js';

type Ts = typeof TsMorph.ts;

export interface Where {
  file: string;
  line: number;
}

export interface ImportBinding {
  kind: 'named' | 'default' | 'namespace';
  /** The name imported (for a named import): `a` in `import { a as b }`. */
  imported: string;
  specifier: string;
  line: number;
}

/** What a module says about its top-level names. */
export interface ModuleShape {
  /** Top-level declarations by name, and whether one of them carries `export`. */
  declared: Map<string, boolean>;
  /** `export { local as name }`, from `specifier` when it re-exports another module's name. */
  namedExports: { name: string; local: string; specifier: string | undefined; line: number }[];
  /** `export * from '…'` (not `export * as ns`, which exports one namespace name). */
  starExports: { specifier: string; line: number }[];
  /** Import bindings by local name. */
  imports: Map<string, ImportBinding>;
}

/** Where a followed name ends. */
export type Trace =
  /** Declared at the top level of `file` under `name`. */
  | { type: 'found'; file: string; name: string }
  /** `name` comes from `specifier`, which the host cannot resolve to a file. */
  | { type: 'unresolved'; name: string; specifier: string; at: Where; reExport: boolean }
  /** `file` does not export `name`; `at` is the import or re-export that asked for it. */
  | { type: 'missing-export'; file: string; name: string; at: Where }
  /** `name` is neither imported nor declared in `file`; `line` is the export list naming it, if any. */
  | { type: 'undeclared'; file: string; name: string; line?: number }
  /** A default or namespace import: which declaration it stands for is not a name to follow. */
  | { type: 'default-or-namespace'; file: string; name: string; binding: ImportBinding }
  /** A cycle, or a chain longer than anyone writes. */
  | { type: 'too-deep'; file: string; name: string; at: Where };

export interface ModuleHost {
  /** The shape of `file`, or undefined when there is no such file (or it cannot be read). */
  shape(file: string): ModuleShape | undefined;
  /** The file `specifier` names, seen from `fromFile`; undefined when it names none. */
  resolve(fromFile: string, specifier: string): string | undefined;
}

const MAX_DEPTH = 16;

export class ModuleGraph {
  constructor(private readonly host: ModuleHost) {}

  /** What `name` is bound to at the top of `file`: an import, followed, or a declaration. */
  binding(file: string, name: string, depth = 0, exportLine?: number): Trace {
    const shape = this.host.shape(file);
    const imported = shape?.imports.get(name);
    if (imported) {
      if (imported.kind !== 'named') return { type: 'default-or-namespace', file, name, binding: imported };
      return this.imported(file, imported.specifier, imported.imported, name, imported.line, false, depth + 1);
    }
    if (shape?.declared.has(name)) return { type: 'found', file, name };
    return { type: 'undeclared', file, name, ...(exportLine !== undefined ? { line: exportLine } : {}) };
  }

  /**
   * The export `name` of the module `specifier` imports from `fromFile`, at `line`; `localName`
   * is what `fromFile` calls it, for messages.
   */
  imported(
    fromFile: string,
    specifier: string,
    name: string,
    localName: string,
    line: number,
    reExport: boolean,
    depth = 0,
  ): Trace {
    const at = { file: fromFile, line };
    const target = this.host.resolve(fromFile, specifier);
    if (target === undefined) return { type: 'unresolved', name: localName, specifier, at, reExport };
    return this.exported(target, name, at, depth + 1);
  }

  /** The declaration behind the export `name` of `file`; `at` is where it was asked for. */
  exported(file: string, name: string, at: Where, depth = 0, seen = new Set<string>()): Trace {
    const key = `${file}#${name}`;
    if (depth > MAX_DEPTH || seen.has(key)) return { type: 'too-deep', file, name, at };
    seen.add(key);
    const shape = this.host.shape(file);
    if (!shape) return { type: 'missing-export', file, name, at };
    if (shape.declared.get(name) === true) return { type: 'found', file, name };
    const named = shape.namedExports.find((e) => e.name === name);
    if (named) {
      if (named.specifier === undefined) return this.binding(file, named.local, depth + 1, named.line);
      return this.imported(file, named.specifier, named.local, name, named.line, true, depth + 1);
    }
    for (const star of shape.starExports) {
      const target = this.host.resolve(file, star.specifier);
      if (target === undefined) continue;
      const trace = this.exported(target, name, { file, line: star.line }, depth + 1, seen);
      if (trace.type !== 'missing-export') return trace;
    }
    return { type: 'missing-export', file, name, at };
  }
}

type ModifierHolder = { modifiers?: ArrayLike<{ kind: number }> | undefined };

/**
 * Shapes by parsed file: a walk asks for a file's shape once per name it follows, and an entry
 * point registering a thousand definitions is asked a thousand times. Keyed by the parse, which
 * an edit replaces.
 */
const shapes = new WeakMap<TsMorph.ts.SourceFile, ModuleShape>();

/** The ModuleShape of a file parsed by TypeScript (ts-morph's `sf.compilerNode` included); read, never change it. */
export function moduleShape(ts: Ts, sf: TsMorph.ts.SourceFile): ModuleShape {
  let shape = shapes.get(sf);
  if (!shape) {
    shape = readShape(ts, sf);
    shapes.set(sf, shape);
  }
  return shape;
}

function readShape(ts: Ts, sf: TsMorph.ts.SourceFile): ModuleShape {
  const shape: ModuleShape = { declared: new Map(), namedExports: [], starExports: [], imports: new Map() };
  const lineOf = (node: TsMorph.ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const isExported = (node: ModifierHolder) =>
    Array.from(node.modifiers ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const declare = (name: string, exported: boolean) =>
    shape.declared.set(name, exported || shape.declared.get(name) === true);
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const specifier = st.moduleSpecifier.text;
      const line = lineOf(st);
      const clause = st.importClause;
      if (clause?.name) shape.imports.set(clause.name.text, { kind: 'default', imported: 'default', specifier, line });
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) {
        shape.imports.set(bindings.name.text, { kind: 'namespace', imported: '*', specifier, line });
      } else if (bindings) {
        for (const el of bindings.elements) {
          const imported = el.propertyName?.text ?? el.name.text;
          shape.imports.set(el.name.text, { kind: 'named', imported, specifier, line });
        }
      }
    } else if (ts.isExportDeclaration(st)) {
      const specifier =
        st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : undefined;
      const line = lineOf(st);
      if (st.exportClause && ts.isNamedExports(st.exportClause)) {
        for (const el of st.exportClause.elements) {
          shape.namedExports.push({
            name: el.name.text,
            local: el.propertyName?.text ?? el.name.text,
            specifier,
            line,
          });
        }
      } else if (!st.exportClause && specifier !== undefined) {
        shape.starExports.push({ specifier, line });
      }
    } else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name)) declare(d.name.text, isExported(st));
    } else if (
      (ts.isFunctionDeclaration(st) ||
        ts.isClassDeclaration(st) ||
        ts.isInterfaceDeclaration(st) ||
        ts.isTypeAliasDeclaration(st) ||
        ts.isEnumDeclaration(st)) &&
      st.name
    ) {
      declare(st.name.text, isExported(st));
    } else if (ts.isModuleDeclaration(st) && ts.isIdentifier(st.name)) {
      // `declare namespace x` (declaration files merge one with a function or const of that name).
      declare(st.name.text, isExported(st));
    }
  }
  return shape;
}
