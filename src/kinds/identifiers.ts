/**
 * The names a generated file already uses, found in the rendered file itself rather than listed by
 * hand: a name the user picks (or one derived from theirs) must not be one of them, or the file
 * declares it twice, shadows what it imports, or hides a global it relies on.
 */

import { ScaffoldError } from '../engine/errors.js';
import { type TsMorph, tsMorph } from '../ts/ts-morph.js';

/**
 * How many times a TypeScript text binds `name`, in any scope: declarations (variables,
 * parameters, functions, classes, types) and imports. A name the generator adds is bound once; a
 * second binding is a clash (a duplicate import, a redeclaration, or a parameter hiding it).
 */
export function bindingCount(text: string, name: string): number {
  const { ts } = tsMorph();
  const sf = ts.createSourceFile('probe.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let count = 0;
  const visit = (node: TsMorph.ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name && isBindingName(node)) count++;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return count;
}

/** Whether the identifier is the name a declaration or an import binds. */
function isBindingName(id: TsMorph.ts.Identifier): boolean {
  const { ts } = tsMorph();
  const parent = id.parent;
  return (
    (ts.isVariableDeclaration(parent) ||
      ts.isParameter(parent) ||
      ts.isBindingElement(parent) ||
      ts.isFunctionDeclaration(parent) ||
      ts.isClassDeclaration(parent) ||
      ts.isInterfaceDeclaration(parent) ||
      ts.isTypeAliasDeclaration(parent) ||
      ts.isEnumDeclaration(parent) ||
      ts.isImportSpecifier(parent) ||
      ts.isNamespaceImport(parent) ||
      ts.isImportClause(parent)) &&
    parent.name === id
  );
}

/**
 * The runtime's globals (Object, Promise, globalThis, JSON, process, Buffer, fetch…): a module-level
 * export of that name hides the global from the whole module and from its tests.
 */
export const RESTRICTED_GLOBALS: ReadonlySet<string> = new Set(
  // ECMAScript's
  (
    'globalThis Object Function Array Number Boolean String Symbol BigInt Date Promise RegExp JSON Math ' +
    'Intl Reflect Proxy Map Set WeakMap WeakSet WeakRef FinalizationRegistry Iterator Error AggregateError ' +
    'EvalError RangeError ReferenceError SyntaxError TypeError URIError ArrayBuffer SharedArrayBuffer ' +
    'Atomics DataView Int8Array Uint8Array Uint8ClampedArray Int16Array Uint16Array Int32Array Uint32Array ' +
    'Float32Array Float64Array BigInt64Array BigUint64Array parseInt parseFloat isNaN isFinite eval ' +
    'decodeURI decodeURIComponent encodeURI encodeURIComponent escape unescape Infinity NaN undefined ' +
    // Node's and the web's, which servers and their tests use
    'WebAssembly console process global Buffer URL URLSearchParams TextEncoder TextDecoder AbortController ' +
    'AbortSignal EventTarget Event structuredClone setTimeout setInterval setImmediate clearTimeout ' +
    'clearInterval clearImmediate queueMicrotask fetch Request Response Headers FormData Blob File crypto ' +
    'performance navigator atob btoa require module exports __dirname __filename'
  ).split(' '),
);

/** NAME_INVALID for `name`, saying why (what already uses it) and what would do instead. */
export function nameTaken(flag: string, name: string, why: string, suggestion: string): ScaffoldError {
  return new ScaffoldError('NAME_INVALID', `Invalid ${flag} ${JSON.stringify(name)}: ${why}.`, {
    hint: `Pick another name, e.g. ${suggestion}.`,
  });
}

/** Why `name` cannot be declared: a runtime global, or bound twice in `file`; undefined when free. */
export function takenBy(name: string, boundTwice: boolean, file: string): string | undefined {
  if (RESTRICTED_GLOBALS.has(name)) return `${name} is a JavaScript global, which the export would hide`;
  return boundTwice ? `${name} is already used by the generated ${file}` : undefined;
}
