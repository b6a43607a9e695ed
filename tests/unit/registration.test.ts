import { describe, expect, it } from 'vitest';
import { ScaffoldError } from '../../src/engine/errors.js';
import { Tree } from '../../src/engine/tree.js';
import { promptLayout } from '../../src/kinds/prompt/layout.js';
import { resourceLayout } from '../../src/kinds/resource/layout.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { register } from '../../src/registration/register.js';
import { FRESH_INDEX, project } from '../helpers/projects.js';

const L = (...lines: string[]) => lines.join('\n');
/** createApp's keys in the order the kinds' layouts come. */
const KEYS = { keyOrder: [toolLayout, resourceLayout, promptLayout].map((l) => l.appKey) };
const TOOL = {
  exportName: 'demoFindItemsTool',
  file: 'src/mcp-server/tools/definitions/demo-find-items.tool.ts',
};
const IMPORT = "import { demoFindItemsTool } from './mcp-server/tools/definitions/demo-find-items.tool.js';";

/**
 * Registers TOOL in a project holding `files`; returns the new content of the edited file
 * (`entry`, the only file that may change).
 */
function registered(files: Record<string, string>, entry = 'src/index.ts'): string {
  const { tree } = project(files);
  const first = register(tree, toolLayout, TOOL, KEYS);
  expect(first).toMatchObject({ files: [entry], changed: true });
  expect(first.via).toHaveLength(1);
  expect(tree.changes().map((c) => `${c.action} ${c.path}`)).toEqual([`update ${entry}`]);
  const after = tree.read(entry)!;
  // Idempotent: a second registration changes nothing, byte for byte.
  expect(register(tree, toolLayout, TOOL, KEYS)).toMatchObject({ files: [entry], changed: false });
  expect(tree.read(entry)).toBe(after);
  return after;
}

/** Registers TOOL in a project holding `files`, expecting a refusal; checks nothing was recorded. */
function refused(files: Record<string, string>): ScaffoldError {
  const { tree } = project(files);
  let error: unknown;
  try {
    register(tree, toolLayout, TOOL, KEYS);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ScaffoldError);
  expect(tree.changes()).toEqual([]);
  for (const [file, content] of Object.entries(files)) expect(tree.read(file)).toBe(content);
  return error as ScaffoldError;
}

describe('register a tool', () => {
  it('in a createApp imported under another name, or through a namespace import', () => {
    const renamed = L(
      "import { createApp as makeApp } from '@cyanheads/mcp-ts-core';",
      "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
      '',
      'await makeApp({ tools: [echoTool] });',
      '',
    );
    expect(registered({ 'src/index.ts': renamed })).toBe(
      L(
        "import { createApp as makeApp } from '@cyanheads/mcp-ts-core';",
        IMPORT,
        "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
        '',
        'await makeApp({ tools: [echoTool, demoFindItemsTool] });',
        '',
      ),
    );
    const namespaced = L(
      "import * as core from '@cyanheads/mcp-ts-core';",
      '',
      "await core.createApp({ name: 'demo' });",
      '',
    );
    expect(registered({ 'src/index.ts': namespaced })).toBe(
      L(
        "import * as core from '@cyanheads/mcp-ts-core';",
        IMPORT,
        '',
        "await core.createApp({ name: 'demo', tools: [demoFindItemsTool] });",
        '',
      ),
    );
  });

  it('in the framework’s fresh src/index.ts', () => {
    expect(registered({ 'src/index.ts': FRESH_INDEX })).toBe(
      FRESH_INDEX.replace('import { echoTool } from', `${IMPORT}\nimport { echoTool } from`).replace(
        '  tools: [echoTool, echoAppTool],',
        '  tools: [echoTool, echoAppTool, demoFindItemsTool],',
      ),
    );
  });

  it('stays registered once written: a new run over the result changes nothing', () => {
    const { host, tree } = project({ 'src/index.ts': FRESH_INDEX });
    register(tree, toolLayout, TOOL, KEYS);
    host.flush(tree.changes());
    const again = new Tree(host);
    expect(register(again, toolLayout, TOOL, KEYS)).toEqual({
      files: ['src/index.ts'],
      changed: false,
      via: ['src/index.ts:18 tools → src/index.ts:18'],
      warnings: [],
    });
    expect(again.changes()).toEqual([]);
  });

  it('adds a missing tools key before resources', () => {
    const source = L(
      "import { createApp } from '@cyanheads/mcp-ts-core';",
      "import { echoResource } from './mcp-server/resources/definitions/echo.resource.js';",
      '',
      'await createApp({',
      "  name: 'demo',",
      '  resources: [echoResource],',
      '});',
      '',
    );
    expect(registered({ 'src/index.ts': source })).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { echoResource } from './mcp-server/resources/definitions/echo.resource.js';",
        IMPORT,
        '',
        'await createApp({',
        "  name: 'demo',",
        '  tools: [demoFindItemsTool],',
        '  resources: [echoResource],',
        '});',
        '',
      ),
    );
  });

  it('adds a missing tools key to an options object with no definitions at all', () => {
    const source = L(
      "import { createApp } from '@cyanheads/mcp-ts-core';",
      '',
      "await createApp({ name: 'demo' });",
      '',
    );
    expect(registered({ 'src/index.ts': source })).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        IMPORT,
        '',
        "await createApp({ name: 'demo', tools: [demoFindItemsTool] });",
        '',
      ),
    );
  });

  it('fills an empty tools array', () => {
    const source = L(
      "import { createApp } from '@cyanheads/mcp-ts-core';",
      '',
      'await createApp({',
      '  tools: [],',
      '});',
      '',
    );
    expect(registered({ 'src/index.ts': source })).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        IMPORT,
        '',
        'await createApp({',
        '  tools: [demoFindItemsTool],',
        '});',
        '',
      ),
    );
  });

  it('appends to a multi-line array holding comments, which survive', () => {
    const source = L(
      "import { createApp } from '@cyanheads/mcp-ts-core';",
      "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
      '',
      'await createApp({',
      '  tools: [',
      '    // Tools',
      '    echoTool, // the template demo',
      '    // echoAppTool,',
      '  ],',
      '});',
      '',
    );
    expect(registered({ 'src/index.ts': source })).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        IMPORT,
        "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
        '',
        'await createApp({',
        '  tools: [',
        '    // Tools',
        '    echoTool, // the template demo',
        '    demoFindItemsTool,',
        '    // echoAppTool,',
        '  ],',
        '});',
        '',
      ),
    );
  });

  it('follows @/ alias imports', () => {
    const source = FRESH_INDEX.replaceAll("from './mcp-server/", "from '@/mcp-server/");
    expect(registered({ 'src/index.ts': source })).toBe(
      source
        .replace(
          'import { echoTool } from',
          "import { demoFindItemsTool } from '@/mcp-server/tools/definitions/demo-find-items.tool.js';\nimport { echoTool } from",
        )
        .replace('  tools: [echoTool, echoAppTool],', '  tools: [echoTool, echoAppTool, demoFindItemsTool],'),
    );
  });

  it('in `const { services } = await createApp({...})`', () => {
    const source = L(
      "import { createApp } from '@cyanheads/mcp-ts-core';",
      "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
      '',
      'const { services } = await createApp({',
      "  name: 'demo',",
      '  tools: [echoTool],',
      '});',
      'services.logger.info("up");',
      '',
    );
    expect(registered({ 'src/index.ts': source })).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        IMPORT,
        "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
        '',
        'const { services } = await createApp({',
        "  name: 'demo',",
        '  tools: [echoTool, demoFindItemsTool],',
        '});',
        'services.logger.info("up");',
        '',
      ),
    );
  });

  it('in createWorkerHandler({...}) in src/worker.ts', () => {
    const worker = L(
      "import { createWorkerHandler } from '@cyanheads/mcp-ts-core/worker';",
      "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
      '',
      'export default createWorkerHandler({',
      "  name: 'demo',",
      '  tools: [echoTool],',
      '});',
      '',
    );
    const expected = L(
      "import { createWorkerHandler } from '@cyanheads/mcp-ts-core/worker';",
      IMPORT,
      "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
      '',
      'export default createWorkerHandler({',
      "  name: 'demo',",
      '  tools: [echoTool, demoFindItemsTool],',
      '});',
      '',
    );
    expect(registered({ 'src/worker.ts': worker }, 'src/worker.ts')).toBe(expected);
    // An index.ts without an app call (e.g. one that only re-exports) is passed over.
    expect(
      registered({ 'src/index.ts': "export * from './worker.js';\n", 'src/worker.ts': worker }, 'src/worker.ts'),
    ).toBe(expected);
  });

  it('keeps a conditional spread of optional extras at the end', () => {
    const source = L(
      "import { createApp } from '@cyanheads/mcp-ts-core';",
      '',
      'await createApp({',
      '  tools: [',
      '    echoTool,',
      '    ...(config.extraEnabled ? [cTool, dTool] : []),',
      '  ],',
      '});',
      '',
    );
    expect(registered({ 'src/index.ts': source })).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        IMPORT,
        '',
        'await createApp({',
        '  tools: [',
        '    echoTool,',
        '    demoFindItemsTool,',
        '    ...(config.extraEnabled ? [cTool, dTool] : []),',
        '  ],',
        '});',
        '',
      ),
    );
  });

  it('keeps a CRLF entry point CRLF', () => {
    const crlf = FRESH_INDEX.replaceAll('\n', '\r\n');
    const after = registered({ 'src/index.ts': crlf });
    expect(after.replaceAll('\r\n', '')).not.toContain('\n');
    expect(after).toBe(
      FRESH_INDEX.replace('import { echoTool } from', `${IMPORT}\nimport { echoTool } from`)
        .replace('  tools: [echoTool, echoAppTool],', '  tools: [echoTool, echoAppTool, demoFindItemsTool],')
        .replaceAll('\n', '\r\n'),
    );
  });
});

describe('register follows names to where the definitions are listed', () => {
  const APP_START = L(
    "import { createApp } from '@cyanheads/mcp-ts-core';",
    "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
    "import { allToolDefinitions } from './mcp-server/tools/definitions/index.js';",
    '',
  );
  const BARREL = 'src/mcp-server/tools/definitions/index.ts';
  const BARREL_BEFORE = L(
    "import { echoTool } from './echo.tool.js';",
    '',
    'export const allToolDefinitions = [echoTool];',
    '',
  );
  const BARREL_AFTER = L(
    "import { demoFindItemsTool } from './demo-find-items.tool.js';",
    "import { echoTool } from './echo.tool.js';",
    '',
    'export const allToolDefinitions = [echoTool, demoFindItemsTool];',
    '',
  );

  it.each([
    [
      'an array in a variable',
      L('const toolList = [echoTool];', 'await createApp({', "  name: 'demo',", '  tools: toolList,', '});', ''),
    ],
    ['shorthand', L('const tools = [echoTool];', 'await createApp({', '  tools,', '});', '')],
  ])('%s: the variable’s array is extended', (_label, body) => {
    const source = `${APP_START}${body}`;
    expect(registered({ 'src/index.ts': source })).toBe(
      source
        .replace('import { echoTool } from', `${IMPORT}\nimport { echoTool } from`)
        .replace('= [echoTool];', '= [echoTool, demoFindItemsTool];'),
    );
  });

  it.each([
    ['a barrel identifier', L('await createApp({', '  tools: allToolDefinitions,', '});', '')],
    [
      'a filtered barrel',
      L(
        'await createApp({',
        "  tools: flag ? allToolDefinitions.filter((t) => t.name !== 'x') : [...allToolDefinitions],",
        '});',
        '',
      ),
    ],
    ['a spread barrel', L('await createApp({', '  tools: [...allToolDefinitions],', '});', '')],
  ])('%s: the barrel is edited, the entry point is not', (_label, body) => {
    expect(registered({ 'src/index.ts': `${APP_START}${body}`, [BARREL]: BARREL_BEFORE }, BARREL)).toBe(BARREL_AFTER);
  });

  it('spread groups beside inline entries: GROUP_REQUIRED naming file, line and groups; --group inline picks the array', () => {
    const source = `${APP_START}${L('await createApp({', '  tools: [', '    echoTool,', '    ...readTools,', '  ],', '});', '')}`;
    const e = refused({ 'src/index.ts': source });
    expect(e.code).toBe('GROUP_REQUIRED');
    expect(e.message).toBe(
      'src/index.ts:5: the definitions are split into groups (readTools, inline); choose one with --group.',
    );
    expect(e.details).toEqual([{ path: 'src/index.ts', line: 5, message: 'groups: readTools, inline' }]);
    expect(e.exitCode).toBe(1);
    const { tree } = project({ 'src/index.ts': source });
    expect(register(tree, toolLayout, TOOL, { ...KEYS, group: 'inline' })).toMatchObject({
      files: ['src/index.ts'],
      changed: true,
    });
    expect(tree.read('src/index.ts')).toBe(
      source
        .replace('import { echoTool } from', `${IMPORT}\nimport { echoTool } from`)
        .replace('    ...readTools,\n', '    ...readTools,\n    demoFindItemsTool,\n'),
    );
  });
});

describe('register refuses what it cannot place with certainty', () => {
  const APP_START = L(
    "import { createApp } from '@cyanheads/mcp-ts-core';",
    "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
    "import { allToolDefinitions } from './mcp-server/tools/definitions/index.js';",
    '',
  );

  it.each([
    [
      'a barrel that is not in the project',
      L('await createApp({', '  tools: allToolDefinitions,', '});', ''),
      "src/index.ts:3: `allToolDefinitions` comes from './mcp-server/tools/definitions/index.js', which is not a file of this project",
      3,
    ],
    [
      'an options object that spreads and lacks tools',
      L('await createApp({', '  ...baseOptions,', "  name: 'demo',", '});', ''),
      'src/index.ts:5: the options object spreads `...baseOptions`, which may already set tools',
      5,
    ],
    [
      'two app calls',
      L('await createApp({ tools: [echoTool] });', 'await createApp({ tools: [] });', ''),
      'src/index.ts:5: found 2 app factory calls (lines 4, 5); cannot tell which one to register in',
      5,
    ],
    [
      'a spread that chooses between two named lists',
      L(
        "import { fullTools, liteTools } from './mcp-server/tools/lists.js';",
        'const lite = true;',
        'await createApp({ tools: [...(lite ? liteTools : fullTools)] });',
        '',
      ),
      'src/index.ts:6: the two branches of `lite ? liteTools : fullTools` list different arrays; cannot tell which one to extend',
      6,
      { 'src/mcp-server/tools/lists.ts': L('export const liteTools = [];', 'export const fullTools = [];', '') },
    ],
    [
      'options that are not an object literal',
      L('await createApp(options);', ''),
      'src/index.ts:4: createApp(…) is not given an object literal of options',
      4,
    ],
  ])(
    '%s: UNSUPPORTED_LAYOUT naming file and line',
    (_label, body, message, line, extra: Record<string, string> = {}) => {
      const e = refused({ 'src/index.ts': `${APP_START}${body}`, ...extra });
      expect(e.code).toBe('UNSUPPORTED_LAYOUT');
      expect(e.message).toBe(message);
      expect(e.details).toEqual([
        { path: 'src/index.ts', line, message: message.replace(/^src\/index\.ts:\d+: /, '') },
      ]);
      expect(e.exitCode).toBe(1);
    },
  );

  it('an unparseable entry point: PARSE_ERROR naming file and line', () => {
    const e = refused({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        '',
        'await createApp({',
        '  tools: [echoTool,,',
        '});',
        '',
      ),
    });
    expect(e.code).toBe('PARSE_ERROR');
    expect(e.message).toBe('src/index.ts does not parse: line 5: Expression or comma expected.');
    expect(e.details).toEqual([{ path: 'src/index.ts', line: 5, message: 'Expression or comma expected.' }]);
  });

  it('no entry point, or none with an app call', () => {
    expect(refused({ 'package.json': '{}' }).message).toBe(
      'No entry point found (looked for src/index.ts, src/worker.ts and the other files directly in src/).',
    );
    const e = refused({ 'src/index.ts': 'export {};\n' });
    expect(e.code).toBe('UNSUPPORTED_LAYOUT');
    expect(e.message).toBe('No createApp({...}) or createWorkerHandler({...}) call found in src/index.ts.');
  });

  it('an index.ts that only starts src/server.ts: the app call is found there', () => {
    const server = L(
      "import { createApp } from '@cyanheads/mcp-ts-core';",
      "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';",
      '',
      'export async function start() {',
      "  await createApp({ name: 'demo', tools: [echoTool] });",
      '}',
      '',
    );
    expect(
      registered(
        { 'src/index.ts': "import { start } from './server.js';\n\nawait start();\n", 'src/server.ts': server },
        'src/server.ts',
      ),
    ).toBe(
      server
        .replace('import { echoTool }', `${IMPORT}\nimport { echoTool }`)
        .replace('tools: [echoTool]', 'tools: [echoTool, demoFindItemsTool]'),
    );
    // Two such files: which one runs cannot be told, so nothing is guessed.
    const e = refused({ 'src/index.ts': 'export {};\n', 'src/a.ts': server, 'src/b.ts': `\n${server}` });
    expect(e.code).toBe('UNSUPPORTED_LAYOUT');
    expect(e.message).toBe('Several files start an app (src/a.ts:5, src/b.ts:6); cannot tell which one is the server.');
    // Every location, not only the first: the user must see each file that starts an app.
    expect(e.details).toEqual([
      { path: 'src/a.ts', line: 5, message: 'calls an app factory' },
      { path: 'src/b.ts', line: 6, message: 'calls an app factory' },
    ]);
  });

  it('an export name the entry point already imports from elsewhere: ALREADY_EXISTS', () => {
    const e = refused({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { demoFindItemsTool } from './legacy/find.js';",
        '',
        'await createApp({ tools: [demoFindItemsTool] });',
        '',
      ),
    });
    expect(e.code).toBe('ALREADY_EXISTS');
    expect(e.message).toBe("src/index.ts:2 already imports a different demoFindItemsTool (from './legacy/find.js').");
  });
});
