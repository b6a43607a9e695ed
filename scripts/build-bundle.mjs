#!/usr/bin/env node
// The build's third step: bundles tsc's output (dist/cli/main.js), the dependencies it imports and
// the precompiled templates into one CommonJS script, dist/cli.bundle.cjs, which the launcher runs
// through vm.Script with V8's code cache (src/startup/code-cache.ts); and ts-morph (with the
// TypeScript it carries) into dist/vendor/ts-morph.cjs, loaded the same way when a command first
// needs it (in a script of its own, so that a command without ts-morph does not read its cache);
// and the launcher itself into dist/launch.cjs. Each module's
// `import.meta.url` becomes the URL its file has in dist/, so templates and package.json are found
// where the unbundled modules find them. Each bundle's first line is its id (SHA-256 of the rest);
// the rest is the bundle in Node's CommonJS wrapper, so that the file's text is the script V8
// compiles (no copy joined at run time). Whitespace and syntax are minified everywhere; names only
// in ts-morph's bundle: the CLI's functions and classes keep the names the sources give them
// (stack traces, `constructor.name`). scripts/bundle-transforms.mjs edits a few sources as they
// load (commander's eager child_process, TypeScript's function names and namespace objects).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { bundleHeader, COMMONJS_WRAPPER } from '../dist/startup/bundle.js';
import { commanderModule, typescriptModule, zodLocalesModule } from './bundle-transforms.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

/** `import.meta.url` in dist/x/y.js → the URL of dist/x/y.js, from where the bundle lies (dist/). */
const importMetaUrl = {
  name: 'import-meta-url',
  setup(b) {
    b.onResolve({ filter: /^mcp-scaffold:module-url$/ }, (args) => ({ path: args.path, namespace: 'module-url' }));
    b.onLoad({ filter: /.*/, namespace: 'module-url' }, () => ({
      contents:
        'const { join } = require("node:path"); const { pathToFileURL } = require("node:url");\n' +
        'export const moduleUrl = (rel) => pathToFileURL(join(__dirname, rel)).href;',
      loader: 'js',
    }));
    b.onLoad({ filter: /\.m?js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      if (!args.path.startsWith(dist + path.sep) || args.path.includes(`${path.sep}node_modules${path.sep}`)) {
        throw new Error(`${args.path} uses import.meta, which a bundle outside dist/ cannot keep`);
      }
      const rel = path.relative(dist, args.path).split(path.sep).join('/');
      const contents = text.replaceAll('import.meta.url', `__moduleUrl(${JSON.stringify(rel)})`);
      return {
        contents: `import { moduleUrl as __moduleUrl } from 'mcp-scaffold:module-url';\n${contents}`,
        loader: 'js',
      };
    });
  },
};

/** dist/text/precompiled-index.js → every precompiled template of dist/ (copy-templates.mjs made them), by path. */
const embeddedTemplates = {
  name: 'embedded-templates',
  setup(b) {
    const index = path.join(dist, 'text/precompiled-index.js');
    b.onLoad({ filter: /precompiled-index\.js$/ }, (args) => {
      if (args.path !== index) return undefined;
      const files = readdirSync(dist, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.hbs.cjs'))
        .sort();
      if (files.length === 0) throw new Error('no precompiled templates in dist/ to embed');
      const key = (f) => JSON.stringify(f.slice(0, -'.cjs'.length).split(path.sep).join('/'));
      const imports = files.map((f, i) => `import t${i} from ${JSON.stringify(path.join(dist, f))};`);
      const entries = files.map((f, i) => `  ${key(f)}: t${i},`);
      return {
        contents: `${imports.join('\n')}\nexport const EMBEDDED = {\n${entries.join('\n')}\n};\n`,
        loader: 'js',
      };
    });
  },
};

const LIB_FILES = 'ts-morph-lib-files.json';

/**
 * @ts-morph/common holds the text of TypeScript's lib .d.ts files (2.8 MB) in a literal at its top
 * level, which every load would read, decode and keep in the code cache; only type checking reads
 * them, which mcp-scaffold never does (its Project skips loading them). They go to a JSON file of
 * their own beside the bundle, which `getLibFiles()` reads the first time it is called.
 */
const libFilesApart = (outDir) => ({
  name: 'lib-files-apart',
  setup(b) {
    b.onLoad({ filter: /[\\/]@ts-morph[\\/]common[\\/]dist[\\/]ts-morph-common\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const start = '\nconst libFiles = [';
      const end = '];\n\nfunction getLibFiles() {\n    return libFiles;\n}';
      const from = text.indexOf(start);
      const to = text.indexOf(end, from);
      if (from < 0 || to < 0) throw new Error(`${args.path}: no libFiles literal where the build expects it`);
      const literal = text.slice(from + start.length - 1, to + 1);
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path.join(outDir, LIB_FILES), JSON.stringify(new Function(`return ${literal}`)()));
      const lazy = `\nlet libFiles;\nfunction getLibFiles() {\n    return (libFiles ??= require("./${LIB_FILES}"));\n}`;
      return { contents: text.slice(0, from) + lazy + text.slice(to + end.length), loader: 'js' };
    });
  },
});

/** Bundles `entry` into `outfile`: a script for vm.Script (header, wrapper), or with `module` a plain CommonJS file. */
async function bundle(entry, outfile, extra = {}, { module = false } = {}) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    outfile,
    metafile: true,
    logLevel: 'warning',
    minifyWhitespace: true,
    minifySyntax: true,
    ...extra,
  });
  // vm.Script has no loader for import() on Node 20: nothing may be left to import at run time.
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    const dynamic = input.imports.filter((i) => i.kind === 'dynamic-import' && i.external);
    if (dynamic.length > 0) throw new Error(`${file} imports ${dynamic[0].path} at run time`);
  }
  const body = result.outputFiles[0].text;
  mkdirSync(path.dirname(outfile), { recursive: true });
  if (module) return writeFileSync(outfile, body);
  const encoding = Buffer.byteLength(body) === body.length ? 'latin1' : 'utf8'; // all ASCII: latin1
  const wrapped = `${COMMONJS_WRAPPER[0]}${body}${COMMONJS_WRAPPER[1]}`;
  const id = createHash('sha256').update(wrapped).digest('hex');
  writeFileSync(outfile, bundleHeader({ id, encoding }) + wrapped);
  return id;
}

await bundle(path.join(dist, 'cli/main.js'), path.join(dist, 'cli.bundle.cjs'), {
  plugins: [embeddedTemplates, importMetaUrl, commanderModule, zodLocalesModule],
  external: ['ts-morph'],
  define: { __MCP_SCAFFOLD_BUNDLE__: 'true' },
  // jsonc-parser's `main` is a UMD build that requires its parts at run time; its ES build bundles.
  mainFields: ['module', 'main'],
});
await bundle(path.join(root, 'node_modules/ts-morph/dist/ts-morph.js'), path.join(dist, 'vendor/ts-morph.cjs'), {
  plugins: [libFilesApart(path.join(dist, 'vendor')), typescriptModule],
  external: [`./${LIB_FILES}`],
  minifyIdentifiers: true,
});
// The launcher's own code, CommonJS, so that a run never starts Node's ES module loader.
await bundle(path.join(root, 'src/startup/launch.ts'), path.join(dist, 'launch.cjs'), {}, { module: true });
// init's early registry look-up (src/startup/early-lookup.ts), which the launcher loads only for an
// init: apart from the launcher so that no other run reads it, CommonJS like the launcher.
await bundle(
  path.join(dist, 'startup/early-lookup.js'),
  path.join(dist, 'early-lookup.cjs'),
  { plugins: [importMetaUrl] },
  { module: true },
);
