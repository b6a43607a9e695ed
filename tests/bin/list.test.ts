/**
 * `mcp-scaffold list`, the built binary spawned: exit codes (0 all registered; 1 unregistered,
 * dangling, unfollowable layout, not a project), the exact --json object, the human table, and
 * that it never writes.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, makeProject, parseJsonOut, runCli, treeDigest } from './support.js';

const TOOLS = 'src/mcp-server/tools/definitions';
const roots: string[] = [];
const project = (...args: Parameters<typeof makeProject>) => {
  const root = makeProject(...args);
  roots.push(root);
  return root;
};
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

const ECHO = {
  kind: 'tool',
  name: 'demo_echo_message',
  file: `${TOOLS}/echo.tool.ts`,
  exportName: 'echoTool',
  registered: true,
  registeredAt: [{ path: 'src/index.ts', line: 13 }],
  placeholders: [],
  // The fixtures have no tests: `list` says so (`add test` writes one).
  test: null,
};
const toolFile = (exportName: string, name: string) =>
  `import { tool } from '@cyanheads/mcp-ts-core';\nexport const ${exportName} = tool('${name}', {} as never);\n`;
const WITH_GONE_IMPORT = `import { createApp } from '@cyanheads/mcp-ts-core';
import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';
import { goneTool } from './mcp-server/tools/definitions/gone.tool.js';

await createApp({ tools: [echoTool, goneTool] });
`;

/** Runs list in `root`, checks it wrote nothing, and returns the run. */
function list(root: string, ...flags: string[]) {
  const before = treeDigest(root);
  const r = runCli(['list', ...flags], { cwd: root });
  expect(treeDigest(root)).toBe(before);
  return r;
}

describe('list --json', () => {
  it('everything registered: exit 0, exactly one object, nothing on stderr', () => {
    const r = list(project(), '--json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(parseJsonOut(r)).toEqual({ ok: true, command: 'list', definitions: [ECHO], dangling: [], warnings: [] });
  });

  it('an unregistered tool and service: exit 1, ok false, UNREGISTERED; --cwd works from elsewhere', () => {
    const root = project({
      [`${TOOLS}/forgotten.tool.ts`]: toolFile('forgottenTool', 'demo_forgotten'),
      'src/services/ncbi/ncbi-service.ts':
        'export function initNcbiService() {}\nexport function getNcbiService() {}\n',
    });
    const before = treeDigest(root);
    const r = runCli(['list', '--json', '--cwd', root], { cwd: tmpdir() });
    expect(treeDigest(root)).toBe(before);
    expect(r.status).toBe(1);
    expect(parseJsonOut(r)).toEqual({
      ok: false,
      command: 'list',
      definitions: [
        ECHO,
        {
          kind: 'tool',
          name: 'demo_forgotten',
          file: `${TOOLS}/forgotten.tool.ts`,
          exportName: 'forgottenTool',
          registered: false,
          registeredAt: [],
          placeholders: [],
          test: null,
        },
        {
          kind: 'service',
          name: 'ncbi',
          file: 'src/services/ncbi/ncbi-service.ts',
          exportName: 'initNcbiService',
          registered: false,
          registeredAt: [],
          placeholders: [],
          test: null,
        },
      ],
      dangling: [],
      warnings: [],
      error: {
        code: 'UNREGISTERED',
        message: '2 definitions are not registered: tool demo_forgotten, service ncbi.',
        hint: expect.stringMatching(/\S/),
      },
    });
  });

  it('a registration whose file is gone: exit 1, DANGLING, with the entry and its import', () => {
    const r = list(project({ 'src/index.ts': WITH_GONE_IMPORT }), '--json');
    expect(r.status).toBe(1);
    const out = parseJsonOut(r);
    expect(out).toMatchObject({
      ok: false,
      command: 'list',
      definitions: [{ ...ECHO, registeredAt: [{ path: 'src/index.ts', line: 5 }] }],
    });
    expect(out.dangling).toEqual([
      {
        kind: 'tool',
        path: 'src/index.ts',
        line: 5,
        name: 'goneTool',
        specifier: './mcp-server/tools/definitions/gone.tool.js',
        reason: 'missing-file',
        message:
          "src/index.ts:3 imports from './mcp-server/tools/definitions/gone.tool.js', which is not a file of this project",
      },
    ]);
    expect(out.error).toEqual({
      code: 'DANGLING',
      message: expect.stringContaining('src/index.ts:5 goneTool'),
      hint: expect.stringMatching(/\S/),
    });
  });

  it('a layout it cannot follow: exit 1, UNSUPPORTED_LAYOUT naming file and line', () => {
    const root = project({
      'src/index.ts':
        "import { createApp } from '@cyanheads/mcp-ts-core';\nimport { build } from './build.js';\nawait createApp({ tools: build() });\n",
      'src/build.ts': 'export const build = () => [];\n',
    });
    const r = list(root, '--json');
    expect(r.status).toBe(1);
    expect(parseJsonOut(r)).toEqual({
      ok: false,
      command: 'list',
      error: {
        code: 'UNSUPPORTED_LAYOUT',
        message: 'src/index.ts:3: cannot follow `build()` to an array of definitions',
        hint: expect.stringMatching(/\S/),
        details: [{ path: 'src/index.ts', line: 3, message: 'cannot follow `build()` to an array of definitions' }],
      },
      warnings: [],
    });
  });

  it('not a project: exit 1, NOT_A_PROJECT', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-bin-'));
    roots.push(empty);
    const r = runCli(['list', '--json'], { cwd: empty });
    expect(r.status).toBe(1);
    expect(parseJsonOut(r)).toMatchObject({ ok: false, command: 'list', error: { code: 'NOT_A_PROJECT' } });
  });
});

describe('list, for people', () => {
  it('a table grouped by kind on stdout, exit 0', () => {
    const root = project({
      'src/index.ts': `import { createApp } from '@cyanheads/mcp-ts-core';
import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';
import { echoPrompt } from './mcp-server/prompts/definitions/echo.prompt.js';

await createApp({ tools: [echoTool], prompts: [echoPrompt] });
`,
      'src/mcp-server/prompts/definitions/echo.prompt.ts':
        "import { prompt } from '@cyanheads/mcp-ts-core';\nexport const echoPrompt = prompt('demo_echo', {} as never);\n",
    });
    const r = list(root);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      [
        'Tools (1)',
        `  demo_echo_message  echoTool  ${TOOLS}/echo.tool.ts  src/index.ts:5 (no test)`,
        '',
        'Prompts (1)',
        '  demo_echo  echoPrompt  src/mcp-server/prompts/definitions/echo.prompt.ts  src/index.ts:5 (no test)',
        '',
        '2 definitions: 2 registered, 0 not registered; 0 dangling registrations.',
        '',
      ].join('\n'),
    );
  });

  it('unregistered and dangling: marked in the table, the error on stderr, exit 1', () => {
    const root = project({
      'src/index.ts': WITH_GONE_IMPORT,
      [`${TOOLS}/forgotten.tool.ts`]: toolFile('forgottenTool', 'demo_forgotten'),
    });
    const r = list(root);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`  demo_forgotten     forgottenTool  ${TOOLS}/forgotten.tool.ts  NOT REGISTERED`);
    expect(r.stdout).toContain('Dangling registrations (1)');
    expect(r.stdout).toContain('  tool  goneTool  src/index.ts:5');
    expect(r.stdout).toContain('2 definitions: 1 registered, 1 not registered; 1 dangling registration.');
    expect(r.stderr).toMatch(
      /^error \[DANGLING\] 1 registration no longer resolves .*; 1 definition is not registered\.\n/,
    );
  });

  it('list --help shows examples; --help lists the command; neither loads ts-morph; list does not load Handlebars', () => {
    const help = runCli(['list', '--help']);
    expect(help.status).toBe(0);
    for (const s of ['Examples:', '$ mcp-scaffold list --json', 'UNREGISTERED', 'DANGLING'])
      expect(help.stdout).toContain(s);
    expect(runCli(['--help']).stdout).toMatch(/^\s+list\s+list every tool/m);
    const trace = (args: string[]) =>
      spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, NODE_DEBUG: 'module' }, encoding: 'utf8' })
        .stderr;
    expect(trace(['list', '--help'])).not.toMatch(/ts-morph|handlebars/);
    const loaded = trace(['list', '--cwd', project()]);
    expect(loaded).toMatch(/ts-morph/);
    expect(loaded).not.toMatch(/handlebars/);
  });
});
