/**
 * detectFrameworkFeatures / requireVariant on fake installed packages: what a project's framework
 * offers is read from its declaration files (through package.json exports, re-exports, imports and
 * `extends`), not from its version number.
 */

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScaffoldError } from '../../src/engine/errors.js';
import { detectFrameworkFeatures, requireVariant } from '../../src/project/framework-features.js';
import { tempDir } from '../helpers/temp.js';

const PKG = 'node_modules/@cyanheads/mcp-ts-core';

/** A fake installed framework: package.json with exports, and the given dist files. */
function fakePackage(
  version: string,
  dist: Record<string, string>,
  exportsMap?: Record<string, unknown>,
): Record<string, string> {
  const files: Record<string, string> = {
    [`${PKG}/package.json`]: JSON.stringify({
      name: '@cyanheads/mcp-ts-core',
      version,
      exports: exportsMap ?? {
        '.': { types: './dist/core/index.d.ts', import: './dist/core/index.js' },
        './testing': { types: './dist/testing/index.d.ts', import: './dist/testing/index.js' },
        './testing/vitest': { types: './dist/testing/vitest.d.ts', import: './dist/testing/vitest.js' },
      },
    }),
  };
  for (const [rel, text] of Object.entries(dist)) files[`${PKG}/dist/${rel}`] = text;
  return files;
}

/** The shape of 0.10.17: ctx.elicit, task tools, apps, createInMemoryStorage; no requestInput. */
const V010: Record<string, string> = {
  'core/index.d.ts': [
    "export type { Context, ContextProgress, ElicitFn } from '../core/context.js';",
    "export { APP_RESOURCE_MIME_TYPE, appResource, appTool } from '../mcp-server/apps/appBuilders.js';",
    "export type { AnyToolDefinition, ToolDefinition } from '../mcp-server/tools/utils/toolDefinition.js';",
    "export { tool } from '../mcp-server/tools/utils/toolDefinition.js';",
  ].join('\n'),
  'core/context.d.ts': [
    'export interface ElicitFn { (message: string, schema: unknown): Promise<unknown>; url(m: string, u: string): Promise<unknown>; }',
    'export interface ContextProgress { increment(amount?: number): Promise<void>; }',
    'export interface Context {',
    '    readonly elicit?: ElicitFn | undefined;',
    '    readonly progress?: ContextProgress | undefined;',
    '    readonly requestId: string;',
    '    recoveryFor(reason: string): unknown;',
    '}',
  ].join('\n'),
  'mcp-server/apps/appBuilders.d.ts':
    'export declare const APP_RESOURCE_MIME_TYPE = "text/html;profile=mcp-app";\nexport declare function appTool(name: string, options: unknown): unknown;\nexport declare function appResource(uri: string, options: unknown): unknown;\n',
  'mcp-server/tools/utils/toolDefinition.d.ts':
    'export interface ToolDefinition { description: string; task?: boolean; handler(input: unknown, ctx: unknown): unknown; }\nexport type AnyToolDefinition = ToolDefinition;\nexport declare function tool(name: string, o: unknown): unknown;\n',
  'testing/index.d.ts': [
    "import { StorageService } from '../storage/core/StorageService.js';",
    'export interface MockContextOptions { elicit?: unknown; errors?: unknown; progress?: boolean; tenantId?: string; }',
    'export declare function createMockContext(options?: MockContextOptions): unknown;',
    'export declare function createInMemoryStorage(): StorageService;',
  ].join('\n'),
  'testing/vitest.d.ts':
    'export interface McpTestFixtures { ctx: unknown; storage: unknown; }\nexport declare const mcpTest: unknown;\n',
};

/** The shape the api-context skill describes for 0.11+: requestInput, inputs, inputRequired. */
const V011: Record<string, string> = {
  ...V010,
  'core/index.d.ts': `${V010['core/index.d.ts']}\nexport { inputRequired } from '../core/input.js';\nexport type { Context } from '../core/context.js';`,
  'core/input.d.ts': 'declare const inputRequired: { elicit(o: unknown): unknown };\nexport { inputRequired };\n',
  'core/context.d.ts': [
    "import type { RequestContext } from '../utils/requestContext.js';",
    'export interface Context extends RequestContext {',
    '    readonly requestInput: (spec: unknown) => never;',
    '    readonly inputs: { view(key: string): unknown };',
    '    readonly progress?: { increment(): Promise<void> } | undefined;',
    '}',
  ].join('\n'),
  'utils/requestContext.d.ts':
    'export interface RequestContext { readonly requestId: string; readonly tenantId?: string; }\n',
  'testing/index.d.ts': [
    'export interface MockContextOptions { inputResponses?: Record<string, unknown>; errors?: unknown; progress?: boolean; tenantId?: string; }',
    'export declare function createMockContext(options?: MockContextOptions): unknown;',
    'export declare function createInMemoryStorage(): unknown;',
  ].join('\n'),
};

/** An early framework: a Context with neither elicit nor progress, no apps, no tasks. */
const V_OLD: Record<string, string> = {
  'index.d.ts': "export type { Context } from './context.js';\nexport { tool } from './tool.js';\n",
  'context.d.ts': 'export interface Context { readonly requestId: string; }\n',
  'tool.d.ts':
    'export interface ToolDefinition { description: string }\nexport declare function tool(n: string, o: unknown): unknown;\n',
  'testing.d.ts':
    'export interface MockContextOptions { tenantId?: string }\nexport declare function createMockContext(o?: MockContextOptions): unknown;\n',
};

function features(files: Record<string, string>, sub = '') {
  const root = tempDir({ 'package.json': '{"name":"x"}', ...files });
  return detectFrameworkFeatures(path.join(root, sub));
}

function refusal(fn: () => unknown): ScaffoldError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ScaffoldError);
    return e as ScaffoldError;
  }
  throw new Error('expected a refusal');
}

describe('detectFrameworkFeatures', () => {
  it('0.10-shaped package: elicit, tasks, apps and createInMemoryStorage; no requestInput', () => {
    const f = features(fakePackage('0.10.17', V010));
    expect(f).toMatchObject({
      version: '0.10.17',
      requestInput: false,
      elicit: true,
      tasks: true,
      apps: true,
      inMemoryStorage: 'createInMemoryStorage',
      mock: { elicit: true, inputResponses: false, progress: true, tenantId: true },
    });
    expect(f.packageDir).toMatch(/node_modules\/@cyanheads\/mcp-ts-core$/);
    expect(f.evidence.join('\n')).toContain('Context (dist/core/context.d.ts): elicit, progress');
    expect(requireVariant(f, 'confirm', true)).toBe('elicit');
  });

  it('0.11-shaped package: requestInput through an inherited interface and a re-exported const', () => {
    const f = features(fakePackage('0.11.2', V011));
    expect(f).toMatchObject({
      requestInput: true,
      elicit: false,
      tasks: true,
      apps: true,
      mock: { inputResponses: true, elicit: false },
    });
    expect(requireVariant(f, 'confirm', true)).toBe('requestInput');
  });

  it('0.12-shaped package: inputRequired re-exported from a dependency package (exports, .d.mts, export *)', () => {
    const SERVER = 'node_modules/@modelcontextprotocol/server';
    const f = features({
      ...fakePackage('0.12.3', {
        ...V011,
        'core/index.d.ts': `${V010['core/index.d.ts']}\nexport { completable, inputRequired } from '@modelcontextprotocol/server';\nexport type { Context } from '../core/context.js';`,
      }),
      [`${SERVER}/package.json`]: JSON.stringify({
        name: '@modelcontextprotocol/server',
        exports: { '.': { import: { types: './dist/index.d.mts', default: './dist/index.mjs' } } },
      }),
      // A bundler's output: `export *` of a module whose public name aliases a chunk's short one.
      [`${SERVER}/dist/index.d.mts`]: "export * from './completable.mjs';\nexport * from './public.mjs';\n",
      [`${SERVER}/dist/completable.d.mts`]:
        'export type { Completable } from "./types.mjs";\nexport declare const completable: unknown;\n',
      [`${SERVER}/dist/public.d.mts`]:
        "import { Ct as inputRequired } from './mcp-chunk.mjs';\nexport { inputRequired };\n",
      [`${SERVER}/dist/mcp-chunk.d.mts`]: 'declare function input(o: unknown): never;\nexport { input as Ct };\n',
    });
    expect(f).toMatchObject({ requestInput: true, elicit: false });
    expect(f.evidence.join('\n')).toContain('main entry exports: inputRequired, appTool, appResource');
    // Without the dependency installed, the name leads nowhere: no requestInput.
    const without = features(
      fakePackage('0.12.3', {
        ...V011,
        'core/index.d.ts': `${V010['core/index.d.ts']}\nexport { inputRequired } from '@modelcontextprotocol/server';\nexport type { Context } from '../core/context.js';`,
      }),
    );
    expect(without.requestInput).toBe(false);
  });

  it('the version number alone decides nothing: a 0.12 without the declarations offers nothing', () => {
    const f = features(
      fakePackage('0.12.0', V_OLD, { '.': './dist/index.d.ts', './testing': { types: './dist/testing.d.ts' } }),
    );
    expect(f).toMatchObject({
      version: '0.12.0',
      requestInput: false,
      elicit: false,
      tasks: false,
      apps: false,
      inMemoryStorage: undefined,
    });
    const e = refusal(() => requireVariant(f, 'confirm', false));
    expect(e.code).toBe('FRAMEWORK_UNSUPPORTED');
    expect(e.message).toBe(
      '--confirm needs a way to ask the user (ctx.requestInput or ctx.elicit), which the installed @cyanheads/mcp-ts-core 0.12.0 does not have.',
    );
    expect(e.hint).toContain('0.10.3 or later');
    expect(refusal(() => requireVariant(f, 'task', false)).hint).toContain('0.1.0 or later');
    expect(refusal(() => requireVariant(f, 'app', false)).hint).toContain('0.3.0 or later');
  });

  it('a test needs the matching createMockContext option, or --no-test', () => {
    const noMockElicit = {
      ...V010,
      'testing/index.d.ts': V010['testing/index.d.ts']!.replace('elicit?: unknown; ', ''),
    };
    const f = features(fakePackage('0.10.1', noMockElicit));
    expect(f.mock.elicit).toBe(false);
    expect(refusal(() => requireVariant(f, 'confirm', true)).message).toContain('createMockContext({ elicit })');
    expect(requireVariant(f, 'confirm', false)).toBe('elicit');
  });

  it('finds a package hoisted to a parent folder (workspaces)', () => {
    const f = features({ ...fakePackage('0.10.17', V010), 'packages/server/package.json': '{}' }, 'packages/server');
    expect(f.version).toBe('0.10.17');
    expect(f.apps).toBe(true);
  });

  it('package.json without exports: the types field', () => {
    const files = fakePackage('0.10.0', V010);
    files[`${PKG}/package.json`] = JSON.stringify({
      name: '@cyanheads/mcp-ts-core',
      version: '0.10.0',
      types: './dist/core/index.d.ts',
    });
    expect(features(files)).toMatchObject({ elicit: true, tasks: true, apps: true, inMemoryStorage: undefined });
  });

  it('prompt titles: read off PromptDefinition (0.10.3 added title); assumed when nothing is installed', () => {
    const withPrompt = (members: string) => ({
      ...V010,
      'core/index.d.ts': `${V010['core/index.d.ts']}\nexport type { PromptDefinition } from '../mcp-server/prompts/utils/promptDefinition.js';`,
      'mcp-server/prompts/utils/promptDefinition.d.ts': `export interface PromptDefinition { name: string; ${members} description: string; }\n`,
    });
    const modern = features(fakePackage('0.10.17', withPrompt('title?: string;')));
    expect(modern.promptTitle).toBe(true);
    expect(modern.evidence).toContain(
      'PromptDefinition (dist/mcp-server/prompts/utils/promptDefinition.d.ts): has title',
    );
    expect(features(fakePackage('0.9.21', withPrompt(''))).promptTitle).toBe(false);
    expect(features({}).promptTitle).toBe(true);
  });

  it('not installed: nothing is offered, and a variant says to install first', () => {
    const f = features({});
    expect(f).toMatchObject({ packageDir: undefined, version: undefined, elicit: false });
    const e = refusal(() => requireVariant(f, 'task', true));
    expect(e.code).toBe('FRAMEWORK_NOT_INSTALLED');
    expect(e.hint).toContain('Install the dependencies first');
  });
});
