/**
 * init's registry look-up, started by the launcher before the CLI loads (src/startup/early-lookup.ts),
 * against a registry on this machine that records every connection: made once for an init that
 * needs it, on the bundle path and the plain one; never for arguments that do not reach init's
 * action or do not need it (help, a bad flag, a bad value, a version given, an existing server, a
 * folder init refuses); and an early request abandoned when the run ends without needing it (a
 * refused --pm, a server inside a server) does not hold the run up.
 */

import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOOKUP_TIMEOUT_MS } from '../../src/init/registry.js';
import { frameworkAnswer } from '../helpers/registry-answers.js';
import { BIN, parseJsonOut, spawnCli, tempFolders } from './support.js';

const temp = tempFolders('mcp-scaffold-early-lookup-');

const servers: { close: () => Promise<unknown> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A registry that counts connections and requests; with `answering` set to false, it never answers. */
async function registry() {
  const seen = { connections: 0, requests: 0 };
  const state = { answering: true };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.requests++;
    if (!state.answering) return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(frameworkAnswer(req.url, '0.12.3'));
  });
  server.on('connection', () => seen.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => {
    server.closeAllConnections();
    return new Promise((r) => server.close(r));
  };
  servers.push({ close });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen, state };
}

/** This environment without what an npm that started the tests handed on (npm_config_offline, say). */
const BASE_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && !k.startsWith('MCP_SCAFFOLD_')),
);

/** The CLI on `args` in `cwd`, asking `registryUrl`, without blocking (the registry answers from this process); how long it took. */
async function init(args: string[], cwd: string, registryUrl: string, env: NodeJS.ProcessEnv = {}) {
  const started = Date.now();
  const run = await spawnCli(
    args,
    {
      MCP_SCAFFOLD_CACHE_DIR: path.join(cwd, '.cache'),
      npm_config_registry: registryUrl,
      npm_config_offline: 'false',
      ...env,
    },
    { cwd, base: BASE_ENV },
  );
  return { ...run, ms: Date.now() - started };
}

const PLAIN = { MCP_SCAFFOLD_CODE_CACHE: '0' };

/**
 * A folder whose cache holds npm's answer (kept by a whole run), so that a look-up started there
 * goes to the registry at once, not after npm: a request a run should not make would be seen
 * even if the run ended early. The counts start from 0.
 */
async function warmedFolder(reg: Awaited<ReturnType<typeof registry>>, setUp: (cwd: string) => void = () => {}) {
  const cwd = temp();
  setUp(cwd);
  const warm = await init(['init', 'warm', '--force', '--yes', '--json', '--dry-run'], cwd, reg.url);
  expect(warm.status, warm.stderr).toBe(0);
  expect(reg.seen.requests).toBe(1);
  Object.assign(reg.seen, { connections: 0, requests: 0 });
  return cwd;
}

describe('an init that needs the look-up asks the registry once', () => {
  it.each([
    ['bundle path', ['init', 'demo', '--yes', '--json', '--dry-run', '--no-install'], {}],
    ['plain path', ['init', 'demo', '--yes', '--json', '--dry-run', '--no-install'], PLAIN],
    ['--cwd and --name=', ['init', 'demo', '--cwd', 'sub', '--name=@acme/demo', '--json', '-y', '--dry-run'], {}],
  ])('%s', async (_name, args, env) => {
    const reg = await registry();
    const cwd = await warmedFolder(reg, (dir) => mkdirSync(path.join(dir, 'sub')));
    const r = await init(args, cwd, reg.url, env);
    expect(r.status, r.stderr).toBe(0);
    expect(parseJsonOut(r).project).toMatchObject({ frameworkRange: '^0.12.3', frameworkSource: { from: 'registry' } });
    expect(reg.seen).toEqual({ connections: 1, requests: 1 });
  });
});

describe('arguments that do not reach a look-up make no request', () => {
  it.each([
    ['--help', ['init', 'demo', '--help'], 0],
    ['-h', ['init', 'demo', '--yes', '-h'], 0],
    ['--version', ['init', '--version'], 0],
    ['an unknown flag', ['init', 'demo', '--yes', '--frobnicate'], 1],
    ['a flag without its value', ['init', 'demo', '--yes', '--name'], 1],
    ['a bad --install-timeout', ['init', 'demo', '--yes', '--install-timeout', 'soon'], 1],
    ['a bad --devcheck-timeout', ['init', 'demo', '--yes', '--devcheck-timeout=never'], 1],
    ['two folders', ['init', 'demo', 'other', '--yes'], 1],
    ['a version given', ['init', 'demo', '--yes', '--json', '--dry-run', '--framework-version', '0.12.3'], 0],
    ['a folder that is a file', ['init', 'taken.txt', '--yes', '--json'], 1],
    ['an existing server', ['init', 'server', '--yes', '--json', '--dry-run', '--no-install'], 0],
  ])('%s', async (_name, args, status) => {
    const reg = await registry();
    const cwd = await warmedFolder(reg, (dir) => {
      writeFileSync(path.join(dir, 'taken.txt'), 'a file\n');
      mkdirSync(path.join(dir, 'server'));
      writeFileSync(
        path.join(dir, 'server/package.json'),
        JSON.stringify({ name: 'server', dependencies: { '@cyanheads/mcp-ts-core': '^0.12.3' } }),
      );
    });
    const r = await init(args, cwd, reg.url);
    expect(r.status, r.stderr).toBe(status);
    expect(reg.seen).toEqual({ connections: 0, requests: 0 });
  });
});

describe('an early request the run ends without needing is abandoned', () => {
  it.each([
    ['a refused --pm', ['init', 'demo', '--yes', '--json', '--pm', 'nonesuch'], 'OPTION_INVALID'],
    ['a server inside a server', ['init', 'inner', '--yes', '--json'], 'NESTED_SERVER'],
  ])('%s: the run does not wait on a registry that never answers', async (_name, args, code) => {
    const reg = await registry();
    const cwd = await warmedFolder(reg, (dir) =>
      writeFileSync(
        path.join(dir, 'package.json'),
        JSON.stringify({ name: 'outer', dependencies: { '@cyanheads/mcp-ts-core': '^0.12.3' } }),
      ),
    );
    reg.state.answering = false;
    const r = await init(args, cwd, reg.url);
    expect(r.status, r.stderr).toBe(1);
    expect(parseJsonOut(r).error.code).toBe(code);
    // The request was made, as before the launcher started it: the action would have started it too.
    expect(reg.seen.connections).toBe(1);
    // Waiting for the request would end the run at the look-up's timeout, not before.
    expect(r.ms).toBeLessThan(LOOKUP_TIMEOUT_MS - 500);
  });
});

describe("Node's modules the look-up needs", () => {
  it("compile with Node's cache of them: loaded before the launcher sets V8's flags (launch.ts)", async () => {
    const reg = await registry();
    const cwd = await warmedFolder(reg);
    // Node's own record of which of its modules compiled without its cache (--expose-internals, a
    // Node option: V8's flags, and so the run's caches, are as ever).
    const report = path.join(temp(), 'without.json');
    const hook = path.join(path.dirname(report), 'hook.cjs');
    writeFileSync(
      hook,
      `const { internalBinding } = require('internal/test/binding');
       process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify([...internalBinding('builtins').getCacheUsage().compiledWithoutCache])));`,
    );
    const args = ['init', 'demo', '--yes', '--json', '--dry-run', '--no-install'];
    const status = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--expose-internals', '--no-warnings', '--require', hook, BIN, ...args], {
        cwd,
        env: {
          ...BASE_ENV,
          NO_COLOR: '1',
          MCP_SCAFFOLD_CACHE_DIR: path.join(cwd, '.cache'),
          npm_config_registry: reg.url,
          npm_config_offline: 'false',
        },
        stdio: 'ignore',
      });
      child.on('error', reject);
      child.on('close', resolve);
    });
    expect(status).toBe(0);
    expect(reg.seen.requests).toBe(1);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toEqual([]);
  });
});
