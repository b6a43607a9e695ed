#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm install` (prepare) or `npm run build`.
// On Node 22.1+ V8's on-disk compile cache makes repeat runs load ts-morph much faster.
import module from 'node:module';

module.enableCompileCache?.();
const { main } = await import('../dist/cli/main.js');
await main(process.argv);
