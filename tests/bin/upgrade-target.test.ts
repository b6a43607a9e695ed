/**
 * `upgrade --to` checked by the built CLI against the registry npm is configured with, here one on
 * this machine (node:http, named by npm_config_registry as npm reads it): a version or range it
 * does not serve is refused before anything is planned (TARGET_NOT_FOUND, the newest release of
 * each line in the hint, the project untouched), one it serves is planned, and a registry that does
 * not answer is REGISTRY_UNREACHABLE. The server has the real 0.11.5 unpacked in node_modules.
 */

import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unpackFramework } from '../helpers/framework-tarballs.js';
import { DOCUMENT_PATH, frameworkDocument } from '../helpers/registry-answers.js';
import { tempFolder } from '../helpers/temp.js';
import { makeProject, parseJsonOut, runCliAsync, treeDigest } from './support.js';

const FRAMEWORK = '@cyanheads/mcp-ts-core';
const PUBLISHED = ['0.10.16', '0.10.17', '0.11.4', '0.11.5', '0.12.0', '0.12.3'];

const temp = () => tempFolder('mcp-scaffold-upgrade-target-');
const servers: { close: () => Promise<unknown> }[] = [];
const projects: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const dir of projects.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A registry serving the framework's document, recording each request. */
async function registry(versions: string[]) {
  const asked: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    asked.push(req);
    if (req.url !== DOCUMENT_PATH) return res.writeHead(404).end('{}');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(frameworkDocument(versions));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => new Promise((r) => server.close(r));
  servers.push({ close });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, asked, close };
}

/** A server on 0.11.5, the real package unpacked into its node_modules. */
function server(): string {
  const root = makeProject({}, { dependencies: { [FRAMEWORK]: '^0.11.5' } });
  projects.push(root);
  unpackFramework('0.11.5', path.join(root, 'node_modules', FRAMEWORK));
  return root;
}

async function upgrade(root: string, registryUrl: string, args: string[]) {
  const run = await runCliAsync(['upgrade', ...args, '--no-install', '--no-devcheck', '--json'], {
    cwd: root,
    env: {
      MCP_SCAFFOLD_CACHE_DIR: path.join(temp(), 'cache'),
      npm_config_registry: registryUrl,
      npm_config_offline: 'false',
    },
  });
  return { ...run, json: parseJsonOut(run) };
}

describe('upgrade --to against the registry npm is configured with', () => {
  it('a version it does not serve: TARGET_NOT_FOUND with the newest of each line, nothing written', async () => {
    const reg = await registry(PUBLISHED);
    const root = server();
    const before = treeDigest(root);
    const run = await upgrade(root, reg.url, ['--to', '99.0.0']);
    expect(run.status, run.stderr).toBe(1);
    expect(run.json.error).toMatchObject({
      code: 'TARGET_NOT_FOUND',
      message: `${reg.url} (the registry npm is configured with) has no version ${FRAMEWORK} 99.0.0; nothing was written.`,
      hint: expect.stringContaining('The newest of each line there: 0.12.3, 0.11.5, 0.10.17.'),
    });
    expect(treeDigest(root)).toBe(before);
    expect(reg.asked.map((r) => [r.url, r.headers.accept])).toEqual([
      [DOCUMENT_PATH, 'application/vnd.npm.install-v1+json'],
    ]);
  });

  it('a range none of its releases satisfies is refused; a version it serves is planned', async () => {
    const reg = await registry(PUBLISHED);
    const root = server();
    const range = await upgrade(root, reg.url, ['--to', '>=0.13.0 <0.14.0']);
    expect(range.status, range.stderr).toBe(1);
    expect(range.json.error.code).toBe('TARGET_NOT_FOUND');
    const run = await upgrade(root, reg.url, ['--to', '0.12.3', '--dry-run']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.json.upgrade).toMatchObject({ from: '0.11.5', to: '0.12.3', range: '^0.12.3' });
  });

  it('a registry that does not answer: REGISTRY_UNREACHABLE, nothing written', async () => {
    const reg = await registry(PUBLISHED);
    await reg.close();
    const root = server();
    const before = treeDigest(root);
    const run = await upgrade(root, reg.url, ['--to', '0.12.3']);
    expect(run.status, run.stderr).toBe(1);
    expect(run.json.error).toMatchObject({
      code: 'REGISTRY_UNREACHABLE',
      message: expect.stringContaining(
        `Could not check that ${FRAMEWORK} 0.12.3 exists: ${reg.url} could not be reached`,
      ),
    });
    expect(treeDigest(root)).toBe(before);
  });
});
