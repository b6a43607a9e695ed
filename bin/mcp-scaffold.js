#!/usr/bin/env node
// Runs the CLI's bundle (dist/cli.cjs, made by `npm install` through prepare, or `npm run build`).
// Node's own compile cache (22.1 and later) keeps V8's compiled code of it between runs; Bun and
// older Nodes have no such call and run it without.
'use strict';
require('node:module').enableCompileCache?.();
require('../dist/cli.cjs').main(process.argv);
