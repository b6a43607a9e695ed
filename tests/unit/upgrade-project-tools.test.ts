/**
 * The project's own tools, as upgrade finds and runs them: the bin its package.json names, in the
 * project's node_modules; a Node script run with this Node, anything else (a shell launcher, a
 * native compiler such as TypeScript 7's) run as the executable it is; the output collected.
 * Once a stop signal has come (the files written, the run winding down), no check starts.
 */

import { chmodSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markWritten, resetRunState, watchStopSignals } from '../../src/engine/run-state.js';
import { projectBin, runProjectTool } from '../../src/upgrade/project-tools.js';
import { runTests } from '../../src/upgrade/test-results.js';
import { typeCheck } from '../../src/upgrade/type-check.js';
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

describe('after a stop signal', () => {
  afterEach(() => resetRunState());

  it('neither tsc nor vitest starts, and each says why', async () => {
    const marker = "#!/usr/bin/env node\nrequire('node:fs').writeFileSync('started', '');\n";
    const root = tempDir({
      'tsconfig.json': '{}\n',
      'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', bin: { tsc: 'bin/tsc' } }),
      'node_modules/typescript/bin/tsc': marker,
      'node_modules/vitest/package.json': JSON.stringify({ name: 'vitest', bin: { vitest: 'vitest.mjs' } }),
      'node_modules/vitest/vitest.mjs': marker,
    });
    watchStopSignals(() => undefined);
    markWritten();
    // As Node delivers it: the listener gets the signal's name.
    (process.emit as (event: string, signal: string) => boolean)('SIGTERM', 'SIGTERM');
    expect(await typeCheck(root, 'project', 60)).toEqual({ ran: false, reason: 'interrupted by SIGTERM' });
    expect(await runTests(root, 60)).toEqual({ ran: false, reason: 'interrupted by SIGTERM' });
    expect(existsSync(path.join(root, 'started'))).toBe(false);
  });
});
