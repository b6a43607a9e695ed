#!/usr/bin/env node
// The build's last step: every command's `--help` page, printed by the real program (the bundle
// scripts/build-bundle.mjs made), into dist/help.json, which the launcher prints from without
// loading the CLI (src/startup/prerendered.ts). Each page is kept as commander prints it at 80
// columns (stdout not a terminal) and at the terminal widths from which it wraps nothing any more.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { readBundleId } from '../dist/startup/bundle.js';
import { runBundle } from '../dist/startup/code-cache.js';

const dist = path.resolve(import.meta.dirname, '../dist');
const bundle = path.join(dist, 'cli.bundle.cjs');
// The bundle is a script for vm.Script, as the launcher runs it; the build keeps no code cache of it.
process.env.MCP_SCAFFOLD_CACHE = '0';
const { run, commandWords } = runBundle(bundle);

/** What `mcp-scaffold <args>` prints with stdout a terminal `columns` wide (or not a terminal). */
async function printed(args, columns) {
  const out = [];
  const err = [];
  const { stdout, stderr } = process;
  const saved = { out: stdout.write, err: stderr.write };
  stdout.write = (s) => out.push(String(s)) > 0;
  stderr.write = (s) => err.push(String(s)) > 0;
  Object.defineProperty(stdout, 'isTTY', { value: columns !== undefined, configurable: true });
  Object.defineProperty(stdout, 'columns', { value: columns, configurable: true });
  try {
    const code = await run(['node', 'mcp-scaffold', ...args]);
    if (code !== 0 || err.length > 0) throw new Error(`mcp-scaffold ${args.join(' ')}: exit ${code}, ${err.join('')}`);
    return out.join('');
  } finally {
    stdout.write = saved.out;
    stderr.write = saved.err;
    delete stdout.isTTY;
    delete stdout.columns;
  }
}

const WIDEST = 1000;

async function page(words) {
  const args = [...words, '--help'];
  const narrow = await printed(args, undefined);
  if ((await printed([...words, '-h'], undefined)) !== narrow) throw new Error(`-h is not --help for "${words}"`);
  // From the widest terminal down: the narrowest width that still prints the widest page.
  const wide = await printed(args, WIDEST);
  let wideFrom = WIDEST;
  if ((await printed(args, 300)) === wide) {
    wideFrom = 300;
    while (wideFrom > 40 && (await printed(args, wideFrom - 1)) === wide) wideFrom--;
  }
  return { narrow, wide, wideFrom };
}

const pages = {};
for (const words of commandWords()) pages[words] = await page(words ? words.split(' ') : []);
writeFileSync(path.join(dist, 'help.json'), `${JSON.stringify({ bundle: readBundleId(bundle), pages })}\n`);
