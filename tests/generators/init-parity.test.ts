/**
 * What init writes beyond the server's code, in memory: the version chosen (registry answer,
 * range, packed .tgz of the real 0.11.5 and 0.12.3 from ../shared/frameworks/) and the starter
 * code that fits it; package.json, server.json and manifest.json as Biome prints them; the
 * Dockerfile, CI workflow, .mcpbignore and LICENSE; and the upgrade flow's refresh of the
 * framework's skills and tsconfig split, run on the real packages unpacked into a temp server.
 */

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DiskHost } from '../../src/engine/host.js';
import { JOURNAL_FILE, tempName } from '../../src/engine/journal-format.js';
import { LOCK_FILE } from '../../src/engine/lock.js';
import { tempFolderName } from '../../src/engine/new-folder.js';
import { Tree } from '../../src/engine/tree.js';
import { type InitOptions, initGenerator } from '../../src/init/generator.js';
import { LICENSES } from '../../src/init/licenses.js';
import { formatJson } from '../../src/init/manifests.js';
import { externalSkillFiles, installedSkillFiles, skillAudience, skillSetting } from '../../src/init/skills.js';
import { readTarEntry, tarballPackage } from '../../src/init/tarball.js';
import { starterLine } from '../../src/init/versions.js';
import { frameworkTarball, unpackFramework } from '../helpers/framework-tarballs.js';
import { tempDir } from '../helpers/temp.js';

const TARBALL = frameworkTarball;
const ENV = { username: 'tester', insideGitWorkTree: false, year: 2026 };
const FRAMEWORK = '@cyanheads/mcp-ts-core';

function generate(options: Partial<InitOptions> = {}, root = path.join(tempDir(), 'demo')) {
  const tree = new Tree(new DiskHost(root));
  const result = initGenerator(tree, { root, environment: ENV, ...options });
  const files = Object.fromEntries(tree.changes().map((c) => [c.path, c.after]));
  return { tree, result, files, root };
}

/** A real framework package, unpacked from its tarball into `<root>/node_modules/@cyanheads/mcp-ts-core`. */
function unpackInto(root: string, version: string): string {
  return unpackFramework(version, path.join(root, 'node_modules', FRAMEWORK));
}

const toolTest = (files: Record<string, string>) =>
  Object.entries(files).find(([p]) => p.endsWith('.tool.test.ts'))![1];

describe('which framework, and the starter code for it', () => {
  it('defaults to a caret range on the newest release the registry gave, else the pinned one', () => {
    const latest = generate({ latestFrameworkVersion: '0.12.3' });
    expect(JSON.parse(latest.files['package.json']!).dependencies[FRAMEWORK]).toBe('^0.12.3');
    expect(latest.result.project).toMatchObject({ frameworkRange: '^0.12.3', frameworkVersion: '0.12.3' });
    expect(latest.result.warnings).toEqual([]);
    const pinned = generate();
    expect(JSON.parse(pinned.files['package.json']!).dependencies[FRAMEWORK]).toBe('^0.10.17');
  });

  it('reads a packed framework for its version and depends on it as file:<absolute path>', () => {
    for (const version of ['0.11.5', '0.12.3']) {
      expect(tarballPackage(TARBALL(version))).toEqual({ name: FRAMEWORK, version });
      const { files, result } = generate({ frameworkVersion: TARBALL(version) });
      expect(JSON.parse(files['package.json']!).dependencies[FRAMEWORK]).toBe(`file:${TARBALL(version)}`);
      expect(result.project.frameworkVersion).toBe(version);
    }
  });

  it('refuses a .tgz that is missing or is not the framework', () => {
    const missing = generate({ frameworkVersion: path.join(tempDir(), 'nope.tgz') });
    expect(missing.result.problems.map((p) => p.code)).toEqual(['OPTION_INVALID']);
    expect(missing.result.problems[0]!.message).toContain('is not a packed @cyanheads/mcp-ts-core');
  });

  it("types the starter tool's mock context as each line allows", () => {
    // 0.10: createMockContext returns a plain Context, so the test casts to the handler's type.
    const old = toolTest(generate({ frameworkVersion: '^0.10.17' }).files);
    expect(old).toContain("import type { HandlerContext, ReasonOf } from '@cyanheads/mcp-ts-core';");
    expect(old).toContain('as ToolContext;');
    // 0.11.3 and later type it from the error contract given.
    for (const flag of ['^0.11.5', TARBALL('0.11.5'), TARBALL('0.12.3')]) {
      const typed = toolTest(generate({ frameworkVersion: flag }).files);
      expect(typed, flag).toContain(
        'const mockContext = () => createMockContext({ errors: demoEchoMessageTool.errors });',
      );
      expect(typed, flag).not.toContain('HandlerContext');
    }
    expect(toolTest(generate({ frameworkVersion: '0.11.0' }).files)).toContain('as ToolContext;');
  });

  it('maps versions onto the lines the starters are written for', () => {
    expect(['0.9.21', '0.10.0', '0.10.17', '0.11.5', '0.12.3', '0.13.0'].map(starterLine)).toEqual([
      '0.10',
      '0.10',
      '0.10',
      '0.11',
      '0.12',
      '0.12',
    ]);
  });

  it('type-checks tests on every line: tsconfig.json over src and tests, the build over src', () => {
    for (const flag of [TARBALL('0.11.5'), TARBALL('0.12.3'), '^0.11.4', '^0.11.3', '^0.10.17']) {
      const { files } = generate({ frameworkVersion: flag });
      const main = JSON.parse(files['tsconfig.json']!);
      expect(main.compilerOptions, flag).toMatchObject({ rootDir: '.', noEmit: true });
      expect(main.include).toEqual(['src/**/*', 'tests/**/*']);
      const build = JSON.parse(files['tsconfig.build.json']!);
      expect(build.compilerOptions).toMatchObject({ rootDir: 'src', noEmit: false });
      expect(build.include).toEqual(['src/**/*']);
    }
  });
});

describe('JSON as Biome prints it', () => {
  it('puts objects one key per line and short arrays of plain values on one line', () => {
    expect(formatJson({ a: [], b: {}, c: ['x', 'y'], d: { e: 1 } })).toBe(
      '{\n  "a": [],\n  "b": {},\n  "c": ["x", "y"],\n  "d": {\n    "e": 1\n  }\n}\n',
    );
    const long = Array.from({ length: 12 }, (_, i) => `item-number-${i}`);
    expect(formatJson({ list: long })).toBe(`{\n  "list": [\n${long.map((s) => `    "${s}"`).join(',\n')}\n  ]\n}\n`);
    expect(formatJson({ list: [{ a: 1 }] })).toBe('{\n  "list": [\n    {\n      "a": 1\n    }\n  ]\n}\n');
  });
});

describe('the files beyond the code', () => {
  it('manifest.json: an MCP bundle of dist/index.js under the unscoped name', () => {
    const { files } = generate({ name: '@acme/weather', owner: 'acme', description: 'Weather.' });
    const manifest = JSON.parse(files['manifest.json']!);
    expect(manifest).toMatchObject({
      manifest_version: '0.3',
      name: 'weather',
      version: '0.1.0',
      description: 'Weather.',
      author: { name: 'acme' },
      server: { type: 'node', entry_point: 'dist/index.js', mcp_config: { command: 'node' } },
      compatibility: { runtimes: { node: '>=24.0.0' } },
    });
    expect(manifest.server.mcp_config.args).toEqual(['${__dirname}/dist/index.js']);
    expect(manifest.server.mcp_config.env.MCP_TRANSPORT_TYPE).toBe('stdio');
  });

  it(".mcpbignore anchors the root dev folders the framework's packaging lint checks", () => {
    const ignore = generate().files['.mcpbignore']!.split('\n');
    for (const dir of ['/skills/', '/.agents/', '/.claude/']) expect(ignore).toContain(dir);
    expect(ignore.filter((l) => /^(skills|\.agents|\.claude)\//.test(l))).toEqual([]);
  });

  it(".gitignore keeps out what mcp-scaffold leaves while it writes: lock, journal, temps, a new folder's temp", () => {
    const { files } = generate();
    const repo = tempDir({ '.gitignore': files['.gitignore']! });
    expect(spawnSync('git', ['init', '-q'], { cwd: repo }).status).toBe(0);
    // Named by the code that makes them, in the root and in a folder below it.
    const names = [
      JOURNAL_FILE,
      `${JOURNAL_FILE}.4242.tmp`,
      LOCK_FILE,
      `${LOCK_FILE}.break`,
      tempName(4242, 7),
      `src/${tempName(4242, 0)}`,
      `src/${tempName(4242, 0)}.undo`,
      tempFolderName('demo', 4242),
    ];
    const ignored = spawnSync('git', ['check-ignore', '--no-index', ...names], { cwd: repo, encoding: 'utf8' });
    expect(ignored.stdout.trim().split('\n')).toEqual(names);
    expect(spawnSync('git', ['check-ignore', '--no-index', 'src/index.ts'], { cwd: repo }).status).toBe(1);
  });

  it('Dockerfile: Node images, install from the lockfile, build, run dist/index.js over HTTP', () => {
    const docker = generate().files.Dockerfile!;
    expect(docker).toMatch(/^FROM node:24-slim AS build$/m);
    expect(docker).toMatch(/^FROM node:24-slim AS production$/m);
    expect(docker).toContain('COPY package.json package-lock.json ./\nRUN npm ci --ignore-scripts');
    expect(docker).toContain('RUN npm run build');
    expect(docker).toContain('RUN npm ci --omit=dev');
    expect(docker).toContain('ENV MCP_TRANSPORT_TYPE="http"');
    expect(docker).toContain('CMD ["node", "dist/index.js"]');
    expect(docker).not.toContain('bun');
    expect(generate().files['.dockerignore']).toMatch(/^node_modules\/$/m);
    const pnpm = generate({ pm: 'pnpm' }).files.Dockerfile!;
    expect(pnpm).toContain('RUN corepack enable');
    expect(pnpm).toContain('COPY package.json pnpm-lock.yaml ./');
  });

  it('CI workflow: install from the lockfile, devcheck read-only and strict, tests, build', () => {
    const ci = generate().files['.github/workflows/ci.yml']!;
    const runs = [...ci.matchAll(/^ {6}- run: (.*)$/gm)].map((m) => m[1]);
    expect(runs).toEqual([
      'npm ci --ignore-scripts --no-audit --no-fund',
      'npm run devcheck -- --no-fix --strict',
      'npm run test',
      'npm run build',
    ]);
    expect(ci).toContain('node-version: 24');
  });

  it('LICENSE: Apache-2.0 in full by default; MIT, ISC with year and holder; others refused', () => {
    const apache = generate().files;
    expect(apache.LICENSE).toMatch(/^\s*Apache License\n\s+Version 2\.0, January 2004\n/);
    expect(apache.LICENSE).toContain('END OF TERMS AND CONDITIONS');
    expect(JSON.parse(apache['package.json']!).license).toBe('Apache-2.0');
    const mit = generate({ license: 'mit', owner: 'acme' }).files;
    expect(mit.LICENSE).toMatch(/^MIT License\n\nCopyright \(c\) 2026 acme\n/);
    expect(mit.LICENSE).toContain('THE SOFTWARE IS PROVIDED "AS IS"');
    expect(JSON.parse(mit['package.json']!).license).toBe('MIT');
    expect(mit.Dockerfile).toContain('org.opencontainers.image.licenses="MIT"');
    for (const id of LICENSES) expect(generate({ license: id }).result.problems, id).toEqual([]);
    const bad = generate({ license: 'GPL-3.0-only' });
    expect(bad.result.problems.map((p) => p.code)).toEqual(['OPTION_INVALID']);
    expect(bad.result.problems[0]!.hint).toContain('Apache-2.0, MIT, ISC, UNLICENSED');
  });
});

describe("the framework's skills", () => {
  it('reads metadata.audience from SKILL.md front matter as the framework does', () => {
    expect(skillAudience('---\nname: x\nmetadata:\n  author: a\n  audience: external\n---\n')).toBe('external');
    expect(skillAudience('---\nname: x\nmetadata:\n  audience: "internal"\n---\n')).toBe('internal');
    expect(skillAudience('---\naudience: external\n---\n')).toBe('external');
    expect(skillAudience('no front matter')).toBeUndefined();
  });

  it('picks the external skills of the real 0.12.3 package, every file of each', () => {
    const root = tempDir();
    const dir = unpackInto(root, '0.12.3');
    const files = externalSkillFiles(dir);
    const names = [...new Set(files.map((f) => f.path.split('/')[1]))];
    expect(names).toContain('add-tool');
    expect(names).not.toContain('add-export');
    expect(names).not.toContain('add-provider');
    const tgz = gunzipSync(readFileSync(TARBALL('0.12.3')));
    for (const f of files) expect(readTarEntry(tgz, `package/${f.path}`), f.path).toBe(f.content);
  });
});

describe('the upgrade flow refreshes what the framework owns, for the installed version', () => {
  const OLD_TSCONFIG = `${formatJson({
    extends: '@cyanheads/mcp-ts-core/tsconfig.base.json',
    compilerOptions: { rootDir: 'src', outDir: 'dist', paths: { '@/*': ['./src/*'] } },
    include: ['src/**/*'],
    exclude: ['node_modules', 'dist'],
  })}`;
  const OLD_BUILD = formatJson({ extends: './tsconfig.json', exclude: ['node_modules', 'dist', '**/*.test.ts'] });

  function olderServer(version: string) {
    const root = tempDir({
      'package.json': `${JSON.stringify({ name: 'acme', dependencies: { [FRAMEWORK]: `^${version}` } }, null, 2)}\n`,
      'tsconfig.json': OLD_TSCONFIG,
      'tsconfig.build.json': OLD_BUILD,
      'src/index.ts': '// mine\n',
      'skills/add-tool/SKILL.md': 'out of date\n',
      'skills/my-own/SKILL.md': 'mine\n',
    });
    return { root, dir: unpackInto(root, version) };
  }

  it('on 0.12.3: skills replaced by the installed ones, tsconfig split, user files untouched', () => {
    const { root, dir } = olderServer('0.12.3');
    const { tree, result } = generate({ mode: 'upgrade' }, root);
    expect(result.problems).toEqual([]);
    const packageJson = readFileSync(path.join(root, 'package.json'), 'utf8');
    const skills = installedSkillFiles(root, skillSetting(packageJson, 'npm', 'npx mcp-scaffold'))!;
    expect(skills.map((f) => f.path)).toEqual(externalSkillFiles(dir).map((f) => f.path));
    const byPath = Object.fromEntries(tree.changes().map((c) => [c.path, c]));
    expect(byPath['skills/add-tool/SKILL.md']).toMatchObject({ action: 'update' });
    // The package's text, with the project's note after its front matter and npm's commands.
    const original = readFileSync(path.join(dir, 'skills/add-tool/SKILL.md'), 'utf8');
    const front = /^---\n[\s\S]*?\n---\n/.exec(original)![0];
    const after = byPath['skills/add-tool/SKILL.md']!.after!;
    expect(after.startsWith(front)).toBe(true);
    const note = /^\n(?:>[^\n]*\n)+/.exec(after.slice(front.length))![0];
    expect(note).toMatch(/^\n> \*\*In this server:\*\* Create and register a tool with `npx mcp-scaffold add tool /);
    expect(after.slice(front.length + note.length)).toBe(
      original.slice(front.length).replaceAll('bun run ', 'npm run '),
    );
    for (const f of skills) expect(byPath[f.path]?.after ?? tree.read(f.path), f.path).toBe(f.content);
    expect(byPath['skills/my-own/SKILL.md']).toBeUndefined();
    expect(byPath['src/index.ts']).toBeUndefined();
    expect(JSON.parse(byPath['tsconfig.json']!.after!)).toMatchObject({
      compilerOptions: { rootDir: '.', noEmit: true, outDir: 'dist' },
      include: ['src/**/*', 'tests/**/*'],
    });
    // Only the split's keys change; the rest keeps its place, and the file stays Biome-formatted.
    expect(byPath['tsconfig.json']!.after).toBe(
      formatJson({
        extends: '@cyanheads/mcp-ts-core/tsconfig.base.json',
        compilerOptions: { rootDir: '.', outDir: 'dist', paths: { '@/*': ['./src/*'] }, noEmit: true },
        include: ['src/**/*', 'tests/**/*'],
        exclude: ['node_modules', 'dist'],
      }),
    );
    expect(JSON.parse(byPath['tsconfig.build.json']!.after!)).toMatchObject({
      compilerOptions: { rootDir: 'src', noEmit: false },
      include: ['src/**/*'],
    });
    expect(result.refreshed).toEqual(expect.arrayContaining(['skills/add-tool/SKILL.md', 'tsconfig.json']));
    expect(result.project).toMatchObject({ installed: true, frameworkVersion: '0.12.3' });
  });

  it('keeps comments in a tsconfig it edits', () => {
    const { root } = olderServer('0.11.5');
    writeFileSync(path.join(root, 'tsconfig.json'), OLD_TSCONFIG.replace('{\n', '{\n  // my note\n'));
    const { tree } = generate({ mode: 'upgrade' }, root);
    const after = tree.read('tsconfig.json')!;
    expect(after).toContain('// my note');
    expect(after).toContain('"tests/**/*"');
  });

  it('changes nothing the second time', () => {
    const { root } = olderServer('0.12.3');
    const first = generate({ mode: 'upgrade' }, root);
    for (const c of first.tree.changes()) {
      mkdirSync(path.dirname(path.join(root, c.path)), { recursive: true });
      writeFileSync(path.join(root, c.path), c.after ?? '');
    }
    expect(generate({ mode: 'upgrade' }, root).tree.changes()).toEqual([]);
  });

  it('suggests a tool name the server does not have', () => {
    const root = tempDir({
      'package.json': `${JSON.stringify({ name: 'acme', dependencies: { [FRAMEWORK]: '^0.12.3' } })}\n`,
      'src/mcp-server/tools/definitions/acme-find-items.tool.ts': "export const t = tool('acme_find_items', {});\n",
    });
    const { result } = generate({ mode: 'upgrade' }, root);
    expect(result.project).toMatchObject({ installed: false, suggestedTool: 'acme_search_items' });
    expect(result.notes.join(' ')).toContain('not installed');
  });
});
