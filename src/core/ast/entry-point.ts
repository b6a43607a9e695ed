/**
 * Finds the app's options object: the one `createApp({...})` (or `createWorkerHandler({...})`)
 * call in an entry file. Anything else is refused with the file and line, never guessed at.
 */

import { ScaffoldError } from '../errors.js';
import type { Tree } from '../fs/tree.js';
import { hasNamedImport, importedBinding } from './imports.js';
import { tsMorph, type TsMorph } from './ts-morph.js';

export const APP_FACTORIES = ['createApp', 'createWorkerHandler'];

export interface AppCall {
  call: TsMorph.CallExpression;
  options: TsMorph.ObjectLiteralExpression;
}

export function unsupported(
  relPath: string,
  node: TsMorph.Node | undefined,
  message: string,
  hint?: string,
): ScaffoldError {
  const line = node?.getStartLineNumber();
  return new ScaffoldError(
    'UNSUPPORTED_LAYOUT',
    `${relPath}${line ? `:${line}` : ''}: ${message}`,
    {
      hint:
        hint ??
        'Nothing was written. Register the definition by hand, or report this layout so mcp-scaffold learns it.',
      details: [{ path: relPath, ...(line ? { line } : {}), message }],
    },
  );
}

/**
 * How this file spells the app factories: `createApp`, a renamed import of it from the framework
 * (`import { createApp as makeApp }`), or a namespace import (`core.createApp`).
 */
function factoryCallees(sf: TsMorph.SourceFile): Set<string> {
  const callees = new Set(APP_FACTORIES);
  for (const d of sf.getImportDeclarations()) {
    if (!/^@cyanheads\/mcp-ts-core(\/|$)/.test(d.getModuleSpecifierValue())) continue;
    for (const n of d.getNamedImports()) {
      if (APP_FACTORIES.includes(n.getName()) && n.getAliasNode()) callees.add(n.getAliasNode()!.getText());
    }
    const ns = d.getNamespaceImport()?.getText();
    if (ns) for (const f of APP_FACTORIES) callees.add(`${ns}.${f}`);
  }
  return callees;
}

export function findAppCall(sf: TsMorph.SourceFile, relPath: string): AppCall | undefined {
  const { SyntaxKind } = tsMorph();
  const callees = factoryCallees(sf);
  const calls = sf
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter((c) => callees.has(c.getExpression().getText().replace(/\s+/g, '')));
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
    throw unsupported(
      relPath,
      call,
      `${call.getExpression().getText()}(…) is not given an object literal of options`,
    );
  }
  return { call, options: arg as TsMorph.ObjectLiteralExpression };
}

/** The files an app factory call may live in: the server's and the Worker's entry points. */
export const ENTRY_POINTS = ['src/index.ts', 'src/worker.ts'];

export interface EntryApp {
  file: string;
  sf: TsMorph.SourceFile;
  options: TsMorph.ObjectLiteralExpression;
}

/** Every entry point that calls an app factory, parsed by `parse`; refuses when none does. */
export function appEntryPoints(tree: Tree, parse: (file: string) => TsMorph.SourceFile, hint: string): EntryApp[] {
  const candidates = ENTRY_POINTS.filter((f) => tree.read(f) !== undefined);
  const found = candidates.flatMap((file) => {
    const sf = parse(file);
    const app = findAppCall(sf, file);
    return app ? [{ file, sf, options: app.options }] : [];
  });
  if (found.length === 0) {
    throw new ScaffoldError(
      'UNSUPPORTED_LAYOUT',
      candidates.length === 0
        ? `No entry point found (looked for ${ENTRY_POINTS.join(', ')}).`
        : `No createApp({...}) or createWorkerHandler({...}) call found in ${candidates.join(' or ')}.`,
      { hint },
    );
  }
  return found;
}

/**
 * ALREADY_EXISTS when `name` is already bound in the file (imported from another module, or
 * declared there), so that importing the new definition under that name would clash.
 */
export function assertBindingFree(sf: TsMorph.SourceFile, file: string, name: string, specifier: string, hint: string): void {
  const clash = importedBinding(sf, name);
  if (clash && !hasNamedImport(sf, name, specifier)) {
    throw new ScaffoldError(
      'ALREADY_EXISTS',
      `${file}:${clash.getStartLineNumber()} already imports a different ${name} (from '${clash.getModuleSpecifierValue()}').`,
      { hint, details: [{ path: file, line: clash.getStartLineNumber(), message: `${name} is already bound` }] },
    );
  }
  const local = sf.getVariableDeclaration(name) ?? sf.getFunction(name) ?? sf.getClass(name);
  if (local) {
    throw new ScaffoldError('ALREADY_EXISTS', `${file}:${local.getStartLineNumber()} already declares ${name}.`, {
      hint,
      details: [{ path: file, line: local.getStartLineNumber(), message: `${name} is already declared` }],
    });
  }
}
