#!/usr/bin/env node
// Thin launcher, CommonJS (bin/package.json) so that a run that needs no ES module starts none.
// The CLI is compiled and bundled into dist/ by `npm install` (prepare) or `npm run build`;
// dist/launch.cjs picks the fastest path that gives the same result (src/startup/launch.ts).
'use strict';
const path = require('node:path');

/** The plain path: tsc's ES modules; Node 22.1+ keeps its own compile cache for them. */
async function plain() {
  require('node:module').enableCompileCache?.();
  return import('../dist/cli/main.js');
}

let launcher;
try {
  launcher = require('../dist/launch.cjs');
} catch {
  launcher = undefined; // not built by this build: the plain path
}
if (launcher) launcher.launch(process.argv, path.join(__dirname, '../dist'), plain);
else plain().then(({ main }) => main(process.argv));
