/**
 * A small API server built the way issue 38's agent built one, driven only by `add` flags: a
 * service over the Open Library HTTP API, a search, a fetch and a list tool on it, a resource with
 * a URI template and a prompt, on a server without starters. The test then does what the generated
 * AGENTS.md asks of a user: it replaces each `// STAND-IN:` with real code (the service fetches for
 * real; the tools map what it returns), drops the resource's `list()` it cannot fill, and gives the
 * service's test the upstream's answers through the stubbed `fetch`. Then, on each framework line:
 * at least 80% of the lines `add` generated are still there, and `devcheck --strict --test` (tsc,
 * Biome, the framework's linter, the tests) passes offline (any `fetch` that is not the test's stub throws).
 */

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { diffLines } from 'diff';
import { describe, expect, inject, it } from 'vitest';
import { addPromptGenerator } from '../../src/kinds/prompt/generator.js';
import { addResourceGenerator } from '../../src/kinds/resource/generator.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import type { FrameworkRelease } from '../helpers/framework-installs.js';
import { addTo, type Generate, generatedServer, runDevcheck } from '../helpers/generated-server.js';
import { tempFolder, writeFiles } from '../helpers/temp.js';

const roots = inject('frameworkRoots');

const tool =
  (name: string, description: string, more: Record<string, unknown>): Generate =>
  (tree, project, f) =>
    addToolGenerator(tree, project, { name, description, service: 'books', devcheck: false, ...more }, f);

/** The server, as flags: what an agent types. */
const ADDS: [string, Generate][] = [
  [
    'service',
    (tree, project, f) =>
      addServiceGenerator(tree, project, { name: 'books', description: 'The Open Library API.', devcheck: false }, f),
  ],
  [
    'search',
    tool('demo_search_works', 'Search Open Library for works matching words of a title or an author.', {
      input: ['query:string:Words to match', 'limit:integer?:At most this many works'],
      output: [
        'works:object[]{key:string:Open Library work key,title:string:Title,firstPublished:integer?:Year}:The works',
      ],
    }),
  ],
  [
    'fetch',
    tool('demo_get_work', 'Fetch one work by its Open Library key.', {
      input: ['workKey:string:Open Library work key, e.g. OL45804W'],
      output: ['id:string:The work key', 'title:string:The title'],
    }),
  ],
  [
    'list',
    tool('demo_list_author_works', "List an author's works, newest first.", {
      input: ['authorKey:string:Open Library author key, e.g. OL23919A', 'limit:integer?:At most this many works'],
      output: ['works:object[]{key:string:Work key,title:string:Title}:The works'],
    }),
  ],
  [
    'resource',
    (tree, project, f) =>
      addResourceGenerator(
        tree,
        project,
        {
          name: 'demo-author',
          uri: 'demo://authors/{authorKey}',
          param: ['authorKey:string:Open Library author key'],
          service: 'books',
          description: 'An author of Open Library, by key.',
          devcheck: false,
        },
        f,
      ),
  ],
  [
    'prompt',
    (tree, project) =>
      addPromptGenerator(tree, project, {
        name: 'demo_review_work',
        description: 'Asks for a review of one work.',
        arg: ['workKey:string:The work to review'],
        devcheck: false,
      }),
  ],
];

/** `text` with `from` replaced by `to`; a `from` not there fails the test, naming the file. */
function edit(file: string, text: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? text.includes(from) : from.test(text);
  if (!found) throw new Error(`${file}: ${String(from)} is not in\n${text}`);
  return text.replace(from, to);
}

/** The upstream call the service's methods share, which the user writes once. */
const GET = `
  /** A path of the Open Library API as JSON; undefined when it has nothing there. */
  private async get<T>(apiPath: string, ctx: Context): Promise<T | undefined> {
    const userAgent = \`\${this.config.mcpServerName}/\${this.config.mcpServerVersion}\`;
    const response = await fetch(\`https://openlibrary.org\${apiPath}\`, {
      headers: { 'User-Agent': userAgent },
      signal: ctx.signal,
    });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(\`Open Library answered \${response.status} for \${apiPath}\`);
    return (await response.json()) as T;
  }
}
`;

/** Each edit a user makes, by file: stand-ins replaced with real code, tests given real answers. */
const EDITS: Record<string, [string | RegExp, string][]> = {
  'src/services/books/books-service.ts': [
    [/ {2}search\(/, '  async search('],
    [/ {2}fetchRecord\(/, '  async fetchRecord('],
    [/ {2}searchBy\(/, '  async searchBy('],
    [
      /\n *\/\/ STAND-IN: made-up records: search upstream here \(name[^\n]*\n *for \(let i = 1;[\s\S]*?\n {4}\}\n/,
      `
    const url = \`/search.json?q=\${encodeURIComponent(query)}&limit=\${limit}\`;
    const found = await this.get<{ docs: { key: string; title: string }[] }>(url, ctx);
    for (const doc of found?.docs ?? []) {
      records.push({ id: doc.key, title: doc.title, fetchedAt: new Date().toISOString() });
    }
`,
    ],
    [
      /\n *\/\/ STAND-IN: a made-up record[^\n]*\n *const record = [^\n]*\n/,
      `
    const work = await this.get<{ title: string }>(\`/works/\${encodeURIComponent(id)}.json\`, ctx);
    const record = work && { id, title: work.title, fetchedAt: new Date().toISOString() };
`,
    ],
    [
      /\n *\/\/ STAND-IN: made-up records: search upstream here, at most[^\n]*\n *for \(let i = 1;[\s\S]*?\n {4}\}\n/,
      `
    const author = encodeURIComponent(String(criteria.authorKey));
    const found = await this.get<{ entries: { key: string; title: string }[] }>(
      \`/authors/\${author}/works.json?limit=\${limit}\`,
      ctx,
    );
    for (const entry of found?.entries ?? []) records.push({ id: entry.key, title: entry.title });
`,
    ],
    [/return Promise\.resolve\(records\);/g, 'return records;'],
    ['return Promise.resolve(record);', 'return record;'],
    ['\n}\n\nlet instance', `${GET}\nlet instance`],
  ],
  'src/mcp-server/tools/definitions/demo-search-works.tool.ts': [
    [
      /\n *\/\/ STAND-IN: nothing fills works yet[^\n]*\n *works: [^\n]*\n/,
      '\n      works: items.map((item) => ({ key: item.id, title: item.title })),\n',
    ],
  ],
  'src/mcp-server/tools/definitions/demo-list-author-works.tool.ts': [
    [
      /\n *\/\/ STAND-IN: nothing fills works yet[^\n]*\n *works: [^\n]*\n/,
      '\n      works: items.map((item) => ({ key: item.id, title: item.title })),\n',
    ],
  ],
  // No author can be listed without a query: list() goes, as its stand-in says, and its test.
  'src/mcp-server/resources/definitions/demo-author.resource.ts': [
    [/\n\n *\/\/ Concrete resources behind the template[\s\S]*?\n {4}\}\),\n/, '\n'],
  ],
  'tests/resources/demo-author.resource.test.ts': [
    [/import type \{ ListExtra \}[^\n]*\n/, ''],
    [/\n\n {2}it\('lists resources a client can read[\s\S]*?\n {2}\}\);\n/, '\n'],
  ],
  'tests/services/books/books-service.test.ts': [
    [
      "    const records = await getBooksService().search('widgets', 2, ctx);\n",
      `    const docs = [
      { key: '/works/OL1W', title: 'Blue widgets' },
      { key: '/works/OL2W', title: 'Red widgets' },
    ];
    upstream.mockResolvedValueOnce(Response.json({ docs }));
    const records = await getBooksService().search('widgets', 2, ctx);
    expect(upstream).toHaveBeenCalledOnce();
`,
    ],
    [
      "    const record = await getBooksService().fetchRecord('rec-1', ctx);\n",
      `    upstream.mockResolvedValueOnce(Response.json({ title: 'The rec-1 work' }));
    const record = await getBooksService().fetchRecord('rec-1', ctx);
    expect(upstream).toHaveBeenCalledOnce();
`,
    ],
  ],
};

/** Lines of `generated` still in `final`, in order (their longest common run of lines). */
function keptLines(generated: string, final: string): number {
  return diffLines(generated, final)
    .filter((part) => !part.added && !part.removed)
    .reduce((sum, part) => sum + (part.count ?? 0), 0);
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** A module that makes every `fetch` a test does not stub throw: the run is offline or fails. */
function offlineGuard(): string {
  const file = path.join(tempFolder('mcp-scaffold-offline-'), 'offline.mjs');
  writeFileSync(file, "globalThis.fetch = () => { throw new Error('offline: a test called the real fetch'); };\n");
  return file;
}

describe.each(['0.10.17', '0.11.5', '0.12.3'] as FrameworkRelease[])('on %s', (release) => {
  it('an API server driven by add flags keeps 80% of what add wrote and passes devcheck --strict offline', async () => {
    const server = generatedServer(roots[release], release, { examples: false });
    const generated: Record<string, string> = {};
    for (const [label, generate] of ADDS) {
      const added = await addTo(server, generate);
      if ('refused' in added) throw new Error(`${label} was refused: ${added.refused.message}`);
      for (const [file, text] of Object.entries(added.changes)) if (file !== 'src/index.ts') generated[file] = text;
    }
    // Created by the adds: definitions, the service and its types, and a test of each.
    expect(Object.keys(generated).sort()).toEqual([
      'src/mcp-server/prompts/definitions/demo-review-work.prompt.ts',
      'src/mcp-server/resources/definitions/demo-author.resource.ts',
      'src/mcp-server/tools/definitions/demo-get-work.tool.ts',
      'src/mcp-server/tools/definitions/demo-list-author-works.tool.ts',
      'src/mcp-server/tools/definitions/demo-search-works.tool.ts',
      'src/services/books/books-service.ts',
      'src/services/books/types.ts',
      'tests/prompts/demo-review-work.prompt.test.ts',
      'tests/resources/demo-author.resource.test.ts',
      'tests/services/books/books-service.test.ts',
      'tests/tools/demo-get-work.tool.test.ts',
      'tests/tools/demo-list-author-works.tool.test.ts',
      'tests/tools/demo-search-works.tool.test.ts',
    ]);
    // No placeholder text: every description came from a flag.
    for (const [file, text] of Object.entries(generated)) expect(text, file).not.toContain('TODO:');
    // Before the edits the strict run fails on the stand-ins.
    writeFiles(server.root, server.host.snapshot());
    const before = runDevcheck(server, ['--strict', '--only', 'stand-ins']);
    expect(before.status, before.out).toBe(1);

    const final = { ...generated };
    for (const [file, edits] of Object.entries(EDITS)) {
      for (const [from, to] of edits) final[file] = edit(file, final[file]!, from, to);
    }
    for (const [file, text] of Object.entries(final)) expect(text, file).not.toContain('STAND-IN:');
    writeFiles(server.root, final);

    const total = Object.values(generated).reduce((sum, text) => sum + lineCount(text), 0);
    const kept = Object.keys(generated).reduce((sum, f) => sum + keptLines(generated[f]!, final[f]!), 0);
    expect(kept / total, `${kept} of ${total} generated lines kept`).toBeGreaterThanOrEqual(0.8);

    const strict = runDevcheck(server, ['--strict', '--test'], { NODE_OPTIONS: `--import=${offlineGuard()}` });
    expect(strict.status, strict.out).toBe(0);
    expect(strict.out).toMatch(/✔ Tests .* tests passed/);
    expect(strict.out).toMatch(/\d+ passed, 0 failed, 0 warnings in/);
  }, 600_000);
});
