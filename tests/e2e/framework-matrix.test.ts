/**
 * `add` on each line of the framework: 0.10.17 from the registry, 0.11.5 and 0.12.3 from the
 * tarballs beside the repository. For each line, two servers: one made by our own `init`, its
 * framework set to that version, with a tsconfig that type-checks tests under the strictest
 * settings real servers use; and one made by the framework's own `init` of that version (its bin,
 * from the package), kept as it wrote it, with tsconfig.strict.json beside its tsconfig holding
 * the same five settings over src and tests (what it had to change to install here is said in
 * matrix-servers.ts). Then every kind and variant from the built CLI, and the server's own tools
 * judge the result: tsc over src and tests (and the server's own tsconfig), Biome, devcheck on
 * ours (the framework's runs on bun), the generated tests, the build, the framework linter, and a
 * real MCP client that lists and calls what was added — the confirm tool answered yes and no by a
 * client that supports elicitation, and called by one that does not. Four `add tool` runs started
 * at once must each land, and the checks then cover them too.
 *
 * One install per server, the six side by side (they wait on the network); then the adds and the
 * checks, three servers at a time, all in beforeAll; the tests read what the checks found.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  biomeSignature,
  describeServer,
  expectShapedConfirmAnswers,
  inPool,
  type Line,
  type MatrixServer,
  makeServer,
  type Origin,
  type ServerChecks,
  serverChecks,
} from './matrix-servers.js';
import {
  assertCliBuilt,
  callToolAsTask,
  callToolRaw,
  connectMcpClient,
  describeRun,
  expectConfirmToolAnswers,
  expectTaskToolRuns,
  frameworkTarball,
  hashTree,
  makeTempDir,
  parseJsonStdout,
  type RunResult,
  removeTempDir,
  runCli,
  runOk,
  textOf,
} from './support.js';

const LINES: Line[] = [
  { version: '0.10.17', tasks: true, asks: 'elicit' },
  { version: '0.11.5', tarball: () => frameworkTarball('0.11.5'), tasks: true, asks: 'elicit' },
  { version: '0.12.3', tarball: () => frameworkTarball('0.12.3'), tasks: false, asks: 'requestInput' },
];

const SERVER = 'acme';
const DEFS = 'src/mcp-server/tools/definitions';
const RES = 'src/mcp-server/resources/definitions';
const PROMPTS = 'src/mcp-server/prompts/definitions';

interface Step {
  args: string[];
  creates: string[];
  /** Files it edits besides src/index.ts (a service that gets a method stub). */
  updates?: string[];
  /** Only where the framework has task tools. */
  needsTasks?: boolean;
}

/** Each command, in order, and the files it creates (besides editing src/index.ts). */
const STEPS: Step[] = [
  {
    // --storage: the MCP check below reads a record the service kept.
    args: ['service', 'ncbi', '--storage', '--description', 'Wraps the NCBI E-utilities API.'],
    creates: [
      'src/services/ncbi/ncbi-service.ts',
      'src/services/ncbi/types.ts',
      'tests/services/ncbi/ncbi-service.test.ts',
    ],
  },
  {
    // Without --storage: it takes only the config.
    args: ['service', 'chembl', '--description', 'Wraps the ChEMBL API.'],
    creates: [
      'src/services/chembl/chembl-service.ts',
      'src/services/chembl/types.ts',
      'tests/services/chembl/chembl-service.test.ts',
    ],
  },
  {
    args: ['tool', 'acme_search_compounds', '--service', 'chembl', '--description', 'Search ChEMBL compounds.'],
    creates: [`${DEFS}/acme-search-compounds.tool.ts`, 'tests/tools/acme-search-compounds.tool.test.ts'],
  },
  {
    args: ['tool', 'acme_find_items', '--description', 'Find catalogue items whose names match a query.'],
    creates: [`${DEFS}/acme-find-items.tool.ts`, 'tests/tools/acme-find-items.tool.test.ts'],
  },
  {
    args: ['tool', 'acme_delete_item', '--confirm', '--description', 'Delete one item, after the user confirms.'],
    creates: [`${DEFS}/acme-delete-item.tool.ts`, 'tests/tools/acme-delete-item.tool.test.ts'],
  },
  {
    args: ['tool', 'acme_rebuild_index', '--task', '--description', 'Rebuild the search index in the background.'],
    creates: [`${DEFS}/acme-rebuild-index.tool.ts`, 'tests/tools/acme-rebuild-index.tool.test.ts'],
    needsTasks: true,
  },
  {
    args: ['tool', 'acme_show_board', '--app', '--description', 'Show a board of values as an interactive view.'],
    creates: [
      `${DEFS}/acme-show-board.app-tool.ts`,
      'tests/tools/acme-show-board.app-tool.test.ts',
      `${RES}/acme-show-board-ui.app-resource.ts`,
      'tests/resources/acme-show-board-ui.app-resource.test.ts',
    ],
  },
  {
    args: ['tool', 'acme_fetch_record', '--service', 'ncbi', '--description', 'Fetch one NCBI record by id.'],
    creates: [`${DEFS}/acme-fetch-record.tool.ts`, 'tests/tools/acme-fetch-record.tool.test.ts'],
  },
  {
    // A search tool on the service, with typed fields: search(query, limit, ctx), enrichment.
    args: [
      ...['tool', 'acme_search_articles', '--service', 'ncbi', '--description', 'Search NCBI articles.'],
      ...['--input', 'query:string:Text to match', '--input', 'limit:integer?:At most this many'],
      ...['--output', 'articles:object[]:The matching articles', '--output', 'titles:string[]:Their titles'],
    ],
    creates: [`${DEFS}/acme-search-articles.tool.ts`, 'tests/tools/acme-search-articles.tool.test.ts'],
  },
  {
    // A write tool with typed fields (an update verb: not read-only).
    args: [
      ...['tool', 'acme_update_item', '--idempotent', '--description', 'Update one catalogue item.'],
      ...['--input', 'id:string:Which item', '--input', 'title:string?', '--input', 'tags:string[]?:Tags to set'],
      ...['--input', 'status:enum(draft|live)?:New status'],
      ...['--output', 'id:string:The item', '--output', 'changed:string[]:Fields changed', '--output', 'ok:boolean'],
    ],
    creates: [`${DEFS}/acme-update-item.tool.ts`, 'tests/tools/acme-update-item.tool.test.ts'],
  },
  {
    // A destructive tool on the service that does not ask: the service gets a removeRecord() stub.
    args: ['tool', 'acme_remove_tag', '--service', 'ncbi', '--no-confirm', '--description', 'Remove one tag.'],
    creates: [`${DEFS}/acme-remove-tag.tool.ts`, 'tests/tools/acme-remove-tag.tool.test.ts'],
    updates: ['src/services/ncbi/ncbi-service.ts'],
  },
  {
    // --confirm on the service: asks first, then calls the purgeRecord() stub it adds.
    args: ['tool', 'acme_purge_article', '--confirm', '--service', 'ncbi', '--description', 'Purge one article.'],
    creates: [`${DEFS}/acme-purge-article.tool.ts`, 'tests/tools/acme-purge-article.tool.test.ts'],
    updates: ['src/services/ncbi/ncbi-service.ts'],
  },
  {
    // --confirm with typed fields.
    args: [
      ...['tool', 'acme_discard_draft', '--confirm', '--description', 'Discard one draft.'],
      ...['--input', 'draftId:string:Which draft', '--input', 'reason:string?:Why it goes'],
      ...['--output', 'draftId:string:The draft', '--output', 'changed:string[]:Fields changed'],
    ],
    creates: [`${DEFS}/acme-discard-draft.tool.ts`, 'tests/tools/acme-discard-draft.tool.test.ts'],
  },
  {
    // --task on the service: progress around the search(query, limit, ctx) it calls.
    args: ['tool', 'acme_sync_articles', '--task', '--service', 'ncbi', '--description', 'Sync articles as a task.'],
    creates: [`${DEFS}/acme-sync-articles.tool.ts`, 'tests/tools/acme-sync-articles.tool.test.ts'],
    needsTasks: true,
  },
  {
    // --app with typed fields on a fetch verb: JSON first for the UI, a page showing every field.
    args: [
      ...['tool', 'acme_show_article', '--app', '--service', 'ncbi', '--description', 'Show one article.'],
      ...['--input', 'id:string:Which article', '--output', 'id:string:The article'],
      ...['--output', 'title:string:Its title', '--output', 'tags:string[]:Its tags'],
    ],
    creates: [
      `${DEFS}/acme-show-article.app-tool.ts`,
      'tests/tools/acme-show-article.app-tool.test.ts',
      `${RES}/acme-show-article-ui.app-resource.ts`,
      'tests/resources/acme-show-article-ui.app-resource.test.ts',
    ],
  },
  {
    args: ['resource', 'acme-item', '--uri', 'acme://items/{itemId}', '--description', 'One catalogue item.'],
    creates: [`${RES}/acme-item.resource.ts`, 'tests/resources/acme-item.resource.test.ts'],
  },
  {
    args: ['prompt', 'acme_review_item', '--description', 'Ask for a review of one catalogue item.'],
    creates: [`${PROMPTS}/acme-review-item.prompt.ts`, 'tests/prompts/acme-review-item.prompt.test.ts'],
  },
  {
    args: ['resource', 'acme-article', '--service', 'ncbi', '--param', 'pmid:string:PubMed id of the article'],
    creates: [`${RES}/acme-article.resource.ts`, 'tests/resources/acme-article.resource.test.ts'],
  },
  {
    // Typed output fields on a resource read through the service.
    args: [
      ...['resource', 'acme-paper', '--service', 'ncbi', '--param', 'pmid:string:PubMed id'],
      ...['--output', 'pmid:string:The id', '--output', 'title:string:Its title', '--output', 'year:integer?:Year'],
    ],
    creates: [`${RES}/acme-paper.resource.ts`, 'tests/resources/acme-paper.resource.test.ts'],
  },
  {
    args: [
      'prompt',
      'acme_summarize_article',
      '--arg',
      'pmid:string:PubMed id',
      '--arg',
      'focus:string?:What to stress',
    ],
    creates: [`${PROMPTS}/acme-summarize-article.prompt.ts`, 'tests/prompts/acme-summarize-article.prompt.test.ts'],
  },
];

const TASK_STEP = STEPS.find((s) => s.needsTasks)!;

/** Plain tools added by runs started all at once, after the steps: each must land, and the project must still type-check. */
const CONCURRENT = [1, 2, 3, 4].map((i) => ({
  name: `acme_count_things_${i}`,
  creates: [`${DEFS}/acme-count-things-${i}.tool.ts`, `tests/tools/acme-count-things-${i}.tool.test.ts`],
}));

let tmp: string;
const timings: string[] = [];

interface Added {
  runs: RunResult[];
  concurrent: RunResult[];
  refusedTask?: { run: RunResult; before: Record<string, string>; after: Record<string, string> };
}

const stepsFor = (line: Line) => STEPS.filter((s) => line.tasks || !s.needsTasks);
const newFilesFor = (line: Line) => [...stepsFor(line), ...CONCURRENT].flatMap((s) => s.creates);

/** Every step in order (each edits src/index.ts), then the concurrent adds all at once. */
async function addAll(s: MatrixServer): Promise<Added> {
  const { root, line } = s;
  const t = performance.now();
  const added: Added = { runs: [], concurrent: [] };
  for (const step of STEPS) {
    if (step.needsTasks && !line.tasks) {
      const before = hashTree(root);
      const r = await runCli(['add', ...step.args, '--no-devcheck', '--json'], { cwd: root });
      added.refusedTask ??= { run: r, before, after: hashTree(root) };
      continue;
    }
    added.runs.push(await runCli(['add', ...step.args, '--no-devcheck', '--json'], { cwd: root }));
  }
  added.concurrent = await Promise.all(
    CONCURRENT.map((c) => runCli(['add', 'tool', c.name, '--no-devcheck', '--json', '--yes'], { cwd: root })),
  );
  timings.push(`${STEPS.length} adds on ${s.origin} ${line.version}: ${Math.round(performance.now() - t)} ms`);
  return added;
}

const ORIGINS: Origin[] = ['ours', 'framework'];
const KEYS = LINES.flatMap((line) => ORIGINS.map((origin) => ({ line, origin, key: `${origin}-${line.version}` })));
const servers = new Map<string, { server: MatrixServer; added: Added; checks: ServerChecks }>();

const started = performance.now();
beforeAll(async () => {
  assertCliBuilt();
  tmp = makeTempDir('mcp-scaffold-matrix-');
  const made = await Promise.all(
    KEYS.map(({ line, origin, key }) => makeServer(path.join(tmp, key), SERVER, line, origin, (t) => timings.push(t))),
  );
  const t = performance.now();
  await inPool(made, 3, async (server) => {
    const added = await addAll(server);
    const checks = serverChecks(server, newFilesFor(server.line));
    servers.set(`${server.origin}-${server.line.version}`, { server, added, checks });
    await checks.warm();
  });
  timings.push(`adds and checks: ${Math.round((performance.now() - t) / 1000)} s`);
  // Six installs, 108 adds and every check: 27 min measured on two cores shared with four other
  // test runs (an install alone 139–222 s there). The cap only catches a hang.
}, 2_700_000);

afterAll(() => {
  removeTempDir(tmp);
  timings.push(`whole file: ${Math.round((performance.now() - started) / 1000)} s`);
  process.stderr.write(`[framework-matrix] ${timings.join('; ')}\n`);
});

for (const { line, origin, key } of KEYS) {
  describe(describeServer({ line, origin }), () => {
    const steps = stepsFor(line);
    const newFiles = newFilesFor(line);
    const ours = origin === 'ours';
    let root: string;
    let server: MatrixServer;
    let checks: ServerChecks;
    let runs: RunResult[];
    let concurrent: RunResult[];
    let refusedTask: Added['refusedTask'];

    beforeAll(() => {
      const entry = servers.get(key)!;
      ({ server, checks } = entry);
      ({ root } = server);
      ({ runs, concurrent, refusedTask } = entry.added);
    });

    const ensureBuilt = () => checks.build();

    it('every add exits 0 with one JSON object and writes exactly its files', async () => {
      steps.forEach((step, i) => {
        const r = runs[i]!;
        expect(r.exitCode, describeRun(r)).toBe(0);
        const out = parseJsonStdout(r);
        expect(out).toMatchObject({ ok: true, command: `add ${step.args[0]}`, dryRun: false });
        expect(out.changes.map((c: { path: string; action: string }) => `${c.action} ${c.path}`).sort()).toEqual(
          [
            'update src/index.ts',
            // Our init's README lists the definitions; add keeps that table (services are not in it).
            ...(origin === 'ours' && step.args[0] !== 'service' ? ['update README.md'] : []),
            ...(step.updates ?? []).map((f) => `update ${f}`),
            ...step.creates.map((f) => `create ${f}`),
          ].sort(),
        );
      });
      const status = await runOk('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root });
      expect(status.stdout.split('\n').filter(Boolean).sort()).toEqual(
        [...(ours ? [' M README.md'] : []), ' M src/index.ts', ...newFiles.map((f) => `?? ${f}`)].sort(),
      );
      // setup() passes each service exactly what its init takes.
      const index = readFileSync(path.join(root, 'src/index.ts'), 'utf8');
      expect(index).toMatch(/initNcbiService\((\w+)\.config, \1\.storage\);\s*initChemblService\(\1\.config\);/);
    });

    it(`${CONCURRENT.length} add tool runs started at once each land: exit 0, imported and registered`, () => {
      const index = readFileSync(path.join(root, 'src/index.ts'), 'utf8');
      concurrent.forEach((r, i) => {
        expect(r.exitCode, describeRun(r)).toBe(0);
        expect(parseJsonStdout(r)).toMatchObject({ ok: true, command: 'add tool' });
        expect(index).toContain(`acmeCountThings${i + 1}Tool`);
      });
    });

    it.runIf(!line.tasks)(
      '--task is refused: exit 1, FRAMEWORK_UNSUPPORTED naming 0.11.x and earlier, nothing written',
      () => {
        const { run: r, before, after } = refusedTask!;
        expect(r.exitCode, describeRun(r)).toBe(1);
        const out = parseJsonStdout(r);
        expect(out).toMatchObject({ ok: false, command: 'add tool', error: { code: 'FRAMEWORK_UNSUPPORTED' } });
        expect(out.error.message).toContain(`${line.version} does not have`);
        expect(`${out.error.message} ${out.error.hint}`).toContain('0.11.x and earlier');
        expect(after).toEqual(before);
        expect(TASK_STEP.creates.some((f) => f in after)).toBe(false);
      },
    );

    it('the confirm tools (plain, on a service, typed) ask the way this version does', () => {
      for (const name of ['acme-delete-item', 'acme-purge-article', 'acme-discard-draft']) {
        const tool = readFileSync(path.join(root, `${DEFS}/${name}.tool.ts`), 'utf8');
        if (line.asks === 'requestInput') {
          expect(tool).toContain('return ctx.requestInput({');
          expect(tool).not.toContain('ctx.elicit');
        } else {
          expect(tool).toContain('await ctx.elicit(question, Confirmation)');
          expect(tool).not.toContain('requestInput');
        }
      }
    });

    it('tsc over src and tests (strict, exactOptionalPropertyTypes, …): no error in what add wrote', async () => {
      const { run: r, errors } = await checks.strictTsc();
      const mine = errors.filter((e) => newFiles.includes(e.file) || e.file === 'src/index.ts');
      expect(mine, describeRun(r)).toEqual([]);
    });

    it('tsc over src and tests: no error in the whole project the init did not have already', async () => {
      const { run: r, errors } = await checks.strictTsc();
      // Our init's starter files type-check under these settings; the framework's 0.10 starter
      // tests do not (its template never type-checks tests/), and those errors stay as they were.
      expect(errors, describeRun(r)).toEqual(server.before.tscErrors);
      expect(r.exitCode === 0, describeRun(r)).toBe(errors.length === 0);
    });

    it.runIf(!ours)(
      "tsc with the server's own tsconfig (src alone on 0.10, src and tests from 0.11.4): no error",
      async () => {
        const { run: r } = await checks.ownTsc();
        expect(r.exitCode, describeRun(r)).toBe(0);
      },
    );

    it('Biome finds nothing in the new files, nor anything new in the edited src/index.ts', async () => {
      const report = await checks.biome();
      const inIndex = report.diagnostics.filter((d) => d.location?.path === 'src/index.ts');
      const elsewhere = report.diagnostics.filter((d) => d.location?.path !== 'src/index.ts');
      expect(elsewhere, describeRun(report.run)).toEqual([]);
      // The framework's init leaves src/index.ts with unsorted imports; ours leaves it clean.
      if (ours) expect(server.before.indexBiome).toEqual([]);
      expect(biomeSignature(inIndex), describeRun(report.run)).toEqual(server.before.indexBiome);
    });

    it.runIf(ours)("the project's devcheck passes, tests included, with Biome read-only", async () => {
      const r = await checks.devcheck();
      expect(r.exitCode, describeRun(r)).toBe(0);
      expect(r.stdout).toMatch(/ 0 failed/);
    });

    it('the generated tests pass', async () => {
      const r = await checks.tests();
      const n = checks.newTests.length;
      expect(r.exitCode, describeRun(r)).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`Test Files\\s+${n} passed \\(${n}\\)`));
      expect(r.stdout).not.toMatch(/failed|skipped/);
    });

    it('builds, and the framework linter reports nothing about the new definitions', async () => {
      const lint = await checks.lint();
      const names = [
        'acme_find_items',
        'acme_delete_item',
        'acme_show_board',
        'acme-show-board-ui',
        'acme_fetch_record',
        'acme_search_compounds',
        'acme_search_articles',
        'acme_update_item',
        'acme_remove_tag',
        'acme-item',
        'acme_review_item',
        'acme-article',
        'acme_summarize_article',
        'acme_purge_article',
        'acme_discard_draft',
        'acme_show_article',
        'acme-show-article-ui',
        'acme-paper',
        ...(line.tasks ? ['acme_rebuild_index', 'acme_sync_articles'] : []),
      ];
      expect(lint.definitions.map((d) => d.name)).toEqual(expect.arrayContaining(names));
      const ours = (d: { definitionName: string }) => names.includes(d.definitionName);
      expect(lint.errors.filter(ours)).toEqual([]);
      expect(lint.warnings.filter(ours)).toEqual([]);
    });

    it('the search, write and destructive tools carry the annotations their verbs and flags give', async () => {
      const lint = await checks.lint();
      const annotations = (name: string) => lint.definitions.find((d) => d.name === name)?.annotations;
      expect(annotations('acme_search_articles')).toEqual({ readOnlyHint: true, openWorldHint: true });
      expect(annotations('acme_update_item')).toEqual({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(annotations('acme_remove_tag')).toEqual({
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: true,
      });
      const service = readFileSync(path.join(root, 'src/services/ncbi/ncbi-service.ts'), 'utf8');
      expect(service.match(/\n {2}removeRecord\(/g)).toHaveLength(1);
    });

    it('an MCP client lists what was added and calls the tools, the resource and the prompt', async () => {
      await ensureBuilt();
      const session = await connectMcpClient(root);
      try {
        const tools = (await session.client.listTools()).tools.map((t) => t.name);
        expect(tools, session.stderr()).toEqual(
          expect.arrayContaining([
            'acme_find_items',
            'acme_delete_item',
            'acme_show_board',
            'acme_fetch_record',
            'acme_search_articles',
            'acme_update_item',
            'acme_remove_tag',
          ]),
        );
        expect(tools.includes('acme_rebuild_index')).toBe(line.tasks);

        const found = await session.client.callTool({ name: 'acme_find_items', arguments: { query: 'widgets' } });
        expect(found.isError, JSON.stringify(found)).toBeFalsy();
        // The items, and the enrichment the framework merges in: the query as parsed, the total.
        expect(found.structuredContent).toMatchObject({
          items: [{ id: 'item-1', title: expect.stringContaining('widgets') }],
          effectiveQuery: 'widgets',
          totalCount: 1,
        });
        expect(textOf(found.content)).toContain('widgets');

        const articles = await session.client.callTool({
          name: 'acme_search_articles',
          arguments: { query: 'genes', limit: 2 },
        });
        expect(articles.isError, JSON.stringify(articles)).toBeFalsy();
        expect(articles.structuredContent).toMatchObject({ effectiveQuery: 'genes', totalCount: 2 });
        expect((articles.structuredContent as { articles: unknown[] }).articles).toHaveLength(2);

        const updated = await session.client.callTool({
          name: 'acme_update_item',
          arguments: { id: 'item-3', title: 'New title' },
        });
        expect(updated.isError, JSON.stringify(updated)).toBeFalsy();
        expect(updated.structuredContent).toMatchObject({ id: 'item-3', changed: ['title'], ok: true });

        const record = await session.client.callTool({ name: 'acme_fetch_record', arguments: { id: 'rec-42' } });
        expect(record.structuredContent).toMatchObject({ id: 'rec-42', title: expect.stringContaining('rec-42') });
        // The service kept it: the second call is served from storage, same fetch time.
        const again = await session.client.callTool({ name: 'acme_fetch_record', arguments: { id: 'rec-42' } });
        expect(again.structuredContent).toEqual(record.structuredContent);

        const board = await session.client.callTool({ name: 'acme_show_board', arguments: { topic: 'widgets' } });
        expect(JSON.parse((board.content as { text: string }[])[0]!.text)).toEqual(board.structuredContent);
        const ui = await session.client.readResource({ uri: 'ui://acme-show-board/app.html' });
        expect((ui.contents[0] as { text: string }).text).toMatch(/^<!DOCTYPE html>/);

        const listed = (await session.client.listResources()).resources.map((r) => r.uri);
        expect(listed).toEqual(expect.arrayContaining(['ui://acme-show-board/app.html']));
        // The resource's list() advertises no made-up item: a URI of its template is read directly.
        expect(listed.filter((uri) => uri.startsWith('acme://items/'))).toEqual([]);
        const item = 'acme://items/item-7';
        const read = await session.client.readResource({ uri: item });
        expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ uri: item });

        const prompt = await session.client.getPrompt({ name: 'acme_review_item', arguments: { item: 'item 7' } });
        expect(textOf(prompt.messages.map((m) => m.content))).toContain('item 7');

        const article = await session.client.readResource({ uri: 'acme://article/rec-9' });
        expect(JSON.parse((article.contents[0] as { text: string }).text)).toMatchObject({ id: 'rec-9' });
        const args = { pmid: 'rec-9', focus: 'methods' };
        const summary = await session.client.getPrompt({ name: 'acme_summarize_article', arguments: args });
        expect(textOf(summary.messages.map((m) => m.content))).toMatch(/rec-9[\s\S]*methods/);
      } finally {
        await session.close();
      }
    });

    it.runIf(line.tasks)(
      'the task tool runs as a task whose progress the client watches, and as a plain call',
      async () => {
        await ensureBuilt();
        await expectTaskToolRuns(root, 'acme_rebuild_index');
      },
    );

    it('the confirm tool, asked by a client with elicitation: acts on yes, fails with not_confirmed on no', async () => {
      await ensureBuilt();
      await expectConfirmToolAnswers(root, 'acme_delete_item');
    });

    it('the confirm tool on the service, asked by a client: purges on yes, fails with not_confirmed on no', async () => {
      await ensureBuilt();
      await expectShapedConfirmAnswers(root, 'acme_purge_article', { id: 'rec-7' }, { id: 'rec-7', changed: ['id'] });
    });

    it.runIf(line.tasks)('the task tool on the service runs as a task and calls the service', async () => {
      await ensureBuilt();
      const session = await connectMcpClient(root);
      try {
        const { status, result } = await callToolAsTask(session.client, 'acme_sync_articles', { query: 'genes' });
        expect(status).toBe('completed');
        expect((result.structuredContent as { items: unknown[] }).items).toHaveLength(3);
      } finally {
        await session.close();
      }
    });

    it('the app tool with typed fields gives its UI the JSON first; its page and the typed resource read', async () => {
      await ensureBuilt();
      const session = await connectMcpClient(root);
      try {
        const shown = await session.client.callTool({ name: 'acme_show_article', arguments: { id: 'rec-5' } });
        expect(shown.isError, JSON.stringify(shown)).toBeFalsy();
        expect(shown.structuredContent).toMatchObject({ id: 'rec-5', title: expect.stringContaining('rec-5') });
        expect(JSON.parse((shown.content as { text: string }[])[0]!.text)).toEqual(shown.structuredContent);
        expect(textOf(shown.content)).toContain('**tags:**');
        const ui = await session.client.readResource({ uri: 'ui://acme-show-article/app.html' });
        expect((ui.contents[0] as { text: string }).text).toContain('Object.entries(data)');
        const paper = await session.client.readResource({ uri: 'acme://paper/rec-3' });
        const json = JSON.parse((paper.contents[0] as { text: string }).text);
        expect(Object.keys(json).sort()).toEqual(['pmid', 'title', 'year']);
        expect(json).toMatchObject({ pmid: 'rec-3', title: expect.stringContaining('rec-3') });
      } finally {
        await session.close();
      }
    });

    it('the confirm tool, called by a client without elicitation: an error, never a go-ahead', async () => {
      await ensureBuilt();
      const session = await connectMcpClient(root);
      try {
        const r = await callToolRaw(session.client, 'acme_delete_item', { id: 'rec-7' });
        expect(r.isError, JSON.stringify(r)).toBe(true);
        expect(JSON.stringify(r)).not.toContain('"confirmed":true');
        if (line.asks === 'elicit') {
          expect(r.structuredContent).toMatchObject({
            error: { code: -32600, data: { reason: 'confirmation_unavailable' } },
          });
        } else {
          // On 0.12.3 the SDK answers for the handler: the request cannot reach this client, so the
          // call ends in an error result naming the missing capability; the handler never resumes.
          expect(textOf(r.content)).toMatch(/did not declare the required capability/);
        }
      } finally {
        await session.close();
      }
    });
  });
}
