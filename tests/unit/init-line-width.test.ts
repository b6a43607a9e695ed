/**
 * A fresh init has no Biome yet (the install comes after the flush), so every new file with a line
 * over the line width is reported as not laid out. The lines Biome itself leaves as they are (an
 * import of one name, a comment) must not count: an init with a long prefix reports nothing, and
 * its files pass the project's Biome as written.
 */

import { readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { initCommand } from '../../src/commands/init.js';
import { hasWideLine } from '../../src/project/wide-lines.js';
import { biomeCheck } from '../helpers/biome.js';
import type { FrameworkRelease } from '../helpers/framework-installs.js';
import { jsonRun } from '../helpers/global-options.js';
import { tempDir } from '../helpers/temp.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * A brand of `n` characters: one word on odd lengths, words of five letters on even ones
 * (`abcde-ghijk-m`), so that prefixes of every length up to init's longest have both shapes.
 */
function brand(n: number): string {
  const chars = Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26)));
  if (n % 2 === 0) for (let i = 5; i < n - 1; i += 6) chars[i] = '-';
  return chars.join('');
}

/** init of `<brand>-server` on `release`, offline; its JSON result and the folder it made. */
async function init(name: string, release: FrameworkRelease) {
  const cwd = tempDir();
  const out: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const code = await initCommand(name, { install: false, git: false, frameworkVersion: release }, jsonRun(cwd));
  vi.restoreAllMocks();
  const result = JSON.parse(out.join('')) as { ok: boolean; warnings: string[]; project: { prefix: string } };
  expect(code, JSON.stringify(result)).toBe(0);
  return { result, root: path.join(cwd, name) };
}

/** The framework's Biome config takes src/, scripts/ and tests/, and the files at the root. */
const checkedByBiome = (rootTs: boolean) => (f: string) =>
  /^(src|scripts|tests)\//.test(f) || (!f.includes('/') && (f.endsWith('.json') || rootTs));

/**
 * The files of a server its Biome checks: its code and its JSON, as the framework's `files.includes`
 * has them (0.10's leaves out the TypeScript files at the root, vitest.config.ts).
 */
function biomeFiles(root: string, release: FrameworkRelease): string[] {
  const rootTs = release !== '0.10.17';
  return readdirSync(root, { recursive: true })
    .map((f) => String(f).split(path.sep).join('/'))
    .filter((f) => !f.startsWith('node_modules') && /\.(ts|json)$/.test(f))
    .filter(checkedByBiome(rootTs))
    .sort();
}

describe('lines Biome leaves as they are', () => {
  const wide = (line: string) => hasWideLine(`${line}\n`, 100);
  const long = 'x'.repeat(90);

  it('an import or re-export of one name, a side-effect import, a comment', () => {
    expect(wide(`import { ${long} } from './a.js';`)).toBe(false);
    expect(wide(`import type { ${long} } from './a.js';`)).toBe(false);
    expect(wide(`import { ${long} as y } from './a.js';`)).toBe(false);
    expect(wide(`import * as ${long} from './a.js';`)).toBe(false);
    expect(wide(`import ${long} from './a.js';`)).toBe(false);
    expect(wide(`export { ${long} } from './a.js';`)).toBe(false);
    expect(wide(`export * from './${long}.js';`)).toBe(false);
    expect(wide(`import './${long}.js';`)).toBe(false);
    expect(hasWideLine(`/**\n * @fileoverview ${long} ${long}\n */\n`, 100)).toBe(false);
    expect(wide(`// ${long} ${long}`)).toBe(false);
    expect(hasWideLine(`/**\n * a\n ${long} ${long}\n */\n`, 100)).toBe(false);
  });

  it('but not two names, a default beside names, or code after a comment', () => {
    expect(wide(`import { a, ${long} } from './a.js';`)).toBe(true);
    expect(wide(`import d, { ${long} } from './a.js';`)).toBe(true);
    expect(wide(`export { ${long} };`)).toBe(true);
    expect(wide(`/* a */ const x = call(${long}, ${long});`)).toBe(true);
    expect(wide(`const x = call(${long}, ${long}); // a`)).toBe(true);
  });
});

describe('a fresh init, prefixes of 1 to 30 characters', () => {
  const releases: FrameworkRelease[] = ['0.10.17', '0.11.5', '0.12.3'];

  it.each(releases)('on %s: no line-width warning, and Biome finds nothing to change', async (release) => {
    const frameworkModules = path.join(inject('frameworkRoots')[release], 'node_modules');
    const prefixes = new Set<string>();
    for (let n = 1; n <= 30; n++) {
      const { result, root } = await init(`${brand(n)}-server`, release);
      prefixes.add(result.project.prefix);
      expect(
        result.warnings.filter((w) => /line width/.test(w)),
        `${brand(n)}-server`,
      ).toEqual([]);
      // The framework's biome.json, which the server's extends, resolves from its node_modules.
      symlinkSync(frameworkModules, path.join(root, 'node_modules'));
      const files = biomeFiles(root, release);
      const { diagnostics, wanted } = biomeCheck(root, files);
      expect(diagnostics, `${brand(n)}-server: ${JSON.stringify(wanted, null, 2)}`).toEqual([]);
    }
    // Longer brands are cut to the longest prefix init takes: every length up to it was tried.
    const lengths = new Set([...prefixes].map((p) => p.length));
    expect([...lengths].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
