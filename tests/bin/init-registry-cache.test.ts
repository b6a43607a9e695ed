/**
 * What init keeps of the framework look-up between runs, with the built CLI against registries
 * on this machine (node:http): the registry's answer as its Cache-Control and validators allow
 * (max-age, its expiry, no-cache and a 304, no-store), a damaged or foreign cache ignored, and
 * MCP_SCAFFOLD_CACHE=0 keeping nothing; npm's configuration read as npm reads it (project .npmrc,
 * the scoped registry, the environment, offline) without starting npm, which a preload every
 * node of the run loads would see.
 */

import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DIST_TAGS_PATH, DOCUMENT_PATH, frameworkAnswer } from '../helpers/registry-answers.js';
import { parseJsonOut, runCliAsync } from './support.js';

const made: string[] = [];
const servers: { close: () => Promise<unknown> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function temp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-lookup-'));
  made.push(dir);
  return dir;
}

type Reply = (req: IncomingMessage, res: ServerResponse) => void;

/** A registry serving the framework's document as `reply` says, recording each request's headers. */
async function registry(version: string, headers: Record<string, string> = {}, reply?: Reply) {
  const asked: IncomingMessage['headers'][] = [];
  const server = createServer((req, res) => {
    asked.push(req.headers);
    if (reply) return reply(req, res);
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(frameworkAnswer(req.url, version));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => new Promise((r) => server.close(r));
  servers.push({ close });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, asked };
}

/** A folder to run in, its own cache folder, and a log the preload appends each npm start to. */
function place() {
  const root = temp();
  const cwd = path.join(root, 'work');
  const cache = path.join(root, 'cache');
  const log = path.join(root, 'npm-starts.log');
  const spy = path.join(root, 'spy.cjs');
  writeFileSync(
    spy,
    `if (/[/\\\\]npm(-cli\\.js)?$/.test(process.argv[1] ?? '')) require('node:fs').appendFileSync(${JSON.stringify(log)}, process.argv.slice(2).join(' ') + '\\n');\n`,
  );
  mkdirSync(cwd);
  const npmStarts = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0);
  return { cwd, cache, spy, npmStarts };
}

let runs = 0;
async function init(where: ReturnType<typeof place>, env: NodeJS.ProcessEnv) {
  // A real init (in a folder of its own each time): a dry run keeps no registry answer.
  const run = await runCliAsync(['init', `s${++runs}`, '--yes', '--json', '--no-install', '--no-git'], {
    cwd: where.cwd,
    env: {
      MCP_SCAFFOLD_CACHE_DIR: where.cache,
      NODE_OPTIONS: `--require ${where.spy}`,
      npm_config_offline: 'false',
      ...env,
    },
  });
  expect(run.status, run.stderr).toBe(0);
  return { ...parseJsonOut(run), stderr: run.stderr } as Record<string, any> & { stderr: string };
}

describe('init keeps the registry answer as HTTP caching allows', () => {
  it('max-age: the second init does not ask the registry, and says the answer is kept', async () => {
    const reg = await registry('0.12.3', { 'cache-control': 'public, max-age=300', etag: '"v1"' });
    const where = place();
    const first = await init(where, { npm_config_registry: reg.url });
    expect(first.project.frameworkSource).toMatchObject({ from: 'registry', registry: reg.url });
    const second = await init(where, { npm_config_registry: reg.url });
    expect(reg.asked).toHaveLength(1);
    expect(second.project).toMatchObject({ frameworkRange: '^0.12.3', frameworkSource: { from: 'cache' } });
    expect(second.project.frameworkSource.checkedAt).toBe(first.project.frameworkSource.checkedAt);
    expect(second.stderr).toMatch(/\^0\.12\.3: the newest release on .* \(its answer kept from/);
    const record = path.join(where.cache, 'registry-answers.json');
    expect(readFileSync(record, 'utf8')).not.toMatch(/token/i);
  });

  it('an expired max-age is revalidated: If-None-Match, and a 304 keeps the version without the document', async () => {
    let etag = '"v1"';
    const reg = await registry('0.12.3', {}, (req, res) => {
      if (req.headers['if-none-match'] === etag)
        return res.writeHead(304, { etag, 'cache-control': 'max-age=1' }).end();
      res.writeHead(200, { 'content-type': 'application/json', etag, 'cache-control': 'max-age=1' });
      res.end(frameworkAnswer(req.url, '0.12.3'));
    });
    const where = place();
    await init(where, { npm_config_registry: reg.url });
    await new Promise((r) => setTimeout(r, 1500));
    const second = await init(where, { npm_config_registry: reg.url });
    expect(reg.asked).toHaveLength(2);
    expect(reg.asked[1]!['if-none-match']).toBe('"v1"');
    expect(second.project).toMatchObject({ frameworkRange: '^0.12.3', frameworkSource: { from: 'revalidated' } });
    etag = '"v2"';
    await new Promise((r) => setTimeout(r, 1500));
    const third = await init(where, { npm_config_registry: reg.url });
    expect(third.project.frameworkSource.from).toBe('registry');
  });

  it('no-cache with Last-Modified revalidates on every run; no-store keeps nothing', async () => {
    const modified = 'Wed, 01 Jan 2025 00:00:00 GMT';
    const revalidating = await registry('0.12.3', {}, (req, res) => {
      if (req.headers['if-modified-since'] === modified) return res.writeHead(304).end();
      res.writeHead(200, {
        'content-type': 'application/json',
        'last-modified': modified,
        'cache-control': 'no-cache',
      });
      res.end(frameworkAnswer(req.url, '0.12.3'));
    });
    const where = place();
    await init(where, { npm_config_registry: revalidating.url });
    const again = await init(where, { npm_config_registry: revalidating.url });
    expect(revalidating.asked.map((h) => h['if-modified-since'])).toEqual([undefined, modified]);
    expect(again.project.frameworkSource.from).toBe('revalidated');

    const storing = await registry('0.11.5', { 'cache-control': 'no-store', etag: '"x"' });
    for (let i = 0; i < 2; i++) await init(where, { npm_config_registry: storing.url });
    expect(storing.asked.map((h) => h['if-none-match'])).toEqual([undefined, undefined]);
    expect(readFileSync(path.join(where.cache, 'registry-answers.json'), 'utf8')).not.toContain(storing.url);
  });

  it('a registry without dist-tags is asked for its document, and a kept document answer goes straight there', async () => {
    const paths: string[] = [];
    const reg = await registry('0.12.3', {}, (req, res) => {
      paths.push(req.url ?? '');
      if (req.url === DIST_TAGS_PATH) return res.writeHead(405).end();
      res.writeHead(200, { 'content-type': 'application/json', etag: '"d1"', 'cache-control': 'max-age=1' });
      res.end(frameworkAnswer(req.url, '0.12.3'));
    });
    const where = place();
    expect((await init(where, { npm_config_registry: reg.url })).project.frameworkRange).toBe('^0.12.3');
    expect((await init(where, { npm_config_registry: reg.url })).project.frameworkSource.from).toBe('cache');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await init(where, { npm_config_registry: reg.url })).project.frameworkRange).toBe('^0.12.3');
    expect(paths).toEqual([DIST_TAGS_PATH, DOCUMENT_PATH, DOCUMENT_PATH]);
    expect(reg.asked[2]!['if-none-match']).toBe('"d1"');
  });

  it('MCP_SCAFFOLD_CACHE=0 asks the registry every time, and writes no cache', async () => {
    const reg = await registry('0.12.3', { 'cache-control': 'max-age=300' });
    const where = place();
    for (let i = 0; i < 2; i++) await init(where, { npm_config_registry: reg.url, MCP_SCAFFOLD_CACHE: '0' });
    expect(reg.asked).toHaveLength(2);
    expect(existsSync(where.cache)).toBe(false);
  });

  it('a corrupt, group-writable or foreign cache is ignored: the registry is asked again', async () => {
    const reg = await registry('0.12.3', { 'cache-control': 'max-age=300' });
    const where = place();
    const env = { npm_config_registry: reg.url };
    await init(where, env);
    const record = path.join(where.cache, 'registry-answers.json');
    const good = readFileSync(record, 'utf8');
    writeFileSync(record, good.slice(0, 20));
    expect((await init(where, env)).project.frameworkSource.from).toBe('registry');
    expect(() => JSON.parse(readFileSync(record, 'utf8'))).not.toThrow();
    chmodSync(record, 0o664);
    expect((await init(where, env)).project.frameworkSource.from).toBe('registry');
    let asked = 3;
    if (process.getuid?.() === 0) {
      chownSync(record, 65534, 65534);
      expect((await init(where, env)).project.frameworkSource.from).toBe('registry');
      asked++;
    }
    expect(reg.asked).toHaveLength(asked);
    expect((await init(where, env)).project.frameworkSource.from).toBe('cache');
  });
});

describe("init reads npm's configuration as npm does, without starting npm", () => {
  it('a project .npmrc, the scoped registry over it, and the environment', async () => {
    const a = await registry('0.11.5');
    const b = await registry('0.12.3');
    const where = place();
    writeFileSync(path.join(where.cwd, 'package.json'), '{ "name": "outer" }\n');
    const npmrc = path.join(where.cwd, '.npmrc');
    writeFileSync(npmrc, `registry=${a.url}\n`);
    expect((await init(where, {})).project).toMatchObject({
      frameworkRange: '^0.11.5',
      frameworkSource: { registry: a.url },
    });

    writeFileSync(npmrc, `registry=${a.url}\n@cyanheads:registry=${b.url}\n`);
    expect((await init(where, {})).project).toMatchObject({
      frameworkRange: '^0.12.3',
      frameworkSource: { registry: b.url },
    });

    writeFileSync(npmrc, '');
    expect((await init(where, { npm_config_registry: a.url })).project.frameworkRange).toBe('^0.11.5');
    expect((await init(where, { NPM_CONFIG_REGISTRY: b.url })).project.frameworkRange).toBe('^0.12.3');
    expect(where.npmStarts()).toBe(0);
  });

  it('npm configured offline asks no registry, and says so', async () => {
    const reg = await registry('0.12.3');
    const where = place();
    const r = await init(where, { npm_config_registry: reg.url, npm_config_offline: 'true' });
    expect(r.project.frameworkSource).toMatchObject({ from: 'pinned' });
    expect(r.stderr).toContain('npm is configured offline');
    expect(reg.asked).toHaveLength(0);
  });
});
