/**
 * The build's precompiled templates (dist/**\/x.hbs.cjs) against compiling at run time
 * (MCP_SCAFFOLD_PRECOMPILED=0): init and an add of every kind leave the same bytes either way.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, treeDigest } from './support.js';

const ADDS = [
  ['add', 'tool', 'acme_lookup_widgets'],
  ['add', 'resource', 'acme-widget'],
  ['add', 'prompt', 'acme_brief_widgets'],
  ['add', 'service', 'inventory'],
];

function initAndAdd(env: NodeJS.ProcessEnv): { digest: string; out: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-precompiled-'));
  const out: string[] = [];
  const init = runCli(['init', 'acme', '--yes', '--no-install', '--no-git'], { cwd: dir, env });
  expect(init.status, init.stderr).toBe(0);
  out.push(init.stdout.replaceAll(dir, '<dir>'));
  for (const args of ADDS) {
    const r = runCli([...args, '--no-devcheck', '--yes'], { cwd: path.join(dir, 'acme'), env });
    expect(r.status, r.stderr).toBe(0);
    out.push(r.stdout);
  }
  return { digest: treeDigest(path.join(dir, 'acme')), out };
}

describe('precompiled templates', () => {
  it('write what compiled templates write', () => {
    const env = { MCP_SCAFFOLD_CACHE: '0' };
    expect(initAndAdd(env)).toEqual(initAndAdd({ ...env, MCP_SCAFFOLD_PRECOMPILED: '0' }));
  }, 300_000); // ten runs of the CLI on a loaded 2-core machine
});
