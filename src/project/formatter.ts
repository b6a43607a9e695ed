/**
 * Templates are written pre-formatted for names of ordinary length. When a rendered file still
 * has a line wider than the project's Biome line width (very long names reflow whole calls, which
 * a template cannot express), the project's own Biome formats it in memory before anything is
 * written. Biome's stdin output rewrites non-ASCII characters, so it is given the file with its
 * non-ASCII literals and comments masked (text/masking.ts) and the real text is put back after.
 * Files the generator edits in place are never reformatted: only new files.
 */

import path from 'node:path';
import * as find from 'empathic/find';
import { findNodeAtLocation, getNodeValue, parseTree } from 'jsonc-parser';
import type { Tree } from '../engine/tree.js';
import { DEFAULT_LINE_WIDTH } from '../text/string-literal.js';
import { mask, unmask } from '../ts/masking.js';
import { hasWideLine } from './wide-lines.js';

function biomeBinary(root: string): string | undefined {
  return find.file(path.join('node_modules', '.bin', process.platform === 'win32' ? 'biome.cmd' : 'biome'), {
    cwd: root,
  });
}

/**
 * Formats the created .ts files that need it. Returns the paths it could not format (no Biome
 * installed, Biome refused, or its output changed a literal or comment), so the caller can say so.
 */
export async function formatWideNewFiles(tree: Tree, lineWidth: number): Promise<string[]> {
  const wide = tree
    .changes()
    .filter((c) => c.action === 'create' && c.path.endsWith('.ts') && hasWideLine(c.after, lineWidth));
  if (wide.length === 0) return [];
  const biome = biomeBinary(tree.root);
  if (!biome) return wide.map((c) => c.path);
  const { execa } = await import('execa');
  const failed: string[] = [];
  for (const change of wide) {
    const masked = mask(change.after);
    const result = await execa(biome, ['format', `--stdin-file-path=${change.path}`], {
      cwd: tree.root,
      input: masked.text,
      reject: false,
      stripFinalNewline: false,
    });
    const formatted = result.exitCode === 0 && result.stdout.trim() !== '' ? unmask(result.stdout, masked) : undefined;
    if (formatted === undefined) failed.push(change.path);
    else tree.write(change.path, formatted);
  }
  return failed;
}

/**
 * A formatter setting of the project's Biome config for TypeScript files: `javascript.formatter`
 * overrides the top-level `formatter`. `overrides[]` apply to chosen paths only, so they are not
 * the project's setting.
 */
function biomeFormatterSetting(tree: Tree, key: 'lineWidth' | 'lineEnding'): unknown {
  const text = ['biome.json', 'biome.jsonc'].map((file) => tree.read(file)).find((t) => t !== undefined);
  const root = text === undefined ? undefined : parseTree(text, [], { allowTrailingComma: true });
  if (!root) return undefined;
  const node =
    findNodeAtLocation(root, ['javascript', 'formatter', key]) ?? findNodeAtLocation(root, ['formatter', key]);
  return node && getNodeValue(node);
}

/** The line width Biome formats to: the project's biome.json if it says, else the framework's. */
export function lineWidthOf(tree: Tree): number {
  const width = biomeFormatterSetting(tree, 'lineWidth');
  return typeof width === 'number' && Number.isInteger(width) && width > 0 ? width : DEFAULT_LINE_WIDTH;
}

/** The line breaks Biome's `lineEnding` names. */
const LINE_ENDINGS = new Map<unknown, string>([
  ['crlf', '\r\n'],
  ['cr', '\r'],
]);

/**
 * The line break new files are written with: CRLF or CR where the project's Biome formats to it
 * (`"lineEnding": "crlf"` or `"cr"`), else LF, the framework's. Templates are LF, which the
 * `biome check` of such a project rejects.
 */
function newFileEolOf(tree: Tree): string {
  return LINE_ENDINGS.get(biomeFormatterSetting(tree, 'lineEnding')) ?? '\n';
}

/** A rendered (LF) template as a new file of this project: in the line ending its Biome asks for. */
export function asNewFile(tree: Tree, text: string): string {
  const eol = newFileEolOf(tree);
  return eol === '\n' ? text : text.replace(/\r?\n/g, eol);
}
