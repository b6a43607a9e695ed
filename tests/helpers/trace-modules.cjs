// Preloaded into a spawned CLI (`node --require`): appends every CommonJS module the run loads,
// as a resolved path, to the file named by MCP_SCAFFOLD_TRACE_MODULES. ts-morph and the
// TypeScript inside it are CommonJS, so a run that loads them leaves them in the list.
const { appendFileSync } = require('node:fs');
const Module = require('node:module');

const out = process.env.MCP_SCAFFOLD_TRACE_MODULES;
const resolve = Module._resolveFilename;
Module._resolveFilename = function traced(...args) {
  const resolved = resolve.apply(this, args);
  if (out) appendFileSync(out, `${resolved}\n`);
  return resolved;
};
