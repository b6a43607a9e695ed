/**
 * Finds the app's options object: the one `createApp({...})` (or `createWorkerHandler({...})`)
 * call in an entry file. Anything else is refused with the file and line, never guessed at.
 */

import { ScaffoldError } from '../engine/errors.js';
import type { Tree } from '../engine/tree.js';
import { hasNamedImportIn, importBindingIn, type KnownFile, known } from '../ts/imports.js';
import type { ModuleStatement } from '../ts/module-facts.js';
import { lineAtOffset } from '../ts/text-edits.js';
import { startLine, type TsMorph, tsMorph, wrap } from '../ts/ts-morph.js';

export const APP_FACTORIES = ['createApp', 'createWorkerHandler'];

export interface AppCall {
  call: TsMorph.CallExpression;
  options: TsMorph.ObjectLiteralExpression;
}

/** UNSUPPORTED_LAYOUT at a node, or at a line, of `relPath`. */
export function unsupported(
  relPath: string,
  at: TsMorph.Node | number | undefined,
  message: string,
  hint?: string,
): ScaffoldError {
  const line = typeof at === 'number' ? at : at?.getStartLineNumber();
  return new ScaffoldError('UNSUPPORTED_LAYOUT', `${relPath}${line ? `:${line}` : ''}: ${message}`, {
    hint:
      hint ?? 'Nothing was written. Register the definition by hand, or report this layout so mcp-scaffold learns it.',
    details: [{ path: relPath, ...(line ? { line } : {}), message }],
  });
}

const FRAMEWORK_MODULE = /^@cyanheads\/mcp-ts-core(\/|$)/;

/**
 * How this file spells the framework's exports `names`: as they are, renamed on import
 * (`import { tool as defineTool }`), or through a namespace import (`core.tool`).
 */
export function frameworkBindings(sf: TsMorph.SourceFile, names: readonly string[]): Set<string> {
  // On the compiler's nodes: an entry point importing a thousand definitions has as many imports.
  const { ts } = tsMorph();
  const spelled = new Set(names);
  for (const st of sf.compilerNode.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    if (!FRAMEWORK_MODULE.test(st.moduleSpecifier.text)) continue;
    const bindings = st.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const el of bindings.elements) {
        const imported = el.propertyName?.text ?? el.name.text;
        if (names.includes(imported) && el.propertyName) spelled.add(el.name.text);
      }
    } else if (bindings && ts.isNamespaceImport(bindings)) {
      for (const name of names) spelled.add(`${bindings.name.text}.${name}`);
    }
  }
  return spelled;
}

export function findAppCall(sf: TsMorph.SourceFile, relPath: string): AppCall | undefined {
  const { SyntaxKind } = tsMorph();
  const callees = frameworkBindings(sf, APP_FACTORIES);
  const calls = compilerCalls(sf, callees).map((c) => wrap<TsMorph.CallExpression>(sf, c));
  if (calls.length === 0) return undefined;
  if (calls.length > 1) {
    throw unsupported(
      relPath,
      calls[1],
      `found ${calls.length} app factory calls (lines ${calls.map((c) => c.getStartLineNumber()).join(', ')}); cannot tell which one to register in`,
    );
  }
  const call = calls[0]!;
  const arg = call.getArguments()[0];
  if (!arg || arg.getKind() !== SyntaxKind.ObjectLiteralExpression) {
    throw unsupported(relPath, call, `${call.getExpression().getText()}(…) is not given an object literal of options`);
  }
  return { call, options: arg as TsMorph.ObjectLiteralExpression };
}

/**
 * The calls of `callees` in the file, in source order, found on the compiler's nodes: wrapping
 * every node of an entry point that imports a thousand definitions just to look at its calls
 * was most of the search.
 */
function compilerCalls(sf: TsMorph.SourceFile, callees: Set<string>): TsMorph.ts.CallExpression[] {
  const { ts } = tsMorph();
  const file = sf.compilerNode;
  const found: TsMorph.ts.CallExpression[] = [];
  const visit = (node: TsMorph.ts.Node): void => {
    if (ts.isCallExpression(node) && callees.has(node.expression.getText(file).replace(/\s+/g, ''))) found.push(node);
    ts.forEachChild(node, visit);
  };
  // Imports and re-exports hold no calls: of a thousand of them, none need be walked into.
  for (const st of file.statements) if (!ts.isImportDeclaration(st) && !ts.isExportDeclaration(st)) visit(st);
  return found;
}

/** The files an app factory call may live in: the server's and the Worker's entry points. */
export const ENTRY_POINTS = ['src/index.ts', 'src/worker.ts'];

const MENTIONS_FACTORY = new RegExp(`\\b(?:${APP_FACTORIES.join('|')})\\b`);

/**
 * The files to look for app factory calls in: src/index.ts and src/worker.ts; and only when
 * neither mentions a factory (a server whose index.ts just imports `./server.js`), the other
 * top-level files of src/ that do. Which of them really calls one is for the parser to say.
 */
export function entryPointCandidates(tree: Tree): string[] {
  const standard = ENTRY_POINTS.filter((f) => tree.read(f) !== undefined);
  if (standard.some((f) => MENTIONS_FACTORY.test(tree.read(f)!))) return standard;
  const others = tree
    .listFiles('src')
    .filter((f) => /^src\/[^/]+\.[cm]?ts$/.test(f) && !/\.(d|test|spec)\.[cm]?ts$/.test(f) && !ENTRY_POINTS.includes(f))
    .filter((f) => MENTIONS_FACTORY.test(tree.read(f) ?? ''));
  return [...standard, ...others];
}

export interface EntryApp {
  file: string;
  sf: TsMorph.SourceFile;
  options: TsMorph.ObjectLiteralExpression;
  /** The line of the app factory call. */
  line: number;
}

/** Every entry point that calls an app factory, parsed by `parse`; refuses when none does. */
export function appEntryPoints(tree: Tree, parse: (file: string) => TsMorph.SourceFile, hint: string): EntryApp[] {
  const candidates = entryPointCandidates(tree);
  const found = candidates.flatMap((file) => {
    const sf = parse(file);
    const app = findAppCall(sf, file);
    return app ? [{ file, sf, options: app.options, line: startLine(app.call) }] : [];
  });
  // index.ts and worker.ts are the Node and Worker entries of one server; two other files that
  // each start an app are alternatives, and which one runs is not for us to guess.
  const discovered = found.filter((f) => !ENTRY_POINTS.includes(f.file));
  if (discovered.length > 1) {
    throw new ScaffoldError(
      'UNSUPPORTED_LAYOUT',
      `Several files start an app (${discovered.map((f) => `${f.file}:${f.line}`).join(', ')}); cannot tell which one is the server.`,
      { hint, details: discovered.map((f) => ({ path: f.file, line: f.line, message: 'calls an app factory' })) },
    );
  }
  if (found.length === 0) {
    throw new ScaffoldError(
      'UNSUPPORTED_LAYOUT',
      candidates.length === 0
        ? `No entry point found (looked for ${ENTRY_POINTS.join(', ')} and the other files directly in src/).`
        : `No createApp({...}) or createWorkerHandler({...}) call found in ${candidates.join(', ')}.`,
      { hint },
    );
  }
  return found;
}

/**
 * ALREADY_EXISTS when `name` is already bound in `file`: by an import of another module (`clash`,
 * as the file's facts give it) or by a top-level declaration starting at `declaredAt`, so that
 * importing the new definition under that name would clash. Undefined when it is free.
 */
export function bindingTaken(
  file: string,
  text: string,
  name: string,
  clash: ModuleStatement | undefined,
  declaredAt: number | undefined,
  hint: string,
): ScaffoldError | undefined {
  if (clash) {
    const line = lineAtOffset(text, clash.start);
    return new ScaffoldError(
      'ALREADY_EXISTS',
      `${file}:${line} already imports a different ${name} (from '${clash.specifier ?? ''}').`,
      { hint, details: [{ path: file, line, message: `${name} is already bound` }] },
    );
  }
  if (declaredAt === undefined) return undefined;
  const line = lineAtOffset(text, declaredAt);
  return new ScaffoldError('ALREADY_EXISTS', `${file}:${line} already declares ${name}.`, {
    hint,
    details: [{ path: file, line, message: `${name} is already declared` }],
  });
}

/** bindingTaken for `name` in a file known by its text and facts, unless imported from `specifier`. */
export function bindingTakenIn(
  file: string,
  { text, facts }: KnownFile,
  name: string,
  specifier: string,
  hint: string,
): ScaffoldError | undefined {
  const clash = importBindingIn(facts, name)?.statement;
  const imported = clash && !hasNamedImportIn(facts, name, specifier) ? clash : undefined;
  return bindingTaken(file, text, name, imported, facts.declared.find(([n]) => n === name)?.[1], hint);
}

/** bindingTakenIn for a parsed file, thrown. */
export function assertBindingFree(
  sf: TsMorph.SourceFile,
  file: string,
  name: string,
  specifier: string,
  hint: string,
): void {
  const taken = bindingTakenIn(file, known(sf), name, specifier, hint);
  if (taken) throw taken;
}
