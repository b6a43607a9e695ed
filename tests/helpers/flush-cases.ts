/**
 * The writing commands the flush's fault suites go through, each on a fixture made fresh per run:
 * its arguments, where it writes (the folder whose bytes must not change), and how to set it up.
 */

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { makeProject } from '../bin/support.js';
import { tempFolder } from './temp.js';

export interface FlushCase {
  name: string;
  /** A fresh fixture: `dir` is what must stay byte-identical, `args` the command to run there. */
  make(run: (args: string[]) => Promise<unknown>): Promise<{ dir: string; args: string[] }>;
  /** It makes a folder that did not exist: written into a temp folder and renamed into place. */
  newFolder?: boolean;
}

const ADD = ['--json', '--no-devcheck'];

export const FLUSH_CASES: FlushCase[] = [
  {
    name: 'add tool',
    make: async () => {
      const root = makeProject();
      return { dir: root, args: ['add', 'tool', 'demo_find_items', ...ADD, '--cwd', root] };
    },
  },
  {
    name: 'add service',
    make: async () => {
      const root = makeProject();
      return { dir: root, args: ['add', 'service', 'ncbi', ...ADD, '--cwd', root] };
    },
  },
  {
    name: 'add tool --service',
    make: async (run) => {
      const root = makeProject();
      await run(['add', 'service', 'ncbi', ...ADD, '--cwd', root]);
      return { dir: root, args: ['add', 'tool', 'demo_fetch_record', '--service', 'ncbi', ...ADD, '--cwd', root] };
    },
  },
  {
    name: 'init',
    newFolder: true,
    make: async () => {
      const parent = tempFolder('mcp-scaffold-init-fault-');
      return { dir: parent, args: ['init', 'demo', '--json', '--no-install', '--no-git', '--cwd', parent] };
    },
  },
  {
    name: 'init into an empty folder',
    make: async () => {
      const parent = tempFolder('mcp-scaffold-init-fault-');
      mkdirSync(path.join(parent, 'demo'));
      return { dir: parent, args: ['init', 'demo', '--json', '--no-install', '--no-git', '--cwd', parent] };
    },
  },
];

/**
 * Every step a flush of `count` changes goes through (see src/engine/durable.ts): with a journal,
 * or, for a new folder, its writes into the temp folder and the rename that puts it in place.
 */
export function flushSteps(count: number, newFolder = false): string[] {
  if (newFolder) return [...Array.from({ length: count }, (_, i) => `write:${i}`), 'commit'];
  return [
    'journal',
    ...Array.from({ length: count }, (_, i) => `write:${i}`),
    ...Array.from({ length: count }, (_, i) => `rename:${i}`),
    'commit',
  ];
}
