/**
 * Registration locates on the compiler's nodes and wraps only what it edits, then splices every
 * edit of a file in one pass. Each shortcut is checked here against ts-morph's own way, over the
 * registration patterns real servers use: its getters (`getImportDeclarations()`,
 * `getVariableDeclaration()`, …) for what is found, and its own editing (one `replaceText` after
 * another, the file re-parsed after each) for the text the single splice gives.
 */

import { NewLineKind, Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { toolLayout } from '../../src/kinds/tool/layout.js';
import { planRegistration, register } from '../../src/registration/register.js';
import {
  bindingsIn,
  hasNamedImport,
  importBindingIn,
  importedBinding,
  localExportListIn,
  namedImport,
  pathStyleOf,
  reExportsIn,
} from '../../src/ts/imports.js';
import { moduleFacts } from '../../src/ts/module-facts.js';
import {
  isTypeOnly,
  namedExportNodes,
  namedImportNodes,
  specifierLocal,
  specifierName,
  topClass,
  topFunction,
  topVariable,
} from '../../src/ts/statements.js';
import { applyEdits, eolOf, type TextEdit } from '../../src/ts/text-edits.js';
import { lineAt, parseSource, type TsMorph, tsMorph, wrap } from '../../src/ts/ts-morph.js';
import { project } from '../helpers/projects.js';
import { KEYS, NEW, PATTERNS } from '../helpers/registration-patterns.js';

const L = (...lines: string[]) => lines.join('\n');
/** Sources with the edges of what ts-morph's getters match: every top-level shape a name can have. */
const EDGES = [
  L(
    "import def, * as ns from './a.js';",
    "import type { T } from './t.js';",
    "import { type U, a as b, 'quoted name' as q } from './u.js';",
    "import './side-effect.js';",
    "export * from './star.js';",
    "export * as space from './space.js';",
    'export type { T };',
    "export { a as c, b } from './u.js';",
    'export { ns, q };',
    'const { x, y: [z, , w] } = ns.value;',
    'let [first] = [1];',
    'function over(a: string): void;',
    'function over(a: unknown) {}',
    'declare function ambient(): void;',
    'export default function () {}',
    'class K {}',
    'export class J extends K {}',
    'first = 2;',
    'export { x, z as zed };',
  ),
];

const statedFiles = PATTERNS.flatMap((p) => Object.entries(p.files)).map(([file, text]) => ({ file, text }));
const SOURCES = [...statedFiles, ...EDGES.map((text, i) => ({ file: `src/edge${i}.ts`, text }))];

/** Every identifier's text in the file: the names a lookup may be asked for. */
function namesIn(sf: TsMorph.SourceFile): string[] {
  const { ts } = tsMorph();
  const names = new Set<string>(['absent']);
  const visit = (n: TsMorph.ts.Node): void => {
    if (ts.isIdentifier(n)) names.add(n.text);
    ts.forEachChild(n, visit);
  };
  visit(sf.compilerNode);
  return [...names];
}

/** ts-morph's public way to a compiler node's wrapper: down the children at its start, then up. */
function publicWrap(sf: TsMorph.SourceFile, node: TsMorph.ts.Node): TsMorph.Node | undefined {
  let at: TsMorph.Node | undefined = sf.getDescendantAtPos(node.getStart(sf.compilerNode));
  while (at && at.compilerNode !== node) at = at.getParent();
  return at;
}

describe('locating on compiler nodes, against ts-morph', () => {
  it.each(SOURCES)('statements of $file as ts-morph gets them', ({ file, text }) => {
    const sf = parseSource(file, text);
    for (const d of sf.getImportDeclarations()) {
      const node = d.compilerNode;
      expect(isTypeOnly(node)).toBe(d.isTypeOnly());
      expect(namedImportNodes(node).map((n) => wrap(sf, n))).toEqual(d.getNamedImports());
      for (const n of d.getNamedImports()) {
        expect(specifierName(sf, n.compilerNode)).toBe(n.getName());
        expect(specifierLocal(sf, n.compilerNode)).toBe(n.getAliasNode()?.getText() ?? n.getName());
      }
    }
    for (const d of sf.getExportDeclarations()) {
      expect(isTypeOnly(d.compilerNode)).toBe(d.isTypeOnly());
      expect(namedExportNodes(d.compilerNode).map((n) => wrap(sf, n))).toEqual(d.getNamedExports());
    }
    for (const name of namesIn(sf)) {
      expect(topVariable(sf, name), name).toBe(sf.getVariableDeclaration(name));
      expect(topFunction(sf, name), name).toBe(sf.getFunction(name));
      expect(topClass(sf, name), name).toBe(sf.getClass(name));
    }
  });

  it.each(SOURCES)('the facts of $file are what ts-morph reads', ({ file, text }) => {
    const sf = parseSource(file, text);
    const { Node } = tsMorph();
    const named = (specs: (TsMorph.ImportSpecifier | TsMorph.ExportSpecifier)[]) =>
      specs.map((n) => ({
        name: n.getName(),
        local: n.getAliasNode()?.getText() ?? n.getName(),
        start: n.getStart(),
        end: n.getEnd(),
      }));
    const expected = sf.getStatements().flatMap((st, index) => {
      if (!Node.isImportDeclaration(st) && !Node.isExportDeclaration(st)) return [];
      const base = {
        index,
        specifier: st.getModuleSpecifierValue(),
        typeOnly: st.isTypeOnly(),
        start: st.getStart(),
        end: st.getEnd(),
      };
      if (Node.isExportDeclaration(st))
        return [{ ...base, kind: 'export', named: st.hasNamedExports() ? named(st.getNamedExports()) : undefined }];
      const bindings = st.getImportClause()?.getNamedBindings();
      return [
        {
          ...base,
          kind: 'import',
          defaultName: st.getDefaultImport()?.getText(),
          namespaceName: st.getNamespaceImport()?.getText(),
          named: bindings && Node.isNamedImports(bindings) ? named(st.getNamedImports()) : undefined,
        },
      ];
    });
    const facts = moduleFacts(sf);
    expect(facts.statements.map(({ ownStart: _, quote: __, ...rest }) => rest)).toEqual(
      expected.map((e) => Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined))),
    );
    expect(facts.count).toBe(sf.getStatements().length);
    for (const name of namesIn(sf)) {
      const decl = sf.getVariableDeclaration(name) ?? sf.getFunction(name) ?? sf.getClass(name);
      expect(facts.declared.find(([n]) => n === name)?.[1], name).toBe(decl?.getStart());
    }
  });

  it.each(SOURCES)('import lookups of $file as ts-morph getters find them', ({ file, text }) => {
    const sf = parseSource(file, text);
    const decls = sf.getImportDeclarations();
    const binds = (d: TsMorph.ImportDeclaration, name: string) =>
      d.getDefaultImport()?.getText() === name ||
      d.getNamespaceImport()?.getText() === name ||
      d.getNamedImports().some((n) => (n.getAliasNode()?.getText() ?? n.getName()) === name);
    for (const name of namesIn(sf)) {
      const decl = decls.find((d) => binds(d, name));
      expect(importedBinding(sf, name), name).toBe(decl);
      expect(bindingsIn(moduleFacts(sf)).get(name)?.statement.specifier, name).toBe(decl?.getModuleSpecifierValue());
      // The one-name scan finds what the map does.
      expect(importBindingIn(moduleFacts(sf), name), name).toEqual(bindingsIn(moduleFacts(sf)).get(name));
      const named = decls.flatMap((d) =>
        d.getNamedImports().flatMap((n) => ((n.getAliasNode()?.getText() ?? n.getName()) === name ? [{ d, n }] : [])),
      )[0];
      const expected =
        decl && named?.d === decl
          ? { name: named.n.getName(), specifier: decl.getModuleSpecifierValue(), node: decl }
          : undefined;
      expect(namedImport(sf, name), name).toEqual(expected);
      for (const specifier of new Set(decls.map((d) => d.getModuleSpecifierValue()))) {
        const has = decls.some(
          (d) =>
            d.getModuleSpecifierValue() === specifier &&
            d.getNamedImports().some((n) => (n.getAliasNode()?.getText() ?? n.getName()) === name),
        );
        expect(hasNamedImport(sf, name, specifier)).toBe(has);
      }
    }
    const specifiers = decls.map((d) => d.getModuleSpecifierValue());
    const alias = specifiers.filter((s) => s.startsWith('@/')).length;
    const relative = specifiers.filter((s) => s.startsWith('.')).length;
    expect(pathStyleOf(sf)).toBe(alias + relative === 0 ? undefined : alias > relative ? 'alias' : 'relative');
    const exportsFrom = sf
      .getExportDeclarations()
      .filter((d) => d.getModuleSpecifierValue() !== undefined && !d.isTypeOnly())
      .flatMap((d) =>
        d
          .getNamedExports()
          .map((e) => ({ name: e.getAliasNode()?.getText() ?? e.getName(), specifier: d.getModuleSpecifierValue() })),
      );
    expect(reExportsIn(moduleFacts(sf))).toEqual(exportsFrom);
    for (const name of namesIn(sf)) {
      const list = sf
        .getExportDeclarations()
        .find(
          (d) => d.getModuleSpecifierValue() === undefined && d.getNamedExports().some((e) => e.getName() === name),
        );
      const found = localExportListIn(moduleFacts(sf), () => [name]);
      expect(found && wrap(sf, sf.compilerNode.statements[found.index]!), name).toBe(list);
    }
  });

  it.each(SOURCES)('wrap and lineAt in $file agree with ts-morph', ({ file, text }) => {
    const sf = parseSource(file, text);
    // The shortcut into ts-morph's own wrapping is what keeps wrapping to the path: it must be there.
    expect(typeof (sf as unknown as Record<string, unknown>)._getNodeFromCompilerNode).toBe('function');
    const { ts } = tsMorph();
    const visit = (n: TsMorph.ts.Node): void => {
      const wrapped = wrap(sf, n);
      expect(wrapped.compilerNode).toBe(n);
      // The public way cannot reach a node without width (the end-of-file token): nothing to compare.
      if (n.end > n.getStart(sf.compilerNode)) expect(publicWrap(sf, n)).toBe(wrapped);
      expect(lineAt(sf, n.end)).toBe(wrapped.getEndLineNumber());
      ts.forEachChild(n, visit);
    };
    ts.forEachChild(sf.compilerNode, visit);
  });
});

/** The edits applied as ts-morph edits a file: one `replaceText` at a time, re-parsing after each. */
function editedByTsMorph(file: string, text: string, edits: TextEdit[]): string {
  // ts-morph writes inserted line breaks as its settings say: the file's own, as the splice keeps them.
  const newLineKind = eolOf(text) === '\r\n' ? NewLineKind.CarriageReturnLineFeed : NewLineKind.LineFeed;
  const sf = new Project({ useInMemoryFileSystem: true, manipulationSettings: { newLineKind } }).createSourceFile(
    `/${file}`,
    text,
  );
  // In applyEdits' order: later offsets first, and of equal offsets the one given last first.
  const ordered = edits.map((e, i) => ({ ...e, i })).sort((a, b) => b.pos - a.pos || b.i - a.i);
  for (const e of ordered) sf.replaceText([e.pos, e.end ?? e.pos], e.text);
  return sf.getFullText();
}

describe('registration edits spliced at once, against ts-morph editing one edit at a time', () => {
  it.each(PATTERNS)('$name', ({ files, group }) => {
    const options = { ...KEYS, ...(group ? { group } : {}) };
    const plan = planRegistration(project(files).tree, toolLayout, NEW, options);
    expect(plan.edits.size).toBeGreaterThan(0);
    const { tree } = project(files);
    expect(register(tree, toolLayout, NEW, options)).toMatchObject({ changed: true, files: plan.files, via: plan.via });
    for (const [file, { text, edits }] of plan.edits) {
      expect(text).toBe(files[file]);
      // Most files take two edits or more (an import and an entry), and always in one splice.
      const spliced = tree.read(file)!;
      expect(spliced).toBe(applyEdits(text, edits));
      expect(spliced).toBe(editedByTsMorph(file, text, edits));
      expect(spliced).toContain(NEW.exportName);
    }
    // What the plan leaves alone stays as it was.
    for (const [file, text] of Object.entries(files)) if (!plan.edits.has(file)) expect(tree.read(file)).toBe(text);
  });
});
