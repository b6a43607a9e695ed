/**
 * The step of an inventory that reads createApp's arrays: every entry of every array that lists
 * a kind (through groups, barrels and conditional spreads) traced to the definition it registers.
 */

import { ScaffoldError } from '../engine/errors.js';
import { short, startLine, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { unwrap } from '../ts/unwrap.js';
import { builderCall, definitionNames } from './definitions.js';
import { type InventoryReader, keyOf, newDefinition } from './inventory-reader.js';
import type { DefinitionLayout } from './layout.js';
import { registrationTargets } from './registration-index.js';
import type { ArraySite } from './sites.js';

type Node = TsMorph.Node;

const isUnsupportedLayout = (e: unknown): e is ScaffoldError =>
  e instanceof ScaffoldError && e.code === 'UNSUPPORTED_LAYOUT' && e.details.length > 0;

/** The array entries that register definitions of the layout's kind. */
export function readRegistrations(reader: InventoryReader, layout: DefinitionLayout): void {
  reader.resolver.kind = layout.kind;
  let targets: ReturnType<typeof registrationTargets>;
  try {
    targets = registrationTargets(reader.resolver, layout.appKey);
  } catch (e) {
    if (!isUnsupportedLayout(e)) throw e;
    reader.problems.push(...e.details);
    return;
  }
  const seen = new Set<string>();
  for (const target of targets) {
    if (target.type === 'array') readArray(reader, layout, target.site.file, target.site.array, seen);
  }
  reader.dangling.push(...reader.resolver.danglingArrays.splice(0));
}

function readArray(
  reader: InventoryReader,
  layout: DefinitionLayout,
  file: string,
  array: TsMorph.ArrayLiteralExpression,
  seen: Set<string>,
) {
  if (seen.has(keyOf(file, array.getStart()))) return;
  seen.add(keyOf(file, array.getStart()));
  for (const el of array.getElements()) readEntry(reader, layout, file, el, seen);
}

function readEntry(reader: InventoryReader, layout: DefinitionLayout, file: string, el: Node, seen: Set<string>): void {
  const { Node } = tsMorph();
  const sf = reader.resolver.source(file);
  const line = startLine(el);
  if (Node.isIdentifier(el)) {
    const name = el.getText();
    // The module shape's import map: made once per parse on the compiler's nodes.
    const imported = reader.resolver.graphShape(file)?.imports.get(name);
    const specifier = imported?.kind === 'named' ? imported.specifier : null;
    const trace = reader.tracer.definition(reader.tracer.binding(file, name, line), layout);
    reader.record(layout, { file, node: el, name, specifier }, trace);
  } else if (Node.isPropertyAccessExpression(el) && Node.isIdentifier(el.getExpression())) {
    // `defs.fooTool` with `import * as defs from '../core/definitions/index.js'`.
    const ns = el.getExpression().getText();
    const decl = sf.getImportDeclarations().find((d) => d.getNamespaceImport()?.getText() === ns);
    if (!decl) {
      reader.problem(file, line, `cannot tell which definition \`${el.getText()}\` is`);
      return;
    }
    const specifier = decl.getModuleSpecifierValue();
    const trace = reader.tracer.imported(file, specifier, el.getName(), el.getText(), startLine(decl));
    const site = { file, node: el, name: el.getText(), specifier };
    reader.record(layout, site, reader.tracer.definition(trace, layout));
  } else if (Node.isSpreadElement(el)) {
    // Spread groups are sites of their own (resolver); a conditional spread holds entries here.
    if (isConditional(el)) readConditionalSpread(reader, layout, file, el, seen);
  } else if (Node.isCallExpression(el) && builderCall(el, layout.builders) === el) {
    reader.definitions.push({
      ...newDefinition(layout.kind, definitionNames(el, layout), file, null),
      registered: true,
      registeredAt: [{ path: file, line }],
    });
    reader.warnings.push(`${file}:${line}: a ${layout.kind} is defined inline in the array, not in a definition file.`);
  } else if (!Node.isOmittedExpression(el)) {
    reader.problem(file, line, `cannot tell which ${layout.kind} \`${short(el)}\` is`);
  }
}

function readConditionalSpread(
  reader: InventoryReader,
  layout: DefinitionLayout,
  file: string,
  el: TsMorph.SpreadElement,
  seen: Set<string>,
) {
  for (const branch of branchesOf(el.getExpression())) {
    let sites: ArraySite[];
    try {
      sites = reader.resolver.resolve(branch, file, []);
    } catch (e) {
      if (!isUnsupportedLayout(e)) throw e;
      reader.problems.push(...e.details);
      continue;
    }
    for (const site of sites) readArray(reader, layout, site.file, site.array, seen);
  }
}

function isConditional(el: TsMorph.SpreadElement): boolean {
  const { Node } = tsMorph();
  const e = unwrap(el.getExpression());
  return (
    Node.isConditionalExpression(e) ||
    (Node.isBinaryExpression(e) && ['&&', '||', '??'].includes(e.getOperatorToken().getText()))
  );
}

/** The array-valued operands of `cond ? a : b`, `cond && a`, `a ?? b` (nested too). */
function branchesOf(expr: Node): Node[] {
  const { Node } = tsMorph();
  const e = unwrap(expr);
  if (Node.isConditionalExpression(e)) return [...branchesOf(e.getWhenTrue()), ...branchesOf(e.getWhenFalse())];
  if (Node.isBinaryExpression(e)) {
    const op = e.getOperatorToken().getText();
    if (op === '&&') return branchesOf(e.getRight());
    if (op === '||' || op === '??') return [...branchesOf(e.getLeft()), ...branchesOf(e.getRight())];
  }
  return [e];
}
