/**
 * detectFrameworkFeatures / requireVariant on the real framework releases (installed once per run
 * by the unit project's globalSetup, `inject('frameworkRoots')`): what a project's framework offers
 * is read from its declaration files, through package.json exports, re-exports into dependencies,
 * imports and `extends`, not from its version number. The messages name the versions that have
 * what was asked for. Hand-written packages remain only for shapes no real release has.
 */

import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DiskHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { type AddToolOptions, addToolGenerator } from '../../src/kinds/tool/generator.js';
import { toolSpec } from '../../src/kinds/tool/spec.js';
import { DeclarationReader } from '../../src/project/framework-declarations.js';
import {
  detectFrameworkFeatures,
  type FrameworkFeatures,
  requireInMemoryStorage,
  requireVariant,
} from '../../src/project/framework-features.js';
import { VARIANT_VERSIONS } from '../../src/project/framework-versions.js';
import { findProject } from '../../src/project/project.js';
import { FEATURES_0_10, FEATURES_0_11, FEATURES_0_12 } from '../helpers/framework.js';
import type { FrameworkRelease } from '../helpers/framework-installs.js';
import { REPO_ROOT } from '../helpers/framework-installs.js';
import { FRESH_INDEX, PACKAGE_JSON } from '../helpers/projects.js';
import { refusal } from '../helpers/refusal.js';
import { tempDir } from '../helpers/temp.js';

const FRAMEWORK = '@cyanheads/mcp-ts-core';
const PKG = `node_modules/${FRAMEWORK}`;
const roots = inject('frameworkRoots');
const real = (release: FrameworkRelease) => detectFrameworkFeatures(roots[release]);

/** The reading without the parts that depend on where the package is. */
const comparable = ({ packageDir: _d, evidence: _e, ...rest }: FrameworkFeatures) => rest;

describe('the real releases', () => {
  it('0.12.3: requestInput (inputRequired followed into @modelcontextprotocol/server), no elicit, no tasks', () => {
    const f = real('0.12.3');
    expect(comparable(f)).toEqual(comparable(FEATURES_0_12));
    expect(f.packageDir).toBe(path.join(roots['0.12.3'], PKG));
    expect(f.evidence).toContain('main entry exports inputRequired: yes');
    // The main entry re-exports it from a bare specifier; the declaration is in the dependency.
    const reader = new DeclarationReader(f.packageDir!, FRAMEWORK);
    const main = reader.entry('.')!;
    expect(readFileSync(main, 'utf8')).toMatch(
      /export \{[^}]*inputRequired[^}]*\} from '@modelcontextprotocol\/server'/,
    );
    const decl = reader.find(main, 'inputRequired');
    expect(decl?.file).toMatch(/node_modules\/@modelcontextprotocol\/server\/dist\/[^/]+\.d\.mts$/);
    expect(requireVariant(f, 'confirm', true)).toBe('requestInput');
    expect(requireVariant(f, 'app', true)).toBeUndefined();
  });

  it('0.12.3 refuses --task, naming the versions that have tasks', () => {
    const e = refusal(() => requireVariant(real('0.12.3'), 'task', false));
    expect(e.code).toBe('FRAMEWORK_UNSUPPORTED');
    expect(e.message).toBe(
      `--task needs task tools (tool({ task: true }) and ctx.progress), which the installed ${FRAMEWORK} 0.12.3 does not have.`,
    );
    expect(e.hint).toBe(
      `Task tools exist in ${FRAMEWORK} 0.11.x and earlier (0.12.0 removed tasks): use a 0.11 release of the framework, or add the tool without --task.`,
    );
    expect(e.hint).not.toContain('0.1.0');
  });

  it('0.11.5: ctx.elicit and tasks still; typed { errors }, the 0.11.1 test helpers, utils that take ctx', () => {
    const f = real('0.11.5');
    expect(comparable(f)).toEqual(comparable(FEATURES_0_11));
    expect(f.evidence).toContain('fetchWithTimeout, paginateArray take the handler ctx: yes');
    expect(requireVariant(f, 'confirm', true)).toBe('elicit');
    expect(requireVariant(f, 'task', true)).toBeUndefined();
  });

  it('0.10.17: ctx.elicit, tasks, apps; utils take a RequestContext the handler ctx does not fit', () => {
    const f = real('0.10.17');
    expect(comparable(f)).toEqual(comparable(FEATURES_0_10));
    expect(f.evidence).toContain('Context (dist/core/context.d.ts): elicit, progress');
    expect(f.evidence).toContain('fetchWithTimeout, paginateArray take the handler ctx: no');
    expect(requireVariant(f, 'confirm', true)).toBe('elicit');
    expect(requireVariant(f, 'task', true)).toBeUndefined();
    expect(() => requireInMemoryStorage(f, 'The test')).not.toThrow();
  });

  it('0.9.21 declares ctx.elicit but never wires it to the client: --confirm is refused', () => {
    const f = real('0.9.21');
    expect(f).toMatchObject({ version: '0.9.21', elicit: false, requestInput: false, tasks: true, promptTitle: false });
    expect(f.mock).toMatchObject({ elicit: true, errors: false });
    expect(f.evidence).toContain(
      'ctx.elicit is declared but ElicitFn is not exported: before 0.10.3 it never reaches the client',
    );
    for (const withTest of [true, false]) {
      const e = refusal(() => requireVariant(f, 'confirm', withTest));
      expect(e.code).toBe('FRAMEWORK_UNSUPPORTED');
      expect(e.message).toBe(
        `--confirm needs a way to ask the user that reaches the client (ctx.elicit or ctx.requestInput), which the installed ${FRAMEWORK} 0.9.21 does not have.`,
      );
      expect(e.hint).toBe(
        `Upgrade to ${FRAMEWORK} 0.10.3 or later (ctx.elicit on 0.10.3 to 0.11.x, ctx.requestInput from 0.12.0), or add the tool without --confirm.`,
      );
    }
    expect(requireVariant(f, 'task', true)).toBeUndefined();
  });

  it('prompt titles: none on 0.9.21, on every later release', () => {
    expect(['0.9.21', '0.10.17', '0.11.5', '0.12.3'].map((v) => real(v as FrameworkRelease).promptTitle)).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });

  it('ctx.fail typed by the errors contract (HandlerContext, TypedFail): on every release read', () => {
    for (const v of ['0.9.21', '0.10.17', '0.11.5', '0.12.3'] as FrameworkRelease[]) {
      const f = real(v);
      expect(f.fail, v).toBe(true);
      expect(f.evidence).toContain('main entry exports HandlerContext, TypedFail (ctx.fail): yes');
    }
  });

  it('enrichment (the block, ctx.enrich with echo/total/notice, getEnrichment): on every release read', () => {
    const releases: FrameworkRelease[] = ['0.9.21', '0.10.17', '0.11.5', '0.12.3'];
    for (const v of releases) {
      const f = real(v);
      expect(f.enrichment, v).toBe(true);
      expect(f.evidence.find((e) => e.startsWith('enrichment:'))).toMatch(
        /^enrichment: ToolDefinition has enrichment, Context has enrich, EnrichHelpers delta, echo, notice, total(, truncated)?, getEnrichment exported$/,
      );
    }
    // Without the package there is nothing to read: tools are written without enrichment.
    expect(detectFrameworkFeatures(tempDir({ 'package.json': PACKAGE_JSON })).enrichment).toBe(false);
  });

  it('finds a release hoisted to a parent folder (workspaces), through a symlinked node_modules', () => {
    const root = tempDir({ 'package.json': '{"name":"mono","private":true}', 'packages/server/package.json': '{}' });
    symlinkSync(path.join(roots['0.12.3'], 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const f = detectFrameworkFeatures(path.join(root, 'packages/server'));
    expect(comparable(f)).toEqual(comparable(FEATURES_0_12));
    expect(f.evidence).toContain('Context (dist/core/context.d.ts): requestInput, inputs');
  });
});

/** A project whose node_modules is the real install of `release`: what `add tool` reads. */
function projectOn(release: FrameworkRelease) {
  // On disk: the framework is read from a real node_modules, which memory cannot hold.
  const root = tempDir({ 'package.json': PACKAGE_JSON, 'src/index.ts': FRESH_INDEX });
  const tree = new Tree(new DiskHost(root));
  symlinkSync(path.join(roots[release], 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return {
    root,
    tree,
    run: (name: string, options: Partial<AddToolOptions>) =>
      addToolGenerator(tree, findProject(root), { name, devcheck: false, ...options } as AddToolOptions),
  };
}

describe('add tool on a project with a real release installed', () => {
  it('--task on 0.12.3 and --confirm on 0.9.21 end in FRAMEWORK_UNSUPPORTED, writing nothing', () => {
    const on12 = projectOn('0.12.3');
    const task = refusal(() => on12.run('demo_rebuild_index', { task: true }));
    expect([task.code, task.hint]).toEqual(['FRAMEWORK_UNSUPPORTED', expect.stringContaining('0.11.x and earlier')]);
    expect(on12.tree.changes()).toEqual([]);
    const on09 = projectOn('0.9.21');
    const confirm = refusal(() => on09.run('demo_delete_item', { confirm: true }));
    expect([confirm.code, confirm.hint]).toEqual(['FRAMEWORK_UNSUPPORTED', expect.stringContaining('0.10.3 or later')]);
    expect(on09.tree.changes()).toEqual([]);
  });

  it('--confirm asks through ctx.requestInput on 0.12.3 and ctx.elicit on 0.11.5', () => {
    const definition = (release: FrameworkRelease) => {
      const p = projectOn(release);
      p.run('demo_delete_item', { confirm: true });
      return p.tree.read('src/mcp-server/tools/definitions/demo-delete-item.tool.ts') ?? '';
    };
    expect(definition('0.12.3')).toContain('ctx.requestInput(');
    expect(definition('0.11.5')).toContain('ctx.elicit(');
  });
});

describe('messages for versions without the API', () => {
  it('a test needs the createMockContext option its kind of tool uses, or --no-test', () => {
    // No release read lacks these options alongside the API; the pairing is what is checked.
    const elicitNoMock = { ...FEATURES_0_10, mock: { ...FEATURES_0_10.mock, elicit: false } };
    const e = refusal(() => requireVariant(elicitNoMock, 'confirm', true));
    expect(e.message).toContain(
      `createMockContext({ elicit }) for the test (${FRAMEWORK} 0.11.x and earlier; or pass --no-test)`,
    );
    expect(requireVariant(elicitNoMock, 'confirm', false)).toBe('elicit');
    const inputNoMock = { ...FEATURES_0_12, mock: { ...FEATURES_0_12.mock, inputResponses: false } };
    expect(refusal(() => requireVariant(inputNoMock, 'confirm', true)).message).toContain(
      `createMockContext({ inputResponses }) for the test (${FRAMEWORK} 0.12.0 or later; or pass --no-test)`,
    );
    const taskNoMock = { ...FEATURES_0_11, mock: { ...FEATURES_0_11.mock, progress: false } };
    expect(refusal(() => requireVariant(taskNoMock, 'task', true)).message).toContain(
      'createMockContext({ progress: true }) for the test',
    );
  });

  it('apps and in-memory storage name the release that brought them', () => {
    const none = { ...FEATURES_0_10, version: '0.2.0', apps: false, inMemoryStorage: undefined };
    expect(refusal(() => requireVariant(none, 'app', false)).hint).toBe(
      `Upgrade to ${FRAMEWORK} 0.3.0 or later, or add the tool without --app.`,
    );
    expect(refusal(() => requireInMemoryStorage(none, 'The test')).hint).toBe(
      `Upgrade to ${FRAMEWORK} 0.4.0 or later, or pass --no-test.`,
    );
  });

  it('add tool --help and the generated SKILL.md say which versions each variant needs', () => {
    expect(toolSpec.options.confirm.help).toContain(VARIANT_VERSIONS.confirm);
    expect(toolSpec.options.task.help).toContain('0.11.x and earlier (0.12.0 removed tasks)');
    expect(toolSpec.options.app.help).toContain(VARIANT_VERSIONS.app);
    for (const v of Object.values(VARIANT_VERSIONS)) expect(toolSpec.examples).toContain(v);
    const skill = readFileSync(path.join(REPO_ROOT, 'src/init/templates/skills/mcp-scaffold/SKILL.md.hbs'), 'utf8');
    expect(skill).toMatch(
      /\| `--confirm` \| 0\.10\.3 or later \| `ctx\.elicit` on 0\.10\.3 to 0\.11\.x; `ctx\.requestInput`[^|]*from 0\.12\.0 \|/,
    );
    expect(skill).toMatch(/\| `--task` \| 0\.11\.x and earlier \| [^|]*0\.12\.0 removed tasks \|/);
    expect(skill).toMatch(/\| `--app` \| 0\.3\.0 or later \|/);
  });

  it('not installed: nothing is offered, and a variant says to install first', () => {
    const f = detectFrameworkFeatures(tempDir({ 'package.json': '{"name":"x"}' }));
    expect(f).toMatchObject({ packageDir: undefined, version: undefined, elicit: false, utilsTakeCtx: false });
    // Unknowable without the package: the current shape, which init writes.
    expect(f.promptTitle).toBe(true);
    const e = refusal(() => requireVariant(f, 'task', true));
    expect(e.code).toBe('FRAMEWORK_NOT_INSTALLED');
    expect(e.hint).toContain('Install the dependencies first');
  });
});

/** A hand-written installed framework: package.json (with `exports` unless given) and dist files. */
function fakePackage(version: string, dist: Record<string, string>, manifest?: Record<string, unknown>) {
  const files: Record<string, string> = {
    'package.json': '{"name":"x"}',
    [`${PKG}/package.json`]: JSON.stringify({
      name: FRAMEWORK,
      version,
      ...(manifest ?? {
        exports: {
          '.': { types: './dist/index.d.ts', import: './dist/index.js' },
          './testing': { types: './dist/testing.d.ts', import: './dist/testing.js' },
        },
      }),
    }),
  };
  for (const [rel, text] of Object.entries(dist)) files[`${PKG}/dist/${rel}`] = text;
  return detectFrameworkFeatures(tempDir(files));
}

/** A framework with elicit, tasks and apps, split over files (type-only re-exports, `export *`). */
const SMALL: Record<string, string> = {
  'index.d.ts': [
    "export type { Context, ElicitFn } from './context.js';",
    "export type { ToolDefinition } from './tool.js';",
    "export * from './apps.js';",
  ].join('\n'),
  'context.d.ts':
    'export interface ElicitFn { (m: string, s: unknown): Promise<unknown> }\nexport interface Context { readonly elicit?: ElicitFn; readonly progress?: unknown }\n',
  'tool.d.ts': 'export interface ToolDefinition { description: string; task?: boolean }\n',
  'apps.d.ts': 'export declare function appTool(): unknown;\nexport declare function appResource(): unknown;\n',
  'testing.d.ts':
    'export interface MockContextOptions { elicit?: unknown; progress?: boolean; tenantId?: string }\nexport declare function createMockContext(o?: MockContextOptions): unknown;\n',
};

// Shapes no real release has: every release read ships `exports` with plain `types` conditions
// and reads its features from the same names.
describe('hand-written packages', () => {
  it('the version number alone decides nothing: a "0.12.0" without the declarations offers nothing', () => {
    const f = fakePackage('0.12.0', {
      'index.d.ts': "export type { Context } from './context.js';\n",
      'context.d.ts': 'export interface Context { readonly requestId: string; }\n',
    });
    expect(f).toMatchObject({ version: '0.12.0', requestInput: false, elicit: false, tasks: false, apps: false });
    expect(refusal(() => requireVariant(f, 'confirm', false)).code).toBe('FRAMEWORK_UNSUPPORTED');
  });

  // As tsc under NodeNext, an extensionless typesVersions target does not resolve for an ESM
  // import, so the subpath mapping names its file.
  it('package.json without exports: the types field, and typesVersions redirecting it', () => {
    const plain = fakePackage('0.10.0', SMALL, { types: './dist/index.d.ts' });
    expect(plain).toMatchObject({ elicit: true, tasks: true, apps: true });
    const redirected = fakePackage(
      '0.10.0',
      Object.fromEntries(Object.entries(SMALL).map(([f, text]) => [`ts5/${f}`, text])),
      {
        types: './dist/index.d.ts',
        typesVersions: { '>=4.0': { 'dist/*': ['dist/ts5/*'], testing: ['dist/ts5/testing.d.ts'] } },
      },
    );
    expect(redirected).toMatchObject({ elicit: true, tasks: true, apps: true, mock: { elicit: true } });
  });

  it('exports with nested conditions, subpath patterns, and .d.mts beside .mjs targets', () => {
    const dist = Object.fromEntries(Object.entries(SMALL).map(([f, text]) => [f.replace(/\.d\.ts$/, '.d.mts'), text]));
    for (const [file, text] of Object.entries(dist)) dist[file] = text.replaceAll(".js'", ".mjs'");
    const f = fakePackage('0.10.0', dist, {
      exports: {
        '.': { require: './dist/index.cjs', import: { default: './dist/index.mjs' } },
        './*': { node: { import: './dist/*.mjs' } },
      },
    });
    expect(f).toMatchObject({ elicit: true, tasks: true, apps: true, mock: { elicit: true, progress: true } });
  });

  it('a builder declared as a namespace merged with a function counts as exported', () => {
    const f = fakePackage('0.12.0', {
      'index.d.ts': "export type { Context } from './context.js';\nexport { inputRequired } from './input.js';\n",
      'context.d.ts': 'export interface Context { requestInput(s: unknown): never; readonly inputs: unknown }\n',
      'input.d.ts':
        'declare namespace inputRequired { function elicit(o: unknown): unknown; }\nexport { inputRequired };\n',
    });
    expect(f.requestInput).toBe(true);
  });

  it('a dependency that is not installed leads nowhere: no requestInput', () => {
    const f = fakePackage('0.12.3', {
      'index.d.ts':
        "export type { Context } from './context.js';\nexport { inputRequired } from '@modelcontextprotocol/server';\n",
      'context.d.ts': 'export interface Context { requestInput(s: unknown): never; readonly inputs: unknown }\n',
    });
    expect(f.requestInput).toBe(false);
    expect(f.evidence).toContain('main entry exports inputRequired: no');
  });
});
