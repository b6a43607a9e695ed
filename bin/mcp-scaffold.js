#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm install` (prepare) or `npm run build`.
import('../dist/cli/main.js').then((m) => m.main(process.argv));
