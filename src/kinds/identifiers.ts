/**
 * The names a generated file already uses, found in the rendered file itself rather than listed by
 * hand: a name the user picks (or one derived from theirs) must not be one of them, or the file
 * declares it twice, shadows what it imports, or hides a global it relies on.
 */

import { ScaffoldError } from '../engine/errors.js';
import { INHERITED_NAMES } from '../text/reserved-names.js';
import { type TsMorph, tsMorph } from '../ts/ts-morph.js';

/**
 * Whether a TypeScript text binds `name` more than once, in any scope (see bindingCount): a name
 * the generator adds is bound once; a second binding is a clash (a duplicate import, a
 * redeclaration, or a parameter hiding it). Most texts are answered without loading TypeScript,
 * which is most of what a run that loads it costs: those that spell `name` in at most one place
 * where an identifier token of exactly `name` could be (spelledTokenCount).
 *
 * Why that is sound: without a `\u` escape an identifier is spelled as it is written, so each
 * binding of `name` is one such place, and the places bound the bindings. A spelling is passed
 * over only where the scanner cannot read a token `name` there: followed by an ASCII identifier
 * character, which the identifier would take in; or preceded by a run of them that begins with a
 * letter, `_` or `$` (an identifier, a private name or a regex's flags, which take in the rest)
 * and does not follow `.`, `+` or `-`. A number can end right before an identifier (`1foo`,
 * `0xfoo`, `1.e5foo`, `1e+_5foo`): an error, yet the parser reads `foo` and can bind it
 * (`f(a = 1foo)`). Only ASCII counts as identifier characters here: TypeScript's Unicode tables
 * and the runtime's `\p{ID_Continue}` differ by thousands of code points (TS 6.0, Node 20), and
 * a character one of them lacks ends the token for it.
 *
 * Two more kinds of place are passed over where the text parses, as every rendered file must
 * (the shape and e2e tests compile them): `name.` (a member read: no declaration's name is
 * followed by `.`) and `'name'` (inside a string). In a text that does not parse, the parser's
 * recovery can bind a name at such a place; the file is then refused by the project's type check
 * whatever its names. A generated test names its subject a dozen times this way and binds it once.
 */
export function bindsMoreThanOnce(text: string, name: string): boolean {
  if (!text.includes('\\u') && spelledTokenCount(text, name, 2) < 2) return false;
  return bindingCount(text, name) > 1;
}

/** The places, up to `limit`, where `text` spells `name` such that a parse could read it as a name it binds. */
function spelledTokenCount(text: string, name: string, limit: number): number {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const place = new RegExp(`(?<!(?<![\\w$.+-])[A-Za-z_$][\\w$]*)${escaped}(?![\\w$])`, 'gu');
  let count = 0;
  for (let m = place.exec(text); m && count < limit; m = place.exec(text)) {
    const before = text[m.index - 1];
    const after = m.index + name.length;
    if (/^[ \t]*\.(?!\.)/.test(text.slice(after, after + 64))) continue;
    if ((before === "'" || before === '"' || before === '`') && text[after] === before) continue;
    count++;
  }
  return count;
}

/**
 * How many times a TypeScript text binds `name`, in any scope: declarations (variables,
 * parameters, functions, classes, types) and imports, read from TypeScript's parse (the slow
 * path of bindsMoreThanOnce).
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
  if (INHERITED_NAMES.has(name)) {
    return `every object inherits ${name} from Object.prototype, the global object too, so the export would hide a global (the project's Biome refuses that)`;
  }
  return boundTwice ? `${name} is already used by the generated ${file}` : undefined;
}
