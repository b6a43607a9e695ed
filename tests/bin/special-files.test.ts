/**
 * A FIFO where the project has a file it must read (the entry point, package.json): `add`, `list`
 * and `rename` refuse it with CONFLICT, naming it, and change nothing, instead of waiting for ever
 * on a read no writer ends (a plain read of a FIFO blocks until something opens it for writing).
 * A FIFO among the definitions is no definition: never opened, left as it is.
 */

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeProject, parseJsonOut, runCli } from './support.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** The project's tree: every path with its kind, a regular file's bytes; a FIFO is never opened. */
function digest(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const abs = path.join(dir, name);
      const stat = lstatSync(abs);
      hash.update(`${stat.isDirectory() ? 'd' : stat.isFile() ? 'f' : 'o'}:${path.relative(root, abs)}\n`);
      if (stat.isDirectory()) walk(abs);
      else if (stat.isFile()) hash.update(readFileSync(abs));
    }
  };
  walk(root);
  return hash.digest('hex');
}

/** A project where `rel` is a FIFO instead of the file it held. */
function withFifo(rel: string): string {
  const root = makeProject();
  made.push(root);
  rmSync(path.join(root, rel), { force: true });
  execFileSync('mkfifo', [path.join(root, rel)]);
  return root;
}

describe('a FIFO where a file of the project is', () => {
  it.each([
    ['src/index.ts', ['add', 'tool', 'demo_find_items', '--no-devcheck']],
    ['src/index.ts', ['list']],
    ['src/index.ts', ['rename', 'tool', 'demo_echo_message', 'demo_say_hello', '--no-devcheck']],
    ['package.json', ['add', 'tool', 'demo_find_items', '--no-devcheck']],
  ])('%s, then %j: CONFLICT naming it, nothing changed, no wait', (rel, args) => {
    const root = withFifo(rel);
    const before = digest(root);
    const r = runCli([...args, '--json', '--cwd', root], { env: { MCP_SCAFFOLD_CACHE: '0' } });
    expect(r.status, r.stderr).toBe(1);
    const out = parseJsonOut(r);
    expect(out.error).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`${rel} is not a regular file`),
    });
    expect(digest(root)).toBe(before);
  });

  it('among the definitions, is no definition: add completes without opening it, and leaves it', () => {
    const fifo = 'src/mcp-server/tools/definitions/echo.tool.ts';
    const root = withFifo(fifo);
    const r = runCli(['add', 'tool', 'demo_find_items', '--no-devcheck', '--json', '--cwd', root], {
      env: { MCP_SCAFFOLD_CACHE: '0' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(parseJsonOut(r)).toMatchObject({ ok: true });
    expect(lstatSync(path.join(root, fifo)).isFIFO()).toBe(true);
  });
});
