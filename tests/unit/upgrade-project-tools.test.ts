/**
 * The project's own tools, as upgrade finds and runs them: the bin its package.json names, in the
 * project's node_modules; a Node script run with this Node, anything else (a shell launcher, a
 * native compiler such as TypeScript 7's) run as the executable it is; the output collected.
 */

import { chmodSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectBin, runProjectTool } from '../../src/upgrade/project-tools.js';
import { tempDir } from '../helpers/temp.js';

function project(bin: string, body: string): string {
  const root = tempDir({
    'node_modules/checker/package.json': JSON.stringify({ name: 'checker', bin: { check: `bin/${bin}` } }),
    [`node_modules/checker/bin/${bin}`]: body,
  });
  chmodSync(path.join(root, 'node_modules/checker/bin', bin), 0o755);
  return root;
}

describe('projectBin and runProjectTool', () => {
  it('finds the bin the package names, and nothing for a package not installed', () => {
    const root = project('check', '#!/usr/bin/env node\n');
    expect(projectBin(root, 'checker', 'check')).toBe(path.join(root, 'node_modules/checker/bin/check'));
    expect(projectBin(root, 'typescript', 'tsc')).toBeUndefined();
  });

  it('runs a Node script with this Node, and a shell script as itself', async () => {
    const node = project('check', "#!/usr/bin/env node\nconsole.log('on', process.release.name, process.argv[2]);\n");
    const onNode = await runProjectTool(node, projectBin(node, 'checker', 'check')!, ['x'], 10_000);
    expect(onNode).toEqual({ code: 0, output: 'on node x\n' });
    const shell = project('check', '#!/bin/sh\necho "on sh $1"\nexit 3\n');
    const onShell = await runProjectTool(shell, projectBin(shell, 'checker', 'check')!, ['y'], 10_000);
    expect(onShell).toEqual({ code: 3, output: 'on sh y\n' });
  });
});
