/**
 * The steps of an inventory that read services: the service files (each exporting an `init…`
 * function), and the `init…()` calls in createApp's setup() that register them.
 */

import { ScaffoldError } from '../engine/errors.js';
import { namedImport } from '../ts/imports.js';
import { startLine, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { entryPointCandidates, findAppCall } from './entry-point.js';
import { type InventoryReader, keyOf, newDefinition } from './inventory-reader.js';
import { isProjectSpecifier } from './inventory-trace.js';
import { type ServiceLayout, serviceDomainOf } from './layout.js';
import { isInitName, setupFunctionOf } from './setup.js';

type Node = TsMorph.Node;

/** Services: the layout's service files (`src/services/<domain>/<domain>-service.ts`) exporting an `init…` function. */
export function readServices(reader: InventoryReader, services: ServiceLayout): void {
  for (const file of reader.tree.listFiles(services.dir)) readServiceIn(reader, services, file);
}

/** The service one file of the service layout is, if it is one. */
export function readServiceIn(reader: InventoryReader, services: ServiceLayout, file: string): void {
  const domain = serviceDomainOf(services, file);
  if (domain === undefined) return;
  const facts = reader.resolver.factsOf(file);
  const inits = (facts?.exported ?? []).filter((e) => isInitName(e.exportName));
  if (inits.length === 0) {
    reader.warnings.push(`${file} exports no init…() function; not listed as a ${services.kind}.`);
    return;
  }
  const def = newDefinition(services.kind, { name: domain }, file, inits[0]!.exportName);
  reader.definitions.push(def);
  for (const init of inits) reader.byDecl.set(keyOf(file, facts!.decls[init.decl]!.start), def);
}

/** `init…()` calls in setup() register services. */
export function readSetupCalls(reader: InventoryReader, services: ServiceLayout): void {
  const { Node, SyntaxKind } = tsMorph();
  for (const file of entryPointCandidates(reader.tree)) {
    const body = setupBody(reader, file);
    if (!body) continue;
    // `setup: () => initX()` has a call for its body.
    const calls = [
      ...(Node.isCallExpression(body) ? [body] : []),
      ...body.getDescendantsOfKind(SyntaxKind.CallExpression),
    ];
    for (const call of calls) {
      const callee = call.getExpression();
      if (!Node.isIdentifier(callee)) continue;
      const name = callee.getText();
      const imported = namedImport(reader.resolver.source(file), name);
      if (!imported || !isProjectSpecifier(imported.specifier)) continue;
      const trace = reader.tracer.definition(reader.tracer.binding(file, name, startLine(call)), services);
      // A call of some other project function is no service registration; a broken init… import is.
      if (trace.type === 'dangling' && !isInitName(name)) continue;
      if (trace.type === 'unsupported') continue;
      reader.record(services, { file, node: call, name, specifier: imported.specifier }, trace);
    }
  }
}

/** The body of the app's setup function in `file`, if it has one this can follow. */
function setupBody(reader: InventoryReader, file: string): Node | undefined {
  let app: ReturnType<typeof findAppCall>;
  try {
    app = findAppCall(reader.resolver.source(file), file);
  } catch (e) {
    // Already reported while resolving the arrays (several app calls, options not an object).
    if (e instanceof ScaffoldError && e.code === 'UNSUPPORTED_LAYOUT') return undefined;
    throw e;
  }
  if (!app) return undefined;
  const setup = setupFunctionOf(app.options);
  if (setup.type === 'unsupported') reader.problem(file, startLine(setup.node), setup.message);
  return setup.type === 'function' ? setup.fn.getBody() : undefined;
}
