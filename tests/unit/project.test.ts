/** Finding the project from --cwd, and what installed it, in a monorepo as in a lone server. */

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScaffoldError } from '../../src/engine/errors.js';
import { detectPackageManager, launchingPackageManager } from '../../src/project/package-manager.js';
import { findProject } from '../../src/project/project.js';
import { tempDir } from '../helpers/temp.js';

const SERVER = JSON.stringify({ name: 'x', dependencies: { '@cyanheads/mcp-ts-core': '^0.10.17' } });

function monorepo(lockfile: string) {
  return tempDir({
    'package.json': JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }),
    [lockfile]: '',
    'packages/x/package.json': SERVER,
    'packages/x/src/index.ts': '',
    'packages/other/package.json': JSON.stringify({ name: 'other' }),
  });
}

describe('findProject in a monorepo', () => {
  it('the package manager comes from the workspace root lockfile', () => {
    const root = monorepo('pnpm-lock.yaml');
    const project = findProject(path.join(root, 'packages/x/src'));
    expect(project.root).toBe(path.join(root, 'packages/x'));
    expect(project.packageManager).toBe('pnpm');
    expect(project.packageManagerSource).toBe('../../pnpm-lock.yaml');
  });

  it('a lockfile above a folder that is not a workspace root does not count', () => {
    const root = tempDir({ 'yarn.lock': '', 'srv/package.json': SERVER });
    expect(findProject(path.join(root, 'srv')).packageManager).toBe('npm');
  });

  it('--cwd at the repository root: NOT_A_PROJECT naming the server packages below', () => {
    const root = monorepo('package-lock.json');
    let error: unknown;
    try {
      findProject(root);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScaffoldError);
    expect((error as ScaffoldError).code).toBe('NOT_A_PROJECT');
    expect((error as ScaffoldError).hint).toContain('Servers below this folder: packages/x.');
    expect((error as ScaffoldError).hint).toContain(`--cwd ${path.join(root, 'packages/x')}`);
    expect((error as ScaffoldError).hint).not.toContain('packages/other');
  });
});

describe('findProject and a package.json that cannot be read', () => {
  const refusal = (cwd: string) => {
    try {
      findProject(cwd);
    } catch (e) {
      return e as ScaffoldError;
    }
    throw new Error(`findProject(${cwd}) found a project`);
  };

  it.each([
    ['{ "name": "x", ', /package\.json does not parse: /],
    ['', /package\.json does not parse: /],
    ['[1, 2]', /package\.json is not a JSON object$/],
  ])('%j: PARSE_ERROR naming the file, not a server further up taken for it', (text, message) => {
    const root = tempDir({ 'package.json': SERVER, 'inner/package.json': text, 'inner/src/index.ts': '' });
    const error = refusal(path.join(root, 'inner/src'));
    expect(error.code).toBe('PARSE_ERROR');
    expect(error.message).toMatch(message);
    expect(error.message).toContain(path.join(root, 'inner/package.json'));
    expect(error.details).toEqual([{ path: 'package.json', message: expect.any(String) }]);
  });
});

describe('detectPackageManager', () => {
  const detect = (files: Record<string, string>, pkg: { packageManager?: string } = {}, dir = '.') =>
    detectPackageManager(path.join(tempDir(files), dir), pkg);

  it("a lockfile wins over the packageManager field, which wins over npm's default", () => {
    expect(detect({ 'package-lock.json': '' }, { packageManager: 'bun@1.3.14' })).toEqual({
      packageManager: 'npm',
      packageManagerSource: 'package-lock.json',
    });
    expect(detect({ 'bun.lock': '' })).toEqual({ packageManager: 'bun', packageManagerSource: 'bun.lock' });
    expect(detect({}, { packageManager: 'pnpm@9.1.0' })).toEqual({
      packageManager: 'pnpm',
      packageManagerSource: 'packageManager field',
    });
    expect(detect({}, { packageManager: 'deno@2.0.0' })).toEqual({
      packageManager: 'npm',
      packageManagerSource: 'default',
    });
  });

  it("a pnpm workspace root's lockfile counts for the servers inside it", () => {
    const files = {
      'pnpm-workspace.yaml': "packages: ['packages/*']\n",
      'pnpm-lock.yaml': '',
      'packages/x/package.json': SERVER,
    };
    expect(detect(files, {}, 'packages/x')).toEqual({
      packageManager: 'pnpm',
      packageManagerSource: '../../pnpm-lock.yaml',
    });
  });
});

describe('launchingPackageManager', () => {
  it('reads npm_config_user_agent, and only the package managers a server can use', () => {
    const saved = process.env.npm_config_user_agent;
    try {
      process.env.npm_config_user_agent = 'pnpm/9.1.0 npm/? node/v20.20.2 linux x64';
      expect(launchingPackageManager()).toBe('pnpm');
      process.env.npm_config_user_agent = 'deno/2.0.0';
      expect(launchingPackageManager()).toBeUndefined();
      delete process.env.npm_config_user_agent;
      expect(launchingPackageManager()).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.npm_config_user_agent;
      else process.env.npm_config_user_agent = saved;
    }
  });
});
