/**
 * An edit another program saves while the flush writes is never lost: a planned file changed after
 * the temps are written (during their fsync) stops the flush before any target is touched; one
 * changed between its last check and its rename (an append that lands in the file being replaced)
 * is seen right after, and every file is put back as it now is, that append and any later one to
 * a new content included. Either way the plan is outdated (CONFLICT, made again by the pipeline),
 * and no journal or temp is left.
 */

import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { flushFaults } from '../../src/engine/durable.js';
import type { ScaffoldError } from '../../src/engine/errors.js';
import { flush, PlanOutdatedError } from '../../src/engine/flush.js';
import { flushProject, INDEX, README } from '../helpers/flush-project.js';
import { tempDir } from '../helpers/temp.js';

const project = flushProject;

const read = (root: string, rel: string) =>
  existsSync(path.join(root, rel)) ? readFileSync(path.join(root, rel), 'utf8') : undefined;

/** Files below root, but for the ones a test names as another program's. */
function files(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((rel) => statSync(path.join(root, rel)).isFile())
    .sort();
}

async function outdated(root: string, changes: Parameters<typeof flush>[1]): Promise<ScaffoldError> {
  const error = await flush(root, changes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlanOutdatedError);
  expect(error).toMatchObject({ code: 'CONFLICT', exitCode: 1 });
  return error as ScaffoldError;
}

afterEach(() => {
  delete flushFaults.at;
});

describe('an edit saved by another program while the flush writes', () => {
  it('during the fsync of the temps: nothing is placed, the edit stays', async () => {
    const { root, changes } = project();
    flushFaults.at = (step) => {
      if (step === 'sync') appendFileSync(path.join(root, 'src/index.ts'), '// saved meanwhile\n');
      return undefined;
    };
    const error = await outdated(root, changes);
    expect(error.message).toBe(
      'src/index.ts changed since it was read while the change was being written; every file was put back as it now is, and nothing was written.',
    );
    expect(read(root, 'src/index.ts')).toBe(`${INDEX}// saved meanwhile\n`);
    expect(read(root, 'README.md')).toBe(README);
    expect(files(root)).toEqual(['README.md', 'src/existing/keep.ts', 'src/index.ts']);
  });

  it('between its last check and its rename: the append is seen after, and every file put back with it', async () => {
    const { root, changes } = project();
    // rename:2 is src/index.ts: the fault point lies between its check and its rename.
    flushFaults.at = (step) => {
      if (step === 'rename:2') appendFileSync(path.join(root, 'src/index.ts'), '// appended\n');
      return undefined;
    };
    const error = await outdated(root, changes);
    expect(error.message).toContain('src/index.ts changed as it was replaced');
    expect(read(root, 'src/index.ts')).toBe(`${INDEX}// appended\n`);
    expect(read(root, 'README.md')).toBe(README);
    expect(files(root)).toEqual(['README.md', 'src/existing/keep.ts', 'src/index.ts']);
  });

  it('appended to a new content already placed, then another target appears: both kept, the rest put back', async () => {
    const { root, changes } = project();
    const theirs = 'src/mcp-server/tools/definitions/a.tool.ts';
    flushFaults.at = (step) => {
      if (step === 'rename:3') {
        appendFileSync(path.join(root, 'src/index.ts'), '// after ours\n');
        writeFileSync(path.join(root, theirs), 'theirs\n');
      }
      return undefined;
    };
    const error = await outdated(root, changes);
    expect(error.message).toContain(`${theirs} appeared since it was read`);
    // What was there before ours, then what came after it: nothing of theirs is lost.
    expect(read(root, 'src/index.ts')).toBe(`${INDEX}// after ours\n`);
    expect(read(root, theirs)).toBe('theirs\n');
    expect(read(root, 'README.md')).toBe(README);
    expect(files(root)).toEqual(['README.md', 'src/existing/keep.ts', 'src/index.ts', theirs]);
  });

  it('a file to delete, changed between its check and its removal: put back with the change', async () => {
    const root = tempDir({ 'gone.ts': 'old\n', 'b.ts': 'b\n' });
    flushFaults.at = (step) => {
      if (step === 'rename:0') appendFileSync(path.join(root, 'gone.ts'), '// kept\n');
      return undefined;
    };
    await outdated(root, [
      { path: 'gone.ts', action: 'delete', before: 'old\n', after: '' },
      { path: 'b.ts', action: 'update', before: 'b\n', after: 'B\n' },
    ]);
    expect(read(root, 'gone.ts')).toBe('old\n// kept\n');
    expect(read(root, 'b.ts')).toBe('b\n');
    expect(files(root)).toEqual(['b.ts', 'gone.ts']);
  });

  it('with no edit meanwhile, every file is written', async () => {
    const { root, changes } = project();
    await flush(root, changes);
    for (const c of changes) expect(read(root, c.path)).toBe(c.after);
  });
});
