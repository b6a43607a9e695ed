/**
 * An edited file keeps every byte outside the edit: its byte order mark, and (since a file that is
 * not UTF-8 cannot be edited as text without changing bytes) a Latin-1 file is refused unchanged.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScaffoldError } from '../../src/engine/errors.js';
import { DiskHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import { FRESH_INDEX, memoryProject, PACKAGE_JSON, VITEST_CONFIG } from '../helpers/projects.js';
import { tempDir } from '../helpers/temp.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A fresh project on disk whose src/index.ts holds exactly `index`. */
function projectWithIndex(index: Buffer): string {
  const root = tempDir({ 'package.json': PACKAGE_JSON, 'vitest.config.ts': VITEST_CONFIG, 'src/index.ts': '' });
  writeFileSync(path.join(root, 'src/index.ts'), index);
  return root;
}

function addTool(root: string): Tree {
  const host = new DiskHost(root);
  const tree = new Tree(host);
  const result = addToolGenerator(tree, memoryProject(host), {
    name: 'demo_find_items',
    description: 'Finds items.',
    devcheck: false,
  });
  expect(result.problems).toEqual([]);
  return tree;
}

describe('edited files keep their bytes', () => {
  it('keeps the UTF-8 byte order mark of src/index.ts', async () => {
    const index = Buffer.concat([BOM, Buffer.from(FRESH_INDEX.replace('entry point', 'entrée'))]);
    const dir = projectWithIndex(index);
    const tree = addTool(dir);
    const changes = tree.changes();
    await tree.host.flush(changes);
    const after = readFileSync(path.join(dir, 'src/index.ts'));
    expect(after.subarray(0, 3)).toEqual(BOM);
    // Only the import and the array entry were added: every original line is still there.
    const text = after.toString('utf8');
    for (const line of FRESH_INDEX.replace('entry point', 'entrée').split('\n')) {
      if (!line.includes('tools: [')) expect(text).toContain(line);
    }
    expect(text).toContain('demoFindItemsTool');
  });

  it('refuses to edit a src/index.ts that is not UTF-8 (a Latin-1 byte), writing nothing', () => {
    const latin1 = Buffer.from(FRESH_INDEX.replace('entry point', 'entr\u00e9e point'), 'latin1');
    const dir = projectWithIndex(latin1);
    const tree = addTool(dir);
    let error: unknown;
    try {
      tree.changes();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScaffoldError);
    expect((error as ScaffoldError).code).toBe('ENCODING_UNSUPPORTED');
    expect((error as ScaffoldError).details).toEqual([{ path: 'src/index.ts', message: 'not valid UTF-8' }]);
    expect(readFileSync(path.join(dir, 'src/index.ts'))).toEqual(latin1);
  });

  it('reads a file that is not UTF-8 (for names) when it is not edited', () => {
    const dir = projectWithIndex(Buffer.from(FRESH_INDEX));
    writeFileSync(path.join(dir, 'notes.ts'), Buffer.from('// caf\u00e9\n', 'latin1'));
    const host = new DiskHost(dir);
    expect(host.read('notes.ts')).toBe('// caf\ufffd\n');
    expect(host.isUndecodable('notes.ts')).toBe(true);
    expect(host.isUndecodable('src/index.ts')).toBe(false);
  });
});
