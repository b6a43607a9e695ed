// Preloaded into the unbundled CLI (`node --import`): appends the URL of every module the run
// imports to the file named by MCP_SCAFFOLD_TRACE_MODULES. The bundle is one file, so what a
// command loads of our own modules is seen only in dist/'s modules.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const out = process.env.MCP_SCAFFOLD_TRACE_MODULES;
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    if (out) appendFileSync(out, `${resolved.url}\n`);
    return resolved;
  },
});
