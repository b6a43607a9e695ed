/**
 * Inputs that pass the name syntax but would break the generated code: each refused at plan time
 * with a coded error, nothing written.
 */

import { describe, expect, it } from 'vitest';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { initGenerator } from '../../src/init/generator.js';
import { addPromptGenerator } from '../../src/kinds/prompt/generator.js';
import { addResourceGenerator } from '../../src/kinds/resource/generator.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { type AddToolOptions, addToolGenerator } from '../../src/kinds/tool/generator.js';
import { tsMorph } from '../../src/ts/ts-morph.js';
import { FEATURES_0_10 } from '../helpers/framework.js';
import { FRESH_SERVER, memoryProject, project } from '../helpers/projects.js';
import { refusal } from '../helpers/refusal.js';

const BASE = FRESH_SERVER;

/** A project that already has the ncbi service. */
function withService(): Record<string, string> {
  const { tree, project: p } = project(BASE);
  addServiceGenerator(tree, p, { name: 'ncbi', devcheck: false }, FEATURES_0_10);
  return { ...BASE, ...Object.fromEntries(tree.changes().map((c) => [c.path, c.after])) };
}

describe('--export-name against the names the generated files use', () => {
  // Imports, parameters and locals of the templates, test helpers, and runtime globals.
  it.each([
    'expect',
    'describe',
    'it',
    'ctx',
    'input',
    'z',
    'tool',
    'createMockContext',
    'Promise',
    'globalThis',
    'Object',
    'JSON',
    'Error',
    // Every object's, the global object's too: the project's Biome refuses to shadow them.
    'constructor',
    'hasOwnProperty',
    'toString',
  ])('add tool --export-name %s: NAME_INVALID with a suggestion, nothing planned', (exportName) => {
    const { tree, project: p } = project(BASE);
    const e = refusal(() => addToolGenerator(tree, p, { name: 'demo_find_items', exportName, devcheck: false }));
    expect(e.code).toBe('NAME_INVALID');
    expect(e.message).toContain(`"${exportName}"`);
    expect(e.hint).toContain('e.g. --export-name demoFindItemsTool');
    expect(tree.changes()).toEqual([]);
  });

  it('add tool --service ncbi --export-name getNcbiService: the accessor the handler imports', () => {
    const { tree, project: p } = project(withService());
    const e = refusal(() =>
      addToolGenerator(
        tree,
        p,
        { name: 'demo_fetch_record', service: 'ncbi', exportName: 'getNcbiService', devcheck: false },
        FEATURES_0_10,
      ),
    );
    expect(e.code).toBe('NAME_INVALID');
    expect(tree.changes()).toEqual([]);
  });

  it.each([
    ['resource', addResourceGenerator, 'resource'],
    ['prompt', addPromptGenerator, 'prompt'],
  ] as const)('add %s --export-name Promise / the builder it imports', (_kind, generator, builder) => {
    for (const exportName of ['Promise', builder]) {
      const { tree, project: p } = project(BASE);
      const e = refusal(() => generator(tree, p, { name: 'demo_item', exportName, devcheck: false }));
      expect(e.code).toBe('NAME_INVALID');
      expect(tree.changes()).toEqual([]);
    }
  });

  it('still takes an unused identifier', () => {
    const { tree, project: p } = project(BASE);
    const result = addToolGenerator(tree, p, { name: 'demo_find_items', exportName: 'finder', devcheck: false });
    expect(result.problems).toEqual([]);
    expect(tree.read('src/mcp-server/tools/definitions/demo-find-items.tool.ts')).toContain(
      'export const finder = tool(',
    );
  });
});

describe('add service against the names its files import', () => {
  it('add service storage --storage: StorageService is the framework type the service imports, NAME_INVALID', () => {
    const { tree, project: p } = project(BASE);
    const e = refusal(() =>
      addServiceGenerator(tree, p, { name: 'storage', devcheck: false, storage: true }, FEATURES_0_10),
    );
    expect(e.code).toBe('NAME_INVALID');
    expect(e.message).toBe(
      'Invalid service name "storage": StorageService is already used by the generated src/services/storage/storage-service.ts.',
    );
    expect(e.hint).toBe('Pick another name, e.g. storage_api.');
    expect(tree.changes()).toEqual([]);
  });

  // Without --storage the service's files import no StorageService: the name is free.
  it.each(['ncbi', 'storage_api', 'request_context', 'storage'])('add service %s is fine', (name) => {
    const { tree, project: p } = project(BASE);
    expect(addServiceGenerator(tree, p, { name, devcheck: false }, FEATURES_0_10).problems).toEqual([]);
  });
});

describe('add tool x --force --export-name y after add tool x', () => {
  it('is refused (the old import would stay: TS2305), nothing planned', () => {
    const first = project(BASE);
    addToolGenerator(first.tree, first.project, { name: 'demo_find_items', devcheck: false });
    const files = { ...BASE, ...Object.fromEntries(first.tree.changes().map((c) => [c.path, c.after])) };
    const { tree, project: p } = project(files);
    const result = addToolGenerator(tree, p, {
      name: 'demo_find_items',
      force: true,
      exportName: 'itemFinder',
      devcheck: false,
    });
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: 'ALREADY_EXISTS',
        path: 'src/mcp-server/tools/definitions/demo-find-items.tool.ts',
        message: expect.stringContaining('exports demoFindItemsTool'),
      }),
    ]);
  });

  it('--force under the same export name still rewrites the file', () => {
    const first = project(BASE);
    addToolGenerator(first.tree, first.project, { name: 'demo_find_items', devcheck: false });
    const files = { ...BASE, ...Object.fromEntries(first.tree.changes().map((c) => [c.path, c.after])) };
    const { tree, project: p } = project(files);
    const result = addToolGenerator(tree, p, { name: 'demo_find_items', force: true, title: 'New', devcheck: false });
    expect(result.problems).toEqual([]);
    expect(tree.changes().map((c) => c.path)).toEqual(['src/mcp-server/tools/definitions/demo-find-items.tool.ts']);
  });
});

describe('add resource --uri', () => {
  function withResource(uri: string): Record<string, string> {
    const { tree, project: p } = project(BASE);
    expect(addResourceGenerator(tree, p, { name: 'demo_item', uri, devcheck: false }).problems).toEqual([]);
    return { ...BASE, ...Object.fromEntries(tree.changes().map((c) => [c.path, c.after])) };
  }

  it.each(['acme://a:x/{id}', 'acme://[x/{id}', 'acme://a|b/{id}'])(
    '%s: the example URI the test reads is no URL for new URL(): OPTION_INVALID',
    (uri) => {
      const { tree, project: p } = project(BASE);
      const e = refusal(() => addResourceGenerator(tree, p, { name: 'demo_item', uri, devcheck: false }));
      expect(e.code).toBe('OPTION_INVALID');
      expect(e.message).toContain('new URL() rejects it');
      expect(tree.changes()).toEqual([]);
    },
  );

  it.each(['acme://items/{id}', 'acme://items/{itemId}'])(
    '%s beside an existing acme://items/{id}: ALREADY_EXISTS (one could never be read)',
    (uri) => {
      const { tree, project: p } = project(withResource('acme://items/{id}'));
      const e = refusal(() => addResourceGenerator(tree, p, { name: 'demo_other', uri, devcheck: false }));
      expect(e.code).toBe('ALREADY_EXISTS');
      expect(e.details).toEqual([
        { path: 'src/mcp-server/resources/definitions/demo-item.resource.ts', message: 'uri acme://items/{id}' },
      ]);
      expect(tree.changes()).toEqual([]);
    },
  );

  it.each(['acme://items/{id}/notes', 'acme://orders/{id}', 'acme://items'])(
    '%s beside acme://items/{id} is fine',
    (uri) => {
      const { tree, project: p } = project(withResource('acme://items/{id}'));
      expect(addResourceGenerator(tree, p, { name: 'demo_other', uri, devcheck: false }).problems).toEqual([]);
    },
  );
});

describe('targets the file system would refuse, found at plan time', () => {
  const FILE = 'src/mcp-server/tools/definitions/demo-find-items.tool.ts';

  function changesOf(host: MemoryHost, options: Partial<AddToolOptions> = {}) {
    const tree = new Tree(host);
    const result = addToolGenerator(tree, memoryProject(host), {
      name: 'demo_find_items',
      devcheck: false,
      ...options,
    });
    expect(result.problems).toEqual([]);
    return () => tree.changes();
  }

  it('a folder where the definition goes (with --force): ALREADY_EXISTS naming it', () => {
    const changes = changesOf(new MemoryHost(BASE, { folders: [FILE] }), { force: true });
    const e = refusal(changes);
    expect(e.code).toBe('ALREADY_EXISTS');
    expect(e.details).toEqual([{ path: FILE, message: 'a folder is where the file would be written' }]);
  });

  it('a file where a folder must be (tests/tools): ALREADY_EXISTS naming it', () => {
    const changes = changesOf(new MemoryHost({ ...BASE, 'tests/tools': 'not a folder\n' }));
    const e = refusal(changes);
    expect(e.code).toBe('ALREADY_EXISTS');
    expect(e.details).toEqual([
      { path: 'tests/tools/demo-find-items.tool.test.ts', message: 'tests/tools is a file, not a folder' },
    ]);
  });

  it('a file name over 255 bytes (--file-name): NAME_INVALID', () => {
    const changes = changesOf(new MemoryHost(BASE), { fileName: 'x'.repeat(250) });
    const e = refusal(changes);
    expect(e.code).toBe('NAME_INVALID');
    expect(e.details[0]!.message).toMatch(/is 258 bytes \(the file system allows 255\)/);
  });

  it('a path over the system limit: NAME_INVALID', () => {
    const deep = `/${Array.from({ length: 20 }, () => 'd'.repeat(250)).join('/')}`;
    const changes = changesOf(new MemoryHost(BASE, { root: deep }));
    const e = refusal(changes);
    expect(e.code).toBe('NAME_INVALID');
    expect(e.message).toContain('too long for the file system');
  });
});

describe('init with hostile text', () => {
  const ENV = { username: 'tester', insideGitWorkTree: false };

  it("init --name '@x*/srv' (the name lands in src/index.ts's /** */ comment): NAME_INVALID, nothing planned", () => {
    const tree = new Tree(new MemoryHost({}, { root: '/memory/srv' }));
    const e = refusal(() => initGenerator(tree, { root: tree.root, environment: ENV, name: '@x*/srv' }));
    expect(e.code).toBe('NAME_INVALID');
    expect(tree.changes()).toEqual([]);
  });

  it('a description full of quotes, comment syntax and invisible characters: every file parses, package.json holds it exactly', () => {
    const description = 'It\'s "x" */ /* ${y} `z` \\ \u202e\u200b\ufeff ⚠ 日本 😀\ttab';
    const tree = new Tree(new MemoryHost({}, { root: '/memory/demo' }));
    const result = initGenerator(tree, { root: tree.root, environment: ENV, description });
    expect(result.problems).toEqual([]);
    const { ts } = tsMorph();
    for (const change of tree.changes()) {
      if (change.path.endsWith('.json')) expect(() => JSON.parse(change.after), change.path).not.toThrow();
      if (!change.path.endsWith('.ts')) continue;
      const sf = ts.createSourceFile(change.path, change.after, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
      expect((sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics, change.path).toEqual([]);
    }
    const pkg = JSON.parse(tree.read('package.json')!) as { description: string };
    expect(pkg.description).toBe(description);
  });
});
