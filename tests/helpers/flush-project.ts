/** A project on disk and a plan of five changes over it, as the flush's unit tests write it. */

import { chmodSync } from 'node:fs';
import path from 'node:path';
import { DiskHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { tempDir } from './temp.js';

export const INDEX = '\ufeff#!/usr/bin/env node\r\n// ünïcödé 😀 日本\r\nawait createApp({ tools: [] });\r\n';
export const README = 'readme\n';

/**
 * The changes, in the order the flush takes them: update README.md (mode 0751), create
 * src/existing/new.ts, update src/index.ts, create src/mcp-server/tools/definitions/a.tool.ts,
 * create tests/tools/a.tool.test.ts.
 */
export function flushProject() {
  const root = tempDir({ 'src/index.ts': INDEX, 'README.md': README, 'src/existing/keep.ts': 'keep\n' });
  chmodSync(path.join(root, 'README.md'), 0o751);
  const tree = new Tree(new DiskHost(root));
  tree.write('src/index.ts', 'await createApp({ tools: [aTool] });\n');
  tree.write('README.md', 'new readme\n');
  tree.write('src/mcp-server/tools/definitions/a.tool.ts', 'export const aTool = 1;\n');
  tree.write('src/existing/new.ts', 'new\n');
  tree.write('tests/tools/a.tool.test.ts', 'test\n');
  return { root, changes: tree.changes() };
}
