/**
 * A service written again with --force, with the storage and then without it, on a server whose
 * tool and resource tests create that service: on each framework line the server type-checks,
 * Biome passes the files touched, and the tests of the tool and the resource pass, each time.
 * Before, their calls of the init function kept the old arguments and stopped compiling.
 */

import { describe, expect, inject, it } from 'vitest';
import { addResourceGenerator } from '../../src/kinds/resource/generator.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import type { FrameworkRelease } from '../helpers/framework-installs.js';
import {
  addTo,
  type Generate,
  type GeneratedServer,
  generatedServer,
  judge,
  runVitest,
} from '../helpers/generated-server.js';

const roots = inject('frameworkRoots');

const service =
  (more: Record<string, unknown>): Generate =>
  (tree, project, f) =>
    addServiceGenerator(tree, project, { name: 'books', devcheck: false, ...more }, f);

const TESTS = ['tests/tools/demo-search-works.tool.test.ts', 'tests/resources/demo-author.resource.test.ts'];

async function add(server: GeneratedServer, generate: Generate): Promise<void> {
  const added = await addTo(server, generate);
  if ('refused' in added) throw added.refused;
}

/** tsc and Biome clean, and the tool's and the resource's tests pass. */
function expectSound(server: GeneratedServer): void {
  const verdict = judge(server);
  expect(verdict.typeErrors).toEqual([]);
  expect(verdict.biome, JSON.stringify(verdict.wanted)).toEqual([]);
  const tests = runVitest(server, TESTS);
  expect(tests.status, tests.stdout + tests.stderr).toBe(0);
}

describe.each(['0.10.17', '0.11.5', '0.12.3'] as FrameworkRelease[])('on %s', (release) => {
  it('the tests that create the service follow its init through --force --storage and back', async () => {
    const server = generatedServer(roots[release], release, { examples: false });
    await add(server, service({}));
    await add(server, (tree, project, f) =>
      addToolGenerator(tree, project, { name: 'demo_search_works', service: 'books', devcheck: false }, f),
    );
    await add(server, (tree, project, f) =>
      addResourceGenerator(
        tree,
        project,
        { name: 'demo-author', uri: 'demo://authors/{authorKey}', service: 'books', devcheck: false },
        f,
      ),
    );
    expectSound(server);
    const calls = () => TESTS.map((t) => server.host.read(t)?.match(/initBooksService\([^;]*\);/)?.[0]);
    expect(calls()).toEqual(['initBooksService(parseConfig());', 'initBooksService(parseConfig());']);

    await add(server, service({ force: true, storage: true }));
    expect(calls()).toEqual(Array(2).fill('initBooksService(parseConfig(), createInMemoryStorage());'));
    expectSound(server);

    await add(server, service({ force: true }));
    expect(calls()).toEqual(['initBooksService(parseConfig());', 'initBooksService(parseConfig());']);
    expectSound(server);
  }, 300_000);
});
