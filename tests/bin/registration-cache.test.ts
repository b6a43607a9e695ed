/**
 * The remembered registration index (src/registration/registration-index.ts, kept in the project
 * cache) in real runs of `add tool`: a warm add plans its registration without loading ts-morph or
 * the TypeScript inside it, the index of what an add writes is remembered for the next one, and
 * what every run prints and leaves is what the same runs give with MCP_SCAFFOLD_CACHE=0, also when
 * the entry point was edited by hand, the cache file is corrupt, or an add was only a --dry-run.
 * Whether a run loaded TypeScript is seen by a require hook tracing every CommonJS module resolved
 * (tests/helpers/trace-modules.cjs): ts-morph loads from node_modules, outside the CLI's bundle.
 */

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRESH_SERVER } from '../helpers/projects.js';
import { tempFolder } from '../helpers/temp.js';
import { runCli } from './support.js';

const temp = () => tempFolder('mcp-scaffold-registration-cache-');
const HOOK = path.resolve(import.meta.dirname, '../helpers/trace-modules.cjs');
const TS_MORPH = /[\\/]node_modules[\\/](ts-morph|@ts-morph[\\/]common|typescript)[\\/]/;

const DEFS = 'src/mcp-server';

/** A fresh server as init writes it (tests/helpers/projects.ts), with a definition behind each import. */
const FIXTURE: Record<string, string> = {
  ...FRESH_SERVER,
  [`${DEFS}/tools/definitions/echo.tool.ts`]:
    "import { tool } from '@cyanheads/mcp-ts-core';\nexport const echoTool = tool('demo_echo_message', {} as never);\n",
  [`${DEFS}/tools/definitions/echo-app.app-tool.ts`]:
    "import { appTool } from '@cyanheads/mcp-ts-core';\nexport const echoAppTool = appTool('demo_echo_app', {} as never);\n",
  [`${DEFS}/resources/definitions/echo.resource.ts`]:
    "import { resource } from '@cyanheads/mcp-ts-core';\nexport const echoResource = resource('echo://{message}', {} as never);\n",
  [`${DEFS}/resources/definitions/echo-app-ui.app-resource.ts`]:
    "import { appResource } from '@cyanheads/mcp-ts-core';\nexport const echoAppUiResource = appResource('ui://echo-app/app.html', {} as never);\n",
  [`${DEFS}/prompts/definitions/echo.prompt.ts`]:
    "import { prompt } from '@cyanheads/mcp-ts-core';\nexport const echoPrompt = prompt('demo_echo', {} as never);\n",
};

/** A new copy of the fixture project, in a temp folder of its own. */
function project(): string {
  const root = path.join(temp(), 'server');
  for (const [rel, content] of Object.entries(FIXTURE)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  return root;
}

/** Every file below `root` (but node_modules), path → text. */
function files(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else out[path.relative(root, abs).split(path.sep).join('/')] = readFileSync(abs, 'utf8');
    }
  };
  walk(root);
  return out;
}

interface Added {
  status: number | null;
  /** stdout and stderr, the project's folder written as <dir>. */
  output: string;
  /** Whether the run loaded ts-morph or its TypeScript; undefined for a run with the cache off (not traced). */
  typescript?: boolean;
}

/**
 * `add tool <name> --no-devcheck --yes [...extra]` in `cwd`: with the user's cache in `cache`,
 * traced by a require hook; or with `cache` undefined, with MCP_SCAFFOLD_CACHE=0.
 */
function add(cwd: string, name: string, cache: string | undefined, extra: string[] = []): Added {
  const args = ['add', 'tool', name, '--no-devcheck', '--yes', ...extra];
  const trace = path.join(temp(), 'modules.txt');
  const env: NodeJS.ProcessEnv = cache
    ? { MCP_SCAFFOLD_CACHE_DIR: cache, NODE_OPTIONS: `--require ${HOOK}`, MCP_SCAFFOLD_TRACE_MODULES: trace }
    : { MCP_SCAFFOLD_CACHE_DIR: temp(), MCP_SCAFFOLD_CACHE: '0' };
  const r = runCli(args, { cwd, env });
  const output = `${r.stdout}\n--- stderr\n${r.stderr}`.replaceAll(cwd, '<dir>');
  if (!cache) return { status: r.status, output };
  const modules = existsSync(trace) ? readFileSync(trace, 'utf8').split('\n').filter(Boolean) : [];
  // The trace itself works: every run loads the CLI's bundle.
  expect(modules.some((m) => m.endsWith(`${path.sep}cli.cjs`))).toBe(true);
  return { status: r.status, output, typescript: modules.some((m) => TS_MORPH.test(m)) };
}

/**
 * The same project twice: one with its own cache folder (`warm`), one with the cache off (`off`).
 * `add` runs in both, and expects the same exit status (0) and output; it returns the warm run.
 */
function pair() {
  const warm = project();
  const off = project();
  const cache = temp();
  return {
    warm,
    off,
    cache,
    add(name: string, extra: string[] = []): Added {
      const cached = add(warm, name, cache, extra);
      const plain = add(off, name, undefined, extra);
      expect(plain.status, plain.output).toBe(0);
      expect(cached.status, cached.output).toBe(0);
      expect(cached.output, `add tool ${name} ${extra.join(' ')}`).toBe(plain.output);
      return cached;
    },
    /** Both projects hold the same files, byte for byte. */
    same(): void {
      expect(files(warm)).toEqual(files(off));
    },
    /** The project's cache file. */
    cacheFile(): string {
      const dir = path.join(cache, 'projects');
      return path.join(dir, readdirSync(dir).find((f) => f.endsWith('.json'))!);
    },
  };
}

/** A hand edit of src/index.ts: a comment and a blank line at the top, and the prompt's import moved up. */
function editByHand(root: string): void {
  const file = path.join(root, 'src/index.ts');
  const text = readFileSync(file, 'utf8');
  const prompt = "import { echoPrompt } from './mcp-server/prompts/definitions/echo.prompt.js';\n";
  const core = "import { createApp } from '@cyanheads/mcp-ts-core';\n";
  expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
  expect(text).toContain(prompt);
  expect(text).toContain(core);
  const edited = text
    .replace('#!/usr/bin/env node\n', '#!/usr/bin/env node\n// Edited by hand.\n\n')
    .replace(prompt, '')
    .replace(core, `${prompt}${core}`);
  writeFileSync(file, edited);
}

/** A second hand edit that keeps the file's size: two import lines swap places. */
function swapImports(root: string): void {
  const file = path.join(root, 'src/index.ts');
  const text = readFileSync(file, 'utf8');
  const a = "import { echoResource } from './mcp-server/resources/definitions/echo.resource.js';\n";
  const b = "import { echoAppTool } from './mcp-server/tools/definitions/echo-app.app-tool.js';\n";
  expect(text).toContain(a);
  expect(text).toContain(b);
  writeFileSync(file, text.replace(a, '\0').replace(b, a).replace('\0', b));
}

describe('the remembered registration index', () => {
  it('consecutive adds stay off TypeScript, and leave what adds with the cache off leave', () => {
    const p = pair();
    p.add('alpha_one'); // cold: may load TypeScript
    expect(p.add('beta_two').typescript, 'the 2nd add loaded TypeScript').toBe(false);
    expect(p.add('gamma_three').typescript, 'the 3rd add loaded TypeScript').toBe(false);
    p.same();
    expect(files(p.warm)['src/index.ts']).toContain(
      'tools: [echoTool, echoAppTool, alphaOneTool, betaTwoTool, gammaThreeTool],',
    );
  });

  it('a --dry-run add changes neither the project nor the cache: the real add and the next stay off TypeScript', () => {
    const p = pair();
    p.add('alpha_one');
    const before = files(p.warm);
    const cacheBefore = readFileSync(p.cacheFile(), 'utf8');
    p.add('beta_two', ['--dry-run']);
    expect(files(p.warm)).toEqual(before);
    expect(readFileSync(p.cacheFile(), 'utf8')).toBe(cacheBefore);
    expect(p.add('beta_two').typescript, 'the add after the dry run loaded TypeScript').toBe(false);
    expect(p.add('gamma_three').typescript, 'the 3rd add loaded TypeScript').toBe(false);
    p.same();
  });
});

describe('a remembered index that no longer holds is not used', () => {
  it('after a hand edit of the entry point, the next add reads it again', () => {
    const p = pair();
    p.add('alpha_one');
    expect(p.add('beta_two').typescript, 'the 2nd add loaded TypeScript').toBe(false);
    editByHand(p.warm);
    editByHand(p.off);
    expect(p.add('gamma_three').typescript, 'the add after the edit did not read the entry point').toBe(true);
    p.same();
    // Remembered anew: the next add is warm again.
    expect(p.add('delta_four').typescript, 'the add after the re-reading loaded TypeScript').toBe(false);
    p.same();
    // An edit that keeps the size of the file is seen as well.
    swapImports(p.warm);
    swapImports(p.off);
    expect(p.add('epsilon_five').typescript, 'the add after the 2nd edit did not read the entry point').toBe(true);
    p.same();
  });

  it('a cache file that is not JSON is ignored', () => {
    const p = pair();
    p.add('alpha_one');
    p.add('beta_two');
    writeFileSync(p.cacheFile(), '{"format": 1, "files": \n{"src/index.ts": [');
    expect(p.add('gamma_three').typescript).toBe(true);
    p.same();
    expect(p.add('delta_four').typescript, 'the add after the re-reading loaded TypeScript').toBe(false);
    p.same();
  });
});
