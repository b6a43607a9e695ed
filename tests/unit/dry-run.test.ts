/**
 * A dry run writes nothing: for every command that can write (and for `list`, which writes only
 * the project cache), `--dry-run` leaves the project and the user's cache folder byte-identical,
 * on a server made by init with its framework installed and its cache warm from real runs.
 */

import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { run } from '../../src/cli/main.js';
import { ProjectCache } from '../../src/engine/project-cache.js';
import { FRAMEWORKS_DIR } from '../helpers/framework-installs.js';
import { tempDir } from '../helpers/temp.js';

/** Every file and folder below `root` (node_modules and links not followed), with each file's bytes. */
function digest(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const abs = path.join(dir, name);
      const rel = path.relative(root, abs);
      const stat = lstatSync(abs);
      if (stat.isDirectory() && name !== 'node_modules') {
        hash.update(`d:${rel}\n`);
        walk(abs);
      } else if (stat.isFile()) hash.update(`f:${rel}:${stat.mode}\n`).update(readFileSync(abs));
      else hash.update(`o:${rel}\n`);
    }
  };
  if (existsSync(root)) walk(root);
  return hash.digest('hex');
}

/** The CLI run in this process, its output swallowed; its exit status. */
async function cli(...args: string[]): Promise<number> {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    ProjectCache.forget();
    return await run(['node', 'mcp-scaffold', ...args]);
  } finally {
    vi.restoreAllMocks();
  }
}

const where = { work: '', server: '', cache: '' };

beforeAll(async () => {
  where.work = tempDir();
  where.cache = path.join(where.work, 'cache');
  process.env.MCP_SCAFFOLD_CACHE_DIR = where.cache;
  expect(
    await cli(
      'init',
      'demo',
      '--yes',
      '--no-install',
      '--no-git',
      '--framework-version',
      '0.11.5',
      '--cwd',
      where.work,
    ),
  ).toBe(0);
  where.server = path.join(where.work, 'demo');
  mkdirSync(path.join(where.server, 'node_modules/@cyanheads'), { recursive: true });
  symlinkSync(
    path.join(inject('frameworkRoots')['0.11.5'], 'node_modules/@cyanheads/mcp-ts-core'),
    path.join(where.server, 'node_modules/@cyanheads/mcp-ts-core'),
    'dir',
  );
  // Real runs first, so that the cache holds facts and readings a dry run could have changed.
  for (const args of [['add', 'tool', 'demo_find_items'], ['add', 'service', 'inventory'], ['list']]) {
    expect(await cli(...args, '--yes', '--no-devcheck', '--cwd', where.server)).toBe(0);
  }
});

afterEach(() => {
  delete process.env.MCP_SCAFFOLD_CACHE;
});

const TARBALL_0_12 = path.join(FRAMEWORKS_DIR, 'cyanheads-mcp-ts-core-0.12.3.tgz');

describe('--dry-run leaves the project and the cache folder byte-identical', () => {
  it.each([
    [['add', 'tool', 'demo_fetch_item']],
    [['add', 'tool', 'demo_delete_item', '--destructive', '--input', 'id:string:Which one']],
    [['add', 'resource', 'demo-item']],
    [['add', 'prompt', 'demo_brief']],
    [['add', 'service', 'catalog']],
    [['add', 'test', 'demo_find_items', '--force']],
    [['remove', 'tool', 'demo_find_items']],
    [['rename', 'tool', 'demo_find_items', 'demo_search_items']],
    [['rename', 'service', 'inventory', 'stock']],
    [['list']],
    [['init', '.', '--force']],
    [['upgrade', '--to', TARBALL_0_12, '--no-install', '--drop-tasks']],
  ])('%j', async (args) => {
    const before = { server: digest(where.server), cache: digest(where.cache), work: digest(where.work) };
    const status = await cli(...args, '--dry-run', '--yes', '--no-devcheck', '--cwd', where.server);
    expect(status, args.join(' ')).toBe(0);
    expect({ server: digest(where.server), cache: digest(where.cache), work: digest(where.work) }).toEqual(before);
  });

  it('init of a new folder', async () => {
    const before = { cache: digest(where.cache), work: digest(where.work) };
    expect(await cli('init', 'other', '--yes', '--no-install', '--no-git', '--dry-run', '--cwd', where.work)).toBe(0);
    expect({ cache: digest(where.cache), work: digest(where.work) }).toEqual(before);
  });
});
