/**
 * The declaration reader reads syntax only; here TypeScript's checker judges the same questions on
 * the real releases (inject('frameworkRoots')): for each feature, a few lines that use it must
 * compile exactly where detectFrameworkFeatures says the release has it.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { detectFrameworkFeatures, type FrameworkFeatures } from '../../src/project/framework-features.js';
import { tsMorph } from '../../src/ts/ts-morph.js';
import type { FrameworkRelease } from '../helpers/framework-installs.js';

const roots = inject('frameworkRoots');

const HEAD = `import type { Context } from '@cyanheads/mcp-ts-core';
declare const ctx: Context;
`;

/** Per feature: code that compiles only where the release has it. */
const USES: Record<string, { feature: (f: FrameworkFeatures) => boolean; code: string }> = {
  requestInput: {
    feature: (f) => f.requestInput,
    code: `import { inputRequired } from '@cyanheads/mcp-ts-core';
export const ask = () => { void ctx.inputs; void inputRequired; return ctx.requestInput; };`,
  },
  elicit: {
    feature: (f) => f.elicit,
    code: `import type { ElicitFn } from '@cyanheads/mcp-ts-core';
export const elicit: ElicitFn | undefined = ctx.elicit;`,
  },
  tasks: { feature: (f) => f.tasks, code: 'export const progress = ctx.progress;' },
  apps: { feature: (f) => f.apps, code: "export { appResource, appTool } from '@cyanheads/mcp-ts-core';" },
  mockElicit: {
    feature: (f) => f.mock.elicit,
    code: `import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
createMockContext({ elicit: undefined });`,
  },
  mockProgress: {
    feature: (f) => f.mock.progress,
    code: `import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
createMockContext({ progress: true });`,
  },
  mockInputResponses: {
    feature: (f) => f.mock.inputResponses && f.mock.requestState,
    code: `import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
createMockContext({ inputResponses: undefined, requestState: undefined });`,
  },
  mockErrors: {
    feature: (f) => f.mock.errors,
    code: `import type { ErrorContract } from '@cyanheads/mcp-ts-core/errors';
import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
declare const errors: readonly [ErrorContract & { reason: 'gone' }];
export const failure = createMockContext({ errors }).fail('gone');`,
  },
  expectInputRequired: {
    feature: (f) => f.expectInputRequired,
    code: "export { expectInputRequired } from '@cyanheads/mcp-ts-core/testing';",
  },
  testingHelpers: {
    feature: (f) => Object.values(f.testing).every(Boolean),
    code: `export { createFetchMock, createMockSession, runToolContract } from '@cyanheads/mcp-ts-core/testing';
export { toolContractSuite } from '@cyanheads/mcp-ts-core/testing/vitest';`,
  },
  utilsTakeCtx: {
    feature: (f) => f.utilsTakeCtx,
    code: `import { fetchWithTimeout, paginateArray } from '@cyanheads/mcp-ts-core/utils';
void fetchWithTimeout('https://example.org', 1000, ctx);
void paginateArray([1], undefined, 1, 1, ctx);`,
  },
  storageTakesCtx: {
    feature: (f) => f.storageTakesCtx,
    code: `import type { StorageService } from '@cyanheads/mcp-ts-core/storage';
declare const storage: StorageService;
void storage.get('k', ctx);
void storage.set('k', 1, ctx);`,
  },
};

/** Which USES compile against `release`: one program over all of them, read file by file. */
function compiling(release: FrameworkRelease): Record<string, boolean> {
  const ts = tsMorph().ts;
  const dir = path.join(roots[release], 'typecheck');
  mkdirSync(dir, { recursive: true });
  const files = Object.fromEntries(Object.keys(USES).map((k) => [k, path.join(dir, `${k}.ts`)]));
  for (const [k, file] of Object.entries(files)) writeFileSync(file, HEAD + USES[k]!.code);
  const program = ts.createProgram(Object.values(files), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  });
  return Object.fromEntries(
    Object.entries(files).map(([k, file]) => {
      const sf = program.getSourceFile(file)!;
      return [k, [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)].length === 0];
    }),
  );
}

describe('the reader agrees with the type checker on the real releases', () => {
  it.each(['0.9.21', '0.10.17', '0.11.5', '0.12.3'] as const)('%s', (release) => {
    const features = detectFrameworkFeatures(roots[release]);
    const expected = Object.fromEntries(Object.entries(USES).map(([k, use]) => [k, use.feature(features)]));
    // 0.9.x declares ctx.elicit and ElicitFn is not exported: the checker and the reader agree it
    // cannot be used as 0.10.3's ElicitFn.
    expect(compiling(release)).toEqual(expected);
  });
});
