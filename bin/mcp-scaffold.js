#!/usr/bin/env node
// Runs the CLI's bundle (dist/cli.cjs, made by `npm install` through prepare, or `npm run build`)
// through dist/launch.cjs, which keeps a V8 code cache of it (src/cli/code-cache.ts). Node's own
// compile cache (22.1 and later) keeps the rest (ts-morph, TypeScript) between runs, in Node's
// place for it, unless caches are off.
'use strict';
if (process.env.MCP_SCAFFOLD_CACHE !== '0') require('node:module').enableCompileCache?.();
// A stop signal that comes while the bundle loads is not the end yet: the CLI's own handler,
// taken on as main starts, answers it (with one JSON object under --json).
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const wait = () => {};
for (const s of SIGNALS) process.on(s, wait);
const cli = require('../dist/launch.cjs').loadBundle(require.resolve('../dist/cli.cjs'), process.argv);
cli.main(process.argv);
for (const s of SIGNALS) process.off(s, wait);
