// Edits of the sources of the bundles (commander and zod in dist/cli.bundle.cjs; TypeScript in
// dist/vendor/ts-morph.cjs) that scripts/build-bundle.mjs makes as esbuild loads them. Each fails
// the build when the text it expects is not there, as a new version of a dependency may bring.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** `text` with its one `from` replaced by `to`; the build fails when `from` is not there exactly once. */
export function replaceOnce(file, text, from, to) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) {
    throw new Error(`${file}: ${JSON.stringify(from.slice(0, 60))} is not there once, as the build expects`);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * ts-morph's bundle has its names minified (4.3 MB to read and decode instead of 7.4). Nothing in
 * ts-morph or @ts-morph/common reads a name of theirs (the one `constructor.name` they read is
 * that of Deno's `NotFound`, not in the bundle); TypeScript reads one, in `Debug.getFunctionName`,
 * for the message of a failed assertion or cast ("did not pass the test 'isIdentifier'"). So that
 * such a message reads as on the plain path, the name of each of TypeScript's top-level functions
 * and classes is kept in a table (120 KB of source), made the first time one is asked for; the functions
 * nested in its namespaces (none of them a test) answer with their minified names.
 */
export function keepFunctionNames(file, text) {
  const names = new Set();
  for (const m of text.matchAll(/^(?:async )?function\*? ?([\w$]+)\(/gm)) names.add(m[1]);
  for (const m of text.matchAll(/^var ([\w$]+) = (?:async )?(?:function\b|\([^)]*\) =>|[\w$]+ =>)/gm)) names.add(m[1]);
  const classes = new Map(); // a class expression is called by its own name, else by its variable's
  for (const m of text.matchAll(/^var ([\w$]+) = class(?: ([\w$]+))?\b/gm)) classes.set(m[1], m[2] ?? m[1]);
  if (names.size < 1000)
    throw new Error(`${file}: ${names.size} top-level functions, where the build expects thousands`);
  const list = [...names, ...classes.keys()];
  const called = [...names, ...classes.values()];
  const table =
    '\nvar keptFunctionNames;\nfunction keptFunctionName(func) {\n' +
    `  if (!keptFunctionNames) {\n    const functions = [${list.join(', ')}];\n` +
    `    const names = ${JSON.stringify(called.join(' '))}.split(" ");\n` +
    '    keptFunctionNames = new Map(functions.map((f, i) => [f, names[i]]));\n  }\n' +
    '  return keptFunctionNames.get(func);\n}\n';
  const getter = '    } else if (hasProperty(func, "name")) {\n      return func.name;\n';
  text = replaceOnce(file, text, getter, getter.replace('func.name;', 'keptFunctionName(func) ?? func.name;'));
  // At the module's top level, where every one of those functions is in scope.
  const end = '\n0 && (module.exports = {';
  return replaceOnce(file, text, end, table + end);
}

/** Entries past which a namespace object is made in dictionary mode (V8 keeps at most 1,020 fast ones). */
const LARGE_NAMESPACE = 1000;

/**
 * TypeScript's namespace objects are filled by `__export(ns, { name: () => value, ... })`, one
 * getter at a time. For `ts` (2,248 entries, filled as TypeScript loads) V8 made a new hidden
 * class for each of the first 1,020, then turned the object into a dictionary all the same (a
 * third of that filling's time: 15.6 -> 10.2 ms, median, on a busy 2-core machine). A namespace that large (`ts`, and the copy TypeScript's server part
 * makes) is made a dictionary before it is filled, by adding two properties and deleting them
 * (deleting the last one added would only step back to the previous hidden class): the same keys
 * in the same order, the same getters.
 */
export function largeNamespacesAsDictionaries(file, text) {
  const helper = 'var __export = (target, all) => {';
  const dictionary =
    '// An empty object in dictionary mode: deleting a property other than the last one leaves it so.\n' +
    'var __dictionary = () => {\n  const o = { a: 0, b: 0 };\n  delete o.a;\n  delete o.b;\n  return o;\n};\n';
  const made = [];
  text = text.replace(/^var ([\w$]+) = \{\};\n__export\(\1, \{\n([\s\S]*?)\n\}\);$/gm, (whole, name, entries) => {
    if (entries.split('\n').length < LARGE_NAMESPACE) return whole;
    made.push(name);
    return whole.replace('{};', '__dictionary();');
  });
  if (!made.includes('typescript_exports')) {
    throw new Error(`${file}: no namespace \`typescript_exports\` of thousands of entries where the build expects it`);
  }
  return replaceOnce(file, text, helper, dictionary + helper);
}

/** @ts-morph/common's TypeScript, as the vendored bundle has it (see the functions it calls). */
export const typescriptModule = {
  name: 'typescript-module',
  setup(b) {
    b.onLoad({ filter: /[\\/]@ts-morph[\\/]common[\\/]dist[\\/]typescript\.js$/ }, (args) => ({
      contents: largeNamespacesAsDictionaries(args.path, keepFunctionNames(args.path, readFileSync(args.path, 'utf8'))),
      loader: 'js',
    }));
  },
};

/**
 * commander requires node:child_process as it loads, for the subcommands it runs as executables
 * of their own, which mcp-scaffold has none of: in the bundle, a stand-in loads it on a spawn, so
 * that a run that spawns nothing (`add --no-devcheck`, `list`) loads neither it nor dgram, which it brings.
 */
export function commanderSpawnsLazily(file, text) {
  return replaceOnce(
    file,
    text,
    "const childProcess = require('node:child_process');",
    "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
  );
}

/** commander's Command, as the CLI's bundle has it. */
export const commanderModule = {
  name: 'commander-module',
  setup(b) {
    b.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, (args) => ({
      contents: commanderSpawnsLazily(args.path, readFileSync(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};

/**
 * zod's namespace of its locales (`z.locales`, 64 of them), which `export * as locales` keeps
 * whole in a bundle: 296 KB of the CLI's, each module set up when zod loads. The CLI never reads
 * `z.locales`; English, zod's default, comes from its own file, which zod's schemas import. So
 * the CLI's bundle has an empty namespace there; the build fails when zod's files no longer look
 * so (an index without `en`, schemas that take English from elsewhere).
 */
export function zodLocalesLeftOut(file, text) {
  replaceOnce(file, text, 'export { default as en } from "./en.js";', '');
  const schemas = path.join(path.dirname(file), '../classic/schemas.js');
  replaceOnce(schemas, readFileSync(schemas, 'utf8'), 'import en from "../locales/en.js";', '');
  return 'export {};\n';
}

/** zod's locales namespace, as the CLI's bundle has it. */
export const zodLocalesModule = {
  name: 'zod-locales',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: zodLocalesLeftOut(args.path, readFileSync(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
