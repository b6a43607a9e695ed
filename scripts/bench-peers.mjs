// The peers the bench measures mcp-scaffold against, located without installing anything:
// hygen (a devDependency of the bench, or the folder in MCP_BENCH_HYGEN) and the framework's own
// `init` (its bin from the 0.12.3 tarball in ../shared/frameworks, unpacked; only Node built-ins,
// so it runs without its dependencies; or an installed package folder in MCP_BENCH_FRAMEWORK).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** hygen's bin script, or undefined when it is not installed. */
export function hygenBin() {
  const from = process.env.MCP_BENCH_HYGEN
    ? path.join(path.resolve(process.env.MCP_BENCH_HYGEN), 'package.json')
    : path.join(root, 'package.json');
  try {
    const pkgJson = createRequire(from).resolve('hygen/package.json');
    const bin = JSON.parse(readFileSync(pkgJson, 'utf8')).bin;
    return path.resolve(path.dirname(pkgJson), typeof bin === 'string' ? bin : bin.hygen);
  } catch {
    return undefined;
  }
}

/**
 * hygen templates for the job `add tool` does on the fresh fixture, done line-wise: one new
 * definition file, an import line injected after createApp's, an entry injected into `tools: [`.
 */
export function writeHygenTemplates(dir) {
  const t = path.join(dir, '_templates', 'tool', 'new');
  mkdirSync(t, { recursive: true });
  writeFileSync(
    path.join(t, 'tool.ejs.t'),
    [
      '---',
      'to: src/mcp-server/tools/definitions/<%= h.changeCase.param(name) %>.tool.ts',
      '---',
      "import { tool, z } from '@cyanheads/mcp-ts-core';",
      '',
      "export const <%= h.changeCase.camel(name) %>Tool = tool('<%= name %>', {",
      "  description: 'TODO: what it does.',",
      '  input: z.object({}),',
      '  output: z.object({}),',
      '  handler() {',
      '    return {};',
      '  },',
      '});',
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(t, 'import.ejs.t'),
    [
      '---',
      'inject: true',
      'to: src/index.ts',
      'after: "import { createApp }"',
      '---',
      "import { <%= h.changeCase.camel(name) %>Tool } from './mcp-server/tools/definitions/<%= h.changeCase.param(name) %>.tool.js';",
    ].join('\n'),
  );
  writeFileSync(
    path.join(t, 'register.ejs.t'),
    [
      '---',
      'inject: true',
      'to: src/index.ts',
      'after: "tools: \\\\["',
      '---',
      '    <%= h.changeCase.camel(name) %>Tool,',
    ].join('\n'),
  );
  return path.join(dir, '_templates');
}

/** The framework's init bin (`mcp-ts-core init <name>`), or undefined when none can be found. */
export function frameworkInitBin(work) {
  if (process.env.MCP_BENCH_FRAMEWORK) return binOf(path.resolve(process.env.MCP_BENCH_FRAMEWORK));
  const tgz = path.resolve(root, '../shared/frameworks/cyanheads-mcp-ts-core-0.12.3.tgz');
  if (!existsSync(tgz)) return undefined;
  const into = path.join(work, 'framework');
  mkdirSync(into, { recursive: true });
  const r = spawnSync('tar', ['-xzf', tgz, '-C', into], { encoding: 'utf8' });
  return r.status === 0 ? binOf(path.join(into, 'package')) : undefined;
}

function binOf(pkgDir) {
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.['mcp-ts-core'];
  return bin ? { bin: path.join(pkgDir, bin), version: pkg.version } : undefined;
}

/**
 * A script that does nothing but init's registry question (GET of the framework's dist-tags, the
 * smallest answer, from the registry npm is set to) and exits when the answer is read: no run of
 * the default init can finish sooner, since it needs that answer before it writes a file. Returns
 * the script's path, or undefined when npm names no registry.
 */
export function writeRegistryProbe(dir) {
  const r = spawnSync('npm', ['config', 'get', '@cyanheads:registry', 'registry'], { encoding: 'utf8' });
  // Two keys print `key=value` lines; a key npm has no value for prints `undefined`.
  const values = new Map(
    (r.status === 0 ? r.stdout : '')
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).trim()]),
  );
  const scoped = values.get('@cyanheads:registry');
  const pick = scoped && scoped !== 'undefined' ? scoped : values.get('registry');
  if (!pick) return undefined;
  const base = pick.endsWith('/') ? pick : `${pick}/`;
  const url = `${base}-/package/@cyanheads%2fmcp-ts-core/dist-tags`;
  const file = path.join(dir, 'registry-probe.cjs');
  writeFileSync(
    file,
    [
      `const url = ${JSON.stringify(url)};`,
      "const get = url.startsWith('https:') ? require('node:https').get : require('node:http').get;",
      "get(url, { headers: { accept: 'application/json' } }, (res) => {",
      '  res.resume();',
      "  res.on('end', () => process.exit(res.statusCode === 200 ? 0 : 1));",
      "}).on('error', () => process.exit(1));",
      '',
    ].join('\n'),
  );
  return file;
}
