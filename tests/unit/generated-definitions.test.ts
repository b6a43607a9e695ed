/**
 * What `add` remembers of the definition file it writes (so that the next run need not parse it)
 * is what the file's parse gives, for every variant a generator renders.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GeneratorResult } from '../../src/engine/generator.js';
import { DiskHost } from '../../src/engine/host.js';
import { ProjectCache } from '../../src/engine/project-cache.js';
import { Tree } from '../../src/engine/tree.js';
import { addPromptGenerator } from '../../src/kinds/prompt/generator.js';
import { promptLayout } from '../../src/kinds/prompt/layout.js';
import { type AddToolOptions, addToolGenerator } from '../../src/kinds/tool/generator.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import type { FrameworkFeatures } from '../../src/project/framework-features.js';
import { definitionsKind, fileDefinitions } from '../../src/registration/definitions.js';
import type { DefinitionLayout } from '../../src/registration/layout.js';
import { FEATURES_0_10, FEATURES_0_12 } from '../helpers/framework.js';
import { cachedProject, FRESH_SERVER, memoryProject } from '../helpers/projects.js';
import { withNcbiService } from '../helpers/services.js';

const at = cachedProject(withNcbiService(FRESH_SERVER));

/**
 * The definition file the add created, written to disk, and what the next run's cache says of it
 * without parsing it (undefined where it would have to).
 */
async function remembered(run: (tree: Tree) => GeneratorResult, layout: DefinitionLayout, kind: string) {
  const tree = new Tree(new DiskHost(at.root));
  const result = run(tree);
  expect(result.problems).toEqual([]);
  const file = (result.data[kind] as { file: string }).file;
  const text = tree.read(file)!;
  const changes = tree.changes();
  await tree.host.flush(changes);
  ProjectCache.of(tree)!.commit(changes);
  ProjectCache.forget();
  const next = new Tree(new DiskHost(at.root));
  const known = ProjectCache.of(next)!.facts(next, file, definitionsKind(layout), () => undefined);
  return { file, text, known };
}

const TOOLS: [string, Partial<AddToolOptions>, FrameworkFeatures][] = [
  ['plain', {}, FEATURES_0_12],
  ['with a service', { service: 'ncbi' }, FEATURES_0_10],
  ['asking to confirm', { confirm: true }, FEATURES_0_12],
  ['asking to confirm, 0.10', { confirm: true }, FEATURES_0_10],
  ['a task', { task: true }, FEATURES_0_10],
  ['an app', { app: true }, FEATURES_0_12],
];

describe('the facts add remembers of the definition it writes', () => {
  it.each(TOOLS)('are its parse, for a tool: %s', async (_what, options, features) => {
    const { file, text, known } = await remembered(
      (tree) =>
        addToolGenerator(
          tree,
          memoryProject(tree.host),
          { devcheck: false, ...options, name: 'demo_fetch_record' },
          features,
        ),
      toolLayout,
      'tool',
    );
    expect(known).toBeDefined();
    expect(known).toEqual(fileDefinitions(file, text, toolLayout));
  });

  it('are its parse, for a prompt', async () => {
    const { file, text, known } = await remembered(
      (tree) => addPromptGenerator(tree, memoryProject(tree.host), { name: 'demo_summarize', devcheck: false }),
      promptLayout,
      'prompt',
    );
    expect(known).toBeDefined();
    expect(known).toEqual(fileDefinitions(file, text, promptLayout));
  });

  it('are not believed once the file is changed', async () => {
    const { file } = await remembered(
      (tree) =>
        addToolGenerator(tree, memoryProject(tree.host), { name: 'demo_fetch_record', devcheck: false }, FEATURES_0_12),
      toolLayout,
      'tool',
    );
    const edited = readFileSync(path.join(at.root, file), 'utf8').replace("'demo_fetch_record'", "'demo_other'");
    writeFileSync(path.join(at.root, file), edited);
    ProjectCache.forget();
    const next = new Tree(new DiskHost(at.root));
    const parsed = ProjectCache.of(next)!.facts(next, file, definitionsKind(toolLayout), (text) =>
      fileDefinitions(file, text, toolLayout),
    );
    // One definition, named demo_other.
    expect(parsed?.names).toEqual([{ name: 'demo_other' }]);
  });
});
