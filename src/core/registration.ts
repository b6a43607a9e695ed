/**
 * Registers a new definition's export with the app: import + array entry in the entry point's
 * `createApp({...})`. Every shape it cannot place with certainty is refused (UNSUPPORTED_LAYOUT,
 * file and line) before anything is written.
 */

import path from 'node:path';
import { findAppCall, unsupported } from './ast/entry-point.js';
import { ensureNamedImport, hasNamedImport, importedBinding, pathStyleOf } from './ast/imports.js';
import { addArrayProperty, ensureArrayElement, isConditionalSpread } from './ast/literals.js';
import { applyEdits, type TextEdit } from './ast/text-edits.js';
import { parseSource, tsMorph, type TsMorph } from './ast/ts-morph.js';
import { type DefinitionKind, KIND_INFO } from './definitions.js';
import { ScaffoldError } from './errors.js';
import { lineWidthOf } from './format.js';
import type { Tree } from './fs/tree.js';

export const ENTRY_POINTS = ['src/index.ts', 'src/worker.ts'];

/** Canonical key order: a new `tools` key goes before `resources` and `prompts`. */
const KEY_ORDER = ['tools', 'resources', 'prompts'];

export interface Registration {
  kind: DefinitionKind;
  exportName: string;
  /** Project-relative path of the definition file, e.g. src/mcp-server/tools/definitions/x.tool.ts */
  file: string;
}

export interface RegistrationResult {
  /** The file that was (or would be) edited. */
  file: string;
  /** False when the definition was already registered. */
  changed: boolean;
}

/** `src/a/b.ts` as seen from `src/index.ts`: `./a/b.js`, or `@/a/b.js` in alias style. */
export function moduleSpecifier(fromFile: string, toFile: string, style: 'relative' | 'alias'): string {
  const target = toFile.replace(/\.ts$/, '.js');
  if (style === 'alias') return `@/${path.posix.relative('src', target)}`;
  const rel = path.posix.relative(path.posix.dirname(fromFile), target);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

function entryPoint(tree: Tree): { file: string; sf: TsMorph.SourceFile; options: TsMorph.ObjectLiteralExpression } {
  const candidates = ENTRY_POINTS.filter((f) => tree.read(f) !== undefined);
  for (const file of candidates) {
    const sf = parseSource(file, tree.read(file)!);
    const app = findAppCall(sf, file);
    if (app) return { file, sf, options: app.options };
  }
  throw new ScaffoldError(
    'UNSUPPORTED_LAYOUT',
    candidates.length === 0
      ? `No entry point found (looked for ${ENTRY_POINTS.join(', ')}).`
      : `No createApp({...}) or createWorkerHandler({...}) call found in ${candidates.join(' or ')}.`,
    { hint: 'Register the definition by hand; nothing was written.' },
  );
}

/**
 * Computes the registration edit and records it in the tree. Throws ScaffoldError (nothing
 * recorded) for any shape it does not handle.
 */
export function register(tree: Tree, reg: Registration): RegistrationResult {
  const { SyntaxKind } = tsMorph();
  const { file, sf, options } = entryPoint(tree);
  const key = KIND_INFO[reg.kind].appKey;
  const style = pathStyleOf(sf) ?? 'relative';
  const specifier = moduleSpecifier(file, reg.file, style);

  const clash = importedBinding(sf, reg.exportName);
  if (clash && !hasNamedImport(sf, reg.exportName, specifier)) {
    throw new ScaffoldError(
      'ALREADY_EXISTS',
      `${file}:${clash.getStartLineNumber()} already imports a different ${reg.exportName} (from '${clash.getModuleSpecifierValue()}').`,
      { hint: 'Choose another name.', details: [{ path: file, line: clash.getStartLineNumber(), message: `${reg.exportName} is already bound` }] },
    );
  }

  const edits: TextEdit[] = [];
  const prop = options.getProperty(key);
  if (!prop) {
    const spread = options.getProperties().find((p) => p.getKind() === SyntaxKind.SpreadAssignment);
    if (spread) {
      throw unsupported(file, spread, `the options object spreads \`${spread.getText()}\`, which may already set ${key}`);
    }
    edits.push(...addArrayProperty(options, key, reg.exportName, KEY_ORDER.slice(KEY_ORDER.indexOf(key) + 1)));
  } else {
    const init =
      prop.getKind() === SyntaxKind.PropertyAssignment
        ? (prop as TsMorph.PropertyAssignment).getInitializer()
        : undefined;
    if (!init || init.getKind() !== SyntaxKind.ArrayLiteralExpression) {
      throw unsupported(
        file,
        prop,
        `\`${key}\` is given as \`${prop.getText().slice(0, 80)}\`, not as an array written in the call`,
        'This version of mcp-scaffold registers only into an array literal inside createApp({...}); nothing was written. Add the import and array entry by hand.',
      );
    }
    // `[...allToolDefinitions]`, `[...readTools, ...writeTools]`: the definitions are listed in a
    // barrel or group elsewhere, and adding this one here would switch patterns midstream
    // (registration-patterns.md 3 and 4). Only optional extras, `...(flag ? [x] : [])`, are fine.
    const spread = (init as TsMorph.ArrayLiteralExpression)
      .getElements()
      .find((el) => el.getKind() === SyntaxKind.SpreadElement && !isConditionalSpread(el));
    if (spread) {
      throw unsupported(
        file,
        spread,
        `\`${key}\` spreads \`${spread.getText().slice(0, 80)}\`: its definitions are listed elsewhere`,
        'This version of mcp-scaffold registers only into an array literal inside createApp({...}); nothing was written. Add the definition to the list that is spread, by hand.',
      );
    }
    edits.push(...ensureArrayElement(init as TsMorph.ArrayLiteralExpression, reg.exportName, lineWidthOf(tree)));
  }
  edits.push(...ensureNamedImport(sf, reg.exportName, specifier));
  if (edits.length === 0) return { file, changed: false };
  tree.write(file, applyEdits(sf.getFullText(), edits));
  return { file, changed: true };
}
