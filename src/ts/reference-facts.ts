/**
 * What a file says of the project's other modules, read off its parse once and kept as plain data:
 * each module path it names (imports, `export … from`, `import('…')` calls, `import('…')` types)
 * with what it takes from it, the names it exports of its own, and the string literals an MCP name
 * can be written as. Remembered between runs (engine/project-cache.ts), these let `remove` and
 * `rename` look for references only in the files that name the module they follow, and parse
 * only those.
 */

import { isJsonObject } from '../engine/json-object.js';
import type { ModuleFacts } from './module-facts.js';
import { type ModuleShape, moduleShape } from './module-graph.js';
import { specifierName } from './statements.js';
import { type TsMorph, tsMorph } from './ts-morph.js';

/** A module path the file names, and how. */
export interface ModuleRef {
  specifier: string;
  /** An import or export declaration, an `import()` call with a literal path, an `import('…')` type. */
  kind: 'import' | 'export' | 'dynamic' | 'type';
  /** The names in its braces, as `getName()` gives them (`a` in `a as b`). */
  names?: string[];
  /** `import x from`. */
  default?: true;
  /** `import * as ns from`, `export * as ns from`. */
  namespace?: true;
  /** `export * from`. */
  star?: true;
}

export interface ReferenceFacts {
  /** The project paths it names (`./`, `../`, `@/`), in source order: no other path names a file of the project. */
  refs: ModuleRef[];
  /** The names it exports of its own (declared and exported, or in a local `export { … }`). */
  exports: string[];
  /** Its string literals (module paths aside) that could be a name: no white space, at most NAME_MAX long. */
  strings: string[];
}

const NAME_MAX = 128;

/** Whether a string is one the facts' `strings` would hold: a literal with any other text is not looked for there. */
export const isNameLike = (s: string): boolean => s.length <= NAME_MAX && !/\s/.test(s);

export const isProjectSpecifier = (s: string): boolean =>
  s.startsWith('./') || s.startsWith('../') || s.startsWith('@/');

/** Every name a module exports of its own, in the order its shape lists them. */
export function ownExportsOf(shape: ModuleShape): string[] {
  return [
    ...new Set([
      ...[...shape.declared].flatMap(([name, exported]) => (exported ? [name] : [])),
      ...shape.namedExports.filter((e) => e.specifier === undefined).map((e) => e.name),
    ]),
  ];
}

/** The reference facts of a parsed file. */
export function readReferenceFacts(sf: TsMorph.SourceFile): ReferenceFacts {
  const { ts } = tsMorph();
  const file = sf.compilerNode;
  const refs: ModuleRef[] = [];
  const strings = new Set<string>();
  const add = (ref: ModuleRef) => {
    if (isProjectSpecifier(ref.specifier)) refs.push(ref);
  };
  const visit = (node: TsMorph.ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      add({
        specifier: node.moduleSpecifier.text,
        kind: 'import',
        ...(bindings && ts.isNamedImports(bindings)
          ? { names: bindings.elements.map((e) => specifierName(sf, e)) }
          : {}),
        ...(clause?.name ? { default: true } : {}),
        ...(bindings && ts.isNamespaceImport(bindings) ? { namespace: true } : {}),
      });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      add({
        specifier: node.moduleSpecifier.text,
        kind: 'export',
        ...(clause && ts.isNamedExports(clause) ? { names: clause.elements.map((e) => specifierName(sf, e)) } : {}),
        ...(clause && !ts.isNamedExports(clause) ? { namespace: true } : {}),
        ...(clause ? {} : { star: true }),
      });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add({ specifier: node.arguments[0].text, kind: 'dynamic' });
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal))
        add({ specifier: arg.literal.text, kind: 'type' });
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      // As `rename` reads them: the module path of an import or export declaration is no name.
      const parent = node.parent;
      if (!ts.isImportDeclaration(parent) && !ts.isExportDeclaration(parent) && isNameLike(node.text))
        strings.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return { refs, exports: ownExportsOf(moduleShape(ts, file)), strings: [...strings] };
}

/**
 * The refs of a file's top-level imports and exports, as its module facts tell them: the file's
 * own refs when it names no module in any other way (a dynamic import, an import type, a nested
 * declaration), which is when facts derived from module facts stand for a parse.
 */
export function topLevelRefs(facts: ModuleFacts): ModuleRef[] {
  const refs: ModuleRef[] = [];
  for (const st of facts.statements) {
    if (st.specifier === undefined || !isProjectSpecifier(st.specifier)) continue;
    refs.push({
      specifier: st.specifier,
      kind: st.kind,
      ...(st.named ? { names: st.named.map((n) => n.name) } : {}),
      ...(st.defaultName !== undefined ? { default: true } : {}),
      ...(st.namespaceName !== undefined ? { namespace: true } : {}),
    });
  }
  return refs;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
const KINDS = new Set(['import', 'export', 'dynamic', 'type']);

function isRef(v: unknown): v is ModuleRef {
  return (
    isJsonObject(v) &&
    typeof v.specifier === 'string' &&
    isProjectSpecifier(v.specifier) &&
    KINDS.has(v.kind as string) &&
    (v.names === undefined || isStrings(v.names)) &&
    [v.default, v.namespace, v.star].every((flag) => flag === undefined || flag === true)
  );
}

/** Reference facts as read back from the cache, checked field by field. */
export function isReferenceFacts(v: unknown): v is ReferenceFacts {
  return (
    isJsonObject(v) && Array.isArray(v.refs) && v.refs.every(isRef) && isStrings(v.exports) && isStrings(v.strings)
  );
}
