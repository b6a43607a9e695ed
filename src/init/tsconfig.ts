/**
 * The tsconfig split of the framework's template since 0.11.4, brought into an existing server by
 * the upgrade flow: tsconfig.json type-checks src and tests without emitting; tsconfig.build.json
 * builds src alone (rootDir src). Only the keys the split needs change (jsonc-parser edits, so
 * comments and every other setting stay); the rest of the file is the user's.
 */

import { applyEdits, type FormattingOptions, modify, parse } from 'jsonc-parser';
import type { Tree } from '../engine/tree.js';
import { formatJson } from './manifests.js';

const FORMAT: FormattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n' };

interface TsconfigShape {
  compilerOptions?: { rootDir?: unknown; noEmit?: unknown };
  include?: unknown;
}

function read(tree: Tree, file: string): { text: string; json: TsconfigShape } | undefined {
  const text = tree.read(file);
  if (text === undefined) return undefined;
  const json = parse(text, [], { allowTrailingComma: true }) as TsconfigShape | undefined;
  return json && typeof json === 'object' ? { text, json } : undefined;
}

function set(text: string, pathTo: (string | number)[], value: unknown): string {
  return applyEdits(text, modify(text, pathTo, value, { formattingOptions: FORMAT }));
}

/**
 * A file without comments is printed again as Biome formats JSON (jsonc-parser lays new arrays out
 * one item per line, which the server's Biome check would refuse); one with comments keeps them.
 */
function tidy(text: string, lineWidth: number): string {
  if (/\/\/|\/\*/.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) return text;
  return formatJson(parse(text), lineWidth);
}

const includes = (json: TsconfigShape) => (Array.isArray(json.include) ? json.include.map(String) : []);

/** Whether the server's tsconfig.json already type-checks its tests. */
export function typechecksTests(tree: Tree): boolean {
  const config = read(tree, 'tsconfig.json');
  return config !== undefined && includes(config.json).some((p) => p.startsWith('tests'));
}

/**
 * The new text of tsconfig.json and tsconfig.build.json for the split, or nothing when there is
 * no pair to split (no tsconfig.build.json the build uses) or the split is already there.
 */
export function refreshTsconfigs(tree: Tree, lineWidth = 100): { path: string; content: string }[] {
  const main = read(tree, 'tsconfig.json');
  const build = read(tree, 'tsconfig.build.json');
  if (!main || !build || typechecksTests(tree)) return [];
  let mainText = set(main.text, ['compilerOptions', 'rootDir'], '.');
  mainText = set(mainText, ['compilerOptions', 'noEmit'], true);
  const include = includes(main.json);
  mainText = set(mainText, ['include'], [...(include.length > 0 ? include : ['src/**/*']), 'tests/**/*']);
  let buildText = set(build.text, ['compilerOptions', 'rootDir'], 'src');
  buildText = set(buildText, ['compilerOptions', 'noEmit'], false);
  buildText = set(buildText, ['include'], ['src/**/*']);
  return [
    { path: 'tsconfig.json', content: tidy(mainText, lineWidth) },
    { path: 'tsconfig.build.json', content: tidy(buildText, lineWidth) },
  ];
}
