/**
 * Follows names from `createApp({ tools: … })` to the array literal(s) that really list the
 * definitions: inline, a local variable, an imported barrel array, a spread, `.filter()`/`.map()`
 * of one, either branch of a conditional. Several spread groups are a choice for the user
 * (`--group`), never a guess; anything else it cannot follow is UNSUPPORTED_LAYOUT with file and
 * line.
 */

import { ScaffoldError } from '../engine/errors.js';
import type { Tree } from '../engine/tree.js';
import { isConditionalSpread } from '../ts/array-edits.js';
import { namedImport } from '../ts/imports.js';
import { resolveModuleFile } from '../ts/modules.js';
import { parseSource, short, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { unsupported } from './entry-point.js';

export interface ArraySite {
  file: string;
  array: TsMorph.ArrayLiteralExpression;
  /** How the site was reached, e.g. `src/index.ts:14 tools → src/…/index.ts:6 allToolDefinitions`. */
  trail: string[];
}

export interface ResolveOptions {
  /** The spread group a new definition joins, where there are several. */
  group?: string;
  /** Follow every group and branch (for `list`) instead of choosing one. */
  all?: boolean;
}

const PASS_THROUGH_METHODS = new Set(['filter', 'map', 'slice', 'toSorted', 'toReversed']);
const MAX_DEPTH = 12;

export class SiteResolver {
  private readonly sources = new Map<string, TsMorph.SourceFile>();
  /** Whether any array met was split into groups, i.e. whether `options.group` meant anything. */
  groupUsed = false;

  constructor(
    readonly tree: Tree,
    readonly options: ResolveOptions = {},
  ) {}

  /** Each file is parsed once per resolver, so nodes from it stay valid while edits are planned. */
  source(file: string): TsMorph.SourceFile {
    let sf = this.sources.get(file);
    if (!sf) {
      const text = this.tree.read(file);
      if (text === undefined) throw new Error(`no such file: ${file}`);
      sf = parseSource(file, text);
      this.sources.set(file, sf);
    }
    return sf;
  }

  resolve(expr: TsMorph.Node, file: string, trail: string[], depth = 0): ArraySite[] {
    const { Node } = tsMorph();
    if (depth > MAX_DEPTH) throw unsupported(file, expr, `gave up following \`${short(expr)}\`: too many indirections`);
    if (
      Node.isParenthesizedExpression(expr) ||
      Node.isAsExpression(expr) ||
      Node.isSatisfiesExpression(expr) ||
      Node.isNonNullExpression(expr) ||
      Node.isTypeAssertion(expr)
    ) {
      return this.resolve(expr.getExpression(), file, trail, depth + 1);
    }
    if (Node.isArrayLiteralExpression(expr)) return this.fromArray(expr, file, trail, depth);
    if (Node.isIdentifier(expr)) return this.fromIdentifier(expr, file, trail, depth);
    if (Node.isConditionalExpression(expr)) {
      const sites = dedupe([
        ...this.resolve(expr.getWhenTrue(), file, trail, depth + 1),
        ...this.resolve(expr.getWhenFalse(), file, trail, depth + 1),
      ]);
      if (sites.length > 1 && !this.options.all) {
        throw unsupported(
          file,
          expr,
          `the two branches of \`${short(expr)}\` list different arrays; cannot tell which one to extend`,
        );
      }
      return sites;
    }
    if (Node.isCallExpression(expr)) {
      const callee = expr.getExpression();
      if (Node.isPropertyAccessExpression(callee) && PASS_THROUGH_METHODS.has(callee.getName())) {
        return this.resolve(callee.getExpression(), file, trail, depth + 1);
      }
    }
    throw unsupported(file, expr, `cannot follow \`${short(expr)}\` to an array of definitions`);
  }

  private fromArray(array: TsMorph.ArrayLiteralExpression, file: string, trail: string[], depth: number): ArraySite[] {
    const { Node } = tsMorph();
    const here: ArraySite = { file, array, trail };
    const elements = array.getElements();
    const groups = elements.filter(
      (el) => Node.isSpreadElement(el) && !isConditionalSpread(el),
    ) as TsMorph.SpreadElement[];
    if (groups.length === 0) return [here];
    const direct = elements.some((el) => !Node.isSpreadElement(el));
    const named = groups.map((g) => ({ name: groupName(g), node: g }));
    if (this.options.all) {
      // `list` reads every entry: a conditional spread (`...(flag ? [cTool] : [])`) is not a group
      // but entries of this array, so the array itself is a site even when it holds nothing else.
      const ownEntries = elements.some((el) => !Node.isSpreadElement(el) || isConditionalSpread(el));
      return dedupe([
        ...(ownEntries ? [here] : []),
        ...named.flatMap((g) =>
          this.resolve(
            g.node.getExpression(),
            file,
            [...trail, `${file}:${g.node.getStartLineNumber()} ...${g.name}`],
            depth + 1,
          ),
        ),
      ]);
    }
    // One spread and nothing else: the list lives in what is spread (`[...allToolDefinitions]`).
    if (groups.length === 1 && !direct) {
      const g = named[0]!;
      return this.resolve(
        g.node.getExpression(),
        file,
        [...trail, `${file}:${g.node.getStartLineNumber()} ...${g.name}`],
        depth + 1,
      );
    }
    const choices = [...named.map((g) => g.name), ...(direct ? ['inline'] : [])];
    const wanted = this.options.group;
    this.groupUsed = true;
    if (wanted === undefined) {
      throw new ScaffoldError(
        'GROUP_REQUIRED',
        `${file}:${array.getStartLineNumber()}: the definitions are split into groups (${choices.join(', ')}); choose one with --group.`,
        {
          hint: `Pass --group <name>, one of: ${choices.join(', ')}.`,
          details: [{ path: file, line: array.getStartLineNumber(), message: `groups: ${choices.join(', ')}` }],
        },
      );
    }
    if (wanted === 'inline' && direct) return [here];
    const match = named.find((g) => groupMatches(g.name, wanted));
    if (!match) {
      throw new ScaffoldError('GROUP_REQUIRED', `No group "${wanted}" at ${file}:${array.getStartLineNumber()}.`, {
        hint: `Pass --group <name>, one of: ${choices.join(', ')}.`,
        details: [{ path: file, line: array.getStartLineNumber(), message: `groups: ${choices.join(', ')}` }],
      });
    }
    return this.resolve(
      match.node.getExpression(),
      file,
      [...trail, `${file}:${match.node.getStartLineNumber()} ...${match.name}`],
      depth + 1,
    );
  }

  private fromIdentifier(id: TsMorph.Identifier, file: string, trail: string[], depth: number): ArraySite[] {
    const sf = this.source(file);
    const name = id.getText();
    const imported = namedImport(sf, name);
    if (imported) {
      const target = resolveModuleFile(this.tree, file, imported.specifier);
      if (!target) {
        throw unsupported(
          file,
          imported.node,
          `\`${name}\` comes from '${imported.specifier}', which is not a file of this project`,
        );
      }
      return this.fromExport(
        target,
        imported.name,
        [...trail, `${file}:${id.getStartLineNumber()} ${name}`],
        depth + 1,
        file,
        imported.node,
      );
    }
    const decl = findLocalVariable(sf, name, id);
    if (!decl) throw unsupported(file, id, `cannot find where \`${name}\` is defined`);
    const init = decl.getInitializer();
    if (!init) throw unsupported(file, decl, `\`${name}\` is declared without a value`);
    // `let tools = [a]; if (x) tools = [b];`: extending the first array would leave the new
    // definition out whenever the other one is used. A silent wrong edit: refuse instead.
    const reassigned = reassignmentOf(sf, name);
    if (reassigned) {
      throw unsupported(
        file,
        reassigned,
        `\`${name}\` is assigned another value here; cannot tell which array is registered`,
      );
    }
    return this.resolve(init, file, [...trail, `${file}:${decl.getStartLineNumber()} ${name}`], depth + 1);
  }

  /** The sites behind the export `name` of `file`, following re-exports. */
  private fromExport(
    file: string,
    name: string,
    trail: string[],
    depth: number,
    fromFile: string,
    fromNode: TsMorph.Node,
  ): ArraySite[] {
    const { Node } = tsMorph();
    if (depth > MAX_DEPTH) throw unsupported(fromFile, fromNode, `gave up following \`${name}\`: too many re-exports`);
    const sf = this.source(file);
    // hasExportKeyword, not isExported: the latter asks the type checker (~850 ms on first use).
    const local = sf
      .getVariableStatements()
      .find((v) => v.hasExportKeyword() && v.getDeclarations().some((d) => d.getName() === name));
    if (local) {
      const decl = local.getDeclarations().find((d) => d.getName() === name)!;
      const init = decl.getInitializer();
      if (!init) throw unsupported(file, decl, `\`${name}\` is declared without a value`);
      return this.resolve(init, file, trail, depth + 1);
    }
    for (const ed of sf.getExportDeclarations()) {
      const spec = ed.getModuleSpecifierValue();
      for (const ne of ed.getNamedExports()) {
        if ((ne.getAliasNode()?.getText() ?? ne.getName()) !== name) continue;
        if (spec === undefined) {
          // `export { x }` or `export { y as x }` of a local binding.
          const id = ne.getNameNode();
          if (Node.isIdentifier(id)) return this.fromIdentifier(id, file, trail, depth + 1);
        } else {
          const target = resolveModuleFile(this.tree, file, spec);
          if (!target)
            throw unsupported(
              file,
              ed,
              `\`${name}\` is re-exported from '${spec}', which is not a file of this project`,
            );
          return this.fromExport(target, ne.getName(), trail, depth + 1, file, ed);
        }
      }
    }
    for (const ed of sf.getExportDeclarations()) {
      const spec = ed.getModuleSpecifierValue();
      // ts-morph's isNamespaceExport() is true for a plain `export * from` too; only `export * as ns`
      // (which has a namespace name) is not a star re-export of the names themselves.
      if (spec === undefined || ed.getNamedExports().length > 0 || ed.getNamespaceExport() !== undefined) continue;
      // `export * from '../core/ast/x.js'`: follow it only where the name is really there.
      const target = resolveModuleFile(this.tree, file, spec);
      if (target && this.exportsName(target, name)) return this.fromExport(target, name, trail, depth + 1, file, ed);
    }
    throw unsupported(fromFile, fromNode, `cannot find the export \`${name}\` in ${file}`);
  }

  private exportsName(file: string, name: string): boolean {
    const sf = this.source(file);
    return (
      sf
        .getVariableStatements()
        .some((v) => v.hasExportKeyword() && v.getDeclarations().some((d) => d.getName() === name)) ||
      sf
        .getExportDeclarations()
        .some((d) => d.getNamedExports().some((e) => (e.getAliasNode()?.getText() ?? e.getName()) === name))
    );
  }
}

function dedupe(sites: ArraySite[]): ArraySite[] {
  const seen = new Set<string>();
  return sites.filter((s) => {
    const key = `${s.file}@${s.array.getStart()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `...writeTools.map((d) => …)` → `writeTools`: the name the user picks a group by. */
function groupName(spread: TsMorph.SpreadElement): string {
  const { Node } = tsMorph();
  let expr: TsMorph.Node = spread.getExpression();
  for (;;) {
    if (Node.isParenthesizedExpression(expr) || Node.isAsExpression(expr) || Node.isNonNullExpression(expr))
      expr = expr.getExpression();
    else if (Node.isCallExpression(expr) && Node.isPropertyAccessExpression(expr.getExpression())) {
      expr = (expr.getExpression() as TsMorph.PropertyAccessExpression).getExpression();
    } else break;
  }
  return Node.isIdentifier(expr) ? expr.getText() : short(expr);
}

/** `--group write` picks `writeTools`; the exact identifier works too. */
function groupMatches(groupIdentifier: string, wanted: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[-_]/g, '');
  const bare = groupIdentifier.replace(/(Tools|Resources|Prompts|Definitions|Defs|Group)$/, '');
  return norm(groupIdentifier) === norm(wanted) || norm(bare) === norm(wanted);
}

/** An assignment `name = …` (or `name ??= …` and the like) anywhere in the file. */
function reassignmentOf(sf: TsMorph.SourceFile, name: string): TsMorph.Node | undefined {
  const { SyntaxKind } = tsMorph();
  return sf.getDescendantsOfKind(SyntaxKind.BinaryExpression).find((b) => {
    const op = b.getOperatorToken().getKind();
    return op >= SyntaxKind.FirstAssignment && op <= SyntaxKind.LastAssignment && b.getLeft().getText() === name;
  });
}

/** The variable `name` refers to at `use`: top-level first, else the one declaration in the file. */
function findLocalVariable(
  sf: TsMorph.SourceFile,
  name: string,
  use: TsMorph.Node,
): TsMorph.VariableDeclaration | undefined {
  const top = sf.getVariableDeclaration(name);
  if (top) return top;
  const { SyntaxKind } = tsMorph();
  const all = sf.getDescendantsOfKind(SyntaxKind.VariableDeclaration).filter((d) => d.getName() === name);
  // Only a declaration in a scope that contains the use can be the one it means.
  const inScope = all.filter((d) => {
    const block = d.getFirstAncestor((a) => a.getKind() === SyntaxKind.Block || a.getKind() === SyntaxKind.SourceFile);
    return block !== undefined && use.getStart() >= block.getStart() && use.getEnd() <= block.getEnd();
  });
  return inScope.length === 1 ? inScope[0] : undefined;
}
