#!/usr/bin/env node
// The build's third step: bundles tsc's output (dist/cli/main.js), the dependencies it imports and
// the precompiled templates into one CommonJS script, dist/cli.bundle.cjs, which the launcher runs
// through vm.Script with V8's code cache (src/startup/code-cache.ts); and ts-morph (with the
// TypeScript it carries) into dist/vendor/ts-morph.cjs, loaded the same way when a command first
// needs it (in a script of its own, so that a command without ts-morph does not read its cache);
// and the launcher itself into dist/launch.cjs. Each module's
// `import.meta.url` becomes the URL its file has in dist/, so templates and package.json are found
// where the unbundled modules find them. Each bundle's first line is its id (SHA-256 of the rest).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { bundleHeader } from '../dist/startup/bundle.js';

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

async function bundle(entry, outfile, extra = {}) {
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
    ...extra,
  });
  // vm.Script has no loader for import() on Node 20: nothing may be left to import at run time.
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    const dynamic = input.imports.filter((i) => i.kind === 'dynamic-import' && i.external);
    if (dynamic.length > 0) throw new Error(`${file} imports ${dynamic[0].path} at run time`);
  }
  const body = result.outputFiles[0].text;
  const id = createHash('sha256').update(body).digest('hex');
  mkdirSync(path.dirname(outfile), { recursive: true });
  const encoding = Buffer.byteLength(body) === body.length ? 'latin1' : 'utf8'; // all ASCII: latin1
  writeFileSync(outfile, bundleHeader({ id, encoding }) + body);
  return id;
}

await bundle(path.join(dist, 'cli/main.js'), path.join(dist, 'cli.bundle.cjs'), {
  plugins: [embeddedTemplates, importMetaUrl],
  external: ['ts-morph'],
  define: { __MCP_SCAFFOLD_BUNDLE__: 'true' },
  // jsonc-parser's `main` is a UMD build that requires its parts at run time; its ES build bundles.
  mainFields: ['module', 'main'],
});
await bundle(path.join(root, 'node_modules/ts-morph/dist/ts-morph.js'), path.join(dist, 'vendor/ts-morph.cjs'));
// The launcher's own code, CommonJS, so that a run never starts Node's ES module loader.
await bundle(path.join(root, 'src/startup/launch.ts'), path.join(dist, 'launch.cjs'));
