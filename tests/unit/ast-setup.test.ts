/**
 * ensureSetupCall / registerSetupCall on inline sources: every setup() shape real servers use,
 * exact output, idempotent, and refusals that name file and line.
 */

import { describe, expect, it } from 'vitest';
import { ScaffoldError } from '../../src/engine/errors.js';
import { findAppCall } from '../../src/registration/entry-point.js';
import { ensureSetupCall, registerSetupCall, type SetupRegistration } from '../../src/registration/setup.js';
import { parseSource } from '../../src/ts/ts-morph.js';
import { FRESH_INDEX, project } from '../helpers/projects.js';

const L = (...lines: string[]) => lines.join('\n');
const REG: SetupRegistration = {
  file: 'src/services/ncbi/ncbi-service.ts',
  call: { name: 'initNcbiService', coreArgs: ['config', 'storage'] },
};
const IMPORT = "import { initNcbiService } from './services/ncbi/ncbi-service.js';";
const CALL = 'initNcbiService(core.config, core.storage);';
const HEAD = L(
  "import { createApp } from '@cyanheads/mcp-ts-core';",
  "import { initA } from './services/a/a-service.js';",
  '',
);
const HEAD_AFTER = L(
  "import { createApp } from '@cyanheads/mcp-ts-core';",
  "import { initA } from './services/a/a-service.js';",
  IMPORT,
  '',
);

/** Registers REG in a project whose entry point is `source`; checks idempotence; returns the new text. */
function registered(source: string, file = 'src/index.ts', reg = REG): string {
  const { tree } = project({ [file]: source });
  expect(registerSetupCall(tree, reg)).toEqual({ files: [file], changed: true });
  expect(tree.changes().map((c) => `${c.action} ${c.path}`)).toEqual([`update ${file}`]);
  const after = tree.read(file)!;
  expect(registerSetupCall(tree, reg)).toEqual({ files: [file], changed: false });
  expect(tree.read(file)).toBe(after);
  return after;
}

function refused(source: string): ScaffoldError {
  const { tree } = project({ 'src/index.ts': source });
  let error: unknown;
  try {
    registerSetupCall(tree, REG);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ScaffoldError);
  expect(tree.changes()).toEqual([]);
  return error as ScaffoldError;
}

/** An app with `options` (the lines between `await createApp({` and `});`). */
const app = (...options: string[]) => L(HEAD, 'await createApp({', ...options, '});', '');
const appAfter = (...options: string[]) => L(HEAD_AFTER, 'await createApp({', ...options, '});', '');

describe('no setup yet: setup(core) { … } is added', () => {
  it("to the framework's fresh src/index.ts, after the last option and before the trailing comments", () => {
    expect(registered(FRESH_INDEX)).toBe(
      FRESH_INDEX.replace(
        "import { echoPrompt } from './mcp-server/prompts/definitions/echo.prompt.js';",
        `import { echoPrompt } from './mcp-server/prompts/definitions/echo.prompt.js';\n${IMPORT}`,
      ).replace('  prompts: [echoPrompt],\n', `  prompts: [echoPrompt],\n  setup(core) {\n    ${CALL}\n  },\n`),
    );
  });

  it('keeps CRLF line endings', () => {
    const crlf = FRESH_INDEX.replaceAll('\n', '\r\n');
    const after = registered(crlf);
    expect(after).toBe(
      crlf
        .replace("echo.prompt.js';\r\n", `echo.prompt.js';\r\n${IMPORT}\r\n`)
        .replace(
          '  prompts: [echoPrompt],\r\n',
          `  prompts: [echoPrompt],\r\n  setup(core) {\r\n    ${CALL}\r\n  },\r\n`,
        ),
    );
    expect(after.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('to a last option without a trailing comma, keeping that style', () => {
    expect(registered(app("  name: 'demo'"))).toBe(
      appAfter("  name: 'demo',", '  setup(core) {', `    ${CALL}`, '  }'),
    );
  });

  it('to an empty multi-line options object', () => {
    expect(registered(app())).toBe(appAfter('  setup(core) {', `    ${CALL}`, '  },'));
  });

  it('to a one-line options object, laid out one option per line as Biome does', () => {
    const source = L(HEAD, "await createApp({ name: 'demo', tools: [aTool] });", '');
    expect(registered(source)).toBe(
      appAfter("  name: 'demo',", '  tools: [aTool],', '  setup(core) {', `    ${CALL}`, '  },'),
    );
  });

  it('to createApp({}) inside an indented block, with tabs', () => {
    const source = L(HEAD, 'if (main) {', '\tawait createApp({});', '}', '');
    expect(registered(source)).toBe(
      L(
        HEAD_AFTER,
        'if (main) {',
        '\tawait createApp({',
        '\t\tsetup(core) {',
        `\t\t\t${CALL}`,
        '\t\t},',
        '\t});',
        '}',
        '',
      ),
    );
  });

  it('to createWorkerHandler({...}) in src/worker.ts', () => {
    const source = L(
      "import { createWorkerHandler } from '@cyanheads/mcp-ts-core/worker';",
      '',
      'export default createWorkerHandler({',
      '  tools: [],',
      '});',
      '',
    );
    expect(registered(source, 'src/worker.ts')).toBe(
      L(
        "import { createWorkerHandler } from '@cyanheads/mcp-ts-core/worker';",
        IMPORT,
        '',
        'export default createWorkerHandler({',
        '  tools: [],',
        '  setup(core) {',
        `    ${CALL}`,
        '  },',
        '});',
        '',
      ),
    );
  });

  it('breaks a call that would outgrow the line width, as Biome does', () => {
    const long = {
      file: 'src/services/x/x-service.ts',
      call: { name: `init${'Very'.repeat(22)}LongService`, coreArgs: ['config', 'storage'] },
    };
    const after = registered(app("  name: 'demo',"), 'src/index.ts', long);
    expect(after).toContain(
      L('  setup(core) {', `    ${long.call.name}(`, '      core.config,', '      core.storage,', '    );', '  },'),
    );
  });
});

describe('an existing setup: the call goes after the last init…() call', () => {
  it('setup(core) method with calls, before other keys', () => {
    expect(
      registered(app('  setup(core) {', '    initA(core.config, core.storage);', '  },', '  tools: [aTool],')),
    ).toBe(
      appAfter('  setup(core) {', '    initA(core.config, core.storage);', `    ${CALL}`, '  },', '  tools: [aTool],'),
    );
  });

  it('async setup(core) after other keys, awaited init calls, scheduler code after them stays last', () => {
    expect(
      registered(
        app(
          '  tools: [aTool],',
          '  async setup(core) {',
          '    await initA(core.config);',
          '    initB();',
          "    scheduler.every('1h', () => refresh());",
          '  },',
        ),
      ),
    ).toBe(
      appAfter(
        '  tools: [aTool],',
        '  async setup(core) {',
        '    await initA(core.config);',
        '    initB();',
        `    ${CALL}`,
        "    scheduler.every('1h', () => refresh());",
        '  },',
      ),
    );
  });

  it('setup() without a parameter: the parameter is added, named core', () => {
    expect(registered(app('  setup() {', '    initA();', '  },'))).toBe(
      appAfter('  setup(core) {', '    initA();', `    ${CALL}`, '  },'),
    );
  });

  it('setup() {} empty on one line', () => {
    expect(registered(app('  setup() {},'))).toBe(appAfter('  setup(core) {', `    ${CALL}`, '  },'));
  });

  it('an empty multi-line body holding a comment', () => {
    expect(registered(app('  setup(core) {', '    // services go here', '  },'))).toBe(
      appAfter('  setup(core) {', '    // services go here', `    ${CALL}`, '  },'),
    );
  });

  it('a parameter with another name is used, never renamed; its type stays', () => {
    expect(registered(app('  setup(services: CoreServices) {', '    initA(services.config);', '  },'))).toBe(
      appAfter(
        '  setup(services: CoreServices) {',
        '    initA(services.config);',
        '    initNcbiService(services.config, services.storage);',
        '  },',
      ),
    );
  });

  it('a destructured parameter: the bound names are used', () => {
    expect(registered(app('  setup({ config, storage: store }) {', '    initA(config);', '  },'))).toBe(
      appAfter(
        '  setup({ config, storage: store }) {',
        '    initA(config);',
        '    initNcbiService(config, store);',
        '  },',
      ),
    );
  });

  it('an arrow function property', () => {
    expect(registered(app('  setup: (core) => {', '    initA(core.config, core.storage);', '  },'))).toBe(
      appAfter('  setup: (core) => {', '    initA(core.config, core.storage);', `    ${CALL}`, '  },'),
    );
  });

  it('an async arrow without a parameter', () => {
    expect(registered(app('  setup: async () => {', '    await initA();', '  },'))).toBe(
      appAfter('  setup: async (core) => {', '    await initA();', `    ${CALL}`, '  },'),
    );
  });

  it('a function expression property', () => {
    expect(registered(app('  setup: async function (app) {', '    initA(app.config);', '  },'))).toBe(
      appAfter(
        '  setup: async function (app) {',
        '    initA(app.config);',
        '    initNcbiService(app.config, app.storage);',
        '  },',
      ),
    );
  });

  it('a function declared in the same file, named by shorthand', () => {
    const source = L(
      HEAD,
      'async function setup(core: CoreServices) {',
      '  initA(core.config);',
      '}',
      '',
      'await createApp({ tools: [], setup });',
      '',
    );
    expect(registered(source)).toBe(
      L(
        HEAD_AFTER,
        'async function setup(core: CoreServices) {',
        '  initA(core.config);',
        `  ${CALL}`,
        '}',
        '',
        'await createApp({ tools: [], setup });',
        '',
      ),
    );
  });

  it('a guard that throws comes first and stays first; the call goes after the last init', () => {
    expect(
      registered(
        app(
          '  setup(core) {',
          '    if (!core.config.mcpServerName) {',
          "      throw new Error('missing name');",
          '    }',
          '    initA(core.config, core.storage); // first service',
          '    logger.info(core.config.mcpServerName);',
          '  },',
        ),
      ),
    ).toBe(
      appAfter(
        '  setup(core) {',
        '    if (!core.config.mcpServerName) {',
        "      throw new Error('missing name');",
        '    }',
        '    initA(core.config, core.storage); // first service',
        `    ${CALL}`,
        '    logger.info(core.config.mcpServerName);',
        '  },',
      ),
    );
  });

  it('init calls inside a try block: the call joins them there', () => {
    expect(
      registered(
        app(
          '  async setup(core) {',
          '    try {',
          '      await initA(core.config);',
          '    } catch (error) {',
          "      logger.error('init failed', error);",
          '      throw error;',
          '    }',
          '    startPolling();',
          '  },',
        ),
      ),
    ).toBe(
      appAfter(
        '  async setup(core) {',
        '    try {',
        '      await initA(core.config);',
        `      ${CALL}`,
        '    } catch (error) {',
        "      logger.error('init failed', error);",
        '      throw error;',
        '    }',
        '    startPolling();',
        '  },',
      ),
    );
  });

  it('an init call inside an if block does not make the new call conditional: it goes after the if', () => {
    expect(
      registered(
        app(
          '  setup(core) {',
          '    initA(core.config);',
          '    if (core.config.storage.providerType === "in-memory") {',
          '      initB(core.storage);',
          '    } else {',
          '      initC(core.storage);',
          '    }',
          '    core.notify.toolsChanged();',
          '  },',
        ),
      ),
    ).toBe(
      appAfter(
        '  setup(core) {',
        '    initA(core.config);',
        '    if (core.config.storage.providerType === "in-memory") {',
        '      initB(core.storage);',
        '    } else {',
        '      initC(core.storage);',
        '    }',
        `    ${CALL}`,
        '    core.notify.toolsChanged();',
        '  },',
      ),
    );
  });

  it('a config-object argument spanning lines: the call goes after the whole statement', () => {
    expect(
      registered(
        app(
          '  setup(core) {',
          '    initA({',
          '      apiKey: core.config.openrouterApiKey,',
          '      storage: core.storage,',
          '    });',
          '  },',
        ),
      ),
    ).toBe(
      appAfter(
        '  setup(core) {',
        '    initA({',
        '      apiKey: core.config.openrouterApiKey,',
        '      storage: core.storage,',
        '    });',
        `    ${CALL}`,
        '  },',
      ),
    );
  });

  it('no init call yet: the call goes at the end of the body', () => {
    expect(
      registered(app('  setup(core) {', "    logger.info('starting', { name: core.config.mcpServerName });", '  },')),
    ).toBe(
      appAfter(
        '  setup(core) {',
        "    logger.info('starting', { name: core.config.mcpServerName });",
        `    ${CALL}`,
        '  },',
      ),
    );
  });

  it('an already registered service changes nothing, not even the import', () => {
    const source = appAfter('  setup(core) {', `    ${CALL}`, '  },');
    const { tree } = project({ 'src/index.ts': source });
    expect(registerSetupCall(tree, REG)).toEqual({ files: ['src/index.ts'], changed: false });
    expect(tree.changes()).toEqual([]);
  });

  it('a registered service whose init now takes other core services: the arguments follow, nothing else', () => {
    const configOnly = { file: REG.file, call: { name: 'initNcbiService', coreArgs: ['config'] } };
    const withStorage = appAfter('  setup(core) {', `    ${CALL}`, '    initA(core.config);', '  },');
    const { tree } = project({ 'src/index.ts': withStorage });
    expect(registerSetupCall(tree, configOnly)).toEqual({ files: ['src/index.ts'], changed: true });
    const configCall = appAfter(
      '  setup(core) {',
      '    initNcbiService(core.config);',
      '    initA(core.config);',
      '  },',
    );
    expect(tree.read('src/index.ts')).toBe(configCall);
    expect(registerSetupCall(tree, REG)).toEqual({ files: ['src/index.ts'], changed: true });
    expect(tree.read('src/index.ts')).toBe(withStorage);
    // A destructured parameter: its bound names.
    const bound = (call: string) => appAfter('  setup({ config, storage: store }) {', `    ${call}`, '  },');
    const d = project({ 'src/index.ts': bound('initNcbiService(config);') });
    registerSetupCall(d.tree, REG);
    expect(d.tree.read('src/index.ts')).toBe(bound('initNcbiService(config, store);'));
  });

  it("a registered call with arguments of the user's own is refused, not rewritten", () => {
    const error = refused(appAfter('  setup(core) {', '    initNcbiService(myConfig);', '  },'));
    expect(error.code).toBe('UNSUPPORTED_LAYOUT');
    expect(error.message).toContain(
      'initNcbiService() is called with (myConfig), and it now takes (core.config, core.storage)',
    );
  });

  it('follows the @/ import style of the entry point', () => {
    const source = L(
      "import { createApp } from '@cyanheads/mcp-ts-core';",
      "import { aTool } from '@/mcp-server/tools/definitions/a.tool.js';",
      '',
      'await createApp({',
      '  tools: [aTool],',
      '});',
      '',
    );
    expect(registered(source)).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { aTool } from '@/mcp-server/tools/definitions/a.tool.js';",
        "import { initNcbiService } from '@/services/ncbi/ncbi-service.js';",
        '',
        'await createApp({',
        '  tools: [aTool],',
        '  setup(core) {',
        `    ${CALL}`,
        '  },',
        '});',
        '',
      ),
    );
  });

  it('a call with no core arguments adds no parameter', () => {
    const reg = { file: REG.file, call: { name: 'initNcbiService', coreArgs: [] } };
    expect(registered(app('  setup() {', '    initA();', '  },'), 'src/index.ts', reg)).toBe(
      appAfter('  setup() {', '    initA();', '    initNcbiService();', '  },'),
    );
  });
});

describe('both entry points', () => {
  it('src/index.ts and src/worker.ts each get the import and the call', () => {
    const worker = L(
      "import { createWorkerHandler } from '@cyanheads/mcp-ts-core/worker';",
      '',
      'export default createWorkerHandler({ tools: [] });',
      '',
    );
    const { tree } = project({ 'src/index.ts': app("  name: 'demo',"), 'src/worker.ts': worker });
    expect(registerSetupCall(tree, REG)).toEqual({ files: ['src/index.ts', 'src/worker.ts'], changed: true });
    expect(tree.read('src/worker.ts')).toContain(`  setup(core) {\n    ${CALL}\n  },\n});`);
    expect(tree.read('src/index.ts')).toContain(`  setup(core) {\n    ${CALL}\n  },\n});`);
  });
});

describe('refusals: UNSUPPORTED_LAYOUT with file and line, nothing recorded', () => {
  it.each([
    [
      'an arrow with an expression body',
      app('  setup: (core) => initA(core.config),'),
      5,
      'setup is an arrow function with an expression body',
    ],
    [
      'setup imported from elsewhere',
      L(HEAD, "import { setup } from './setup.js';", 'await createApp({ setup });', ''),
      5,
      "`setup` is `setup`, imported from './setup.js'; its body cannot be followed",
    ],
    [
      'a spread that may set setup',
      app('  ...base,'),
      5,
      'the options object spreads `...base`, which may already set setup',
    ],
    [
      'a body ending in return without init calls',
      app('  setup(core) {', '    log(core);', '    return;', '  },'),
      7,
      'setup ends with `return;`',
    ],
    ['a rest parameter', app('  setup(...args) {', '    initA(args);', '  },'), 5, 'setup takes a rest parameter'],
    [
      'a destructuring without storage',
      app('  setup({ config }) {', '    initA(config);', '  },'),
      5,
      'setup destructures its parameter without `storage`',
    ],
    [
      'no parameter, but the body uses `core`',
      app('  setup() {', '    const core = 1;', '    initA(core);', '  },'),
      5,
      'setup takes no parameter and its body already uses the name `core`',
    ],
    [
      'a one-line body with statements',
      app('  setup(core) { initA(core.config); },'),
      5,
      "setup's body is written on one line",
    ],
    [
      'a getter',
      app('  get setup() {', '    return () => {};', '  },'),
      5,
      '`setup` is not a method or a plain property',
    ],
  ])('%s', (_label, source, line, message) => {
    const e = refused(source);
    expect(e.code).toBe('UNSUPPORTED_LAYOUT');
    expect(e.message).toContain(`src/index.ts:${line}: ${message}`);
    expect(e.details[0]).toMatchObject({ path: 'src/index.ts', line });
  });

  it('no app factory call: UNSUPPORTED_LAYOUT', () => {
    expect(refused(L(HEAD, 'console.log(1);', '')).code).toBe('UNSUPPORTED_LAYOUT');
  });

  it('a different initNcbiService already imported: ALREADY_EXISTS', () => {
    const e = refused(L(HEAD, "import { initNcbiService } from './legacy.js';", 'await createApp({});', ''));
    expect(e.code).toBe('ALREADY_EXISTS');
    expect(e.message).toContain('src/index.ts:4');
  });
});

describe('ensureSetupCall on the parsed options', () => {
  it('returns text edits only, leaving the source untouched', () => {
    const sf = parseSource('src/index.ts', app("  name: 'demo',"));
    const edits = ensureSetupCall(findAppCall(sf, 'src/index.ts')!.options, REG.call, 'src/index.ts');
    expect(edits.length).toBeGreaterThan(0);
    expect(sf.getFullText()).toBe(app("  name: 'demo',"));
  });
});
