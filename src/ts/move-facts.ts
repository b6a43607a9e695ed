/**
 * What renaming a module moves in its own text, read off its parse once and kept as plain data
 * with the file's other facts: where each module path it names is written, where its name-like
 * string literals are, the spans of its imports and exports, and where renaming each of its own
 * exports renames a name (bindings.ts). A rename of the definition in it then moves the file
 * without parsing it, where none of its edits falls inside an import or export.
 */

import { ownRenames } from './bindings.js';
import type { Span } from './module-facts.js';
import { moduleShape } from './module-graph.js';
import { isNameLike, ownExportsOf } from './reference-facts.js';
import { type TsMorph, tsMorph } from './ts-morph.js';

export interface MoveFacts {
  /** Each module path it names (imports, `export … from`, `import()`, import types): the path, and its literal's span. */
  paths: [specifier: string, start: number, end: number][];
  /** Its string literals (module paths of declarations aside) that could be a name (reference-facts.ts): value and span. */
  strings: [value: string, start: number, end: number][];
  /** Its top-level import and export declarations. */
  statements: Span[];
  /** For each name it exports of its own, where a rename of it renames an identifier. */
  own: [name: string, starts: number[]][];
}

/** The move facts of a parsed file. */
export function readMoveFacts(sf: TsMorph.SourceFile): MoveFacts {
  const { ts } = tsMorph();
  const file = sf.compilerNode;
  const paths: MoveFacts['paths'] = [];
  const strings: MoveFacts['strings'] = [];
  const literal = (node: TsMorph.ts.Node) => [node.getStart(file), node.end] as const;
  const visit = (node: TsMorph.ts.Node): void => {
    const spec =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)
            ? node.argument.literal
            : undefined;
    // Declarations at the top level only, as a rename reads them; calls and types anywhere.
    const declaration = ts.isImportDeclaration(node) || ts.isExportDeclaration(node);
    if (spec && ts.isStringLiteral(spec) && (!declaration || node.parent === file))
      paths.push([spec.text, ...literal(spec)]);
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isNameLike(node.text)) {
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent))
        strings.push([node.text, ...literal(node)]);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  const statements = file.statements
    .filter((st) => ts.isImportDeclaration(st) || ts.isExportDeclaration(st))
    .map((st): Span => [st.getStart(file), st.end]);
  const text = sf.getFullText();
  const own = ownExportsOf(moduleShape(ts, file)).map((name): [string, number[]] => {
    // A name written once, where it is declared, is renamed there alone: no walk of the identifiers needed.
    const at = occurrences(text, name);
    const declared = at.length === 1 ? declaredAt(sf, name) : undefined;
    return [name, declared === at[0] ? at : ownRenames(sf, name).map((id) => id.getStart())];
  });
  return { paths, strings, statements, own };
}

/** Where the top-level variable, function or class `name` is declared: its name's start. */
function declaredAt(sf: TsMorph.SourceFile, name: string): number | undefined {
  const { ts } = tsMorph();
  const file = sf.compilerNode;
  for (const st of file.statements) {
    const names = ts.isVariableStatement(st)
      ? st.declarationList.declarations.map((d) => d.name)
      : (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name
        ? [st.name]
        : [];
    const found = names.find((n) => ts.isIdentifier(n) && n.getText(file) === name);
    if (found) return found.getStart(file);
  }
  return undefined;
}

/** Where each whole-word occurrence of `word` starts in `text` (a name next to a letter, digit, `_`, `$` or `\\` is another name). */
export function occurrences(text: string, word: string): number[] {
  const out: number[] = [];
  const isNamePart = (c: string | undefined) => c !== undefined && /[\w$\\]/.test(c);
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + 1)) {
    if (!isNamePart(text[i - 1]) && !isNamePart(text[i + word.length])) out.push(i);
  }
  return out;
}

const isNumber = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isSpanOf = (v: unknown, head: (x: unknown) => boolean) =>
  Array.isArray(v) && v.length === 3 && head(v[0]) && isNumber(v[1]) && isNumber(v[2]);

/** Move facts as read back from the cache, checked field by field. */
export function isMoveFacts(v: unknown): v is MoveFacts {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  const isString = (x: unknown) => typeof x === 'string';
  return (
    Array.isArray(f.paths) &&
    f.paths.every((p) => isSpanOf(p, isString)) &&
    Array.isArray(f.strings) &&
    f.strings.every((p) => isSpanOf(p, isString)) &&
    Array.isArray(f.statements) &&
    f.statements.every((s) => Array.isArray(s) && s.length === 2 && s.every(isNumber)) &&
    Array.isArray(f.own) &&
    f.own.every(
      (o) => Array.isArray(o) && o.length === 2 && isString(o[0]) && Array.isArray(o[1]) && o[1].every(isNumber),
    )
  );
}
