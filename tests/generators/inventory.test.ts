/**
 * inventory(): what `mcp-scaffold list` reports, on temp fixture projects of every registration
 * shape (inline, local arrays, barrels, re-exports only, groups, conditional spreads, worker entry
 * points), unregistered and dangling definitions, and services, asserting the exact result.
 */

import { describe, expect, it } from 'vitest';
import { ScaffoldError } from '../../src/engine/errors.js';
import { promptLayout } from '../../src/kinds/prompt/layout.js';
import { resourceLayout } from '../../src/kinds/resource/layout.js';
import { serviceLayout } from '../../src/kinds/service/layout.js';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { inventory } from '../../src/registration/inventory.js';
import { FRESH_INDEX, PACKAGE_JSON, project } from '../helpers/projects.js';

const L = (...lines: string[]) => lines.join('\n');
const TOOLS = 'src/mcp-server/tools/definitions';
const RESOURCES = 'src/mcp-server/resources/definitions';
const PROMPTS = 'src/mcp-server/prompts/definitions';

const toolFile = (exportName: string, name: string, builder = 'tool') =>
  `import { ${builder}, z } from '@cyanheads/mcp-ts-core';\n\nexport const ${exportName} = ${builder}('${name}', {\n  description: 'x',\n  input: z.object({}),\n  handler: () => ({}),\n});\n`;
const resourceFile = (exportName: string, uri: string, name: string, builder = 'resource') =>
  `import { ${builder} } from '@cyanheads/mcp-ts-core';\n\nexport const ${exportName} = ${builder}('${uri}', {\n  name: '${name}',\n  handler: () => ({}),\n});\n`;
const promptFile = (exportName: string, name: string) =>
  `import { prompt } from '@cyanheads/mcp-ts-core';\n\nexport const ${exportName} = prompt('${name}', { generate: () => [] });\n`;
const serviceFile = (cls: string) =>
  `export class ${cls} {}\nlet s: ${cls} | undefined;\nexport function init${cls}(): void {\n  s = new ${cls}();\n}\nexport function get${cls}(): ${cls} {\n  return s!;\n}\n`;

/** The framework's fresh project: five definitions, all listed inline in createApp. */
const FRESH: Record<string, string> = {
  'package.json': PACKAGE_JSON,
  'src/index.ts': FRESH_INDEX,
  [`${TOOLS}/echo.tool.ts`]: toolFile('echoTool', 'template_echo_message'),
  [`${TOOLS}/echo-app.app-tool.ts`]: toolFile('echoAppTool', 'template_echo_app', 'appTool'),
  [`${RESOURCES}/echo.resource.ts`]: resourceFile('echoResource', 'echo://{message}', 'template-echo-resource'),
  [`${RESOURCES}/echo-app-ui.app-resource.ts`]: resourceFile(
    'echoAppUiResource',
    'ui://echo/app.html',
    'echo-app-ui',
    'appResource',
  ),
  [`${PROMPTS}/echo.prompt.ts`]: promptFile('echoPrompt', 'template_echo_message'),
};

const tool = (name: string, file: string, exportName: string, at: [string, number][] = []) => ({
  kind: 'tool',
  name,
  file: `${TOOLS}/${file}`,
  exportName,
  registered: at.length > 0,
  registeredAt: at.map(([path, line]) => ({ path, line })),
});

function listed(files: Record<string, string>) {
  const { tree } = project({ 'package.json': PACKAGE_JSON, ...files });
  const result = inventory(tree, [toolLayout, resourceLayout, promptLayout], { services: serviceLayout });
  expect(tree.changes()).toEqual([]);
  return result;
}

function refused(files: Record<string, string>): ScaffoldError {
  let error: unknown;
  try {
    listed(files);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ScaffoldError);
  return error as ScaffoldError;
}

describe('inventory: registration shapes', () => {
  it("the framework's fresh project: every definition, inline in createApp, with the array entry's line", () => {
    expect(listed(FRESH)).toEqual({
      definitions: [
        tool('template_echo_app', 'echo-app.app-tool.ts', 'echoAppTool', [['src/index.ts', 17]]),
        tool('template_echo_message', 'echo.tool.ts', 'echoTool', [['src/index.ts', 17]]),
        {
          kind: 'resource',
          name: 'echo-app-ui',
          file: `${RESOURCES}/echo-app-ui.app-resource.ts`,
          exportName: 'echoAppUiResource',
          uri: 'ui://echo/app.html',
          registered: true,
          registeredAt: [{ path: 'src/index.ts', line: 18 }],
        },
        {
          kind: 'resource',
          name: 'template-echo-resource',
          file: `${RESOURCES}/echo.resource.ts`,
          exportName: 'echoResource',
          uri: 'echo://{message}',
          registered: true,
          registeredAt: [{ path: 'src/index.ts', line: 18 }],
        },
        {
          kind: 'prompt',
          name: 'template_echo_message',
          file: `${PROMPTS}/echo.prompt.ts`,
          exportName: 'echoPrompt',
          registered: true,
          registeredAt: [{ path: 'src/index.ts', line: 19 }],
        },
      ],
      dangling: [],
      warnings: [],
    });
  });

  it('a multi-line local array passed by shorthand: one line per entry; helper files are not definitions', () => {
    const inv = listed({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { bTool } from './mcp-server/tools/definitions/b.tool.js';",
        "import { aTool } from '@/mcp-server/tools/definitions/a.tool.js';",
        '',
        'const tools = [',
        '  // Tools',
        '  aTool,',
        '  bTool,',
        '];',
        'await createApp({ tools });',
        '',
      ),
      [`${TOOLS}/a.tool.ts`]: `${toolFile('aTool', 'demo_a')}export const A_LIMIT = 3;\nexport function formatA() {}\n`,
      [`${TOOLS}/b.tool.ts`]: toolFile('bTool', 'demo_b'),
      [`${TOOLS}/_shared/format-utils.ts`]: 'export const format = (x: string) => x;\n',
      [`${TOOLS}/_schemas.ts`]: "import { z } from '@cyanheads/mcp-ts-core';\nexport const Item = z.object({});\n",
    });
    expect(inv).toEqual({
      definitions: [
        tool('demo_a', 'a.tool.ts', 'aTool', [['src/index.ts', 7]]),
        tool('demo_b', 'b.tool.ts', 'bTool', [['src/index.ts', 8]]),
      ],
      dangling: [],
      warnings: [],
    });
  });

  it('a typed barrel array, spread and filtered in the entry point: registered at the barrel line', () => {
    const inv = listed({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { allToolDefinitions } from './mcp-server/tools/definitions/index.js';",
        "import { config } from './config.js';",
        'await createApp({',
        "  tools: config.flag ? allToolDefinitions.filter((t) => t.name !== 'demo_b') : [...allToolDefinitions],",
        '});',
        '',
      ),
      'src/config.ts': 'export const config = { flag: false };\n',
      [`${TOOLS}/index.ts`]: L(
        "import type { AnyToolDefinition } from '@cyanheads/mcp-ts-core';",
        "import { aTool } from './a.tool.js';",
        "import { bTool } from './b.tool.js';",
        '',
        'export const allToolDefinitions: AnyToolDefinition[] = [',
        '  aTool,',
        '  bTool,',
        '] as const;',
        '',
      ),
      [`${TOOLS}/a.tool.ts`]: toolFile('aTool', 'demo_a'),
      [`${TOOLS}/b.tool.ts`]: toolFile('bTool', 'demo_b'),
    });
    expect(inv.definitions).toEqual([
      tool('demo_a', 'a.tool.ts', 'aTool', [[`${TOOLS}/index.ts`, 6]]),
      tool('demo_b', 'b.tool.ts', 'bTool', [[`${TOOLS}/index.ts`, 7]]),
    ]);
    expect(inv.dangling).toEqual([]);
  });

  it('re-exports only (named, aliased, export *, chained through a second barrel): the entry point lists them', () => {
    const inv = listed({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        'import {',
        '  aTool,',
        '  bRenamed,',
        '  cTool,',
        '  dTool,',
        "} from './mcp-server/tools/definitions/index.js';",
        '',
        'await createApp({ tools: [aTool, bRenamed, cTool, dTool] });',
        '',
      ),
      [`${TOOLS}/index.ts`]: L(
        "export { aTool } from './a.tool.js';",
        "export { bTool as bRenamed } from './b.tool.js';",
        "export * from './c.tool.js';",
        "export { dTool } from './more/index.js';",
        '',
      ),
      [`${TOOLS}/more/index.ts`]: "import { dTool } from './d.tool.js';\n\nexport { dTool };\n",
      [`${TOOLS}/a.tool.ts`]: toolFile('aTool', 'demo_a'),
      [`${TOOLS}/b.tool.ts`]: toolFile('bTool', 'demo_b'),
      [`${TOOLS}/c.tool.ts`]: toolFile('cTool', 'demo_c'),
      [`${TOOLS}/more/d.tool.ts`]: toolFile('dTool', 'demo_d'),
    });
    expect(inv).toEqual({
      definitions: [
        tool('demo_a', 'a.tool.ts', 'aTool', [['src/index.ts', 9]]),
        tool('demo_b', 'b.tool.ts', 'bTool', [['src/index.ts', 9]]),
        tool('demo_c', 'c.tool.ts', 'cTool', [['src/index.ts', 9]]),
        tool('demo_d', 'more/d.tool.ts', 'dTool', [['src/index.ts', 9]]),
      ],
      dangling: [],
      warnings: [],
    });
  });

  it('an array reached through `export *`, a namespace-imported entry, and a definition file it cannot read a name from', () => {
    const inv = listed({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import * as defs from './mcp-server/tools/definitions/b.tool.js';",
        "import { allToolDefinitions } from './mcp-server/tools/definitions/index.js';",
        'await createApp({ tools: [...allToolDefinitions, defs.bTool] });',
        '',
      ),
      [`${TOOLS}/index.ts`]: "export * from './all.js';\n",
      [`${TOOLS}/all.ts`]: "import { aTool } from './a.tool.js';\n\nexport const allToolDefinitions = [aTool];\n",
      [`${TOOLS}/a.tool.ts`]: toolFile('aTool', 'demo_a'),
      [`${TOOLS}/b.tool.ts`]: toolFile('bTool', 'demo_b'),
      [`${TOOLS}/odd.tool.ts`]:
        "import { makeTool } from './factory.js';\n\nexport const oddTool = makeTool('demo_odd');\n",
    });
    expect(inv).toEqual({
      definitions: [
        tool('demo_a', 'a.tool.ts', 'aTool', [[`${TOOLS}/all.ts`, 3]]),
        tool('demo_b', 'b.tool.ts', 'bTool', [['src/index.ts', 4]]),
        {
          kind: 'tool',
          name: null,
          file: `${TOOLS}/odd.tool.ts`,
          exportName: 'oddTool',
          registered: false,
          registeredAt: [],
        },
      ],
      dangling: [],
      warnings: [
        `${TOOLS}/odd.tool.ts: no export is made by tool(…) or appTool(…); listing its exports without an MCP name.`,
      ],
    });
  });

  it('barrel groups, a mapped group and a conditional spread at the end: every group and branch is followed', () => {
    const inv = listed({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { readTools, writeTools } from './mcp-server/tools/definitions/index.js';",
        "import { extraTool } from './mcp-server/tools/definitions/extra.tool.js';",
        "import { otherTool } from './mcp-server/tools/definitions/other.tool.js';",
        'const writesOn = false;',
        'const disabledTool = <T>(d: T) => d;',
        'const tools = [',
        '  ...readTools,',
        '  ...writeTools.map((d) => (writesOn ? d : disabledTool(d))),',
        '  ...(process.env.EXTRA ? [extraTool] : process.env.OTHER ? [otherTool] : []),',
        '];',
        'await createApp({ tools });',
        '',
      ),
      [`${TOOLS}/index.ts`]: L(
        "import { aTool } from './a.tool.js';",
        "import { bTool } from './b.tool.js';",
        '',
        'export const readTools = [aTool];',
        'export const writeTools = [bTool];',
        '',
      ),
      [`${TOOLS}/a.tool.ts`]: toolFile('aTool', 'demo_a'),
      [`${TOOLS}/b.tool.ts`]: toolFile('bTool', 'demo_b'),
      [`${TOOLS}/extra.tool.ts`]: toolFile('extraTool', 'demo_extra'),
      [`${TOOLS}/other.tool.ts`]: toolFile('otherTool', 'demo_other'),
    });
    expect(inv).toEqual({
      definitions: [
        tool('demo_a', 'a.tool.ts', 'aTool', [[`${TOOLS}/index.ts`, 4]]),
        tool('demo_b', 'b.tool.ts', 'bTool', [[`${TOOLS}/index.ts`, 5]]),
        tool('demo_extra', 'extra.tool.ts', 'extraTool', [['src/index.ts', 10]]),
        tool('demo_other', 'other.tool.ts', 'otherTool', [['src/index.ts', 10]]),
      ],
      dangling: [],
      warnings: [],
    });
  });

  it('a conditional spread beside a single spread group still counts as entries', () => {
    const inv = listed({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { allToolDefinitions } from './mcp-server/tools/definitions/index.js';",
        "import { extraTool } from './mcp-server/tools/definitions/extra.tool.js';",
        'await createApp({ tools: [...allToolDefinitions, ...(process.env.X ? [extraTool] : [])] });',
        '',
      ),
      [`${TOOLS}/index.ts`]: "import { aTool } from './a.tool.js';\nexport const allToolDefinitions = [aTool];\n",
      [`${TOOLS}/a.tool.ts`]: toolFile('aTool', 'demo_a'),
      [`${TOOLS}/extra.tool.ts`]: toolFile('extraTool', 'demo_extra'),
    });
    expect(inv.definitions).toEqual([
      tool('demo_a', 'a.tool.ts', 'aTool', [[`${TOOLS}/index.ts`, 2]]),
      tool('demo_extra', 'extra.tool.ts', 'extraTool', [['src/index.ts', 4]]),
    ]);
  });

  it('src/index.ts and src/worker.ts both register: each place is listed; the same barrel is listed once', () => {
    const inv = listed({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { aTool } from './mcp-server/tools/definitions/a.tool.js';",
        "import { allPromptDefinitions } from './mcp-server/prompts/definitions/index.js';",
        'await createApp({ tools: [aTool], prompts: allPromptDefinitions });',
        '',
      ),
      'src/worker.ts': L(
        "import { createWorkerHandler } from '@cyanheads/mcp-ts-core/worker';",
        "import { aTool } from './mcp-server/tools/definitions/a.tool.js';",
        "import { allPromptDefinitions } from './mcp-server/prompts/definitions/index.js';",
        '',
        'export default createWorkerHandler({',
        '  tools: [aTool],',
        '  prompts: [...allPromptDefinitions],',
        '});',
        '',
      ),
      [`${TOOLS}/a.tool.ts`]: toolFile('aTool', 'demo_a'),
      [`${PROMPTS}/index.ts`]:
        "import { pPrompt } from './p.prompt.js';\n\nexport const allPromptDefinitions = [pPrompt];\n",
      [`${PROMPTS}/p.prompt.ts`]: promptFile('pPrompt', 'demo_p'),
    });
    expect(inv).toEqual({
      definitions: [
        tool('demo_a', 'a.tool.ts', 'aTool', [
          ['src/index.ts', 4],
          ['src/worker.ts', 6],
        ]),
        {
          kind: 'prompt',
          name: 'demo_p',
          file: `${PROMPTS}/p.prompt.ts`,
          exportName: 'pPrompt',
          registered: true,
          registeredAt: [{ path: `${PROMPTS}/index.ts`, line: 3 }],
        },
      ],
      dangling: [],
      warnings: [],
    });
  });

  it('an alias of an import, a tool defined in the entry point, and a definition in the wrong array: warned', () => {
    const inv = listed({
      'src/index.ts': L(
        "import { createApp, tool } from '@cyanheads/mcp-ts-core';",
        "import { aTool } from './mcp-server/tools/definitions/a.tool.js';",
        "import { pPrompt } from './mcp-server/prompts/definitions/p.prompt.js';",
        'const renamed = aTool;',
        "const localTool = tool('demo_local', { handler: () => ({}) });",
        'await createApp({ tools: [renamed, localTool], prompts: [], resources: [pPrompt] });',
        '',
      ),
      [`${TOOLS}/a.tool.ts`]: toolFile('aTool', 'demo_a'),
      [`${PROMPTS}/p.prompt.ts`]: promptFile('pPrompt', 'demo_p'),
    });
    expect(inv).toEqual({
      definitions: [
        {
          kind: 'tool',
          name: 'demo_local',
          file: 'src/index.ts',
          exportName: 'localTool',
          registered: true,
          registeredAt: [{ path: 'src/index.ts', line: 6 }],
        },
        tool('demo_a', 'a.tool.ts', 'aTool', [['src/index.ts', 6]]),
        {
          kind: 'prompt',
          name: 'demo_p',
          file: `${PROMPTS}/p.prompt.ts`,
          exportName: 'pPrompt',
          registered: false,
          registeredAt: [],
        },
      ],
      dangling: [],
      warnings: [
        'src/index.ts:5: the tool `localTool` is defined outside a .tool.ts/.app-tool.ts file.',
        `src/index.ts:6: the prompt \`pPrompt\` (${PROMPTS}/p.prompt.ts) is listed among the resources.`,
      ],
    });
  });
});

describe('inventory: unregistered and dangling', () => {
  it('a definition file nothing registers; a definition file with two definitions, one registered', () => {
    const inv = listed({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { aTool } from './mcp-server/tools/definitions/a.tool.js';",
        'await createApp({ tools: [aTool] });',
        '',
      ),
      [`${TOOLS}/a.tool.ts`]: `${toolFile('aTool', 'demo_a')}export const a2Tool = tool('demo_a2', { handler: () => ({}) });\n`,
      [`${TOOLS}/forgotten.tool.ts`]: toolFile('forgottenTool', 'demo_forgotten'),
    });
    expect(inv).toEqual({
      definitions: [
        tool('demo_a', 'a.tool.ts', 'aTool', [['src/index.ts', 3]]),
        tool('demo_a2', 'a.tool.ts', 'a2Tool'),
        tool('demo_forgotten', 'forgotten.tool.ts', 'forgottenTool'),
      ],
      dangling: [],
      warnings: [],
    });
  });

  it('imports of a deleted file, of a name no longer exported, through a broken barrel, and no import at all', () => {
    const inv = listed({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { aTool } from './mcp-server/tools/definitions/a.tool.js';",
        "import { goneTool } from './mcp-server/tools/definitions/gone.tool.js';",
        "import { renamedTool } from './mcp-server/tools/definitions/a.tool.js';",
        "import { viaBarrelTool } from './mcp-server/tools/definitions/index.js';",
        'await createApp({',
        '  tools: [aTool, goneTool, renamedTool, viaBarrelTool, neverImportedTool],',
        '});',
        '',
      ),
      [`${TOOLS}/index.ts`]: "export { viaBarrelTool } from './deleted.tool.js';\n",
      [`${TOOLS}/a.tool.ts`]: toolFile('aTool', 'demo_a'),
    });
    expect(inv).toEqual({
      definitions: [tool('demo_a', 'a.tool.ts', 'aTool', [['src/index.ts', 7]])],
      dangling: [
        {
          kind: 'tool',
          path: 'src/index.ts',
          line: 7,
          name: 'goneTool',
          specifier: './mcp-server/tools/definitions/gone.tool.js',
          reason: 'missing-file',
          message:
            "src/index.ts:3 imports from './mcp-server/tools/definitions/gone.tool.js', which is not a file of this project",
        },
        {
          kind: 'tool',
          path: 'src/index.ts',
          line: 7,
          name: 'renamedTool',
          specifier: './mcp-server/tools/definitions/a.tool.js',
          reason: 'missing-export',
          message: `${TOOLS}/a.tool.ts does not export \`renamedTool\``,
        },
        {
          kind: 'tool',
          path: 'src/index.ts',
          line: 7,
          name: 'viaBarrelTool',
          specifier: './mcp-server/tools/definitions/index.js',
          reason: 'missing-file',
          message: `${TOOLS}/index.ts:1 re-exports \`viaBarrelTool\` from './deleted.tool.js', which is not a file of this project`,
        },
        {
          kind: 'tool',
          path: 'src/index.ts',
          line: 7,
          name: 'neverImportedTool',
          specifier: null,
          reason: 'missing-import',
          message: '`neverImportedTool` is neither imported nor declared in src/index.ts',
        },
      ],
      warnings: [],
    });
  });

  it('a barrel array whose file is gone is one dangling registration, not a failure', () => {
    const inv = listed({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { allResourceDefinitions } from './mcp-server/resources/definitions/index.js';",
        'await createApp({ resources: allResourceDefinitions });',
        '',
      ),
      [`${RESOURCES}/r.resource.ts`]: resourceFile('rResource', 'demo://r/{id}', 'demo-r'),
    });
    expect(inv).toEqual({
      definitions: [
        {
          kind: 'resource',
          name: 'demo-r',
          file: `${RESOURCES}/r.resource.ts`,
          exportName: 'rResource',
          uri: 'demo://r/{id}',
          registered: false,
          registeredAt: [],
        },
      ],
      dangling: [
        {
          kind: 'resource',
          path: 'src/index.ts',
          line: 3,
          name: 'allResourceDefinitions',
          specifier: './mcp-server/resources/definitions/index.js',
          reason: 'missing-file',
          message:
            "src/index.ts:2 imports from './mcp-server/resources/definitions/index.js', which is not a file of this project",
        },
      ],
      warnings: [],
    });
  });
});

describe('inventory: services', () => {
  const SERVICES = {
    'src/services/ncbi/ncbi-service.ts': serviceFile('NcbiService'),
    'src/services/cache/cache-service.ts': serviceFile('CacheService'),
    'src/services/cache/index.ts': "export { initCacheService, getCacheService } from './cache-service.js';\n",
    'src/services/idle/idle-service.ts': serviceFile('IdleService'),
    'src/services/ncbi/types.ts': 'export interface Article { id: string }\n',
    'src/services/util/helpers.ts': 'export function initHelpers() {}\n',
  };

  it('registered by init…() in setup() (in if/try, through a barrel), unregistered, and a dangling init import', () => {
    const inv = listed({
      ...SERVICES,
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { initCacheService } from './services/cache/index.js';",
        "import { initGoneService } from './services/gone/gone-service.js';",
        "import { initNcbiService } from '@/services/ncbi/ncbi-service.js';",
        "import { initHelpers } from './services/util/helpers.js';",
        '',
        'await createApp({',
        '  tools: [],',
        '  async setup(core) {',
        '    initHelpers();',
        '    if (core) {',
        '      initNcbiService();',
        '    }',
        '    try {',
        '      initCacheService();',
        '    } catch {}',
        '    initGoneService();',
        '  },',
        '});',
        '',
      ),
    });
    expect(inv).toEqual({
      definitions: [
        {
          kind: 'service',
          name: 'cache',
          file: 'src/services/cache/cache-service.ts',
          exportName: 'initCacheService',
          registered: true,
          registeredAt: [{ path: 'src/index.ts', line: 15 }],
        },
        {
          kind: 'service',
          name: 'idle',
          file: 'src/services/idle/idle-service.ts',
          exportName: 'initIdleService',
          registered: false,
          registeredAt: [],
        },
        {
          kind: 'service',
          name: 'ncbi',
          file: 'src/services/ncbi/ncbi-service.ts',
          exportName: 'initNcbiService',
          registered: true,
          registeredAt: [{ path: 'src/index.ts', line: 12 }],
        },
      ],
      dangling: [
        {
          kind: 'service',
          path: 'src/index.ts',
          line: 17,
          name: 'initGoneService',
          specifier: './services/gone/gone-service.js',
          reason: 'missing-file',
          message: "src/index.ts:3 imports from './services/gone/gone-service.js', which is not a file of this project",
        },
      ],
      warnings: [],
    });
  });

  it('setup as an arrow function property or a named local function; no setup: nothing registered', () => {
    const entry = (setup: string, extra = '') =>
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { initNcbiService } from './services/ncbi/ncbi-service.js';",
        extra,
        `await createApp({ ${setup} });`,
        '',
      );
    const ncbi = (line: number) => ({
      kind: 'service',
      name: 'ncbi',
      file: 'src/services/ncbi/ncbi-service.ts',
      exportName: 'initNcbiService',
      registered: line > 0,
      registeredAt: line > 0 ? [{ path: 'src/index.ts', line }] : [],
    });
    const only = { 'src/services/ncbi/ncbi-service.ts': serviceFile('NcbiService') };
    expect(listed({ ...only, 'src/index.ts': entry('setup: (core) => initNcbiService()') }).definitions).toEqual([
      ncbi(4),
    ]);
    expect(
      listed({ ...only, 'src/index.ts': entry('setup', 'function setup() {\n  initNcbiService();\n}') }).definitions,
    ).toEqual([ncbi(4)]);
    expect(listed({ ...only, 'src/index.ts': entry("name: 'x'") }).definitions).toEqual([ncbi(0)]);
  });
});

describe('inventory refuses what it cannot follow', () => {
  it('an array entry that is a call of something else: UNSUPPORTED_LAYOUT with file and line', () => {
    const e = refused({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { aTool } from './mcp-server/tools/definitions/a.tool.js';",
        "import { disabledTool } from './disabled.js';",
        'await createApp({',
        '  tools: [disabledTool(aTool)],',
        '});',
        '',
      ),
      'src/disabled.ts': 'export const disabledTool = <T>(t: T) => t;\n',
      [`${TOOLS}/a.tool.ts`]: toolFile('aTool', 'demo_a'),
    });
    expect(e.code).toBe('UNSUPPORTED_LAYOUT');
    expect(e.message).toBe('src/index.ts:5: cannot tell which tool `disabledTool(aTool)` is');
    expect(e.details).toEqual([
      { path: 'src/index.ts', line: 5, message: 'cannot tell which tool `disabledTool(aTool)` is' },
    ]);
  });

  it('tools built by a function call and a setup it cannot reach: every place reported together', () => {
    const e = refused({
      'src/index.ts': L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { buildTools, setupAll } from './build.js';",
        'await createApp({',
        '  tools: buildTools(),',
        '  setup: setupAll,',
        '});',
        '',
      ),
      'src/build.ts': 'export const buildTools = () => [];\nexport const setupAll = () => {};\n',
    });
    expect(e.code).toBe('UNSUPPORTED_LAYOUT');
    expect(e.details).toEqual([
      { path: 'src/index.ts', line: 4, message: 'cannot follow `buildTools()` to an array of definitions' },
      {
        path: 'src/index.ts',
        line: 5,
        message: "`setup` is `setupAll`, imported from './build.js'; its body cannot be followed",
      },
    ]);
  });

  it('two app calls: reported once, with the line of the second', () => {
    const e = refused({
      'src/index.ts':
        "import { createApp } from '@cyanheads/mcp-ts-core';\nawait createApp({ tools: [] });\nawait createApp({ tools: [] });\n",
    });
    expect(e.code).toBe('UNSUPPORTED_LAYOUT');
    expect(e.details).toEqual([
      {
        path: 'src/index.ts',
        line: 3,
        message: 'found 2 app factory calls (lines 2, 3); cannot tell which one to register in',
      },
    ]);
  });

  it('no entry point: UNSUPPORTED_LAYOUT', () => {
    const e = refused({ [`${TOOLS}/a.tool.ts`]: toolFile('aTool', 'demo_a') });
    expect(e.code).toBe('UNSUPPORTED_LAYOUT');
    expect(e.message).toContain('No entry point found');
  });
});
