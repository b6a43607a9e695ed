/**
 * addServiceGenerator on fixture projects: the files it writes, the setup() registration, the
 * refusals, all before anything reaches the disk.
 */

import { describe, expect, it } from 'vitest';
import { FEATURES_0_10, FEATURES_0_12 } from '../../../tests/helpers/framework.js';
import { FRESH_INDEX, PACKAGE_JSON, project, VITEST_CONFIG } from '../../../tests/helpers/projects.js';
import { recorded } from '../../../tests/helpers/stamp.js';
import { ScaffoldError } from '../../engine/errors.js';
import type { FrameworkFeatures } from '../../project/framework-features.js';
import { addToolGenerator } from '../tool/generator.js';
import { type AddServiceOptions, addServiceGenerator } from './generator.js';
import { serviceNames } from './names.js';

const BASE = { 'package.json': PACKAGE_JSON, 'src/index.ts': FRESH_INDEX, 'vitest.config.ts': VITEST_CONFIG };
const SERVICE = 'src/services/ncbi/ncbi-service.ts';
const TYPES = 'src/services/ncbi/types.ts';
const TEST = 'tests/services/ncbi/ncbi-service.test.ts';

function run(files: Record<string, string>, options: AddServiceOptions, features: FrameworkFeatures = FEATURES_0_10) {
  const { tree, project: p } = project(files);
  const result = addServiceGenerator(tree, p, { devcheck: false, ...options }, features);
  return { tree, result, problems: result.problems };
}

describe('serviceNames', () => {
  it.each([
    ['ncbi', 'ncbi', 'NcbiService'],
    ['ncbi_service', 'ncbi', 'NcbiService'],
    ['NcbiService', 'ncbi', 'NcbiService'],
    ['pub-med', 'pub-med', 'PubMedService'],
    ['clinical_trials', 'clinical-trials', 'ClinicalTrialsService'],
  ])('%s → src/services/%s/, %s', (raw, domain, className) => {
    const s = serviceNames(raw);
    expect(s).toMatchObject({ domain, className, initName: `init${className}`, getName: `get${className}` });
    expect(s.file).toBe(`src/services/${domain}/${domain}-service.ts`);
    expect(s.testFile).toBe(`tests/services/${domain}/${domain}-service.test.ts`);
  });

  it('refuses a bad name with NAME_INVALID', () => {
    expect(() => serviceNames('../x')).toThrow(ScaffoldError);
  });
});

describe('addServiceGenerator', () => {
  it('writes the service, its types and its test, and calls init from a new setup(core)', () => {
    const { tree, result, problems } = run(BASE, { name: 'ncbi', description: 'Wraps the NCBI E-utilities API.' });
    expect(problems).toEqual([]);
    expect(tree.changes().map((c) => `${c.action} ${c.path}`)).toEqual([
      `update src/index.ts`,
      `create ${SERVICE}`,
      `create ${TYPES}`,
      `create ${TEST}`,
    ]);
    expect(tree.read('src/index.ts')).toBe(
      FRESH_INDEX.replace(
        "import { echoPrompt } from './mcp-server/prompts/definitions/echo.prompt.js';",
        "import { echoPrompt } from './mcp-server/prompts/definitions/echo.prompt.js';\nimport { initNcbiService } from './services/ncbi/ncbi-service.js';",
      ).replace(
        '  prompts: [echoPrompt],\n',
        '  prompts: [echoPrompt],\n  setup(core) {\n    initNcbiService(core.config);\n  },\n',
      ),
    );
    expect(recorded(tree.read(TYPES)!)).toBe(
      [
        '/**',
        ' * @fileoverview Types the ncbi service hands to tools.',
        ' * @module services/ncbi/types',
        ' * @scaffolded mcp-scaffold <hash>',
        ' */',
        '',
        '/** One record, as NcbiService returns it. */',
        'export interface NcbiRecord {',
        '  /** When the service fetched the record, ISO 8601. */',
        '  fetchedAt: string;',
        '  /** The identifier the record was asked for. */',
        '  id: string;',
        '  /** Human-readable title of the record. */',
        '  title: string;',
        '}',
        '',
      ].join('\n'),
    );
    const service = tree.read(SERVICE)!;
    expect(recorded(service).split('\n').slice(0, 10)).toEqual([
      '/**',
      ' * @fileoverview Wraps the NCBI E-utilities API.',
      ' * @module services/ncbi/ncbi-service',
      ' * @scaffolded mcp-scaffold <hash>',
      ' */',
      '',
      "import type { Context } from '@cyanheads/mcp-ts-core';",
      "import type { AppConfig } from '@cyanheads/mcp-ts-core/config';",
      "import type { NcbiRecord } from './types.js';",
      '',
    ]);
    // It takes only what it uses: the config, which it reads (an unread private field fails the
    // framework's tsc); no storage without --storage.
    expect(service).toContain('  constructor(private readonly config: AppConfig) {}');
    expect(service).toContain('this.config.mcpServerName');
    expect(service).not.toMatch(/storage/i);
    expect(service).toContain('  fetchRecord(id: string, ctx: Context): Promise<NcbiRecord | undefined> {');
    expect(service).toContain('export function initNcbiService(config: AppConfig): void {');
    // What the stubs make up is marked, each where the upstream call goes.
    expect(service.match(/\/\/ STAND-IN: /g)).toHaveLength(2);
    expect(service).toContain(
      '    // STAND-IN: a made-up record: fetch it upstream here (undefined when there is none).\n    const record = { id, title: `Record ${id}`, fetchedAt: new Date().toISOString() };',
    );
    expect(service).toContain(
      [
        'export function getNcbiService(): NcbiService {',
        '  if (!instance) {',
        "    throw new Error('NcbiService is not initialized: call initNcbiService() in setup() first.');",
        '  }',
        '  return instance;',
        '}',
      ].join('\n'),
    );
    const test = tree.read(TEST)!;
    expect(test).toContain("import { getNcbiService, initNcbiService } from '@/services/ncbi/ncbi-service.js';");
    expect(test).toContain('    initNcbiService(parseConfig());\n');
    expect(test).not.toContain('createInMemoryStorage');
    // The upstream is stubbed: once the service fetches for real, no request leaves its test.
    expect(test).toContain("    vi.stubGlobal('fetch', upstream);\n");
    expect(test).toContain('    vi.unstubAllGlobals();\n');
    expect(test).toContain("const fresh = await import('@/services/ncbi/ncbi-service.js');");
    expect(result.data).toEqual({
      service: {
        name: 'ncbi',
        className: 'NcbiService',
        init: 'initNcbiService',
        accessor: 'getNcbiService',
        file: SERVICE,
        typesFile: TYPES,
        testFile: TEST,
        storage: false,
        registeredIn: ['src/index.ts'],
      },
    });
  });

  it('--storage: the service takes (config, storage), keeps what it fetched there, and setup() passes both', () => {
    const { tree, result, problems } = run(BASE, { name: 'ncbi', storage: true });
    expect(problems).toEqual([]);
    expect(tree.read('src/index.ts')).toContain(
      '  setup(core) {\n    initNcbiService(core.config, core.storage);\n  },\n',
    );
    const service = tree.read(SERVICE)!;
    expect(recorded(service).split('\n').slice(6, 12)).toEqual([
      "import type { Context } from '@cyanheads/mcp-ts-core';",
      "import type { AppConfig } from '@cyanheads/mcp-ts-core/config';",
      "import type { StorageService } from '@cyanheads/mcp-ts-core/storage';",
      "import { type RequestContext, requestContextService } from '@cyanheads/mcp-ts-core/utils';",
      "import type { NcbiRecord } from './types.js';",
      '',
    ]);
    // Both constructor fields are read (an unread private field fails the framework's tsc).
    expect(service).toContain('this.config.mcpServerName');
    expect(service).toContain('this.storage.get<NcbiRecord>(key, storageCtx)');
    expect(service).toContain('  async fetchRecord(id: string, ctx: Context): Promise<NcbiRecord | undefined> {');
    expect(service).toContain('export function initNcbiService(config: AppConfig, storage: StorageService): void {');
    expect(service.match(/\/\/ STAND-IN: /g)).toHaveLength(2);
    const test = tree.read(TEST)!;
    expect(test).toContain('initNcbiService(parseConfig(), createInMemoryStorage());');
    expect(test).toContain("it('serves a record it fetched before from storage, per tenant'");
    expect(result.data).toMatchObject({ service: { storage: true } });
  });

  it('breaks the accessor error as Biome does when a long name would outgrow the line', () => {
    const { tree } = run(BASE, { name: 'national_center_for_biotechnology_information' });
    expect(
      tree.read(
        'src/services/national-center-for-biotechnology-information/national-center-for-biotechnology-information-service.ts',
      ),
    ).toContain(
      "    throw new Error(\n      'NationalCenterForBiotechnologyInformationService is not initialized: call initNationalCenterForBiotechnologyInformationService() in setup() first.',\n    );",
    );
  });

  it('a user description cannot end the header comment', () => {
    const { tree } = run(BASE, { name: 'ncbi', description: 'Ends */ here\nand continues' });
    expect(tree.read(SERVICE)).toContain(' * @fileoverview Ends *\\/ here and continues\n');
  });

  it('a second service joins the first in setup(), after its init call', () => {
    const { tree, project: p } = project(BASE);
    addServiceGenerator(tree, p, { name: 'ncbi', devcheck: false }, FEATURES_0_10);
    addServiceGenerator(tree, p, { name: 'pubchem', devcheck: false, storage: true }, FEATURES_0_10);
    expect(tree.read('src/index.ts')).toContain(
      '  setup(core) {\n    initNcbiService(core.config);\n    initPubchemService(core.config, core.storage);\n  },\n',
    );
  });

  it('0.12 (Context extends RequestContext): storage takes the handler ctx as it is, no derived context', () => {
    const service = run(BASE, { name: 'ncbi', storage: true }, FEATURES_0_12).tree.read(SERVICE)!;
    expect(service).toContain('    const stored = await this.storage.get<NcbiRecord>(key, ctx);');
    // Only a record found is kept: none is stored for an id upstream does not have.
    expect(service).toContain('    if (record) await this.storage.set(key, record, ctx, { ttl: RECORD_TTL_SECONDS });');
    expect(service).not.toContain('requestContextService');
    expect(service).not.toContain('storageContext');
  });

  it('--no-test writes no test and needs nothing from the testing entry', () => {
    const { tree, problems } = run(
      BASE,
      { name: 'ncbi', test: false },
      { ...FEATURES_0_10, inMemoryStorage: undefined },
    );
    expect(problems).toEqual([]);
    expect(tree.read(TEST)).toBeUndefined();
  });

  it('--storage on a framework without createInMemoryStorage: FRAMEWORK_UNSUPPORTED naming the version', () => {
    const old = { ...FEATURES_0_10, version: '0.3.9', inMemoryStorage: undefined };
    // Without storage the test needs none.
    expect(run(BASE, { name: 'ncbi' }, old).problems).toEqual([]);
    const e = (() => {
      try {
        run(BASE, { name: 'ncbi', storage: true }, old);
      } catch (error) {
        return error as ScaffoldError;
      }
      throw new Error('expected a refusal');
    })();
    expect(e.code).toBe('FRAMEWORK_UNSUPPORTED');
    expect(e.hint).toContain('0.4.0 or later');
  });

  it('existing files are conflicts, all reported; --force rewrites them without a second init call', () => {
    const { tree: first } = run(BASE, { name: 'ncbi' });
    const files = Object.fromEntries(first.changes().map((c) => [c.path, c.after]));
    const again = run({ ...BASE, ...files }, { name: 'ncbi' });
    expect(again.problems.map((p) => `${p.code} ${p.path}`)).toEqual([
      `ALREADY_EXISTS ${SERVICE}`,
      `ALREADY_EXISTS ${TYPES}`,
      `ALREADY_EXISTS ${TEST}`,
    ]);
    const forced = run({ ...BASE, ...files }, { name: 'ncbi', force: true });
    expect(forced.problems).toEqual([]);
    expect(forced.tree.changes()).toEqual([]);
    expect(forced.result.notes).toContain('initNcbiService() was already called in src/index.ts.');
  });

  it('--force --storage over a service made without: the service and its setup() call both take storage', () => {
    const { tree: first } = run(BASE, { name: 'ncbi' });
    const files = Object.fromEntries(first.changes().map((c) => [c.path, c.after]));
    expect(files['src/index.ts']).toContain('    initNcbiService(core.config);\n');
    const forced = run({ ...BASE, ...files }, { name: 'ncbi', force: true, storage: true });
    expect(forced.problems).toEqual([]);
    expect(forced.tree.read('src/index.ts')).toBe(
      files['src/index.ts']!.replace('initNcbiService(core.config);', 'initNcbiService(core.config, core.storage);'),
    );
    expect(forced.tree.read(SERVICE)).toContain(
      'export function initNcbiService(config: AppConfig, storage: StorageService)',
    );
  });

  it('--force keeps the methods tools added to the service, so they still compile', () => {
    const { tree, project: p } = project(BASE);
    addServiceGenerator(tree, p, { name: 'ncbi', devcheck: false }, FEATURES_0_10);
    const tool = (name: string, input: string[]) =>
      addToolGenerator(tree, p, { name, input, service: 'ncbi', devcheck: false }, FEATURES_0_10);
    expect(tool('demo_list_author_works', ['authorKey:string', 'limit:integer?']).problems).toEqual([]);
    expect(tool('demo_archive_record', ['id:string', 'note:string?']).problems).toEqual([]);
    const methods = (text: string) => [...text.matchAll(/^ {2}(?:async )?(\w+)\(/gm)].map((m) => m[1]);
    const grown = methods(tree.read(SERVICE)!);
    expect(grown).toEqual(expect.arrayContaining(['search', 'fetchRecord', 'searchBy', 'archiveRecord']));
    const forced = addServiceGenerator(
      tree,
      p,
      { name: 'ncbi', devcheck: false, force: true, storage: true },
      FEATURES_0_10,
    );
    expect(forced.problems).toEqual([]);
    const rewritten = tree.read(SERVICE)!;
    expect(rewritten).toContain('private readonly storage: StorageService');
    expect(methods(rewritten)).toEqual(expect.arrayContaining(grown.filter((m) => m !== 'constructor')));
  });

  it('--force over a service with tests that create it: their init calls follow the storage, in and out', () => {
    const { tree, project: p } = project(BASE);
    addServiceGenerator(tree, p, { name: 'ncbi', devcheck: false }, FEATURES_0_10);
    expect(addToolGenerator(tree, p, { name: 'demo_search_works', service: 'ncbi', devcheck: false }).problems).toEqual(
      [],
    );
    const TOOL_TEST = 'tests/tools/demo-search-works.tool.test.ts';
    const own = 'tests/own.test.ts';
    const ownText =
      "import { initNcbiService } from '../src/services/ncbi/ncbi-service.js';\ninitNcbiService(myConfig);\n";
    tree.write(own, ownText);
    const made = tree.read(TOOL_TEST)!;
    expect(made).toContain('initNcbiService(parseConfig());');
    expect(made).not.toContain('createInMemoryStorage');
    const force = (storage: boolean) =>
      addServiceGenerator(tree, p, { name: 'ncbi', devcheck: false, force: true, storage }, FEATURES_0_10);

    const stored = force(true);
    expect(stored.problems).toEqual([]);
    expect(stored.notes).toContain(
      `The tests that create the service now call initNcbiService() as it takes: ${TOOL_TEST}.`,
    );
    const withStorage = tree.read(TOOL_TEST)!;
    expect(withStorage).toContain('initNcbiService(parseConfig(), createInMemoryStorage());');
    expect(withStorage).toMatch(
      /import \{ createInMemoryStorage, createMockContext \} from '@cyanheads\/mcp-ts-core\/testing';/,
    );
    // A call with the user's own arguments is theirs.
    expect(tree.read(own)).toBe(ownText);

    expect(force(false).problems).toEqual([]);
    expect(tree.read(TOOL_TEST)).toBe(made);
    // Written again as it is: nothing to change, nothing said.
    expect(force(false).notes.join('\n')).not.toContain('The tests that create the service');
  });

  it('an entry point it cannot edit is a problem with file and line, recorded before any write', () => {
    const index =
      "import { createApp } from '@cyanheads/mcp-ts-core';\n\nawait createApp({\n  setup: (core) => start(core),\n});\n";
    const { problems } = run({ ...BASE, 'src/index.ts': index }, { name: 'ncbi' });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'UNSUPPORTED_LAYOUT',
        message: expect.stringMatching(/^src\/index\.ts:4: .*expression body/),
        details: [expect.objectContaining({ path: 'src/index.ts', line: 4 })],
      }),
    ]);
  });

  it('a project whose Biome formats to CRLF gets CRLF files', () => {
    const { tree } = run({ ...BASE, 'biome.json': '{ "formatter": { "lineEnding": "crlf" } }' }, { name: 'ncbi' });
    for (const file of [SERVICE, TYPES, TEST]) expect(tree.read(file)!.replaceAll('\r\n', '')).not.toContain('\n');
  });
});
