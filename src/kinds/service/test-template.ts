/**
 * The test `add test` writes for an existing service: init…() makes the one instance get…()
 * returns (given what it takes: the config, the framework's in-memory storage), and each public
 * method is called with arguments made from its parameter types (service-calls.ts). The global
 * fetch is stubbed, as in the test add service writes, so no request the service makes (now or
 * once it calls its upstream) leaves the test.
 */

import { ScaffoldError } from '../../engine/errors.js';
import type { Tree } from '../../engine/tree.js';
import { testImportPath } from '../../registration/conventions.js';
import { serviceFiles } from '../../registration/layout.js';
import type { DefinitionTarget } from '../../registration/target.js';
import { parseSource, tsMorph } from '../../ts/ts-morph.js';
import type { TestPlan } from '../spec.js';
import { header, importLines, type TestImport } from '../test/definition-test.js';
import { methodCall, type ServiceMethodCall } from '../test/service-calls.js';
import { type ServiceInitCall, serviceInitCall } from '../test/service-double.js';
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
  return `  it('${m.name}() resolves${m.returnsValue ? ', with a result' : ''}', async () => {
${usesCtx ? "    const ctx = createMockContext({ tenantId: 'test-tenant' });\n" : ''}    ${m.returnsValue ? 'const result = ' : ''}await ${call};
${m.returnsValue ? '    expect(result).toBeDefined();\n' : ''}  });`;
}

interface ServiceShape {
  className: string;
  initName: string;
  getName: string;
  methods: ServiceMethodCall[];
  /** How the test makes it, as setup() does. */
  init: ServiceInitCall;
}

const UPSTREAM_STUB = `
/**
 * The upstream API, stubbed: no request the service makes leaves the test. Give a test the
 * upstream's answer with \`upstream.mockResolvedValueOnce(Response.json(body))\`.
 */
const upstream = vi.fn((_request: unknown) => Promise.resolve(new Response(null, { status: 404 })));
`;

function serviceTestText(s: ServiceShape, importPath: string, file: string): string {
  const usesCtx = s.methods.some((m) => m.args?.includes('ctx'));
  const imports: TestImport[] = [
    ...s.init.imports,
    ...(usesCtx ? [{ names: ['createMockContext'], from: '@cyanheads/mcp-ts-core/testing' }] : []),
    { names: ['afterEach', 'beforeEach', 'describe', 'expect', 'it', 'vi'], from: 'vitest' },
    { names: [s.className, s.getName, s.initName], from: importPath },
  ];
  return `${header(s.className, file)}
${importLines(imports)}
${UPSTREAM_STUB}
describe('${s.className}', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', upstream);
    ${s.init.code};
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    upstream.mockClear();
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
  const init = serviceInitCall(tree, file, initName);
  return { className: cls.getName()!, initName, getName, methods, init };
}

/** The service's test, in its tests folder, from what its file declares. */
export function serviceTest(tree: Tree, target: DefinitionTarget): TestPlan {
  const { def } = target;
  const shape = serviceShape(tree, def.file);
  const file = serviceFiles(serviceLayout, def.name!).test;
  return { file, text: serviceTestText(shape, testImportPath(tree, file, def.file), file) };
}
