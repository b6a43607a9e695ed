/**
 * What an edit of a file's imports, exports and definition arrays needs to know of it, as plain
 * data: positions, names and specifiers, taken from ts-morph's parse. The edits (imports.ts,
 * array-edits.ts) are computed from these facts and the file's text alone, so facts remembered
 * between runs (registration-index.ts) plan an edit without loading the parser. Everything a
 * fact's text would say is left to the text (`source.slice(start, end)`), and every layout
 * question (one line or several, a comment inside) is asked of the text at edit time.
 */

import {
  isTypeOnly,
  namedExportNodes,
  namedImportNodes,
  specifierLocal,
  specifierName,
  topFunction,
} from './statements.js';
import { startWithLeadingComments } from './text-edits.js';
import { type TsMorph, tsMorph, wrap } from './ts-morph.js';
import { unwrap } from './unwrap.js';

/** A name in an import's or export's braces: `name` is what is imported or exported, `local` what it is bound or exported as. */
export interface NamedFact {
  name: string;
  local: string;
  start: number;
  end: number;
}

/** An `import` or `export … from` / `export { … }` statement at the file's top level. */
export interface ModuleStatement {
  /** Its index among the file's top-level statements: runs of consecutive ones are where Biome sorts. */
  index: number;
  kind: 'import' | 'export';
  /** The module it names; absent for a local `export { … }`. */
  specifier?: string;
  /** The quote its module specifier is written with. */
  quote?: string;
  typeOnly: boolean;
  start: number;
  end: number;
  /** Where it starts counting the comments above it that are its own: what goes before it goes there. */
  ownStart: number;
  /** An import's default and namespace bindings. */
  defaultName?: string;
  namespaceName?: string;
  /** The names in its braces; absent when it has none (`import x from`, `export *`). */
  named?: NamedFact[];
}

export interface ModuleFacts {
  /** Its imports and exports, in order. */
  statements: ModuleStatement[];
  /** How many top-level statements it has, and where the first starts (below a header comment). */
  count: number;
  firstOwnStart?: number;
  /** The names its top-level variables, functions and classes declare (in that precedence), with where each starts. */
  declared: [name: string, start: number][];
}

export type Span = [start: number, end: number];

/** An object literal: the app's options, or one that holds a definitions array. */
export interface ObjectFacts {
  start: number;
  end: number;
  /** Whether Biome would break it alone when it outgrows its line (a call's last argument, a variable's value). */
  breaksAlone: boolean;
  /** Each property: its name (as ts-morph's `getName()` gives it; none for a spread), span and own start. */
  props: { name?: string; start: number; end: number; ownStart: number }[];
}

/** An array literal that lists definitions. */
export interface ArrayFacts {
  start: number;
  end: number;
  elements: Span[];
  /** The indexes of the elements that are trailing-kept conditional spreads (`...(flag ? [a] : [])`). */
  conditional: number[];
  /** The object it is the value of a property of (`tools: [...]`): that property's index and key text. */
  host?: { object: ObjectFacts; index: number; key: string };
}

/**
 * Where a statement starts, counting the comment lines just above it that belong to it. But the
 * file's header comment leads its first statement: it stays on top even when no blank line
 * separates it (a header block comment is never the first statement's own comment).
 */
function ownStart(source: string, file: TsMorph.ts.SourceFile, node: TsMorph.ts.Statement, isFirst: boolean): number {
  const { ts } = tsMorph();
  const ranges = ts.getLeadingCommentRanges(source, node.pos) ?? [];
  const own = isFirst && ranges[0] && source.startsWith('/*', ranges[0].pos) ? ranges.slice(1) : ranges;
  return startWithLeadingComments(source, {
    getStart: () => node.getStart(file),
    getLeadingCommentRanges: () => own.map((r) => ({ getPos: () => r.pos, getEnd: () => r.end })),
  });
}

const factsByFile = new WeakMap<object, ModuleFacts>();

/** The facts of a parsed file, taken once per parse (keyed by the compiler's node, which a re-parse replaces). */
export function moduleFacts(sf: TsMorph.SourceFile): ModuleFacts {
  let facts = factsByFile.get(sf.compilerNode);
  if (!facts) {
    facts = takeFacts(sf);
    factsByFile.set(sf.compilerNode, facts);
  }
  return facts;
}

function takeFacts(sf: TsMorph.SourceFile): ModuleFacts {
  const { ts } = tsMorph();
  const file = sf.compilerNode;
  const source = sf.getFullText();
  const named = (elements: readonly (TsMorph.ts.ImportSpecifier | TsMorph.ts.ExportSpecifier)[]): NamedFact[] =>
    elements.map((e) => ({
      name: specifierName(sf, e),
      local: specifierLocal(sf, e),
      start: e.getStart(file),
      end: e.end,
    }));
  const statements: ModuleStatement[] = [];
  file.statements.forEach((st, index) => {
    if (!ts.isImportDeclaration(st) && !ts.isExportDeclaration(st)) return;
    const spec = st.moduleSpecifier;
    const fact: ModuleStatement = {
      index,
      kind: ts.isImportDeclaration(st) ? 'import' : 'export',
      ...(spec && ts.isStringLiteral(spec) ? { specifier: spec.text } : {}),
      ...(spec ? { quote: spec.getText(file).startsWith('"') ? '"' : "'" } : {}),
      typeOnly: isTypeOnly(st),
      start: st.getStart(file),
      end: st.end,
      ownStart: ownStart(source, file, st, index === 0),
    };
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      if (clause?.name) fact.defaultName = clause.name.getText(file);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) fact.namespaceName = bindings.name.getText(file);
      if (bindings && ts.isNamedImports(bindings)) fact.named = named(namedImportNodes(st));
    } else if (st.exportClause && ts.isNamedExports(st.exportClause)) fact.named = named(namedExportNodes(st));
    statements.push(fact);
  });
  const first = file.statements[0];
  return {
    statements,
    count: file.statements.length,
    ...(first ? { firstOwnStart: ownStart(source, file, first, true) } : {}),
    declared: declaredNames(sf),
  };
}

/** The names the file's top level declares, as topVariable ?? topFunction ?? topClass finds them. */
function declaredNames(sf: TsMorph.SourceFile): [string, number][] {
  const { ts } = tsMorph();
  const file = sf.compilerNode;
  const found = new Map<string, number>();
  const add = (name: string, start: number) => {
    if (!found.has(name)) found.set(name, start);
  };
  const bound = (node: TsMorph.ts.Node): string[] =>
    ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node)
      ? node.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bound(e.name)))
      : [node.getText(file)];
  for (const st of file.statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) for (const name of bound(d.name)) add(name, d.getStart(file));
  }
  for (const st of file.statements) {
    if (!ts.isFunctionDeclaration(st) || !st.name || found.has(st.name.getText(file))) continue;
    const fn = topFunction(sf, st.name.getText(file));
    if (fn) add(fn.getName()!, fn.getStart());
  }
  for (const st of file.statements)
    if (ts.isClassDeclaration(st) && st.name) add(st.name.getText(file), st.getStart(file));
  return [...found];
}

/** `canBreakAlone`: a call's last argument, or a variable's value, which Biome breaks keeping its line. */
function breaksAlone(object: TsMorph.ts.ObjectLiteralExpression): boolean {
  const { ts } = tsMorph();
  const parent = object.parent;
  if (ts.isCallExpression(parent)) return parent.arguments.at(-1) === object;
  return ts.isVariableDeclaration(parent) && parent.initializer === object;
}

export function objectFacts(object: TsMorph.ObjectLiteralExpression): ObjectFacts {
  const source = object.getSourceFile().getFullText();
  return {
    start: object.getStart(),
    end: object.getEnd(),
    breaksAlone: breaksAlone(object.compilerNode),
    props: object.getProperties().map((p) => {
      const name = (p as TsMorph.PropertyAssignment).getName?.();
      return {
        ...(name !== undefined ? { name } : {}),
        start: p.getStart(),
        end: p.getEnd(),
        ownStart: startWithLeadingComments(source, p),
      };
    }),
  };
}

/** `...(flag ? [a] : [])`, `...(flag && [a])`: optional extras written out in place, kept last. */
export function isConditionalSpread(el: TsMorph.Node): boolean {
  const { Node } = tsMorph();
  if (!Node.isSpreadElement(el)) return false;
  // A choice between two named lists, `...(lite ? liteTools : fullTools)`, is not extras but where
  // the definitions live, and is followed (and refused when its branches differ) like any other spread.
  const listedHere = (e: TsMorph.Node) => Node.isArrayLiteralExpression(unwrap(e));
  const expr = unwrap(el.getExpression());
  if (Node.isConditionalExpression(expr)) return listedHere(expr.getWhenTrue()) && listedHere(expr.getWhenFalse());
  if (Node.isBinaryExpression(expr) && ['&&', '||', '??'].includes(expr.getOperatorToken().getText())) {
    return listedHere(expr.getRight());
  }
  return false;
}

export function arrayFacts(array: TsMorph.ArrayLiteralExpression): ArrayFacts {
  const { ts, Node } = tsMorph();
  const sf = array.getSourceFile();
  const file = sf.compilerNode;
  const elements = array.compilerNode.elements;
  const conditional: number[] = [];
  elements.forEach((el, i) => {
    // Only spreads are wrapped to tell: a thousand entries are mostly names.
    if (ts.isSpreadElement(el) && isConditionalSpread(wrap(sf, el))) conditional.push(i);
  });
  const facts: ArrayFacts = {
    start: array.getStart(),
    end: array.getEnd(),
    elements: elements.map((el): Span => [el.getStart(file), el.end]),
    conditional,
  };
  const prop = array.getParent();
  if (Node.isPropertyAssignment(prop) && prop.getInitializer() === array) {
    const object = prop.getParent();
    if (Node.isObjectLiteralExpression(object)) {
      facts.host = {
        object: objectFacts(object),
        index: object.getProperties().indexOf(prop),
        key: prop.getNameNode().getText(),
      };
    }
  }
  return facts;
}
