/**
 * The check `upgrade` runs before its flush is part of planning: a stop signal while the project's
 * tsc runs ends the run at once with INTERRUPTED (exit 1), nothing written, and takes the throwaway
 * tsconfig it checked with away with it. The project's `typescript` here is a stand-in whose tsc
 * says it started and then waits, so the signal lands while it runs.
 */

import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { frameworkTarball, unpackFramework } from '../helpers/framework-tarballs.js';
import { BIN, makeProject, treeDigest } from './support.js';

const FRAMEWORK = '@cyanheads/mcp-ts-core';
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A tsc that leaves `$TSC_STARTED` and never finishes. */
const WAITING_TSC = `#!/usr/bin/env node
require('node:fs').writeFileSync(process.env.TSC_STARTED, String(process.pid));
setInterval(() => {}, 1000);
`;

async function until(test: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !test(); waited += 50) {
    if (waited > 120_000) throw new Error(`no ${what} after two minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('upgrade, stopped during the check before the flush', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal}: INTERRUPTED, exit 1, nothing written, the throwaway tsconfig gone`, async () => {
      const root = makeProject(
        {
          'tsconfig.json': '{ "include": ["src/**/*"] }\n',
          'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', bin: { tsc: 'bin/tsc' } }),
          'node_modules/typescript/bin/tsc': WAITING_TSC,
        },
        { dependencies: { [FRAMEWORK]: '^0.11.5' } },
      );
      made.push(root);
      unpackFramework('0.11.5', path.join(root, 'node_modules', FRAMEWORK));
      const started = path.join(path.dirname(root), `${path.basename(root)}.tsc-started`);
      made.push(started);
      const before = treeDigest(root);
      const child = spawn(process.execPath, [BIN, 'upgrade', '--to', frameworkTarball('0.12.3'), '--json'], {
        cwd: root,
        env: { ...process.env, NO_COLOR: '1', npm_config_offline: 'true', TSC_STARTED: started },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
      const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
      await until(() => existsSync(started), 'tsc start');
      expect(existsSync(path.join(root, 'tsconfig.mcp-scaffold-check.json'))).toBe(true);
      child.kill(signal);
      expect(await closed, stderr).toBe(1);
      expect(JSON.parse(stdout)).toMatchObject({ ok: false, error: { code: 'INTERRUPTED' } });
      expect(treeDigest(root)).toBe(before);
    });
  }
});
