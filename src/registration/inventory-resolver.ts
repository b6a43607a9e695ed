/**
 * How an inventory reads a file, apart from what it makes of it: the facts of each file (kept
 * between runs for definition and service files) and the sites of createApp's arrays.
 */

import { type FactKind, ProjectCache } from '../engine/project-cache.js';
import type { Tree } from '../engine/tree.js';
import { namedImport } from '../ts/imports.js';
import type { ModuleShape } from '../ts/module-graph.js';
import { parseSource, startLine, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { type DeclFacts, type FileFacts, factsKind, readFacts, shapeOf } from './file-facts.js';
import type { DanglingRegistration, InventoryKind } from './inventory-result.js';
import { missingImport, Tracer } from './inventory-trace.js';
import { type DefinitionLayout, isDefinitionFile, type ServiceLayout, serviceDomainOf } from './layout.js';
import { type ArraySite, SiteResolver, type TrailStep } from './sites.js';

type Node = TsMorph.Node;

/**
 * A SiteResolver that turns an array reference whose import no longer resolves (`tools:
 * allToolDefinitions` from a deleted barrel) into a dangling registration instead of a failure,
 * and reads definition and service files through their facts: cached between runs, so a warm
 * run parses none of them.
 */
export class InventoryResolver extends SiteResolver {
  kind: InventoryKind = '';
  readonly danglingArrays: DanglingRegistration[] = [];
  readonly tracer = new Tracer(this);
  readonly cache: ProjectCache | undefined;
  private readonly factsKind: FactKind<FileFacts>;
  private readonly facts = new Map<string, FileFacts | undefined>();
  private readonly shapes = new Map<string, ModuleShape | undefined>();
  private readonly kept = new Map<string, boolean>();

  constructor(
    tree: Tree,
    private readonly layouts: readonly DefinitionLayout[],
    private readonly services: ServiceLayout | undefined,
  ) {
    super(tree, { all: true });
    this.cache = ProjectCache.of(tree);
    this.factsKind = factsKind(layouts);
  }

  /** A definition or service file: its facts are worth keeping between runs. */
  private isKept(file: string): boolean {
    let kept = this.kept.get(file);
    if (kept === undefined) {
      kept =
        (this.services !== undefined && serviceDomainOf(this.services, file) !== undefined) ||
        this.layouts.some((l) => isDefinitionFile(file, l));
      this.kept.set(file, kept);
    }
    return kept;
  }

  /** The file's facts; undefined when there is no such file. */
  factsOf(file: string): FileFacts | undefined {
    if (this.facts.has(file)) return this.facts.get(file);
    const parse = (text: string) => readFacts(parseSource(file, text), text, this.layouts);
    const cached = this.cache && this.isKept(file);
    const text = cached ? undefined : this.tree.read(file);
    const facts = cached
      ? this.cache!.facts(this.tree, file, this.factsKind, parse)
      : text === undefined
        ? undefined
        : readFacts(this.source(file), text, this.layouts);
    this.facts.set(file, facts);
    return facts;
  }

  /** The declaration `name` is bound to at the top of `file`, if a variable or function. */
  declOf(file: string, name: string): DeclFacts | undefined {
    const facts = this.factsOf(file);
    const i = facts?.byName.find(([n]) => n === name)?.[1];
    return i === undefined ? undefined : facts!.decls[i];
  }

  /** The module shape the graph reads for `file`. */
  graphShape(file: string): ModuleShape | undefined {
    return this.shapeOf(file);
  }

  protected override shapeOf(file: string): ModuleShape | undefined {
    if (!this.isKept(file)) return super.shapeOf(file);
    if (!this.shapes.has(file)) {
      const facts = this.factsOf(file);
      this.shapes.set(file, facts && shapeOf(facts));
    }
    return this.shapes.get(file);
  }

  override resolve(expr: Node, file: string, trail: TrailStep[], depth = 0): ArraySite[] {
    const { Node } = tsMorph();
    if (Node.isIdentifier(expr)) {
      const name = expr.getText();
      const imported = namedImport(this.source(file), name);
      const trace = imported
        ? this.tracer.imported(file, imported.specifier, imported.name, name, startLine(imported.node))
        : undefined;
      const dangling =
        trace?.type === 'dangling'
          ? trace
          : !imported && !declaredIn(this.source(file), name)
            ? missingImport(file, name)
            : undefined;
      if (dangling) {
        this.danglingArrays.push({
          kind: this.kind,
          path: file,
          line: startLine(expr),
          name,
          specifier: imported?.specifier ?? null,
          reason: dangling.reason,
          message: dangling.message,
        });
        return [];
      }
    }
    return super.resolve(expr, file, trail, depth);
  }
}

/** Whether `name` is declared anywhere in the file (a variable, function, parameter or binding). */
function declaredIn(sf: TsMorph.SourceFile, name: string): boolean {
  const { SyntaxKind } = tsMorph();
  return [
    SyntaxKind.VariableDeclaration,
    SyntaxKind.FunctionDeclaration,
    SyntaxKind.Parameter,
    SyntaxKind.BindingElement,
  ].some((k) => sf.getDescendantsOfKind(k).some((d) => (d as TsMorph.VariableDeclaration).getName() === name));
}
