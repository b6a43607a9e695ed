/**
 * Every search-, fetch-, list- and write-shaped tool reads every input it is given, whatever the
 * field's type, optional or not, with and without --service: on each framework line, a server
 * made by our init gets one tool per shape × field type × service (and, per shape and service,
 * one with an optional query beside a field of every type; and --task and --app around such
 * bodies), and the project's own tsc and Biome find nothing in it. A body that left an input
 * unread, or read none (`const query = ''`), fails here: tsc's noUnusedParameters, or the check
 * that each field is read. Objects typed with braces, nested, in a tool's input and output and a
 * resource's output, pass tsc, Biome, the framework's linter and their generated tests.
 */

import { describe, expect, inject, it } from 'vitest';
import { addResourceGenerator } from '../../src/kinds/resource/generator.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import type { FrameworkRelease } from '../helpers/framework-installs.js';
import { addTo, type Generate, generatedServer, judge, runVitest } from '../helpers/generated-server.js';

const roots = inject('frameworkRoots');
const DEFS = 'src/mcp-server/tools/definitions';

/** A tool name's verb for each shape (list is a search by its verb). */
const SHAPES = { search: 'search', fetch: 'fetch', list: 'list', write: 'update' } as const;
const BASE_TYPES = ['string', 'number', 'integer', 'boolean', 'enum(a|b)', 'object'];
/** Each type, as a list too, each required and optional: `string`, `string?`, `string[]`, `string[]?`… */
const TYPES = BASE_TYPES.flatMap((t) => [t, `${t}[]`]).flatMap((t) => [t, `${t}?`]);

const tag = (type: string) =>
  type
    .replace(/\(.*\)/, '')
    .replace('[]', '_list')
    .replace('?', '_opt');

interface Case {
  name: string;
  inputs: string[];
  service: boolean;
  /** A kind of tool whose steps go around the body, where the framework has it. */
  variant?: { task: true } | { app: true };
}

/** Short names: a wide line would send the file through the project's Biome, which only slows this down. */
function cases(): Case[] {
  const out: Case[] = [];
  for (const verb of Object.values(SHAPES)) {
    for (const service of [false, true]) {
      const suffix = service ? '_s' : '';
      TYPES.forEach((type, i) => {
        out.push({ name: `demo_${verb}_${i}${suffix}`, inputs: [`value:${type}:The value.`], service });
      });
      // An optional query beside a field of every type (issue 38's search read none of them).
      out.push({
        name: `demo_${verb}_all${suffix}`,
        inputs: ['query:string?:Text to match.', ...TYPES.map((t) => `f_${tag(t)}:${t}:X.`)],
        service,
      });
    }
  }
  // The variants' steps around a body that reads its inputs as criteria.
  for (const service of [false, true]) {
    const suffix = service ? '_s' : '';
    const inputs = ['kind:enum(a|b)?:Which kind.', 'tags:string[]:Tags.'];
    out.push({ name: `demo_search_task${suffix}`, inputs, service, variant: { task: true } });
    out.push({ name: `demo_fetch_app${suffix}`, inputs, service, variant: { app: true } });
  }
  return out;
}

/** The handler's text: from `handler(` to the format() that follows it. */
function handlerOf(definition: string): string {
  const start = definition.indexOf('handler(input, ctx) {');
  expect(start, definition).toBeGreaterThan(0);
  return definition.slice(start, definition.indexOf('format: (result)', start));
}

/** Whether the handler reads `field`: by name, or by passing on (or listing the keys of) the whole input. */
function reads(handler: string, field: string): boolean {
  return (
    new RegExp(`\\binput\\.${field}\\b`).test(handler) ||
    /\(input, ctx\)|Object\.keys\(input\)/.test(handler.slice(handler.indexOf('{')))
  );
}

/** `add tool` of a case, on the server's catalog service when it asks. */
const addTool =
  (c: Case): Generate =>
  (tree, project, features) =>
    addToolGenerator(
      tree,
      project,
      {
        name: c.name,
        description: 'A tool of the matrix.',
        input: c.inputs,
        devcheck: false,
        ...(c.service ? { service: 'catalog' } : {}),
        ...c.variant,
      },
      features,
    );

/**
 * The catalog service with every method a case calls: the tools that add each stub come first,
 * so each case can then be planned over the same server, alone.
 */
const SEEDS: Case[] = [
  { name: 'demo_search_seed', inputs: ['kind:enum(a|b):Which kind.'], service: true },
  { name: 'demo_fetch_seed', inputs: ['n:number:How many.'], service: true },
  { name: 'demo_update_seed', inputs: ['id:string:Which one.'], service: true },
];

/** Inputs and outputs with objects typed in braces, nested, lists of them, optional or not. */
const NESTED_INPUTS = [
  'query:string:Text to match.',
  'filter:object{year:integer?,kinds:enum(a|b)[],range:object{from:number,to:number?}}?:Narrows it.',
  'limit:integer?:At most this many.',
];
const NESTED_OUTPUTS = [
  'works:object[]{title:string:"Title, as printed",year:integer?,kind:enum(a|b),tags:string[]?,author:object{name:string,born:integer?}?,editions:object[]{isbn:string}?}:The works.',
  'best:object{id:string,score:number}?:The best match.',
  'pages:object[]{n:integer}?:Pages, when paged.',
  'totalCount:integer:How many matched.',
];

/** A test in the server that runs the framework's linter over the given definitions. */
function lintTest(imports: { name: string; file: string }[], kinds: Record<string, string[]>): string {
  const lines = imports.map(
    (i) => `import { ${i.name} } from '@/${i.file.replace(/^src\//, '').replace(/\.ts$/, '.js')}';`,
  );
  return [
    "import { validateDefinitions } from '@cyanheads/mcp-ts-core/linter';",
    "import { expect, it } from 'vitest';",
    ...lines,
    '',
    "it('the framework linter finds nothing in the nested shapes', () => {",
    `  const report = validateDefinitions({ tools: [${kinds.tools!.join(', ')}], resources: [${kinds.resources!.join(', ')}], prompts: [] });`,
    '  expect([...report.errors, ...report.warnings]).toEqual([]);',
    '});',
    '',
  ].join('\n');
}

describe.each(['0.10.17', '0.11.5', '0.12.3'] as FrameworkRelease[])('on %s', (release) => {
  it('objects typed with braces: tsc, Biome, the framework linter and the generated tests pass', async () => {
    const server = generatedServer(roots[release], release);
    const service = await addTo(server, (tree, project, features) =>
      addServiceGenerator(tree, project, { name: 'catalog', devcheck: false }, features),
    );
    expect(service).not.toHaveProperty('refused');
    const imports: { name: string; file: string }[] = [];
    const kinds: Record<string, string[]> = { tools: [], resources: [] };
    const tests: string[] = [];
    /** Every definition the add created, for the linter; its tests, to run. */
    const keep = (added: Awaited<ReturnType<typeof addTo>>, name: string) => {
      if ('refused' in added) throw new Error(`${name} was refused: ${added.refused.message}`);
      for (const [file, text] of Object.entries(added.changes)) {
        const kind = /\.(app-)?tool\.ts$/.test(file) ? 'tools' : /\.(app-)?resource\.ts$/.test(file) ? 'resources' : '';
        if (!file.startsWith('src/') || kind === '') continue;
        const exportName = /export const (\w+)/.exec(text)![1]!;
        imports.push({ name: exportName, file });
        kinds[kind]!.push(exportName);
      }
      tests.push(...Object.keys(added.changes).filter((f) => f.endsWith('.test.ts')));
    };
    for (const verb of Object.values(SHAPES)) {
      for (const onService of [false, true]) {
        const c: Case = {
          name: `demo_${verb}_nest${onService ? '_s' : ''}`,
          inputs: NESTED_INPUTS,
          service: onService,
        };
        const added = await addTo(server, (tree, project, features) =>
          addToolGenerator(
            tree,
            project,
            {
              name: c.name,
              description: 'A tool with nested shapes.',
              input: c.inputs,
              output: NESTED_OUTPUTS,
              devcheck: false,
              ...(onService ? { service: 'catalog' } : {}),
            },
            features,
          ),
        );
        keep(added, c.name);
      }
    }
    // The steps of a task and an app tool around a body with nested outputs.
    const variants = [
      { name: 'demo_search_nest_task', task: true, when: server.features.tasks },
      { name: 'demo_fetch_nest_app', app: true, when: true },
    ];
    for (const { when, ...v } of variants.filter((x) => x.when)) {
      const added = await addTo(server, (tree, project, features) =>
        addToolGenerator(
          tree,
          project,
          {
            ...v,
            description: 'A tool with nested shapes.',
            input: NESTED_INPUTS,
            output: NESTED_OUTPUTS,
            devcheck: false,
          },
          features,
        ),
      );
      keep(added, v.name);
    }
    const resource = await addTo(server, (tree, project, features) =>
      addResourceGenerator(
        tree,
        project,
        { name: 'demo_work', description: 'One work.', output: NESTED_OUTPUTS.slice(0, 2), devcheck: false },
        features,
      ),
    );
    keep(resource, 'demo_work');
    expect(judge(server)).toEqual({ typeErrors: [], biome: [], wanted: {} });
    server.alone.set('tests/nested-lint.test.ts', lintTest(imports, kinds));
    const run = runVitest(server, [...tests, 'tests/nested-lint.test.ts']);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`Test Files\\s+${tests.length + 1} passed`));
  }, 600_000);

  it('every shape × field type × --service: each input read, and tsc and Biome find nothing', async () => {
    const server = generatedServer(roots[release], release);
    const service = await addTo(server, (tree, project, features) =>
      addServiceGenerator(tree, project, { name: 'catalog', devcheck: false }, features),
    );
    expect(service).not.toHaveProperty('refused');
    for (const seed of SEEDS) expect(await addTo(server, addTool(seed))).not.toHaveProperty('refused');
    for (const c of cases().filter((c) => !(c.variant && 'task' in c.variant) || server.features.tasks)) {
      const added = await addTo(server, addTool(c), { alone: true });
      if ('refused' in added) throw new Error(`${c.name} was refused: ${added.refused.message}`);
      const file = `${DEFS}/${c.name.replaceAll('_', '-')}.${c.variant && 'app' in c.variant ? 'app-tool' : 'tool'}.ts`;
      const definition = added.changes[file]!;
      const handler = handlerOf(definition);
      for (const input of c.inputs) {
        const field = input.slice(0, input.indexOf(':'));
        expect(reads(handler, field), `${c.name} (${c.inputs.join(' ')}) reads ${field}:\n${handler}`).toBe(true);
      }
      // The service already has every method a case calls: nothing but the tool's own files changes.
      expect(Object.keys(added.changes).filter((f) => f.startsWith('src/services/'))).toEqual([]);
    }
    const verdict = judge(server);
    expect(verdict).toEqual({ typeErrors: [], biome: [], wanted: {} });
  }, 600_000);
});
