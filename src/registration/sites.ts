/**
 * Follows names from `createApp({ tools: … })` to the array literal(s) that really list the
 * definitions: inline, a local variable, an imported barrel array, a spread, `.filter()`/`.map()`
 * of one, either branch of a conditional. Several spread groups are a choice for the user
 * (`--group`), never a guess; anything else it cannot follow is UNSUPPORTED_LAYOUT with file and
 * line.
 */

import { ScaffoldError } from '../engine/errors.js';
import type { Tree } from '../engine/tree.js';
import { namedImport } from '../ts/imports.js';
import { isConditionalSpread } from '../ts/module-facts.js';
import { ModuleGraph, type ModuleShape, moduleShape, type Trace } from '../ts/module-graph.js';
import { resolveModuleFile } from '../ts/modules.js';
import { descendantsWhere, topClass, topFunction, topVariable } from '../ts/statements.js';
import { parseSource, short, startLine, type TsMorph, tsMorph, wrap } from '../ts/ts-morph.js';
import { unwrap } from '../ts/unwrap.js';
import { unsupported } from './entry-point.js';

/** One step of the way to an array: what was followed (`tools`, `...readTools`) and where it starts. */
export interface TrailStep {
  file: string;
  pos: number;
  label: string;
}

export interface ArraySite {
  file: string;
  array: TsMorph.ArrayLiteralExpression;
  /** How the site was reached, e.g. `src/index.ts:14 tools → src/…/index.ts:6 allToolDefinitions`. */
  trail: TrailStep[];
}

/** A step at a node. */
export const stepAt = (file: string, node: TsMorph.Node, label: string): TrailStep => ({
  file,
  pos: node.getStart(),
  label,
});

export interface ResolveOptions {
  /** The spread group a new definition joins, where there are several. */
  group?: string;
  /** Follow every group and branch (for `list`) instead of choosing one. */
  all?: boolean;
  /** Endings of group names that `--group` may leave out (`write` picks `writeTools`). */
  groupSuffixes?: string[];
}

const PASS_THROUGH_METHODS = new Set(['filter', 'map', 'slice', 'toSorted', 'toReversed']);
const MAX_DEPTH = 12;

export class SiteResolver {
  private readonly sources = new Map<string, TsMorph.SourceFile>();
  /** Whether any array met was split into groups, i.e. whether `options.group` meant anything. */
  groupUsed = false;
  /** The project's modules, for following names through imports and re-exports. */
  readonly graph = new ModuleGraph({
    shape: (file) => this.shapeOf(file),
    resolve: (from, specifier) => resolveModuleFile(this.tree, from, specifier),
  });

  /** What the file imports, declares and exports; undefined when there is no such file. */
  protected shapeOf(file: string): ModuleShape | undefined {
    return this.tree.read(file) === undefined ? undefined : moduleShape(tsMorph().ts, this.source(file).compilerNode);
  }

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

  resolve(expr: TsMorph.Node, file: string, trail: TrailStep[], depth = 0): ArraySite[] {
    const { Node } = tsMorph();
    if (depth > MAX_DEPTH) throw unsupported(file, expr, `gave up following \`${short(expr)}\`: too many indirections`);
    if (unwrap(expr) !== expr) return this.resolve(unwrap(expr), file, trail, depth + 1);
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

  private fromArray(
    array: TsMorph.ArrayLiteralExpression,
    file: string,
    trail: TrailStep[],
    depth: number,
  ): ArraySite[] {
    const { ts } = tsMorph();
    const here: ArraySite = { file, array, trail };
    // The elements as the compiler's nodes, and only the spreads wrapped: a thousand entries are mostly names.
    const elements = array.compilerNode.elements;
    const spreads = elements.flatMap((el) =>
      ts.isSpreadElement(el) ? [wrap<TsMorph.SpreadElement>(array.getSourceFile(), el)] : [],
    );
    const groups = spreads.filter((el) => !isConditionalSpread(el));
    if (groups.length === 0) return [here];
    const direct = elements.some((el) => !ts.isSpreadElement(el));
    const named = groups.map((g) => ({ name: groupName(g), node: g }));
    if (this.options.all) {
      // `list` reads every entry: a conditional spread (`...(flag ? [cTool] : [])`) is not a group
      // but entries of this array, so the array itself is a site even when it holds nothing else.
      const ownEntries = direct || spreads.some((el) => isConditionalSpread(el));
      return dedupe([
        ...(ownEntries ? [here] : []),
        ...named.flatMap((g) =>
          this.resolve(g.node.getExpression(), file, [...trail, stepAt(file, g.node, `...${g.name}`)], depth + 1),
        ),
      ]);
    }
    // One spread and nothing else: the list lives in what is spread (`[...allToolDefinitions]`).
    if (groups.length === 1 && !direct) {
      const g = named[0]!;
      return this.resolve(g.node.getExpression(), file, [...trail, stepAt(file, g.node, `...${g.name}`)], depth + 1);
    }
    return this.fromChosenGroup(here, named, direct, depth);
  }

  /** The one group (or the array itself, `inline`) `--group` picks among several. */
  private fromChosenGroup(
    here: ArraySite,
    named: { name: string; node: TsMorph.SpreadElement }[],
    direct: boolean,
    depth: number,
  ): ArraySite[] {
    const { file, array, trail } = here;
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
    const match = named.find((g) => groupMatches(g.name, wanted, this.options.groupSuffixes ?? []));
    if (!match) {
      throw new ScaffoldError('GROUP_REQUIRED', `No group "${wanted}" at ${file}:${array.getStartLineNumber()}.`, {
        hint: `Pass --group <name>, one of: ${choices.join(', ')}.`,
        details: [{ path: file, line: array.getStartLineNumber(), message: `groups: ${choices.join(', ')}` }],
      });
    }
    return this.resolve(
      match.node.getExpression(),
      file,
      [...trail, stepAt(file, match.node, `...${match.name}`)],
      depth + 1,
    );
  }

  private fromIdentifier(id: TsMorph.Identifier, file: string, trail: TrailStep[], depth: number): ArraySite[] {
    const name = id.getText();
    const imported = namedImport(this.source(file), name);
    if (!imported) return this.fromLocal(file, name, id, trail, depth);
    const line = startLine(imported.node);
    const trace = this.graph.imported(file, imported.specifier, imported.name, name, line, false);
    return this.fromTrace(trace, [...trail, stepAt(file, id, name)], depth + 1);
  }

  /** The array a variable of `file` holds; `use` is where it is named (its scope decides). */
  private fromLocal(file: string, name: string, use: TsMorph.Node, trail: TrailStep[], depth: number): ArraySite[] {
    const sf = this.source(file);
    const decl = findLocalVariable(sf, name, use);
    if (!decl) throw unsupported(file, use, `cannot find where \`${name}\` is defined`);
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
    // An exported variable is where the trail already points; a local one behind an export list is a step.
    const step = decl.getVariableStatement()?.hasExportKeyword() ? [] : [stepAt(file, decl, name)];
    return this.resolve(init, file, [...trail, ...step], depth + 1);
  }

  /** The sites behind the declaration a name was followed to through imports and re-exports. */
  private fromTrace(trace: Trace, trail: TrailStep[], depth: number): ArraySite[] {
    switch (trace.type) {
      case 'found': {
        const sf = this.source(trace.file);
        if (!topVariable(sf, trace.name)) {
          const decl = topFunction(sf, trace.name) ?? topClass(sf, trace.name);
          throw unsupported(trace.file, decl, `\`${trace.name}\` is not a variable holding an array of definitions`);
        }
        return this.fromLocal(trace.file, trace.name, sf, trail, depth);
      }
      case 'unresolved':
        throw unsupported(
          trace.at.file,
          trace.at.line,
          `\`${trace.name}\` ${trace.reExport ? 'is re-exported from' : 'comes from'} '${trace.specifier}', which is not a file of this project`,
        );
      case 'missing-export':
        throw unsupported(trace.at.file, trace.at.line, `cannot find the export \`${trace.name}\` in ${trace.file}`);
      case 'undeclared':
        throw unsupported(trace.file, trace.line, `cannot find where \`${trace.name}\` is defined`);
      case 'default-or-namespace':
        throw unsupported(
          trace.file,
          trace.binding.line,
          `\`${trace.name}\` is a ${trace.binding.kind} import; cannot follow it to an array of definitions`,
        );
      case 'too-deep':
        throw unsupported(trace.at.file, trace.at.line, `gave up following \`${trace.name}\`: too many re-exports`);
    }
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
  let expr = unwrap(spread.getExpression());
  while (Node.isCallExpression(expr) && Node.isPropertyAccessExpression(expr.getExpression())) {
    expr = unwrap((expr.getExpression() as TsMorph.PropertyAccessExpression).getExpression());
  }
  return Node.isIdentifier(expr) ? expr.getText() : short(expr);
}

/** `--group write` picks `writeTools`; the exact identifier works too. */
function groupMatches(groupIdentifier: string, wanted: string, suffixes: string[]): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[-_]/g, '');
  const suffix = suffixes.find((s) => groupIdentifier.endsWith(s));
  const bare = suffix ? groupIdentifier.slice(0, -suffix.length) : groupIdentifier;
  return norm(groupIdentifier) === norm(wanted) || norm(bare) === norm(wanted);
}

/**
 * An assignment `name = …` (or `name ??= …` and the like) anywhere in the file, looked for on the
 * compiler's nodes: ts-morph's descendant walk makes a node for every token of the file.
 */
function reassignmentOf(sf: TsMorph.SourceFile, name: string): TsMorph.Node | undefined {
  const { ts, SyntaxKind } = tsMorph();
  const file = sf.compilerNode;
  const found = descendantsWhere(file, (n): n is TsMorph.ts.BinaryExpression => {
    if (!ts.isBinaryExpression(n)) return false;
    const op = n.operatorToken.kind;
    return op >= SyntaxKind.FirstAssignment && op <= SyntaxKind.LastAssignment && n.left.getText(file) === name;
  })[0];
  return found ? wrap(sf, found) : undefined;
}

/** The variable `name` refers to at `use`: top-level first, else the one declaration in the file. */
function findLocalVariable(
  sf: TsMorph.SourceFile,
  name: string,
  use: TsMorph.Node,
): TsMorph.VariableDeclaration | undefined {
  const top = topVariable(sf, name);
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
