/**
 * The upgrade knows the tests `add` wrote by their record, whatever flags made them: the tests of
 * a `--confirm --service` tool and of a `--destructive --input …` tool, written on 0.10, are
 * recognised as untouched and moved to 0.12 (the test `add` writes there), where a re-render of
 * the plain confirm template took them for changed and refused them. A test edited since is
 * still refused, at its line.
 */

import { describe, expect, it } from 'vitest';
import type { FileChange } from '../../src/engine/changes.js';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { type AddToolOptions, addToolGenerator } from '../../src/kinds/tool/generator.js';
import type { FrameworkFeatures } from '../../src/project/framework-features.js';
import { sameGenerated, untouched } from '../../src/text/scaffold-stamp.js';
import { upgradeGenerator } from '../../src/upgrade/plan.js';
import { FEATURES_0_10, FEATURES_0_12 } from '../helpers/framework.js';
import { FRESH_SERVER, memoryProject } from '../helpers/projects.js';

const TOOLS: AddToolOptions[] = [
  { name: 'demo_purge_article', confirm: true, service: 'ncbi' },
  { name: 'demo_delete_draft', destructive: true, input: ['id:string:Which draft'] },
];
const TESTS = ['tests/tools/demo-delete-draft.tool.test.ts', 'tests/tools/demo-purge-article.tool.test.ts'];

/** A server grown on `features` with the ncbi service and both tools; its files. */
function grown(features: FrameworkFeatures): MemoryHost {
  const host = new MemoryHost({ ...FRESH_SERVER });
  const flush = (tree: Tree, problems: readonly unknown[]) => {
    expect(problems).toEqual([]);
    host.flush(tree.changes());
  };
  const tree = new Tree(host);
  flush(tree, addServiceGenerator(tree, memoryProject(host), { name: 'ncbi', devcheck: false }, features).problems);
  for (const tool of TOOLS) {
    const t = new Tree(host);
    flush(t, addToolGenerator(t, memoryProject(host), { devcheck: false, ...tool }, features).problems);
  }
  return host;
}

function upgrade(host: MemoryHost): {
  problems: readonly { code: string; path?: string; line?: number; message: string }[];
  changes: FileChange[];
} {
  const tree = new Tree(host);
  const out = upgradeGenerator(tree, {
    from: '0.10.17',
    target: { range: '^0.12.3', version: '0.12.3' },
    dropTasks: false,
    adoptTsconfigSplit: false,
    install: true,
  });
  return { problems: out.problems, changes: tree.changes() };
}

describe('upgrade 0.10 → 0.12 of the tests add wrote for shaped confirm tools', () => {
  it('recognises them as untouched and writes them as add writes them on 0.12, still untouched', () => {
    const { problems, changes } = upgrade(grown(FEATURES_0_10));
    expect(problems).toEqual([]);
    const on12 = grown(FEATURES_0_12);
    for (const file of TESTS) {
      const after = changes.find((c) => c.path === file)?.after;
      expect(after, file).toBeDefined();
      expect(untouched(after!)).toBe(true);
      expect(sameGenerated(after!, on12.read(file)!), file).toBe(true);
    }
  });

  it('still refuses one edited since add wrote it, with its line', () => {
    const host = grown(FEATURES_0_10);
    const [file] = TESTS;
    host.write(file!, host.read(file!)!.replace("'declines'", "'says no'"));
    const { problems } = upgrade(host);
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'UNSUPPORTED_LAYOUT',
        path: file,
        line: expect.any(Number),
        message: expect.stringContaining('changed since `add` wrote it'),
      }),
    ]);
  });
});
