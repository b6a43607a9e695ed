/**
 * The test `add test` writes for an existing service: init…() makes the one instance get…()
 * returns, and each public method is called with arguments made from its parameter types
 * (service-calls.ts), on the framework's in-memory storage.
 */

import { ScaffoldError } from '../../engine/errors.js';
import type { Tree } from '../../engine/tree.js';
import { testImportPath } from '../../registration/conventions.js';
import { serviceFiles } from '../../registration/layout.js';
import type { DefinitionTarget } from '../../registration/target.js';
import { parseSource, tsMorph } from '../../ts/ts-morph.js';
import type { TestPlan } from '../spec.js';
import { header } from '../test/definition-test.js';
import { methodCall, type ServiceMethodCall } from '../test/service-calls.js';
import { serviceLayout } from './layout.js';

/** One test per public method: called with sample arguments where its parameter types allow. */
function methodTest(getName: string, m: ServiceMethodCall): string {
  if (!m.args) {
    return `  // ${m.name}() takes a parameter no sample can be made up for safely: only its presence is checked.
  it('has ${m.name}()', () => {
    expect(typeof ${getName}().${m.name}).toBe('function');
  });`;
  }
  const call = `${getName}().${m.name}(${m.args.join(', ')})`;
  const usesCtx = m.args.includes('ctx');
  return `  it('${m.name}() resolves against in-memory storage${m.returnsValue ? ', with a result' : ''}', async () => {
${usesCtx ? "    const ctx = createMockContext({ tenantId: 'test-tenant' });\n" : ''}    ${m.returnsValue ? 'const result = ' : ''}await ${call};
${m.returnsValue ? '    expect(result).toBeDefined();\n' : ''}  });`;
}

interface ServiceShape {
  className: string;
  initName: string;
  getName: string;
  methods: ServiceMethodCall[];
}

function serviceTestText(s: ServiceShape, importPath: string, file: string): string {
  const usesCtx = s.methods.some((m) => m.args?.includes('ctx'));
  const testing = usesCtx ? 'createInMemoryStorage, createMockContext' : 'createInMemoryStorage';
  return `${header(s.className, file)}
import { parseConfig } from '@cyanheads/mcp-ts-core/config';
import { ${testing} } from '@cyanheads/mcp-ts-core/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { ${s.className}, ${s.getName}, ${s.initName} } from '${importPath}';

describe('${s.className}', () => {
  beforeEach(() => {
    ${s.initName}(parseConfig(), createInMemoryStorage());
  });

  it('${s.initName}() makes the one instance ${s.getName}() returns', () => {
    const service = ${s.getName}();
    expect(service).toBeInstanceOf(${s.className});
    expect(${s.getName}()).toBe(service);
  });
${s.methods.map((m) => `\n${methodTest(s.getName, m)}`).join('\n')}
});
`;
}

/** A service's class, init…/get… functions and public methods (with how to call each), read off its file. */
function serviceShape(tree: Tree, file: string): ServiceShape {
  const sf = parseSource(file, tree.read(file) ?? '');
  const cls = sf.getClasses().find((c) => c.isExported());
  const fns = sf.getFunctions().filter((f) => f.isExported());
  const initName = fns.find((f) => f.getName()?.startsWith('init'))?.getName();
  const getName = fns.find((f) => f.getName()?.startsWith('get'))?.getName();
  if (!cls?.getName() || !initName || !getName) {
    throw new ScaffoldError('UNSUPPORTED_LAYOUT', `${file}: no exported class with init…() and get…() functions.`, {
      hint: 'Write its test by hand.',
      details: [{ path: file, message: 'not the service layout add service writes' }],
    });
  }
  const { SyntaxKind } = tsMorph();
  const methods = cls
    .getMethods()
    .filter((m) => !m.hasModifier(SyntaxKind.PrivateKeyword) && !m.hasModifier(SyntaxKind.ProtectedKeyword))
    .filter((m) => !m.isStatic())
    .map(methodCall);
  return { className: cls.getName()!, initName, getName, methods };
}

/** The service's test, in its tests folder, from what its file declares. */
export function serviceTest(tree: Tree, target: DefinitionTarget): TestPlan {
  const { def } = target;
  const shape = serviceShape(tree, def.file);
  const file = serviceFiles(serviceLayout, def.name!).test;
  return { file, text: serviceTestText(shape, testImportPath(tree, file, def.file), file) };
}
