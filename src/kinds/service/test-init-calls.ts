/**
 * A service written again with --force may take other arguments than before (`--storage` adds the
 * storage, its absence drops it). setup()'s call follows (registration/setup.ts); so must the tests
 * that create the service as setup() does, or they stop compiling and devcheck fails on them. A
 * call that passes only the doubles a generated test passes (`initNcbiService(parseConfig())`) is
 * made anew from the init function as it now is, with the imports of the doubles it passes added,
 * and those of the doubles it no longer passes taken out where nothing else uses them. A call with
 * arguments of the user's own is left as it is.
 */

import type { Tree } from '../../engine/tree.js';
import { ensureNamedImport } from '../../ts/imports.js';
import { removeSpecifiers } from '../../ts/removal-edits.js';
import { applyEdits, type TextEdit } from '../../ts/text-edits.js';
import { parseSource, type TsMorph, tsMorph } from '../../ts/ts-morph.js';
import { INIT_DOUBLE_NAMES, INIT_DOUBLES, serviceInitCall } from '../test/service-double.js';
import type { ServiceNames } from './names.js';

const isTestFile = (file: string) => /\.(test|spec)\.[cm]?tsx?$/.test(file);

/** The test files of the project (below tests/ and src/) that name `initName`. */
function testsCalling(tree: Tree, initName: string, except: string): string[] {
  return [...tree.listFiles('tests'), ...tree.listFiles('src')].filter(
    (f) => f !== except && isTestFile(f) && (tree.read(f) ?? '').includes(`${initName}(`),
  );
}

/** The import of each name the edited calls no longer use, where no other code in the file does. */
function unusedDoubleImports(
  sf: TsMorph.SourceFile,
  names: readonly string[],
  replaced: Set<TsMorph.Node>,
  lineWidth: number,
): TextEdit[] {
  const { Node, SyntaxKind } = tsMorph();
  const edits: TextEdit[] = [];
  for (const decl of sf.getImportDeclarations()) {
    const gone = new Set<TsMorph.Node>();
    for (const spec of decl.getNamedImports()) {
      const local = spec.getAliasNode()?.getText() ?? spec.getName();
      if (!names.includes(spec.getName())) continue;
      const used = sf
        .getDescendantsOfKind(SyntaxKind.Identifier)
        .some(
          (id) => id.getText() === local && !id.getFirstAncestor((a) => Node.isImportDeclaration(a) || replaced.has(a)),
        );
      if (!used) gone.add(spec);
    }
    if (gone.size > 0) edits.push(...removeSpecifiers(decl, gone, lineWidth));
  }
  return edits;
}

/**
 * Rewrites the init calls of the service `s` in the project's tests to what its init function in
 * the tree now takes; the files changed.
 */
export function retargetTestInitCalls(tree: Tree, s: ServiceNames, lineWidth: number): string[] {
  const next = serviceInitCall(tree, s.file, s.initName);
  const { Node, SyntaxKind } = tsMorph();
  const changed: string[] = [];
  for (const file of testsCalling(tree, s.initName, s.testFile)) {
    const text = tree.read(file)!;
    const sf = parseSource(file, text);
    const calls = sf
      .getDescendantsOfKind(SyntaxKind.CallExpression)
      .filter(
        (c) =>
          Node.isIdentifier(c.getExpression()) &&
          c.getExpression().getText() === s.initName &&
          c.getArguments().every((a) => INIT_DOUBLES.has(a.getText().replace(/\s+/g, ''))) &&
          c.getText() !== next.code,
      );
    if (calls.length === 0) continue;
    const edits: TextEdit[] = calls.map((c) => ({ pos: c.getStart(), end: c.getEnd(), text: next.code }));
    for (const { names, from } of next.imports)
      for (const name of names) edits.push(...ensureNamedImport(sf, name, from, lineWidth));
    const passed = new Set(next.imports.flatMap((i) => i.names));
    const dropped = INIT_DOUBLE_NAMES.filter((name) => !passed.has(name));
    edits.push(...unusedDoubleImports(sf, dropped, new Set(calls), lineWidth));
    tree.write(file, applyEdits(text, edits));
    changed.push(file);
  }
  return changed;
}
