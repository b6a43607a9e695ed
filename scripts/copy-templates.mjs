#!/usr/bin/env node
// The build's second half: tsc compiles src/ to dist/, and this copies every `templates/` folder
// of src/ beside its compiled module, where templatesOf(import.meta.url) looks for it, and
// precompiles each Handlebars template there (`x.hbs` → `x.hbs.cjs`) so that runs compile none.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { precompiledModule } from '../dist/text/templates.js';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');
let precompiled = 0;
for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
  if (!entry.isDirectory() || entry.name !== 'templates') continue;
  const from = path.join(entry.parentPath, entry.name);
  const to = path.join(dist, path.relative(src, from));
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  for (const file of readdirSync(to, { recursive: true })) {
    if (!String(file).endsWith('.hbs')) continue;
    const abs = path.join(to, String(file));
    writeFileSync(`${abs}.cjs`, precompiledModule(readFileSync(abs, 'utf8')));
    precompiled++;
  }
}
if (precompiled === 0) throw new Error('no templates found to precompile');
