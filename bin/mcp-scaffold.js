#!/usr/bin/env node
// Runs the CLI's bundle (dist/cli.cjs, made by `npm install` through prepare, or `npm run build`).
// Node's own compile cache (22.1 and later) keeps V8's compiled code of it between runs; Bun and
// older Nodes have no such call and run it without.
'use strict';
require('node:module').enableCompileCache?.();
// A stop signal that comes while the bundle loads is not the end yet: the CLI's own handler,
// taken on as main starts, answers it (with one JSON object under --json).
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const wait = () => {};
for (const s of SIGNALS) process.on(s, wait);
const cli = require('../dist/cli.cjs');
cli.main(process.argv);
for (const s of SIGNALS) process.off(s, wait);
