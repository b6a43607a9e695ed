/**
 * Every kind × variant × flag the templates support, on what each framework line offers: each
 * generated body is either real (it returns only what it got: the inputs, the context, the service
 * the user named) or what it makes up sits under a `// STAND-IN:` comment. Tools: the search,
 * list, fetch, update, delete and create shapes, each alone, with --service, --confirm,
 * --destructive, --task, --app, and typed --input/--output fields; resources with params, with a
 * fixed URI, with --service and --output; prompts from the name and with --arg; services, with
 * and without --storage; init's starters. A prompt is real when its message carries every
 * argument.
 */

import { describe, expect, it } from 'vitest';
import type { GeneratorResult } from '../../src/engine/generator.js';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { initGenerator } from '../../src/init/generator.js';
import { addPromptGenerator } from '../../src/kinds/prompt/generator.js';
import { addResourceGenerator } from '../../src/kinds/resource/generator.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import type { FrameworkFeatures } from '../../src/project/framework-features.js';
import { placeholdersIn } from '../../src/text/placeholders.js';
import { FEATURES_0_10, FEATURES_0_11, FEATURES_0_12 } from '../helpers/framework.js';
import { memoryProject } from '../helpers/projects.js';
import { unmarkedMadeUp, unusedPromptArgs } from '../helpers/stand-ins.js';

const VERBS = ['search', 'list', 'fetch', 'update', 'delete', 'create'];
const VARIANTS: Record<string, Record<string, unknown>> = {
  plain: {},
  confirm: { confirm: true },
  destructive: { destructive: true, confirm: false },
  task: { task: true },
  app: { app: true },
};
/** Typed fields for each verb: some outputs the body can fill, one it cannot (a stand-in). */
const FIELDS: Record<string, { input: string[]; output: string[] }> = {
  search: {
    input: ['query:string:Q.', 'limit:integer?:L.', 'year:integer?:Y.'],
    output: ['items:object[]:I.', 'total:integer:T.', 'note:string:N.'],
  },
  fetch: {
    input: ['id:string:I.', 'fields:string[]?:F.'],
    output: ['id:string:I.', 'title:string:T.', 'score:number:S.'],
  },
  write: {
    input: ['pmid:string:P.', 'title:string?:T.'],
    output: ['id:string:I.', 'changed:string[]:C.', 'ok:boolean:O.', 'note:string:N.'],
  },
};
const fieldsOf = (verb: string) =>
  FIELDS[verb === 'list' ? 'search' : ['search', 'fetch'].includes(verb) ? verb : 'write']!;

/** A server init wrote in memory, with the `catalog` service. */
function server(): { host: MemoryHost; root: string } {
  const root = '/walk/demo';
  const host = new MemoryHost({}, { root });
  const tree = new Tree(host);
  const made = initGenerator(tree, {
    root,
    name: 'demo',
    install: false,
    git: false,
    environment: { username: 'tester', insideGitWorkTree: false },
  });
  expect(made.problems).toEqual([]);
  host.flush(tree.changes());
  const service = new Tree(host);
  expect(addServiceGenerator(service, memoryProject(host), { name: 'catalog', devcheck: false }).problems).toEqual([]);
  host.flush(service.changes());
  return { host, root };
}

type Run = (tree: Tree, features: FrameworkFeatures) => GeneratorResult;

/** The src files a run created or changed, or undefined when it refused (a flag the line lacks). */
function generated(host: MemoryHost, features: FrameworkFeatures, run: Run): Record<string, string> | undefined {
  const tree = new Tree(host);
  let result: GeneratorResult;
  try {
    result = run(tree, features);
  } catch {
    return undefined;
  }
  if (result.problems.length > 0) return undefined;
  return Object.fromEntries(
    tree
      .changes()
      .filter((c) => c.action !== 'delete' && /^src\/.*\.ts$/.test(c.path))
      .map((c) => [c.path, c.after]),
  );
}

interface Verdict {
  /** Per case, the files with something made up that is not marked. */
  unmarked: Record<string, Record<string, { line: number; text: string }[]>>;
  /** How many stand-ins (marks) the cases wrote, so that a walk that marks nothing cannot pass. */
  marks: number;
  cases: number;
}

function walk(features: FrameworkFeatures): Verdict {
  const { host } = server();
  const project = memoryProject(host);
  const verdict: Verdict = { unmarked: {}, marks: 0, cases: 0 };
  const judge = (label: string, files: Record<string, string> | undefined) => {
    if (!files) return;
    verdict.cases++;
    for (const [file, text] of Object.entries(files)) {
      verdict.marks += placeholdersIn(text).filter((p) => p.text.startsWith('// STAND-IN:')).length;
      const madeUp = unmarkedMadeUp(file, text);
      const unused = file.endsWith('.prompt.ts')
        ? unusedPromptArgs(text).map((a) => ({ line: 0, text: `args.${a} unused` }))
        : [];
      if (madeUp.length + unused.length === 0) continue;
      verdict.unmarked[label] = { ...verdict.unmarked[label], [file]: [...madeUp, ...unused] };
    }
  };
  judge('init starters', Object.fromEntries(Object.entries(host.snapshot()).filter(([f]) => /^src\/.*\.ts$/.test(f))));
  for (const verb of VERBS) {
    for (const [variant, flags] of Object.entries(VARIANTS)) {
      for (const service of [false, true]) {
        for (const typed of [false, true]) {
          const label = `tool ${verb} ${variant}${service ? ' --service' : ''}${typed ? ' typed' : ''}`;
          const name = `demo_${verb}_records_${variant}${service ? '_s' : ''}${typed ? '_t' : ''}`;
          judge(
            label,
            generated(host, features, (tree, f) =>
              addToolGenerator(
                tree,
                project,
                {
                  name,
                  description: 'A tool of the walk.',
                  devcheck: false,
                  ...flags,
                  ...(service ? { service: 'catalog' } : {}),
                  ...(typed ? fieldsOf(verb) : {}),
                },
                f,
              ),
            ),
          );
        }
      }
    }
  }
  const resources: Record<string, Record<string, unknown>> = {
    params: { uri: 'demo://items/{itemId}' },
    'fixed uri': { uri: 'demo://status' },
    service: { uri: 'demo://records/{id}', service: 'catalog' },
    output: { uri: 'demo://items/{itemId}', output: ['itemId:string:I.', 'size:integer:S.'] },
    'service output': {
      uri: 'demo://records/{id}',
      service: 'catalog',
      output: ['title:string:T.', 'tags:string[]:T.'],
    },
  };
  for (const [label, flags] of Object.entries(resources)) {
    const name = `demo-${label.replace(/ /g, '-')}`;
    judge(
      `resource ${label}`,
      generated(host, features, (tree, f) =>
        addResourceGenerator(tree, project, { name, devcheck: false, ...flags }, f),
      ),
    );
  }
  const prompts: Record<string, Record<string, unknown>> = {
    'from the name': { name: 'demo_summarize_article' },
    'verb only': { name: 'demo_summarize' },
    'id argument': { name: 'demo_summarize_paper', arg: ['pmid:string:PubMed id', 'focus:string?:What to stress'] },
    'the thing itself': { name: 'demo_review_draft', arg: ['draft:string:The draft', 'tone:string?:Tone'] },
  };
  for (const [label, flags] of Object.entries(prompts)) {
    judge(
      `prompt ${label}`,
      generated(host, features, (tree) => addPromptGenerator(tree, project, { devcheck: false, ...flags } as never)),
    );
  }
  judge(
    'service',
    generated(host, features, (tree, f) => addServiceGenerator(tree, project, { name: 'ledger', devcheck: false }, f)),
  );
  judge(
    'service --storage',
    generated(host, features, (tree, f) =>
      addServiceGenerator(tree, project, { name: 'vault', devcheck: false, storage: true }, f),
    ),
  );
  return verdict;
}

describe.each([
  ['0.10.17', FEATURES_0_10],
  ['0.11.5', FEATURES_0_11],
  ['0.12.3', FEATURES_0_12],
] as const)('on %s', (_release, features) => {
  it('every kind × variant × flag: each body is real or its made-up part is marked', () => {
    const verdict = walk(features);
    expect(verdict.unmarked).toEqual({});
    // Every combination the line supports was generated, and the stand-ins among them are marked.
    expect(verdict.cases).toBeGreaterThan(features.tasks ? 110 : 90);
    expect(verdict.marks).toBeGreaterThan(verdict.cases);
  });
});

describe('the judge of a body', () => {
  it('finds what is made up once its mark is gone: a search, a record, a change, a list, a pause', () => {
    const { host } = server();
    const project = memoryProject(host);
    const files = {
      ...generated(host, FEATURES_0_11, (tree, f) =>
        addToolGenerator(tree, project, { name: 'demo_search_items', devcheck: false }, f),
      ),
      ...generated(host, FEATURES_0_11, (tree, f) =>
        addToolGenerator(tree, project, { name: 'demo_get_item', devcheck: false }, f),
      ),
      ...generated(host, FEATURES_0_11, (tree, f) =>
        addToolGenerator(
          tree,
          project,
          { name: 'demo_purge_item', devcheck: false, confirm: false, input: ['pmid:string:P.'] },
          f,
        ),
      ),
      ...generated(host, FEATURES_0_11, (tree, f) =>
        addToolGenerator(tree, project, { name: 'demo_rebuild_index', devcheck: false, task: true }, f),
      ),
      ...generated(host, FEATURES_0_11, (tree, f) =>
        addResourceGenerator(tree, project, { name: 'demo-item', devcheck: false }, f),
      ),
      ...generated(host, FEATURES_0_11, (tree, f) =>
        addServiceGenerator(tree, project, { name: 'ledger', devcheck: false }, f),
      ),
    };
    const unmarkedOnce = (text: string) => text.replace(/^ *\/\/ STAND-IN:.*\n/gm, '');
    const found = Object.entries(files).map(([file, text]) => [
      file,
      unmarkedMadeUp(file, unmarkedOnce(text)).map((m) => m.text),
    ]);
    expect(Object.fromEntries(found)).toMatchObject({
      'src/mcp-server/tools/definitions/demo-search-items.tool.ts': [
        expect.stringContaining("'item-1'"),
        expect.stringContaining('Example match for'),
      ],
      'src/mcp-server/tools/definitions/demo-get-item.tool.ts': [expect.stringContaining('`Record ${id}`')],
      'src/mcp-server/tools/definitions/demo-purge-item.tool.ts': [expect.stringContaining('Object.keys(input)')],
      'src/mcp-server/tools/definitions/demo-rebuild-index.tool.ts': [expect.stringContaining('setTimeout')],
      'src/mcp-server/resources/definitions/demo-item.resource.ts': expect.arrayContaining([
        expect.stringContaining('['),
      ]),
      'src/services/ledger/ledger-service.ts': expect.arrayContaining([expect.stringContaining('`Record ${id}`')]),
    });
  });
});
