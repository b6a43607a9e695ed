/**
 * What the inventory needs to know of one file, read off its syntax tree once and kept as plain
 * data: its module shape (for following names through it), its top-level declarations (where each
 * starts, whether it aliases another name, which kind's builder makes it and the MCP names that
 * gives) and its placeholder strings. Being data, the facts of a definition file are kept between
 * runs (engine/project-cache.ts), so a warm `list` parses no definition file at all.
 */

import { isJsonObject } from '../engine/json-object.js';
import type { FactKind } from '../engine/project-cache.js';
import { placeholdersIn } from '../text/placeholders.js';
import type { ImportBinding, ModuleShape } from '../ts/module-graph.js';
import { moduleShape } from '../ts/module-graph.js';
import { short, startLine, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { unwrap } from '../ts/unwrap.js';
import {
  builderCall,
  type Declaration,
  type DefinitionNames,
  definitionNames,
  exportedDeclarations,
} from './definitions.js';
import type { DefinitionLayout } from './layout.js';

/** A top-level variable or function declaration. */
export interface DeclFacts {
  /** Its name (undefined for `export default function () {}`). */
  name?: string;
  /** Where it starts (its identity within the file) and the line it starts on. */
  start: number;
  line: number;
  fn: boolean;
  /** A variable with an initializer. */
  hasInit: boolean;
  /** `const a = b`: the name it stands for, and the line of that name. */
  alias?: { name: string; line: number };
  /** Whether a builder of any of the layouts makes it. */
  builder: boolean;
  /** By kind: the MCP names, where that kind's builder makes it. */
  names: Record<string, DefinitionNames>;
  /** Its text on one line, for messages. */
  short: string;
}

/** A ModuleShape as plain data (its maps as entry lists). */
interface StoredShape {
  declared: [string, boolean][];
  namedExports: ModuleShape['namedExports'];
  starExports: ModuleShape['starExports'];
  imports: [string, ImportBinding][];
}

export interface FileFacts {
  shape: StoredShape;
  decls: DeclFacts[];
  /** A top-level name → the declaration it is bound to (the first variable of that name, else function). */
  byName: [string, number][];
  /** Each exported binding (a local `export { a as b }` list included) and its declaration. */
  exported: { exportName: string; decl: number }[];
  placeholders: { line: number; text: string }[];
}

/** What the inventory with these layouts reads, as the cache names and checks it. */
export function factsKind(layouts: readonly DefinitionLayout[]): FactKind<FileFacts> {
  const key = layouts.map((l) => `${l.kind}:${l.nameIn}:${l.builders.join(',')}`).join(';');
  return { key: `inventory:${key}`, valid: isFileFacts };
}

/** The facts of a file (its text, and that text parsed), for the inventory with these layouts. */
export function readFacts(sf: TsMorph.SourceFile, text: string, layouts: readonly DefinitionLayout[]): FileFacts {
  const shape = moduleShape(tsMorph().ts, sf.compilerNode);
  const builders = layouts.flatMap((l) => l.builders);
  const decls: DeclFacts[] = [];
  const index = new Map<number, number>();
  const factsOf = (decl: Declaration): number => {
    const start = decl.getStart();
    let i = index.get(start);
    if (i === undefined) {
      i = decls.push(declFacts(decl, layouts, builders)) - 1;
      index.set(start, i);
    }
    return i;
  };
  const exported = exportedDeclarations(sf).map((e) => ({ exportName: e.exportName, decl: factsOf(e.decl) }));
  const byName: [string, number][] = [];
  for (const name of shape.declared.keys()) {
    const decl = sf.getVariableDeclaration(name) ?? sf.getFunction(name);
    if (decl) byName.push([name, factsOf(decl)]);
  }
  return {
    shape: {
      declared: [...shape.declared],
      namedExports: shape.namedExports,
      starExports: shape.starExports,
      imports: [...shape.imports],
    },
    decls,
    byName,
    exported,
    placeholders: placeholdersIn(text),
  };
}

function declFacts(decl: Declaration, layouts: readonly DefinitionLayout[], builders: string[]): DeclFacts {
  const { Node } = tsMorph();
  const isVar = Node.isVariableDeclaration(decl);
  const init = isVar ? unwrap(decl.getInitializer()) : undefined;
  const names: Record<string, DefinitionNames> = {};
  for (const layout of layouts) {
    const call = builderCall(decl, layout.builders);
    if (call) names[layout.kind] = definitionNames(call, layout);
  }
  const name = decl.getName();
  return {
    ...(name !== undefined ? { name } : {}),
    start: decl.getStart(),
    line: startLine(decl),
    fn: !isVar,
    hasInit: init !== undefined,
    ...(init && Node.isIdentifier(init) ? { alias: { name: init.getText(), line: startLine(init) } } : {}),
    builder: builderCall(decl, builders) !== undefined,
    names,
    short: short(decl),
  };
}

/** The facts' module shape, as the module graph reads it. */
export function shapeOf(facts: FileFacts): ModuleShape {
  return {
    declared: new Map(facts.shape.declared),
    namedExports: facts.shape.namedExports,
    starExports: facts.shape.starExports,
    imports: new Map(facts.shape.imports),
  };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number';
const everyOf = <T>(v: unknown, ok: (x: T) => boolean) => Array.isArray(v) && (v as T[]).every(ok);
const nameOrNull = (v: unknown) => v === null || v === undefined || isString(v);

function isShape(v: unknown): boolean {
  if (!isJsonObject(v)) return false;
  const binding = (b: Record<string, unknown>) =>
    isJsonObject(b) && isString(b.kind) && isString(b.imported) && isString(b.specifier) && isNumber(b.line);
  return (
    everyOf<unknown[]>(v.declared, (d) => Array.isArray(d) && isString(d[0]) && typeof d[1] === 'boolean') &&
    everyOf<Record<string, unknown>>(
      v.namedExports,
      (e) => isJsonObject(e) && isString(e.name) && isString(e.local) && nameOrNull(e.specifier) && isNumber(e.line),
    ) &&
    everyOf<Record<string, unknown>>(
      v.starExports,
      (e) => isJsonObject(e) && isString(e.specifier) && isNumber(e.line),
    ) &&
    everyOf<unknown[]>(v.imports, (i) => Array.isArray(i) && isString(i[0]) && binding(i[1] as Record<string, unknown>))
  );
}

function isDecl(v: Record<string, unknown>): boolean {
  const alias = v.alias as Record<string, unknown> | undefined;
  return (
    isJsonObject(v) &&
    (v.name === undefined || isString(v.name)) &&
    isNumber(v.start) &&
    isNumber(v.line) &&
    typeof v.fn === 'boolean' &&
    typeof v.hasInit === 'boolean' &&
    typeof v.builder === 'boolean' &&
    isString(v.short) &&
    (alias === undefined || (isJsonObject(alias) && isString(alias.name) && isNumber(alias.line))) &&
    isJsonObject(v.names) &&
    Object.values(v.names).every((n) => isJsonObject(n) && nameOrNull(n.name) && nameOrNull(n.uri))
  );
}

/** A FileFacts as read back from the cache, checked field by field (an index must point at a declaration). */
function isFileFacts(value: unknown): value is FileFacts {
  if (!isJsonObject(value) || !isShape(value.shape) || !everyOf(value.decls, isDecl)) return false;
  const count = (value.decls as unknown[]).length;
  const isIndex = (i: unknown) => Number.isInteger(i) && (i as number) >= 0 && (i as number) < count;
  return (
    everyOf<unknown[]>(value.byName, (b) => Array.isArray(b) && isString(b[0]) && isIndex(b[1])) &&
    everyOf<Record<string, unknown>>(
      value.exported,
      (e) => isJsonObject(e) && isString(e.exportName) && isIndex(e.decl),
    ) &&
    everyOf<Record<string, unknown>>(value.placeholders, (p) => isJsonObject(p) && isNumber(p.line) && isString(p.text))
  );
}
