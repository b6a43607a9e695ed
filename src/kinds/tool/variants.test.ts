/**
 * `add tool` variants on fixture projects: --service, --confirm (elicit and requestInput),
 * --task, --app; what each writes and registers, and what each refuses.
 */

import { describe, expect, it } from 'vitest';
import { FEATURES_0_10, FEATURES_0_11, FEATURES_0_12 } from '../../../tests/helpers/framework.js';
import { FRESH_SERVER, PACKAGE_JSON, project } from '../../../tests/helpers/projects.js';
import { refusal } from '../../../tests/helpers/refusal.js';
import { withNcbiInitTaking, withNcbiService } from '../../../tests/helpers/services.js';
import type { FrameworkFeatures } from '../../project/framework-features.js';
import { type AddToolOptions, addToolGenerator } from './generator.js';

const DEFS = 'src/mcp-server/tools/definitions';
const RES = 'src/mcp-server/resources/definitions';
const BASE = FRESH_SERVER;
const NOTHING: FrameworkFeatures = {
  ...FEATURES_0_10,
  version: '0.2.0',
  requestInput: false,
  elicit: false,
  tasks: false,
  enrichment: false,
  apps: false,
  mock: { ...FEATURES_0_10.mock, elicit: false, inputResponses: false, progress: false },
};

function run(files: Record<string, string>, options: AddToolOptions, features: FrameworkFeatures = FEATURES_0_10) {
  const { tree, project: p } = project(files);
  const result = addToolGenerator(tree, p, { devcheck: false, ...options }, features);
  return { tree, result, problems: result.problems };
}

/** A project that already has the ncbi service (made by addServiceGenerator). */
const withService = () => withNcbiService(BASE);

describe('--service', () => {
  it('the handler calls the accessor with ctx; the test stubs the service', () => {
    const { tree, problems } = run(withService(), { name: 'demo_fetch_record', service: 'ncbi' });
    expect(problems).toEqual([]);
    expect(tree.changes().map((c) => `${c.action} ${c.path}`)).toEqual([
      'update src/index.ts',
      `create ${DEFS}/demo-fetch-record.tool.ts`,
      'create tests/tools/demo-fetch-record.tool.test.ts',
    ]);
    const tool = tree.read(`${DEFS}/demo-fetch-record.tool.ts`)!;
    expect(tool).toContain("import { getNcbiService } from '@/services/ncbi/ncbi-service.js';");
    expect(tool).toContain(
      [
        '    const record = await getNcbiService().fetchRecord(id, ctx);',
        '    if (!record) {',
        "      throw ctx.fail('not_found', `No record ${id}.`, ctx.recoveryFor('not_found'));",
        '    }',
      ].join('\n'),
    );
    expect(tool).toContain('    openWorldHint: true,');
    const test = tree.read('tests/tools/demo-fetch-record.tool.test.ts')!;
    expect(test).toContain(
      [
        "import { demoFetchRecordTool } from '@/mcp-server/tools/definitions/demo-fetch-record.tool.js';",
        "import { getNcbiService, initNcbiService } from '@/services/ncbi/ncbi-service.js';",
      ].join('\n'),
    );
    // The service's fetchRecord may find nothing: the test has it find nothing, and expects not_found.
    expect(test).toContain("    vi.spyOn(getNcbiService(), 'fetchRecord').mockResolvedValue(undefined);");
    expect(test).toContain("      code: JsonRpcErrorCode.NotFound,\n      data: { reason: 'not_found' },");
    // Made as setup() makes it, answering as fetchRecord() declares: the test never runs the service.
    expect(test).toContain(
      [
        '  beforeEach(() => {',
        '    initNcbiService(parseConfig());',
        '    // The service answers as its method declares: the test runs the handler, never the service.',
        "    vi.spyOn(getNcbiService(), 'fetchRecord').mockResolvedValue({",
      ].join('\n'),
    );
    expect(test).toContain('    expect(getNcbiService().fetchRecord).toHaveBeenCalledOnce();');
    expect(test).not.toContain('createInMemoryStorage');
    expect(tree.read('src/index.ts')).toContain('  setup(core) {\n    initNcbiService(core.config);\n  },');
  });

  it('a service whose init takes what a test cannot make: refused with a test, written with --no-test', () => {
    const edited = withNcbiInitTaking(withService(), 'config: AppConfig, http: Http');
    expect(refusal(() => run(edited, { name: 'demo_fetch_record', service: 'ncbi' })).code).toBe('UNSUPPORTED_LAYOUT');
    expect(run(edited, { name: 'demo_fetch_record', service: 'ncbi', test: false }).problems).toEqual([]);
  });

  it('without the @/ alias the tool imports the service relatively', () => {
    const files = withService();
    delete (files as Record<string, string | undefined>)['tsconfig.json'];
    const { tree } = run(files, { name: 'demo_fetch_record', service: 'ncbi' });
    expect(tree.read(`${DEFS}/demo-fetch-record.tool.ts`)).toContain(
      "import { getNcbiService } from '../../../services/ncbi/ncbi-service.js';",
    );
  });

  it('a service that does not exist: SERVICE_MISSING with the command to run first, nothing planned', () => {
    const { tree, project: p } = project(BASE);
    const e = refusal(() =>
      addToolGenerator(tree, p, { name: 'demo_fetch_record', service: 'ncbi', devcheck: false }, FEATURES_0_10),
    );
    expect(e.code).toBe('SERVICE_MISSING');
    expect(e.message).toBe('There is no ncbi service: src/services/ncbi/ncbi-service.ts does not exist.');
    expect(e.hint).toBe('Run `mcp-scaffold add service ncbi` first, then add the tool.');
    expect(tree.changes()).toEqual([]);
  });

  it('a hand-written service without the accessor, or without the class: SERVICE_MISSING saying what is missing', () => {
    const files = { ...BASE, 'src/services/ncbi/ncbi-service.ts': 'export class NcbiService {}\n' };
    expect(refusal(() => run(files, { name: 'demo_fetch_record', service: 'ncbi' })).message).toContain(
      'does not export getNcbiService()',
    );
    const noMethod = {
      ...BASE,
      'src/services/ncbi/ncbi-service.ts':
        'export function getNcbiService() {}\nexport function initNcbiService() {}\n',
    };
    expect(refusal(() => run(noMethod, { name: 'demo_fetch_record', service: 'ncbi' })).message).toBe(
      'src/services/ncbi/ncbi-service.ts:1: no class NcbiService to add fetchRecord() to.',
    );
  });
});

describe('--confirm', () => {
  it('0.10 (ctx.elicit): destructive annotations, both declared errors, a check that elicit is present', () => {
    const { tree, result, problems } = run(BASE, { name: 'demo_delete_record', confirm: true });
    expect(problems).toEqual([]);
    const tool = tree.read(`${DEFS}/demo-delete-record.tool.ts`)!;
    expect(tool).toContain('    readOnlyHint: false,\n    destructiveHint: true,');
    expect(tool).toContain("reason: 'confirmation_unavailable'");
    expect(tool).toContain("reason: 'not_confirmed'");
    expect(tool).toContain('    if (!ctx.elicit) {');
    expect(tool).toContain(
      '    const question = `Delete record ${input.id}? This cannot be undone.`;\n    const answer = await ctx.elicit(question, Confirmation);',
    );
    expect(tool).not.toContain('requestInput');
    const test = tree.read('tests/tools/demo-delete-record.tool.test.ts')!;
    expect(test).toContain("['declines', { action: 'decline' }]");
    expect(test).toContain("['cancels', { action: 'cancel' }]");
    expect(result.notes.join('\n')).toContain('ctx.elicit');
  });

  it('asks without the server prefix when it is two words (acme_catalog)', () => {
    const files = {
      ...BASE,
      'package.json': PACKAGE_JSON.replace('"name": "demo"', '"name": "acme-catalog"'),
      [`${DEFS}/acme-catalog-echo-message.tool.ts`]:
        "import { tool, z } from '@cyanheads/mcp-ts-core';\n\nexport const acmeCatalogEchoMessageTool = tool('acme_catalog_echo_message', {\n  description: 'x',\n  input: z.object({}),\n  handler: () => ({}),\n});\n",
    };
    const { tree, result } = run(files, { name: 'acme_catalog_delete_item', confirm: true });
    expect(result.warnings).toEqual([]);
    expect(tree.read(`${DEFS}/acme-catalog-delete-item.tool.ts`)).toContain(
      '    const question = `Delete item ${input.id}? This cannot be undone.`;',
    );
  });

  it('0.12 (ctx.requestInput): inputRequired.elicit, ctx.inputs, and a test driven by inputResponses', () => {
    const { tree, result } = run(BASE, { name: 'demo_delete_record', confirm: true }, FEATURES_0_12);
    const tool = tree.read(`${DEFS}/demo-delete-record.tool.ts`)!;
    expect(tool).toContain("import { inputRequired, tool, z } from '@cyanheads/mcp-ts-core';");
    expect(tool).toContain("    const view = ctx.inputs.view('confirm');");
    expect(tool).toContain('      return ctx.requestInput({');
    expect(tool).not.toContain('ctx.elicit');
    expect(tree.read('tests/tools/demo-delete-record.tool.test.ts')).toContain(
      "inputResponses: { confirm: { action: 'accept', content: { confirm: true } } }",
    );
    expect(result.notes.join('\n')).toContain('ctx.requestInput');
  });

  it('the test fits how the version types createMockContext: a cast to the handler context before 0.11.3', () => {
    const untyped = run(BASE, { name: 'demo_delete_record', confirm: true }).tree;
    const old = untyped.read('tests/tools/demo-delete-record.tool.test.ts')!;
    expect(old).toContain('type HandlerCtx = Parameters<typeof definition.handler>[1];');
    expect(old).toContain('createMockContext({ ...options, errors: definition.errors ?? [] }) as HandlerCtx;');
    const typed = run(BASE, { name: 'demo_delete_record', confirm: true }, FEATURES_0_11).tree;
    const current = typed.read('tests/tools/demo-delete-record.tool.test.ts')!;
    expect(current).toContain('  createMockContext({ ...options, errors: definition.errors });');
    expect(current).not.toContain('HandlerCtx');
    expect(typed.read(`${DEFS}/demo-delete-record.tool.ts`)).toContain('await ctx.elicit(question, Confirmation)');
  });

  it('0.12: the first round is read with expectInputRequired(), and an answer is never asked again', () => {
    const { tree } = run(BASE, { name: 'demo_delete_record', confirm: true }, FEATURES_0_12);
    const test = tree.read('tests/tools/demo-delete-record.tool.test.ts')!;
    expect(test).toContain('const asked = await expectInputRequired(() => definition.handler(input(), ctx));');
    expect(test).toContain(
      "['accepts with an answer outside the form', { action: 'accept', content: { confirm: 'yes' } }]",
    );
    const tool = tree.read(`${DEFS}/demo-delete-record.tool.ts`)!;
    expect(tool).toContain("    if (view.kind === 'missing') {");
    expect(tool).toContain('    if (!answer?.confirm) {');
  });

  it('0.12 without expectInputRequired(): the test is refused, --no-test is not', () => {
    const without = { ...FEATURES_0_12, expectInputRequired: false };
    expect(refusal(() => run(BASE, { name: 'demo_delete_record', confirm: true }, without)).hint).toContain(
      '--no-test',
    );
    expect(run(BASE, { name: 'demo_delete_record', confirm: true, test: false }, without).problems).toEqual([]);
  });

  it('a framework that cannot ask: FRAMEWORK_UNSUPPORTED naming the version it needs, nothing planned', () => {
    const { tree, project: p } = project(BASE);
    const e = refusal(() =>
      addToolGenerator(tree, p, { name: 'demo_delete_record', confirm: true, devcheck: false }, NOTHING),
    );
    expect(e.code).toBe('FRAMEWORK_UNSUPPORTED');
    expect(e.message).toContain('the installed @cyanheads/mcp-ts-core 0.2.0 does not have');
    expect(e.hint).toContain('0.10.3 or later');
    expect(tree.changes()).toEqual([]);
  });
});

describe('--task', () => {
  it('task: true, progress through ctx.progress, cancellation through ctx.signal', () => {
    const { tree } = run(BASE, { name: 'demo_rebuild_index', task: true });
    const tool = tree.read(`${DEFS}/demo-rebuild-index.tool.ts`)!;
    expect(tool).toContain('  task: true,\n');
    expect(tool).toContain('await ctx.progress?.setTotal(input.steps);');
    expect(tool).toContain('if (ctx.signal.aborted) break;');
    expect(tree.read('tests/tools/demo-rebuild-index.tool.test.ts')).toContain('createMockContext({ progress: true })');
    expect(tree.read('src/index.ts')).toContain('  tools: [echoTool, echoAppTool, demoRebuildIndexTool],');
  });

  it('a framework without task tools: FRAMEWORK_UNSUPPORTED', () => {
    expect(refusal(() => run(BASE, { name: 'demo_rebuild_index', task: true }, NOTHING)).code).toBe(
      'FRAMEWORK_UNSUPPORTED',
    );
  });

  it('0.12 (tasks removed): the refusal names the versions that have them, not an upgrade', () => {
    const e = refusal(() => run(BASE, { name: 'demo_rebuild_index', task: true }, FEATURES_0_12));
    expect(e.code).toBe('FRAMEWORK_UNSUPPORTED');
    expect(e.message).toContain('0.12.3 does not have');
    expect(e.hint).toContain('0.11.x and earlier (0.12.0 removed tasks)');
    expect(e.hint).not.toContain('Upgrade');
  });

  it('0.11 (tasks, ctx.progress): the task tool is written as on 0.10', () => {
    const { tree } = run(BASE, { name: 'demo_rebuild_index', task: true }, FEATURES_0_11);
    expect(tree.read(`${DEFS}/demo-rebuild-index.tool.ts`)).toContain('  task: true,');
  });
});

describe('--app', () => {
  it('an app tool and its ui:// resource, both registered in the one run', () => {
    const { tree, result, problems } = run(BASE, { name: 'demo_show_board', app: true });
    expect(problems).toEqual([]);
    expect(tree.changes().map((c) => `${c.action} ${c.path}`)).toEqual([
      'update src/index.ts',
      `create ${RES}/demo-show-board-ui.app-resource.ts`,
      `create ${DEFS}/demo-show-board.app-tool.ts`,
      'create tests/resources/demo-show-board-ui.app-resource.test.ts',
      'create tests/tools/demo-show-board.app-tool.test.ts',
    ]);
    const index = tree.read('src/index.ts')!;
    expect(index).toContain(
      "import { demoShowBoardUiResource } from './mcp-server/resources/definitions/demo-show-board-ui.app-resource.js';",
    );
    expect(index).toContain(
      "import { demoShowBoardTool } from './mcp-server/tools/definitions/demo-show-board.app-tool.js';",
    );
    expect(index).toContain('  tools: [echoTool, echoAppTool, demoShowBoardTool],');
    expect(index).toContain('  resources: [echoResource, echoAppUiResource, demoShowBoardUiResource],');
    expect(tree.read(`${DEFS}/demo-show-board.app-tool.ts`)).toContain(
      "const UI_RESOURCE_URI = 'ui://demo-show-board/app.html';",
    );
    const resource = tree.read(`${RES}/demo-show-board-ui.app-resource.ts`)!;
    expect(resource).toContain("export const demoShowBoardUiResource = appResource('ui://demo-show-board/app.html', {");
    expect(resource).toContain("  name: 'demo-show-board-ui',");
    expect(resource).not.toMatch(/`[^`]*\$\{/); // the HTML holds no template-literal interpolation
    expect(result.data).toMatchObject({
      tool: { name: 'demo_show_board', file: `${DEFS}/demo-show-board.app-tool.ts`, registeredIn: ['src/index.ts'] },
      resource: {
        name: 'demo-show-board-ui',
        file: `${RES}/demo-show-board-ui.app-resource.ts`,
        registeredIn: ['src/index.ts'],
      },
    });
  });

  it('a framework without apps: FRAMEWORK_UNSUPPORTED', () => {
    expect(refusal(() => run(BASE, { name: 'demo_show_board', app: true }, NOTHING)).hint).toContain('0.3.0 or later');
  });

  it('a resource already serving the URI is a conflict', () => {
    const taken =
      "import { appResource } from '@cyanheads/mcp-ts-core';\nexport const x = appResource('ui://demo-show-board/app.html', { name: 'x' });\n";
    const { problems } = run({ ...BASE, [`${RES}/x.app-resource.ts`]: taken }, { name: 'demo_show_board', app: true });
    expect(problems).toEqual([expect.objectContaining({ code: 'ALREADY_EXISTS', path: `${RES}/x.app-resource.ts` })]);
  });
});

describe('one kind at a time', () => {
  it('two variants at once: OPTION_INVALID', () => {
    const e = refusal(() => run(BASE, { name: 'demo_x', confirm: true, task: true }));
    expect(e.code).toBe('OPTION_INVALID');
    expect(e.message).toBe('--confirm and --task cannot be combined: each writes a different kind of tool.');
  });

  it('a search tool on a framework with none of these: written, without enrichment', () => {
    const { tree, problems } = run(BASE, { name: 'demo_find_items' }, NOTHING);
    expect(problems).toEqual([]);
    const tool = tree.read(`${DEFS}/demo-find-items.tool.ts`)!;
    expect(tool).toContain("export const demoFindItemsTool = tool('demo_find_items', {");
    expect(tool).not.toContain('enrich');
    expect(tool).toContain("    totalCount: z.number().int().describe('Number of items returned.'),");
  });
});
