/**
 * `add test` on every kind and variant `add` writes, on each framework line: a server made by our
 * init gets each definition without its test (`--no-test`), then `add test` writes one for each;
 * the project's tsc and Biome find nothing in them, and vitest passes them in the server. The
 * tests differ by line (an elicit mock up to 0.11, input responses from 0.12), so each line is
 * run for real.
 */

import { describe, expect, inject, it } from 'vitest';
import { planAddTest } from '../../src/commands/add-test.js';
import { KINDS } from '../../src/kinds/index.js';
import { addPromptGenerator } from '../../src/kinds/prompt/generator.js';
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
const LAYOUTS = KINDS.flatMap((k) => (k.layout ? [k.layout] : []));

interface Case {
  /** The name `add test` is given, and the kind it is of. */
  name: string;
  kind: string;
  add: Generate;
  /** Only where the installed line has what the variant needs. */
  when?: (server: GeneratedServer) => boolean;
}

const tool =
  (name: string, options: Record<string, unknown> = {}): Generate =>
  (tree, project, features) =>
    addToolGenerator(tree, project, { name, devcheck: false, test: false, ...options }, features);

/** Every kind, and every variant of a tool, as `add` writes them. */
const CASES: Case[] = [
  { name: 'demo_find_items', kind: 'tool', add: tool('demo_find_items') },
  { name: 'demo_get_item', kind: 'tool', add: tool('demo_get_item') },
  { name: 'demo_update_item', kind: 'tool', add: tool('demo_update_item', { input: ['id:string:Which item.'] }) },
  { name: 'demo_purge_item', kind: 'tool', add: tool('demo_purge_item', { confirm: true }) },
  {
    name: 'demo_delete_draft',
    kind: 'tool',
    add: tool('demo_delete_draft', { destructive: true, input: ['id:string:Which draft.', 'reason:string?:Why.'] }),
  },
  { name: 'demo_fetch_record', kind: 'tool', add: tool('demo_fetch_record', { service: 'catalog' }) },
  { name: 'demo_search_records', kind: 'tool', add: tool('demo_search_records', { service: 'catalog' }) },
  {
    name: 'demo_purge_record',
    kind: 'tool',
    add: tool('demo_purge_record', { service: 'catalog', confirm: true }),
  },
  {
    name: 'demo_crunch_numbers',
    kind: 'tool',
    add: tool('demo_crunch_numbers', { task: true }),
    when: (s) => s.features.tasks,
  },
  { name: 'demo_show_chart', kind: 'tool', add: tool('demo_show_chart', { app: true }) },
  {
    name: 'demo-show-chart-ui',
    kind: 'resource',
    add: () => ({ notes: [], warnings: [], problems: [], tasks: [], data: {} }),
  },
  {
    name: 'demo-item',
    kind: 'resource',
    add: (tree, project, features) =>
      addResourceGenerator(
        tree,
        project,
        { name: 'demo-item', uri: 'demo://items/{itemId}', devcheck: false, test: false },
        features,
      ),
  },
  {
    name: 'demo-record',
    kind: 'resource',
    add: (tree, project, features) =>
      addResourceGenerator(
        tree,
        project,
        {
          name: 'demo-record',
          service: 'catalog',
          param: ['recordId:string:Which record.'],
          devcheck: false,
          test: false,
        },
        features,
      ),
  },
  {
    name: 'demo_review_item',
    kind: 'prompt',
    add: (tree, project) =>
      addPromptGenerator(tree, project, {
        name: 'demo_review_item',
        arg: ['item:string:The item.', 'focus:string?:What to stress.'],
        devcheck: false,
        test: false,
      }),
  },
  { name: 'catalog', kind: 'service', add: () => ({ notes: [], warnings: [], problems: [], tasks: [], data: {} }) },
];

/** `add test <name> --kind <kind>` planned over the server, as the command plans it. */
const addTest =
  (c: Case): Generate =>
  (tree, _project, features) => {
    const change = planAddTest(tree, LAYOUTS, c.name, { kind: c.kind, features: () => features });
    return { ...change, tasks: [] };
  };

describe.each(['0.10.17', '0.11.5', '0.12.3'] as FrameworkRelease[])('on %s', (release) => {
  it('add test on every kind and variant writes tests that type-check, pass Biome, and pass', async () => {
    const server = generatedServer(roots[release], release);
    const service = await addTo(server, (tree, project, features) =>
      addServiceGenerator(tree, project, { name: 'catalog', devcheck: false, test: false }, features),
    );
    expect(service).not.toHaveProperty('refused');
    const cases = CASES.filter((c) => c.when?.(server) ?? true);
    for (const c of cases) {
      const added = await addTo(server, c.add);
      if ('refused' in added) throw new Error(`add ${c.kind} ${c.name} was refused: ${added.refused.message}`);
    }
    const tests: string[] = [];
    for (const c of cases) {
      const written = await addTo(server, addTest(c));
      if ('refused' in written) throw new Error(`add test ${c.name} was refused: ${written.refused.message}`);
      expect(written.result.warnings).toEqual([]);
      tests.push(...Object.keys(written.changes).filter((f) => f.endsWith('.test.ts')));
    }
    expect(tests).toHaveLength(cases.length);
    expect(judge(server)).toEqual({ typeErrors: [], biome: [], wanted: {} });
    const run = runVitest(server, tests);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`Test Files\\s+${tests.length} passed`));
  }, 600_000);
});
