/**
 * The real Biome (2.5.4, the framework's version, a devDependency of this repository) run over a
 * fixture project: `biome check` must find nothing to change in the files an `add` touched.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Biome's native binary, called directly: the `.bin/biome` Node wrapper costs ~100 ms per run
 * (Node start-up plus an `ldd` probe), ten times what Biome itself takes on a fixture.
 */
const BIOME = (() => {
  const require = createRequire(import.meta.url);
  const exe = process.platform === 'win32' ? 'biome.exe' : 'biome';
  try {
    return require.resolve(`@biomejs/cli-${process.platform}-${process.arch}/${exe}`);
  } catch {
    return fileURLToPath(new URL(`../../node_modules/.bin/${exe}`, import.meta.url));
  }
})();

/**
 * The framework's biome.json (@cyanheads/mcp-ts-core/biome.json, 0.10–0.12) without its git
 * settings: a fixture is no repository. `lineEnding` varies for the CRLF fixture.
 */
export function biomeJson(lineEnding: 'lf' | 'crlf' = 'lf'): string {
  const config = {
    vcs: { enabled: false },
    formatter: { enabled: true, indentStyle: 'space', indentWidth: 2, lineWidth: 100, lineEnding },
    javascript: {
      formatter: {
        quoteStyle: 'single',
        trailingCommas: 'all',
        semicolons: 'always',
        arrowParentheses: 'always',
        bracketSpacing: true,
      },
    },
    linter: {
      enabled: true,
      rules: {
        preset: 'recommended',
        correctness: { noUnusedVariables: 'error', noUnusedFunctionParameters: 'error', noUnusedImports: 'error' },
        style: { useConst: 'error', useThrowOnlyError: 'error' },
        suspicious: { noExplicitAny: 'error', noVar: 'error', noImportCycles: 'error', noUnusedExpressions: 'error' },
        complexity: { noUselessUndefined: 'error' },
      },
    },
    assist: { enabled: true, actions: { source: { organizeImports: 'on', useSortedInterfaceMembers: 'on' } } },
    overrides: [
      {
        includes: ['tests/**'],
        linter: {
          rules: {
            suspicious: { noExplicitAny: 'off', useAwait: 'off' },
            correctness: { noUnusedFunctionParameters: 'off' },
            style: { useThrowOnlyError: 'off', noNonNullAssertion: 'off' },
          },
        },
      },
    ],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

export interface BiomeDiagnostic {
  path: string;
  category: string;
  message: string;
}

interface BiomeReport {
  summary: { changed: number; unchanged: number; errors: number; warnings: number };
  diagnostics: { severity: string; message: string; category: string; location?: { path?: string } }[];
}

/**
 * One `biome check` over `files` (project-relative) in `root`. Returns its diagnostics; when there
 * are any, also what Biome would rewrite each file to, so a failing test shows the difference.
 */
export function biomeCheck(
  root: string,
  files: string[],
): { diagnostics: BiomeDiagnostic[]; wanted: Record<string, string> } {
  const run = spawnSync(BIOME, ['check', '--reporter=json', '--max-diagnostics=200', ...files], {
    cwd: root,
    encoding: 'utf8',
  });
  let report: BiomeReport;
  try {
    report = JSON.parse(run.stdout) as BiomeReport;
  } catch {
    throw new Error(`biome check gave no JSON report (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  }
  const diagnostics = report.diagnostics.map((d) => ({
    path: d.location?.path ?? '',
    category: d.category,
    message: d.message,
  }));
  if (run.status !== 0 && diagnostics.length === 0) {
    throw new Error(`biome check exited ${run.status} without diagnostics:\n${run.stderr}`);
  }
  // A file Biome skipped (ignored, unknown kind) would pass unseen: every one must be checked.
  const checked = report.summary.changed + report.summary.unchanged;
  if (checked !== files.length)
    throw new Error(`biome check looked at ${checked} of ${files.length} files: ${files.join(', ')}`);
  const wanted: Record<string, string> = {};
  if (diagnostics.length > 0) {
    // Let Biome fix the files, to show in the failure what it wanted them to be.
    spawnSync(BIOME, ['check', '--write', ...files], { cwd: root, encoding: 'utf8' });
    for (const file of new Set(diagnostics.map((d) => d.path).filter(Boolean))) {
      wanted[file] = readFileSync(path.join(root, file), 'utf8');
    }
  }
  return { diagnostics, wanted };
}

/**
 * A temp folder with the framework's biome.json and this repository's node_modules linked in: a
 * MemoryHost rooted there gets the layout pass of a real project (it finds Biome and its config).
 */
export function biomeProjectDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-biome-'));
  symlinkSync(fileURLToPath(new URL('../../node_modules', import.meta.url)), path.join(dir, 'node_modules'));
  writeFileSync(path.join(dir, 'biome.json'), biomeJson());
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `biome <command> --write` over `files` in `root` (a config of the test's own there), as a user runs it. */
export function biomeWrite(root: string, command: 'format' | 'check', files: string[]): void {
  const run = spawnSync(BIOME, [command, '--write', ...files], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`biome ${command} --write exited ${run.status}:\n${run.stdout}\n${run.stderr}`);
}
