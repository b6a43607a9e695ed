/**
 * The init generator over folders held in memory: the exact file list, the content that carries
 * names and user text, the folder rules (empty, non-empty, --force), the upgrade flow, and the
 * naming and version helpers it is built from. Nothing here installs or spawns anything.
 */

import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ScaffoldError } from '../../src/engine/errors.js';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { type InitOptions, initGenerator, outputPath, templateFiles } from '../../src/init/generator.js';
import {
  defaultOwner,
  normalizeRepository,
  npmNameProblem,
  packageNameFromFolder,
  registryName,
  resolvePrefix,
  shortDescription,
} from '../../src/init/naming.js';
import {
  DEPENDENCIES,
  DEV_DEPENDENCIES,
  dependencyMaps,
  FRAMEWORK_PACKAGE,
  isVersionRange,
  lowestVersion,
  staysOnLine,
} from '../../src/init/versions.js';
import { untouched } from '../../src/text/scaffold-stamp.js';
import { tempDir } from '../helpers/temp.js';

const ENV = { username: 'tester', insideGitWorkTree: false };

/** A folder named `name` holding `files`, in memory. */
const folder = (files: Record<string, string> = {}, name = 'demo') =>
  new MemoryHost(files, { root: `/memory/${name}` });

/** Runs the generator on a new folder `demo` (or on `host`). */
function generate(options: Partial<InitOptions> = {}, host = folder()) {
  const tree = new Tree(host);
  const result = initGenerator(tree, { root: host.root, environment: ENV, ...options });
  const files = Object.fromEntries(tree.changes().map((c) => [c.path, c.after]));
  return { tree, result, files, problems: result.problems };
}

const byLocale = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const FRESH_FILES = [
  '.claude-plugin/plugin.json',
  '.codex-plugin/mcp.json',
  '.codex-plugin/plugin.json',
  '.dockerignore',
  '.mcp.json',
  '.env.example',
  '.github/workflows/ci.yml',
  '.gitignore',
  '.mcpbignore',
  'AGENTS.md',
  'CLAUDE.md',
  'Dockerfile',
  'LICENSE',
  'README.md',
  'biome.json',
  'manifest.json',
  'package.json',
  'scripts/devcheck.ts',
  'scripts/lint-mcp.ts',
  'server.json',
  'skills/mcp-scaffold/SKILL.md',
  'src/index.ts',
  'src/mcp-server/prompts/definitions/demo-summarize.prompt.ts',
  'src/mcp-server/resources/definitions/demo-echo.resource.ts',
  'src/mcp-server/tools/definitions/demo-echo-message.tool.ts',
  'tests/prompts/demo-summarize.prompt.test.ts',
  'tests/resources/demo-echo.resource.test.ts',
  'tests/tools/demo-echo-message.tool.test.ts',
  'tsconfig.build.json',
  'tsconfig.json',
  'vitest.config.ts',
].sort(byLocale);

describe('initGenerator: a fresh server', () => {
  it('creates exactly the server files, every one of them new', () => {
    const { tree, result, problems } = generate();
    expect(problems).toEqual([]);
    expect(tree.changes().map((c) => [c.action, c.path])).toEqual(FRESH_FILES.map((p) => ['create', p]));
    expect(result.skipped).toEqual([]);
    expect(result.plan).toEqual({ install: { packageManager: 'npm' }, git: { init: true, commit: true } });
    expect(result.project).toMatchObject({
      name: 'demo',
      prefix: 'demo',
      registryName: 'io.github.tester/demo',
      mode: 'create',
    });
  });

  it('writes src/index.ts with direct, Biome-sorted imports of the three prefixed starters', () => {
    const { files } = generate();
    expect(files['src/index.ts']).toBe(`#!/usr/bin/env node
/**
 * @fileoverview Entry point of the demo MCP server: registers its tools, resources and
 * prompts with the framework and starts the transport chosen by MCP_TRANSPORT_TYPE (stdio by
 * default).
 * @module index
 */

import { createApp } from '@cyanheads/mcp-ts-core';
import { demoSummarizePrompt } from './mcp-server/prompts/definitions/demo-summarize.prompt.js';
import { demoEchoResource } from './mcp-server/resources/definitions/demo-echo.resource.js';
import { demoEchoMessageTool } from './mcp-server/tools/definitions/demo-echo-message.tool.js';

await createApp({
  name: 'demo',
  title: 'demo',
  tools: [demoEchoMessageTool],
  resources: [demoEchoResource],
  prompts: [demoSummarizePrompt],
});
`);
    expect(files['src/mcp-server/tools/definitions/demo-echo-message.tool.ts']).toContain(
      "export const demoEchoMessageTool = tool('demo_echo_message', {",
    );
    expect(files['src/mcp-server/resources/definitions/demo-echo.resource.ts']).toContain(
      "export const demoEchoResource = resource('demo://echo/{message}', {\n  name: 'demo-echo',",
    );
    expect(files['src/mcp-server/prompts/definitions/demo-summarize.prompt.ts']).toContain(
      "export const demoSummarizePrompt = prompt('demo_summarize', {",
    );
  });

  it('fills package.json: scripts, the pinned dependencies, mcpName, bin', () => {
    const { files } = generate({ description: 'Weather for agents.' });
    const pkg = JSON.parse(files['package.json']!);
    expect(pkg).toMatchObject({
      name: 'demo',
      version: '0.1.0',
      description: 'Weather for agents.',
      mcpName: 'io.github.tester/demo',
      type: 'module',
      bin: { demo: 'dist/index.js' },
      license: 'Apache-2.0',
      engines: { node: '>=24.0.0' },
    });
    expect(Object.keys(pkg.scripts)).toEqual(
      expect.arrayContaining(['build', 'devcheck', 'test', 'format', 'lint:mcp', 'start', 'start:stdio', 'start:http']),
    );
    expect(pkg.scripts.devcheck).toBe('tsx scripts/devcheck.ts');
    expect(pkg.scripts.build).toBe('tsc -p tsconfig.build.json && tsc-alias -p tsconfig.build.json');
    expect(JSON.stringify(pkg.scripts)).not.toContain('bun');
    expect(pkg.dependencies).toEqual(dependencyMaps().dependencies);
    expect(pkg.devDependencies).toEqual(dependencyMaps().devDependencies);
    expect(pkg.dependencies[FRAMEWORK_PACKAGE]).toBe('^0.10.17');
    expect(pkg.repository).toBeUndefined();
  });

  it('fills server.json so the framework linter has nothing to say about it', () => {
    const { files } = generate({ description: 'Weather for agents.', owner: 'acme' });
    const server = JSON.parse(files['server.json']!);
    expect(server).toMatchObject({
      name: 'io.github.acme/demo',
      description: 'Weather for agents.',
      version: '0.1.0',
      packages: [
        { registryType: 'npm', identifier: 'demo', version: '0.1.0', transport: { type: 'stdio' } },
        {
          registryType: 'npm',
          identifier: 'demo',
          version: '0.1.0',
          transport: { type: 'streamable-http', url: 'http://localhost:3010/mcp' },
        },
      ],
    });
    expect(server.packages[1].environmentVariables).toContainEqual(
      expect.objectContaining({ name: 'MCP_TRANSPORT_TYPE', default: 'http' }),
    );
    expect(server.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(server.repository).toBeUndefined();
    expect(JSON.parse(files['package.json']!).mcpName).toBe(server.name);
  });

  it('records the repository in server.json and package.json when one is known', () => {
    const fromFlag = generate({ repository: 'git@github.com:acme/demo.git' }).files;
    expect(JSON.parse(fromFlag['server.json']!).repository).toEqual({
      url: 'https://github.com/acme/demo',
      source: 'github',
    });
    expect(JSON.parse(fromFlag['package.json']!).repository).toEqual({
      type: 'git',
      url: 'https://github.com/acme/demo',
    });
    const fromGit = generate({ environment: { ...ENV, gitRemote: 'https://gitlab.com/acme/demo.git' } }).files;
    expect(JSON.parse(fromGit['server.json']!).repository).toEqual({
      url: 'https://gitlab.com/acme/demo',
      source: 'gitlab',
    });
  });

  it('keeps AGENTS.md and CLAUDE.md byte-identical, pointing agents at mcp-scaffold --json', () => {
    const { files } = generate();
    expect(files['CLAUDE.md']).toBe(files['AGENTS.md']);
    expect(files['AGENTS.md']).toContain('npx mcp-scaffold add tool demo_<verb>_<noun>');
    expect(files['AGENTS.md']).toContain('--json');
    expect(files['AGENTS.md']).toMatch(/Do not create definition files or edit the registrations/);
  });

  it('says in README.md and AGENTS.md how a tool error reaches a client on the line it installs', () => {
    // Text as a reader sees it, whatever the line breaks; section: AGENTS.md from that heading on.
    const docs = (frameworkVersion: string) => {
      const { files } = generate({ frameworkVersion });
      const flat = (file: string) => files[file]!.replace(/\s+/g, ' ');
      expect(files['CLAUDE.md']).toBe(files['AGENTS.md']);
      const agents = flat('AGENTS.md');
      return {
        readme: flat('README.md'),
        agents: agents.slice(agents.indexOf('## How a tool error reaches a client')),
      };
    };
    const THROWS = /`callTool\(\)` rejects with an `McpError`, code -32602/;
    const WAY_ROUND = "`client.request({ method: 'tools/call', params: { name, arguments } }, CallToolResultSchema)`";
    for (const [range, line] of [
      ['^0.9.21', '0.9'],
      ['^0.10.17', '0.10'],
      ['~0.11.5', '0.11'],
    ]) {
      const { readme, agents } = docs(range!);
      expect(agents, range).toMatch(/^## How a tool error reaches a client /);
      expect(agents, range).toContain(
        `On the framework's ${line} line the \`outputSchema\` in \`tools/list\` has only`,
      );
      expect(agents, range).toMatch(THROWS);
      expect(agents, range).toContain(WAY_ROUND);
      expect(readme, range).toContain(`On framework ${line}, a tool that fails`);
      expect(readme, range).toContain("1.x client's `callTool()` throws `McpError` -32602");
      expect(readme, range).toContain('CallToolResultSchema');
    }
    for (const range of ['^0.12.3', '0.12.0']) {
      const { readme, agents } = docs(range);
      expect(agents, range).toContain("On the framework's 0.12 line the `outputSchema` in `tools/list` declares");
      expect(agents, range).toContain("so the stock client's `callTool()` returns the error result");
      expect(agents, range).not.toMatch(THROWS);
      expect(agents, range).not.toContain('CallToolResultSchema');
      expect(readme, range).toContain('On framework 0.12, a tool that fails');
      expect(readme, range).toContain("a client's `callTool()` returns that result");
      expect(readme, range).not.toContain('throws');
    }
  });

  it("AGENTS.md's testing section shows both offline patterns: fetch stubbed, the service's method stubbed", () => {
    const { files } = generate();
    const testing = /## Testing\n([\s\S]*?)\n## /.exec(files['AGENTS.md']!)?.[1] ?? '';
    expect(testing).toContain("beforeEach(() => vi.stubGlobal('fetch', upstream));");
    expect(testing).toContain("vi.spyOn(getBooksService(), 'search').mockResolvedValue(");
    expect(files['AGENTS.md']).toContain('add service <domain> --description "…" --json   # add --storage');
  });

  it('records what it wrote in each starter definition and test, untouched; nothing else carries a record', () => {
    const { files } = generate();
    const starters = Object.keys(files).filter((f) => /^(src\/mcp-server|tests)\/.*\.ts$/.test(f));
    expect(starters).toHaveLength(6);
    for (const [file, content] of Object.entries(files)) {
      expect(untouched(content), file).toBe(starters.includes(file));
    }
  });

  it('writes .mcp.json starting mcp-scaffold mcp as mcp-scaffold was launched (npx by default)', () => {
    expect(JSON.parse(generate().files['.mcp.json']!)).toEqual({
      mcpServers: { 'mcp-scaffold': { command: 'npx', args: ['mcp-scaffold', 'mcp'] } },
    });
    const linked = generate({
      environment: { ...ENV, scaffoldWords: ['node', '/opt/mcp-scaffold/bin/mcp-scaffold.js'] },
    });
    expect(JSON.parse(linked.files['.mcp.json']!).mcpServers['mcp-scaffold']).toEqual({
      command: 'node',
      args: ['/opt/mcp-scaffold/bin/mcp-scaffold.js', 'mcp'],
    });
  });

  it('writes an agent skill with name and description frontmatter', () => {
    const skill = generate().files['skills/mcp-scaffold/SKILL.md']!;
    const front = /^---\n([\s\S]*?)\n---\n/.exec(skill)?.[1] ?? '';
    expect(front).toMatch(/^name: mcp-scaffold$/m);
    expect(front).toMatch(/^description: >\n {2}\S/m);
    for (const s of ['--json', 'Exit', 'NAME_INVALID', 'add tool', 'add resource', 'add prompt', 'add service']) {
      expect(skill).toContain(s);
    }
  });

  it('leaves no template syntax behind and ends every file with one newline', () => {
    for (const [file, content] of Object.entries(generate().files)) {
      expect(content, file).not.toMatch(/\{\{|\}\}/);
      expect(content.endsWith('\n') && !content.endsWith('\n\n'), file).toBe(true);
    }
  });

  it('keeps every code line within Biome width 100 even with the longest prefix', () => {
    const prefix = 'abcdefghij_klmnopqrs';
    expect(prefix.length).toBe(20);
    const { files } = generate({ name: 'wide', prefix });
    for (const [file, content] of Object.entries(files)) {
      if (!file.endsWith('.ts')) continue;
      for (const line of content.split('\n')) {
        if (/^\s*(import|\*|\/\/)/.test(line)) continue; // Biome leaves imports and comments long
        expect(line.length, `${file}: ${line}`).toBeLessThanOrEqual(100);
      }
    }
    expect(Object.keys(files)).toContain('src/mcp-server/tools/definitions/abcdefghij-klmnopqrs-echo-message.tool.ts');
    expect(files['src/mcp-server/resources/definitions/abcdefghij-klmnopqrs-echo.resource.ts']).toContain(
      "resource('abcdefghij-klmnopqrs://echo/{message}'",
    );
  });

  it('carries user text into JSON and Markdown exactly, and into no code', () => {
    const description = 'Quotes \' " back\\slash `tick` ${x} */ ünï 👋\nsecond line';
    const { files } = generate({ description });
    expect(JSON.parse(files['package.json']!).description).toBe(description);
    expect(JSON.parse(files['server.json']!).description).toBe(shortDescription(description));
    expect(files['README.md']).toContain(description);
    for (const [file, content] of Object.entries(files)) {
      if (file.endsWith('.ts')) expect(content, file).not.toContain('ünï');
    }
  });

  it('takes a scoped package name: bin, identifier and registry name use its parts', () => {
    const { files, result } = generate({ name: '@acme/weather-mcp-server' }, folder({}, 'weather'));
    const pkg = JSON.parse(files['package.json']!);
    expect(pkg.name).toBe('@acme/weather-mcp-server');
    expect(pkg.bin).toEqual({ 'weather-mcp-server': 'dist/index.js' });
    expect(pkg.mcpName).toBe('io.github.acme/weather-mcp-server');
    expect(result.project.prefix).toBe('weather');
    expect(files['src/index.ts']).toContain("name: 'weather-mcp-server',");
    expect(Object.keys(files)).toContain('src/mcp-server/tools/definitions/weather-echo-message.tool.ts');
  });

  it('writes bun commands for a bun project and pm-specific docs', () => {
    const { files } = generate({ pm: 'bun' });
    const pkg = JSON.parse(files['package.json']!);
    expect(pkg.scripts.devcheck).toBe('bun scripts/devcheck.ts');
    expect(pkg.scripts['lint:mcp']).toBe('bun scripts/lint-mcp.ts');
    expect(files['README.md']).toContain('bun run devcheck --no-fix');
    expect(generate({ pm: 'npm' }).files['README.md']).toContain('npm run devcheck -- --no-fix');
  });

  it('applies --framework-version, and refuses tags', () => {
    const { files, result } = generate({ frameworkVersion: '~0.10.16' });
    expect(JSON.parse(files['package.json']!).dependencies[FRAMEWORK_PACKAGE]).toBe('~0.10.16');
    expect(result.warnings).toEqual([]);
    expect(generate({ frameworkVersion: '^0.12.0' }).result.warnings).toEqual([]);
    const other = generate({ frameworkVersion: '>=0.11.5 <0.13' });
    expect(other.result.warnings.join(' ')).toContain('written for the @cyanheads/mcp-ts-core 0.11 line');
    const bad = generate({ frameworkVersion: 'latest' });
    expect(bad.problems.map((p) => p.code)).toEqual(['OPTION_INVALID']);
  });

  it('leaves out the server and prompt titles where the range lets npm install a framework older than 0.10.3', () => {
    const promptFile = (files: Record<string, string>) =>
      Object.entries(files).find(([p]) => p.endsWith('.prompt.ts'))![1];
    expect(promptFile(generate({}).files)).toContain("  title: 'Summarize Text',\n");
    expect(promptFile(generate({ frameworkVersion: '~0.10.3' }).files)).toContain("  title: 'Summarize Text',\n");
    expect(generate({}).files['src/index.ts']).toContain('  title: ');
    for (const old of ['^0.9.21', '>=0.9 <0.11', '^0.10.17 || ^0.9.0', '0.10.x', '<0.11']) {
      const { files } = generate({ frameworkVersion: old });
      expect(promptFile(files), old).not.toContain('title:');
      expect(files['src/index.ts'], old).not.toContain('title:');
    }
  });

  it('lowestVersion: the smallest version a range admits', () => {
    const cases: [string, string][] = [
      ['^0.10.17', '0.10.17'],
      ['~0.10.3', '0.10.3'],
      ['0.10.x', '0.10.0'],
      ['>=0.10.2 <=0.10.9', '0.10.2'],
      ['0.9.1 - 0.10.0', '0.9.1'],
      ['^0.11.0 || ^0.9.21', '0.9.21'],
      ['<0.12', '0.0.0'],
      ['=0.10.3', '0.10.3'],
    ];
    for (const [range, lowest] of cases) expect(lowestVersion(range), range).toBe(lowest);
  });

  it('plans no install and no git when told, and no git inside a work tree', () => {
    expect(generate({ install: false, git: false }).result.plan).toEqual({ install: undefined, git: undefined });
    const inside = generate({ environment: { ...ENV, insideGitWorkTree: true } }).result;
    expect(inside.plan.git).toBeUndefined();
    expect(inside.notes.join(' ')).toContain('inside a git work tree');
  });

  it('refuses invalid package names and names the flag', () => {
    for (const name of ['Demo', 'my server', '.hidden', 'node_modules', 'http', '@acme', 'a/b/c']) {
      const call = () => generate({ name });
      expect(call, name).toThrow(ScaffoldError);
      try {
        call();
      } catch (e) {
        expect((e as ScaffoldError).code).toBe('NAME_INVALID');
        expect((e as ScaffoldError).hint).toContain('--name');
      }
    }
  });
});

describe('initGenerator: where it writes', () => {
  it('accepts an empty folder, or one holding only .git', () => {
    const { tree, problems } = generate({}, folder({ '.git/HEAD': 'ref: refs/heads/main\n' }));
    expect(problems).toEqual([]);
    expect(tree.changes()).toHaveLength(FRESH_FILES.length);
  });

  it('refuses a non-empty folder, listing what is in the way, and writes nothing', () => {
    const { problems } = generate({}, folder({ 'notes.txt': 'mine\n', 'README.md': '# mine\n', 'data/x.csv': '1\n' }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'CONFLICT' });
    expect(problems[0]!.message).toContain('README.md, data/, notes.txt');
    expect(problems[0]!.hint).toContain('--force');
  });

  it('with --force writes into it, replacing same-named files and leaving the others', () => {
    const { tree, problems } = generate({ force: true }, folder({ 'notes.txt': 'mine\n', 'README.md': '# mine\n' }));
    expect(problems).toEqual([]);
    const actions = Object.fromEntries(tree.changes().map((c) => [c.path, c.action]));
    expect(actions['README.md']).toBe('update');
    expect(actions['notes.txt']).toBeUndefined();
  });
});

describe('initGenerator: the upgrade flow', () => {
  const existingServer = () =>
    folder({
      'package.json': `${JSON.stringify({ name: 'acme-server', description: 'Acme tools.', dependencies: { [FRAMEWORK_PACKAGE]: '^0.10.0' } }, null, 2)}\n`,
      'src/index.ts': '// mine\n',
      'src/mcp-server/tools/definitions/acme-get-item.tool.ts': "export const t = tool('acme_get_item', {});\n",
      'README.md': '# mine\n',
      'CLAUDE.md': '# my agent notes\n',
    });

  it('writes only missing tooling files, never starters, never over a file', () => {
    const { tree, result, problems } = generate({ mode: 'upgrade', force: true }, existingServer());
    expect(problems).toEqual([]);
    const changes = tree.changes();
    expect(changes.every((c) => c.action === 'create')).toBe(true);
    expect(changes.map((c) => c.path)).toEqual(
      [
        '.claude-plugin/plugin.json',
        '.codex-plugin/mcp.json',
        '.codex-plugin/plugin.json',
        '.dockerignore',
        '.env.example',
        '.github/workflows/ci.yml',
        '.gitignore',
        '.mcp.json',
        '.mcpbignore',
        'AGENTS.md',
        'Dockerfile',
        'LICENSE',
        'biome.json',
        'manifest.json',
        'scripts/devcheck.ts',
        'scripts/lint-mcp.ts',
        'server.json',
        'skills/mcp-scaffold/SKILL.md',
        'tsconfig.build.json',
        'tsconfig.json',
        'vitest.config.ts',
      ].sort(byLocale),
    );
    expect(result.skipped).toEqual(['CLAUDE.md', 'README.md', 'package.json']);
    expect(tree.read('AGENTS.md')).toBe('# my agent notes\n');
    expect(result.project).toMatchObject({ name: 'acme-server', prefix: 'acme', mode: 'upgrade' });
    expect(result.plan).toEqual({ install: undefined, git: undefined });
    expect(result.notes.join(' ')).toContain('tsx');
    expect(result.notes.join(' ')).toContain('--force does not replace');
  });

  it("names the server as its own server.json does, even without an owner part (the framework's init writes one)", () => {
    const root = folder({
      'package.json': `${JSON.stringify({ name: 'demo', mcpName: 'demo', dependencies: { [FRAMEWORK_PACKAGE]: '^0.10.17' } }, null, 2)}\n`,
      'server.json': `${JSON.stringify({ name: 'demo', version: '0.1.0' }, null, 2)}\n`,
    });
    const { files, result } = generate({ mode: 'upgrade' }, root);
    expect(result.project.registryName).toBe('demo');
    expect(files['README.md']).toContain('as `demo`;');
    expect(files['AGENTS.md']).toContain('named `demo`.');
    expect(files['README.md']).not.toContain('io.github.tester');
    const withOwner = generate({ mode: 'upgrade', owner: 'acme' }, root);
    expect(withOwner.result.project.registryName).toBe('demo');
    expect(withOwner.result.warnings.join(' ')).toContain('--owner acme changes nothing');
  });

  it('changes nothing the second time', () => {
    const host = folder();
    const first = generate({}, host);
    host.flush(first.tree.changes());
    const again = generate({ mode: 'upgrade' }, host);
    expect(again.tree.changes()).toEqual([]);
    expect(again.result.skipped).toEqual(FRESH_FILES.filter((f) => !f.startsWith('src/') && !f.startsWith('tests/')));
  });
});

describe('templates', () => {
  it('map onto output paths: dot-files restored, placeholders filled', () => {
    const bases = { tool: 't', resource: 'r', prompt: 'p' };
    expect(templateFiles().map((t) => outputPath(t, bases))).toEqual(
      expect.arrayContaining([
        '.gitignore',
        '.env.example',
        'src/mcp-server/tools/definitions/t.tool.ts',
        'tests/prompts/p.prompt.test.ts',
      ]),
    );
    expect(templateFiles().every((t) => t.endsWith('.hbs'))).toBe(true);
  });
});

describe('naming', () => {
  it('follows npm package-name rules, scoped names included', () => {
    for (const ok of ['demo', 'weather-server', '@acme/weather', 'a.b_c~d', 'x'.repeat(214)]) {
      expect(npmNameProblem(ok), ok).toBeUndefined();
    }
    expect(npmNameProblem('')).toBe('it is empty');
    expect(npmNameProblem('Demo')).toBe('it has capital letters');
    expect(npmNameProblem('_x')).toBe('it starts with a dot or an underscore');
    expect(npmNameProblem('fs')).toBe('"fs" is a Node.js core module');
    expect(npmNameProblem('a b')).toBe('it contains " "');
    expect(npmNameProblem('x'.repeat(215))).toContain('214');
    expect(npmNameProblem('@a/b/c')).toBe('a scoped name is @scope/name');
  });

  it('makes a folder name valid for npm, keeping the base letter of accented ones, and says so', () => {
    expect(packageNameFromFolder('sérveur')).toBe('serveur');
    expect(packageNameFromFolder('Crème Brûlée')).toBe('creme-brulee');
    expect(packageNameFromFolder('My Server')).toBe('my-server');
    const { result } = generate({}, folder({}, 'Météo Server'));
    expect(result.project.name).toBe('meteo-server');
    expect(result.notes.join('\n')).toContain(
      'The package is named meteo-server (the folder name "Météo Server" made valid for npm)',
    );
    expect(generate({}).result.notes.join('\n')).not.toContain('made valid for npm');
  });

  it('derives the tool prefix from the package name, or takes --prefix', () => {
    expect(resolvePrefix('demo', undefined)).toBe('demo');
    expect(resolvePrefix('@acme/pubmed-mcp-server', undefined)).toBe('pubmed');
    expect(resolvePrefix('weather-api', undefined)).toBe('weather_api');
    expect(resolvePrefix('averyveryverylongname-andmore-words', undefined)).toBe('averyveryverylongnam');
    expect(resolvePrefix('demo', 'AcmeLabs')).toBe('acme_labs');
    expect(() => resolvePrefix('demo', 'a b')).toThrow(/Invalid server prefix/);
    expect(() => resolvePrefix('123', undefined)).toThrow(/--prefix/);
  });

  it('makes the registry name from an owner: GitHub handle or reverse-DNS', () => {
    expect(registryName('acme', '@x/weather')).toBe('io.github.acme/weather');
    expect(registryName('com.acme', 'weather')).toBe('com.acme/weather');
    expect(() => registryName('not valid', 'weather')).toThrow(/--owner/);
    expect(defaultOwner('@acme/weather', 'bob')).toBe('acme');
    expect(defaultOwner('weather', 'Bob Smith')).toBe('Bob-Smith');
    expect(defaultOwner('weather', undefined)).toBe('example');
  });

  it('normalizes repository URLs from git remotes', () => {
    expect(normalizeRepository('git@github.com:acme/x.git')).toEqual({
      url: 'https://github.com/acme/x',
      source: 'github',
    });
    expect(normalizeRepository('https://github.com/acme/x.git')).toEqual({
      url: 'https://github.com/acme/x',
      source: 'github',
    });
    expect(normalizeRepository('git+https://gitlab.com/acme/sub/x')).toEqual({
      url: 'https://gitlab.com/acme/sub/x',
      source: 'gitlab',
    });
    expect(normalizeRepository('github.com/acme/x')).toEqual({ url: 'https://github.com/acme/x', source: 'github' });
    expect(normalizeRepository('not a url')).toBeUndefined();
  });

  it('shortens descriptions for server.json to 100 characters', () => {
    expect(shortDescription('Short.')).toBe('Short.');
    const long = `First sentence is here. ${'word '.repeat(40)}`;
    expect(shortDescription(long)).toBe('First sentence is here.');
    const noStop = 'word '.repeat(40);
    expect(shortDescription(noStop).length).toBeLessThanOrEqual(100);
    expect(shortDescription(noStop).endsWith('…')).toBe(true);
  });
});

describe('versions', () => {
  it('pins every dependency with a resolvable range; tools that must not drift are exact', () => {
    for (const [name, pin] of Object.entries({ ...DEPENDENCIES, ...DEV_DEPENDENCIES })) {
      expect(isVersionRange(pin.range), name).toBe(true);
    }
    expect(DEV_DEPENDENCIES['@biomejs/biome'].range).toBe('2.5.4');
    expect(DEV_DEPENDENCIES.vitest.range).toBe('4.1.12');
    expect(DEV_DEPENDENCIES.vite.range).toBe('8.3.8');
    expect(DEV_DEPENDENCIES.typescript.range).toMatch(/^\^6\./);
    expect(DEPENDENCIES[FRAMEWORK_PACKAGE].range).toBe('^0.10.17');
  });

  it('sorts the maps and overrides only the framework', () => {
    const { dependencies, devDependencies } = dependencyMaps('0.10.16');
    expect(Object.keys(devDependencies)).toEqual([...Object.keys(devDependencies)].sort());
    expect(dependencies[FRAMEWORK_PACKAGE]).toBe('0.10.16');
    expect(dependencies.zod).toBe(DEPENDENCIES.zod.range);
  });

  it('tells which ranges stay on the 0.10 line the starter code is written for', () => {
    for (const on of [
      '0.10.17',
      '^0.10.17',
      '~0.10',
      '0.10.x',
      '=0.10.3',
      '>=0.10.17 <0.11',
      '>= 0.10.0 < 0.11.0',
      '>=0.10.2 <=0.10.9',
      '0.10.1 - 0.10.9',
    ]) {
      expect(staysOnLine(on, '0.10'), on).toBe(true);
    }
    for (const off of [
      '^0.11.0',
      '0.11.x',
      '>=0.10.17',
      '^0.10.17 || ^0.11.0',
      '~0',
      '1.2.3-beta.1',
      '>=0.9 <0.11',
      '0.10.1 - 0.11.0',
    ]) {
      expect(staysOnLine(off, '0.10'), off).toBe(false);
    }
    expect(generate({ frameworkVersion: '>=0.10.17 <0.11' }).result.warnings).toEqual([]);
    expect(generate({ frameworkVersion: '^0.10.17 || ^0.11.0' }).result.warnings.join(' ')).toContain(
      'run devcheck after installing',
    );
  });

  it('tells version ranges from tags and URLs', () => {
    for (const ok of [
      '0.10.17',
      '^0.10.17',
      '~0.10',
      '>=0.10.0 <0.11.0',
      '0.10.x',
      '^0.10.0 || ^0.11.0',
      '1.0.0-beta.1',
    ]) {
      expect(isVersionRange(ok), ok).toBe(true);
    }
    for (const bad of ['latest', '*', 'next', 'github:x/y', 'https://x', '']) {
      expect(isVersionRange(bad), bad).toBe(false);
    }
  });
});

// Each case starts a Node process: on a loaded machine that takes seconds, not milliseconds.
describe("the generated devcheck's command line (run with node, before any check starts)", { timeout: 60_000 }, () => {
  /** The rendered scripts/devcheck.ts, stripped of types, run in an empty folder. */
  function devcheck(...args: string[]) {
    return devcheckWith({}, ...args);
  }

  function devcheckWith(env: Record<string, string>, ...args: string[]) {
    return devcheckIn({}, env, ...args);
  }

  /** The devcheck run in a folder that also holds `files` (fake tools in node_modules/.bin, say). */
  function devcheckIn(files: Record<string, string>, env: Record<string, string>, ...args: string[]) {
    const source = generate().files['scripts/devcheck.ts']!;
    const js = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const dir = tempDir({ 'devcheck.mjs': js, ...files });
    for (const bin of Object.keys(files).filter((f) => f.startsWith('node_modules/.bin/'))) {
      chmodSync(path.join(dir, bin), 0o755);
    }
    const r = spawnSync(process.execPath, [path.join(dir, 'devcheck.mjs'), ...args], {
      cwd: dir,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { ...r, dir };
  }

  it('--only with a fragment of a check name is an error, not several checks run', () => {
    const r = devcheck('--only', 's');
    expect(r.stderr).toContain('--only s matches no check');
    expect(r.status).toBe(2);
  });

  it('unknown flags and a name that matches nothing exit 2 with the usage; --help exits 0', () => {
    for (const args of [['--bogus'], ['--only', 'nope'], ['--only'], ['--changed'], ['--changed', '--fast']]) {
      const r = devcheck(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain('Usage: devcheck');
    }
    const help = devcheck('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--only <check>');
  });

  it('runs the changed test files with vitest, once Biome is done with them; no changed test, no tests', () => {
    // Biome takes its time and leaves a mark; vitest passes only once the mark is there.
    const files = {
      'node_modules/.bin/biome': '#!/bin/sh\nsleep 1\ntouch biome.done\n',
      'node_modules/.bin/vitest': '#!/bin/sh\necho "$@" > vitest.args\n[ -f biome.done ] && echo "Tests  1 passed"\n',
      'tests/a.tool.test.ts': '',
      'src/a.tool.ts': '',
    };
    const changed = JSON.stringify(['src/a.tool.ts', 'tests/a.tool.test.ts', 'tests/gone.tool.test.ts']);
    const r = devcheckIn(files, { MCP_SCAFFOLD_CHANGED: changed }, '--only', 'biome,tests');
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/✔ Tests .*1 test passed/);
    expect(readFileSync(path.join(r.dir, 'vitest.args'), 'utf8')).toBe('run tests/a.tool.test.ts\n');

    const none = devcheckIn(files, { MCP_SCAFFOLD_CHANGED: JSON.stringify(['src/a.tool.ts']) }, '--no-fix');
    expect(none.stdout).toContain('skipped (no changed test; --test runs all)');
  });

  it('MCP_SCAFFOLD_CHANGED that is not a JSON array of paths is a usage error, not a full run', () => {
    for (const value of ['src/index.ts', '{"files":[]}', '[1]']) {
      const r = devcheckWith({ MCP_SCAFFOLD_CHANGED: value });
      expect(r.status, value).toBe(2);
      expect(r.stderr, value).toContain('MCP_SCAFFOLD_CHANGED must be a JSON array of paths');
    }
    expect(devcheck('--help').stdout).toContain('--changed <file>');
  });
});
