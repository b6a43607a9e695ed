/**
 * Deletions in the one flush (`remove`, `rename`): a deleted file goes with the writes, a folder it
 * leaves empty goes too, and a failure part way puts the deleted file back with the rest.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { flushFaults } from '../../src/engine/durable.js';
import { flush } from '../../src/engine/flush.js';
import { DiskHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { tempDir } from '../helpers/temp.js';

afterEach(() => {
  delete flushFaults.at;
});

function project(): string {
  const root = tempDir({ 'src/index.ts': 'old index\n', 'src/services/geo/geo-service.ts': 'geo\n' });
  mkdirSync(path.join(root, 'src/services/keep'), { recursive: true });
  writeFileSync(path.join(root, 'src/services/keep/keep.ts'), 'keep\n');
  return root;
}

function plan(root: string) {
  const tree = new Tree(new DiskHost(root));
  tree.write('src/index.ts', 'new index\n');
  tree.delete('src/services/geo/geo-service.ts');
  return tree.changes();
}

describe('flush with deletions', () => {
  it('lists a delete, and a deleted file is gone from the tree', () => {
    const root = project();
    const tree = new Tree(new DiskHost(root));
    tree.delete('src/services/geo/geo-service.ts');
    expect(tree.read('src/services/geo/geo-service.ts')).toBeUndefined();
    expect(tree.listFiles('src/services')).toEqual(['src/services/keep/keep.ts']);
    expect(tree.changes()).toEqual([
      { path: 'src/services/geo/geo-service.ts', action: 'delete', before: 'geo\n', after: '' },
    ]);
  });

  it('deletes the file and the folder it leaves empty, with the writes', async () => {
    const root = project();
    await flush(root, plan(root));
    expect(readFileSync(path.join(root, 'src/index.ts'), 'utf8')).toBe('new index\n');
    expect(existsSync(path.join(root, 'src/services/geo'))).toBe(false);
    expect(existsSync(path.join(root, 'src/services/keep/keep.ts'))).toBe(true);
  });

  it('a failure after the deletion puts the deleted file back, and the written one', async () => {
    const root = project();
    const tree = new Tree(new DiskHost(root));
    tree.write('src/index.ts', 'new index\n');
    tree.delete('src/services/geo/geo-service.ts');
    tree.write('src/zz.ts', 'new file\n');
    const changes = tree.changes();
    // In path order: the index, the deletion, then the new file, whose rename fails.
    expect(changes.map((c) => c.action)).toEqual(['update', 'delete', 'create']);
    flushFaults.at = (step) => (step === 'rename:2' ? 'eacces' : undefined);
    await expect(flush(root, changes)).rejects.toMatchObject({ code: 'WRITE_FAILED' });
    expect(existsSync(path.join(root, 'src/zz.ts'))).toBe(false);
    expect(readFileSync(path.join(root, 'src/services/geo/geo-service.ts'), 'utf8')).toBe('geo\n');
    expect(readFileSync(path.join(root, 'src/index.ts'), 'utf8')).toBe('old index\n');
  });
});
