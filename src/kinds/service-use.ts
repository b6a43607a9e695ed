/**
 * What a definition whose handler calls a service made by `add service` needs, whatever its kind
 * (`add tool --service`, `add resource --service`): the service checked to exist with the
 * accessors and the `fetchRecord(id, ctx)` method the generated code calls, and the import paths
 * of the definition and of its test.
 */

import { ScaffoldError } from '../engine/errors.js';
import type { Tree } from '../engine/tree.js';
import { srcImportPath, testImportPath } from '../registration/conventions.js';
import { compareImportSources } from '../ts/import-order.js';
import type { NewDefinition } from './definition.js';
import { type ServiceNames, serviceNames } from './service/names.js';
import { methodSpy, serviceInitCall } from './test/service-double.js';

/** The service's names and text; SERVICE_MISSING when its file or an accessor is not there. */
export function requireServiceAccessors(tree: Tree, name: string, kind: string): ServiceNames & { text: string } {
  const s = serviceNames(name);
  const text = tree.read(s.file);
  if (text === undefined) {
    throw new ScaffoldError('SERVICE_MISSING', `There is no ${s.domain} service: ${s.file} does not exist.`, {
      hint: `Run \`mcp-scaffold add service ${s.domain}\` first, then add the ${kind}.`,
    });
  }
  for (const fn of [s.getName, s.initName]) {
    if (!new RegExp(`export\\s+(?:async\\s+)?function\\s+${fn}\\b|export\\s+const\\s+${fn}\\b`).test(text)) {
      throw new ScaffoldError(
        'SERVICE_MISSING',
        `${s.file} does not export ${fn}(), which the ${kind} and its test use.`,
        {
          hint: `Services made by \`mcp-scaffold add service ${s.domain}\` export ${s.initName}() and ${s.getName}(); add it, or write the handler by hand.`,
        },
      );
    }
  }
  return { ...s, text };
}

/** The service's names; SERVICE_MISSING when its file, an accessor or fetchRecord is not there. */
export function requireService(tree: Tree, name: string, kind: string): ServiceNames {
  const { text, ...s } = requireServiceAccessors(tree, name, kind);
  if (!/\bfetchRecord\s*\(/.test(text)) {
    throw new ScaffoldError(
      'SERVICE_MISSING',
      `${s.file} has no fetchRecord(id, ctx) method, which the generated handler calls.`,
      {
        hint: `Add the ${kind} without --service and call the service from its handler by hand.`,
      },
    );
  }
  return s;
}

/**
 * Template data: the service with its import path from the definition and, when a test is
 * written, how it makes the service and stands in for `method` (service-double.ts), and its
 * imports in order. Without a test an init the test could not call is no reason to refuse.
 */
export function serviceTemplateData(tree: Tree, def: NewDefinition, s: ServiceNames, method: string, test: boolean) {
  const service = { ...s, importPath: srcImportPath(tree, def.file, s.file) };
  if (!test) return { service };
  const init = serviceInitCall(tree, s.file, s.initName);
  const testImports = [
    { name: def.exportName, path: testImportPath(tree, def.testFile, def.file) },
    { name: `${s.getName}, ${s.initName}`, path: testImportPath(tree, def.testFile, s.file) },
  ].sort((a, b) => compareImportSources(a.path, b.path));
  return {
    service,
    serviceInit: init.code,
    serviceStorage: init.storage,
    configImport: init.imports.some((i) => i.names.includes('parseConfig')),
    serviceSpy: methodSpy(tree, s, method),
    testImports,
  };
}
