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
