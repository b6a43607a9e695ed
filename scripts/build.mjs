#!/usr/bin/env node
// The build: tsc compiles src/ to dist/ (its modules are what the bundle is made of, and what
// scripts import), every `templates/` folder of src/ is copied beside its compiled module, and
// esbuild bundles the CLI with its dependencies into dist/cli.cjs, which bin/mcp-scaffold.js runs.
// ts-morph and the MCP SDK stay outside the bundle: only a run that parses, or serves MCP, loads them.
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import Handlebars from 'handlebars';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

let copied = 0;
for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
  if (!entry.isDirectory() || entry.name !== 'templates') continue;
  const from = path.join(entry.parentPath, entry.name);
  cpSync(from, path.join(dist, path.relative(src, from)), { recursive: true });
  copied++;
}
if (copied === 0) throw new Error('no templates found to copy');

/**
 * Each module's `import.meta.url` becomes the URL of its own file in dist/, so that the templates
 * and package.json it finds relative to itself are found from the bundle too.
 */
const moduleUrls = {
  name: 'module-urls',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, (args) => {
      if (!args.path.startsWith(dist + path.sep)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const rel = JSON.stringify(path.relative(dist, args.path));
      const prelude =
        "import { pathToFileURL as __toUrl } from 'node:url';\nimport { join as __join } from 'node:path';\n" +
        `const __moduleUrl = __toUrl(__join(__dirname, ${rel})).href;\n`;
      return { contents: prelude + text.replaceAll('import.meta.url', '__moduleUrl'), loader: 'js' };
    });
  },
};

/**
 * dist/text/precompiled-templates.js → every template of dist/, compiled by Handlebars now, by its
 * path under dist/: the bundle renders with Handlebars' runtime alone and compiles nothing.
 */
const precompiledTemplates = {
  name: 'precompiled-templates',
  setup(b) {
    const index = path.join(dist, 'text/precompiled-templates.js');
    b.onLoad({ filter: /precompiled-templates\.js$/ }, async (args) => {
      if (args.path !== index) return undefined;
      const { COMPILE_OPTIONS } = await import(pathToFileURL(path.join(dist, 'text/templates.js')).href);
      const files = readdirSync(dist, { recursive: true })
        .map((f) => String(f).split(path.sep).join('/'))
        .filter((f) => f.endsWith('.hbs'))
        .sort();
      const specs = files.map((f) => {
        const spec = Handlebars.precompile(readFileSync(path.join(dist, f), 'utf8'), COMPILE_OPTIONS);
        return `  ${JSON.stringify(f)}: ${spec},`;
      });
      return { contents: `export const PRECOMPILED = {\n${specs.join('\n')}\n};\n`, loader: 'js' };
    });
  },
};

// Without comments a bundle is ASCII (esbuild escapes every other non-ASCII character), and Node
// loads an ASCII script as one-byte text: a UTF-8 comment anywhere makes all of it two-byte,
// slower to read, hash and compile. Names stay as written, for stack traces.
const bundled = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  minifyWhitespace: true,
  logLevel: 'warning',
};
await build({
  ...bundled,
  entryPoints: [path.join(dist, 'cli/main.js')],
  outfile: path.join(dist, 'cli.cjs'),
  // The MCP SDK loads only for `mcp-scaffold mcp`, from node_modules like ts-morph.
  external: ['ts-morph', '@modelcontextprotocol/sdk'],
  // jsonc-parser's `main` is a UMD build that requires its parts at run time; its ES build bundles.
  mainFields: ['module', 'main'],
  // import() of a package left outside becomes a require(): the code cache's vm.Script
  // (src/cli/code-cache.ts) could run an import() only with Node's experimental module API.
  supported: { 'dynamic-import': false },
  plugins: [moduleUrls, precompiledTemplates],
});
// What bin/mcp-scaffold.js loads the bundle with: the code cache (src/cli/code-cache.ts), apart.
await build({
  ...bundled,
  entryPoints: [path.join(dist, 'cli/code-cache.js')],
  outfile: path.join(dist, 'launch.cjs'),
});
