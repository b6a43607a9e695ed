/** Finding the project from --cwd, and what installed it, in a monorepo as in a lone server. */

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScaffoldError } from '../../src/engine/errors.js';
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
