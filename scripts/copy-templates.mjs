#!/usr/bin/env node
// The build's second half: tsc compiles src/ to dist/, and this copies every `templates/` folder
// of src/ beside its compiled module, where templatesOf(import.meta.url) looks for it.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');
for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
  if (!entry.isDirectory() || entry.name !== 'templates') continue;
  const from = path.join(entry.parentPath, entry.name);
  const to = path.join(dist, path.relative(src, from));
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}
