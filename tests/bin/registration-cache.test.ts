/**
 * The remembered registration index (src/registration/registration-index.ts, remembered-reading.ts)
 * in real runs of `add tool`: a warm add plans its registration without loading ts-morph or the
 * TypeScript inside it, the index of what an add writes is remembered for the next one, and what
 * every run prints and leaves is what the same runs give with MCP_SCAFFOLD_CACHE=0, also when the
 * entry point was edited by hand, the remembered index is corrupt or tampered with, or an add was
 * only a --dry-run.
 *
 * Whether a run loaded TypeScript is seen as the other bin tests see it (init-fast-paths.test.ts):
 * on the plain path (MCP_SCAFFOLD_CODE_CACHE=0) by a require hook tracing every CommonJS module
 * resolved (tests/helpers/trace-modules.cjs); on the bundled path, where the bundles run through
 * vm.Script that no hook sees, by the V8 code cache each bundle run leaves (`ts-morph.cjs-*.bin`),
 * the code cache folder being emptied before the run.
 */

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStored, type StoredHeader, storedText } from '../../src/registration/remembered-reading.js';
import { FRESH_SERVER } from '../helpers/projects.js';
import { runCli, tempFolders } from './support.js';

const temp = tempFolders('mcp-scaffold-registration-cache-');
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

type Via = 'bundle' | 'plain';

interface Added {
  status: number | null;
  /** stdout and stderr, the project's folder written as <dir>. */
  output: string;
  /** Whether the run loaded ts-morph or its TypeScript; undefined for a run with the cache off (not traced). */
  typescript?: boolean;
}

/**
 * `add tool <name> --no-devcheck --yes [...extra]` in `cwd` on the bundled or the plain path: with
 * the user's cache in `cache`, traced; or with `cache` undefined, with MCP_SCAFFOLD_CACHE=0.
 */
function add(via: Via, cwd: string, name: string, cache: string | undefined, extra: string[] = []): Added {
  const args = ['add', 'tool', name, '--no-devcheck', '--yes', ...extra];
  const env: NodeJS.ProcessEnv = { MCP_SCAFFOLD_CACHE_DIR: cache ?? temp() };
  if (!cache) env.MCP_SCAFFOLD_CACHE = '0';
  const trace = path.join(temp(), 'modules.txt');
  if (via === 'plain') {
    Object.assign(env, {
      MCP_SCAFFOLD_CODE_CACHE: '0',
      NODE_OPTIONS: `--require ${HOOK}`,
      MCP_SCAFFOLD_TRACE_MODULES: trace,
    });
  }
  const codeCache = cache && path.join(cache, 'v8-code-cache');
  // The code caches a run leaves name the bundles it ran; those of earlier runs would hide them.
  if (codeCache) rmSync(codeCache, { recursive: true, force: true });
  const r = runCli(args, { cwd, env });
  const output = `${r.stdout}\n--- stderr\n${r.stderr}`.replaceAll(cwd, '<dir>');
  if (!cache) return { status: r.status, output };
  if (via === 'plain') {
    const modules = existsSync(trace) ? readFileSync(trace, 'utf8').split('\n').filter(Boolean) : [];
    // The trace itself works: every run loads some CommonJS (semver, handlebars' runtime).
    expect(modules.some((m) => m.includes(`${path.sep}node_modules${path.sep}`))).toBe(true);
    return { status: r.status, output, typescript: modules.some((m) => TS_MORPH.test(m)) };
  }
  const bins = codeCache && existsSync(codeCache) ? readdirSync(codeCache) : [];
  // The bundled path ran (the CLI's own bundle left its code cache).
  expect(bins.some((f) => f.startsWith('cli.bundle.cjs-'))).toBe(true);
  return { status: r.status, output, typescript: bins.some((f) => f.startsWith('ts-morph.cjs-')) };
}

/**
 * The same project twice: one with its own cache folder (`warm`), one with the cache off (`off`).
 * `add` runs in both, and expects the same exit status (0) and output; it returns the warm run.
 */
function pair(via: Via) {
  const warm = project();
  const off = project();
  const cache = temp();
  return {
    warm,
    off,
    cache,
    add(name: string, extra: string[] = []): Added {
      const cached = add(via, warm, name, cache, extra);
      const plain = add(via, off, name, undefined, extra);
      expect(plain.status, plain.output).toBe(0);
      expect(cached.status, cached.output).toBe(0);
      expect(cached.output, `add tool ${name} ${extra.join(' ')}`).toBe(plain.output);
      return cached;
    },
    /** Both projects hold the same files, byte for byte. */
    same(): void {
      expect(files(warm)).toEqual(files(off));
    },
    /** The remembered readings of the project (`reading-<hash>.json`, `reading-<hash>-next.json`). */
    readings(): string[] {
      return readdirSync(cache)
        .filter((f) => /^reading-[\w-]+\.json$/.test(f))
        .map((f) => path.join(cache, f));
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

describe.each<Via>(['bundle', 'plain'])('the remembered registration index, on the %s path', (via) => {
  it('consecutive adds stay off TypeScript, and leave what adds with the cache off leave', () => {
    const p = pair(via);
    p.add('alpha_one'); // cold: may load TypeScript
    expect(p.readings().length).toBeGreaterThan(0);
    expect(p.add('beta_two').typescript, 'the 2nd add loaded TypeScript').toBe(false);
    expect(p.add('gamma_three').typescript, 'the 3rd add loaded TypeScript').toBe(false);
    p.same();
    expect(files(p.warm)['src/index.ts']).toContain(
      'tools: [echoTool, echoAppTool, alphaOneTool, betaTwoTool, gammaThreeTool],',
    );
  });

  it('a --dry-run add does not spoil the cache: the real add and the next stay off TypeScript', () => {
    const p = pair(via);
    p.add('alpha_one');
    const before = files(p.warm);
    p.add('beta_two', ['--dry-run']);
    expect(files(p.warm)).toEqual(before);
    expect(p.add('beta_two').typescript, 'the add after the dry run loaded TypeScript').toBe(false);
    expect(p.add('gamma_three').typescript, 'the 3rd add loaded TypeScript').toBe(false);
    p.same();
  });
});

describe('a remembered index that no longer holds is not used', () => {
  const via: Via = 'bundle';

  it('after a hand edit of the entry point, the next add reads it again', () => {
    const p = pair(via);
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

  it('a remembered index that is not JSON is ignored', () => {
    const p = pair(via);
    p.add('alpha_one');
    p.add('beta_two');
    const readings = p.readings();
    expect(readings.length).toBeGreaterThan(0);
    for (const file of readings) writeFileSync(file, '{"format": 2, "reads": \n{"targets": [');
    expect(p.add('gamma_three').typescript).toBe(true);
    p.same();
    expect(p.add('delta_four').typescript, 'the add after the re-reading loaded TypeScript').toBe(false);
    p.same();
  });

  const tamperings: [string, (index: any) => void][] = [
    [
      'the last element of the tools array ends two characters early',
      (index) => {
        const elements = index.targets[0].array.elements as [number, number][];
        elements[elements.length - 1]![1] -= 2;
      },
    ],
    [
      'the import of echo.tool.js starts (with its comments) a character early',
      (index) => {
        const statements = index.files['src/index.ts'].facts.statements as { specifier?: string; ownStart: number }[];
        const echo = statements.find((st) => st.specifier === './mcp-server/tools/definitions/echo.tool.js')!;
        echo.ownStart -= 1;
      },
    ],
    [
      'the tools array ends a character early',
      (index) => {
        index.targets[0].array.end -= 1;
      },
    ],
  ];

  // Tampered with as the first add left it (its reading, and the index it derived of what it
  // wrote) and as a warm add left it.
  describe.each([1, 2])('after %i add(s)', (before) => {
    it.each(tamperings)('a remembered index of the right shape but tampered with is not edited by: %s', (_, tamper) => {
      const p = pair(via);
      for (const name of ['alpha_one', 'beta_two'].slice(0, before)) p.add(name);
      const readings = p.readings();
      expect(readings.length).toBeGreaterThan(0);
      for (const file of readings) {
        const stored = parseStored(readFileSync(file, 'utf8'))!;
        expect(Object.keys(stored.header as object).sort()).toEqual(['format', 'key', 'reads', 'root', 'version']);
        const index = JSON.parse(stored.resultJson);
        expect(index.targets[0]).toMatchObject({ type: 'array', file: 'src/index.ts' });
        tamper(index);
        // Its `reads` kept: the project is still what the reading read.
        writeFileSync(file, storedText(stored.header as StoredHeader, JSON.stringify(index)));
      }
      // Two adds: the index the first derives of what it wrote is what the second plans from.
      p.add('gamma_three');
      p.same();
      p.add('delta_four');
      p.same();
    });
  });
});
