import { describe, expect, it } from 'vitest';
import { FRESH_INDEX, PACKAGE_JSON, project, VITEST_CONFIG } from '../../../tests/helpers/projects.js';
import { recorded } from '../../../tests/helpers/stamp.js';
import { ScaffoldError } from '../../engine/errors.js';
import { tsString } from '../../text/string-literal.js';
import { parseSource, tsMorph } from '../../ts/ts-morph.js';
import { type AddToolOptions, addToolGenerator } from './generator.js';

const DEFS = 'src/mcp-server/tools/definitions';
const FILE = `${DEFS}/demo-find-items.tool.ts`;
const TEST_FILE = 'tests/tools/demo-find-items.tool.test.ts';
const BASE = { 'package.json': PACKAGE_JSON, 'src/index.ts': FRESH_INDEX, 'vitest.config.ts': VITEST_CONFIG };
const REGISTERED_INDEX = FRESH_INDEX.replace(
  'import { echoTool } from',
  "import { demoFindItemsTool } from './mcp-server/tools/definitions/demo-find-items.tool.js';\nimport { echoTool } from",
).replace('  tools: [echoTool, echoAppTool],', '  tools: [echoTool, echoAppTool, demoFindItemsTool],');

const DEFAULTS_NOTE =
  "Naming: the framework's defaults (file named after the full name, export camelCase + Tool); the project has no tools to learn from.";
const DATA = {
  name: 'demo_find_items',
  exportName: 'demoFindItemsTool',
  file: FILE,
  testFile: TEST_FILE,
  registeredIn: ['src/index.ts'],
  via: ['src/index.ts:17 tools → src/index.ts:17'],
  naming: { file: 'full', export: 'full+suffix' },
};

/** A definition file as the framework writes them, reduced to what the scaffold reads. */
const toolFile = (exportName: string, name: string) =>
  `import { tool, z } from '@cyanheads/mcp-ts-core';\n\nexport const ${exportName} = tool('${name}', {\n  description: 'x',\n  input: z.object({}),\n  handler: () => ({}),\n});\n`;

function run(files: Record<string, string>, options: AddToolOptions) {
  const { tree, project: p } = project(files);
  const result = addToolGenerator(tree, p, { devcheck: false, ...options });
  return { tree, result, problems: result.problems };
}

/** The value of the `description` property of the tool(...) call, evaluated. */
function descriptionOf(source: string): unknown {
  const { SyntaxKind } = tsMorph();
  const sf = parseSource(FILE, source);
  const call = sf.getDescendantsOfKind(SyntaxKind.CallExpression).find((c) => c.getExpression().getText() === 'tool')!;
  expect(call).toBeDefined();
  const options = call.getArguments()[1]!.asKindOrThrow(SyntaxKind.ObjectLiteralExpression);
  const init = options
    .getPropertyOrThrow('description')
    .asKindOrThrow(SyntaxKind.PropertyAssignment)
    .getInitializerOrThrow();
  return new Function(`return ${init.getText()};`)();
}

describe('addToolGenerator', () => {
  it('writes the tool and its test and registers it in a fresh project', () => {
    const { tree, result, problems } = run(BASE, { name: 'demo_find_items', description: 'Finds items by name.' });
    expect(problems).toEqual([]);
    expect(tree.changes().map((c) => [c.action, c.path])).toEqual([
      ['update', 'src/index.ts'],
      ['create', FILE],
      ['create', TEST_FILE],
    ]);
    expect(tree.read('src/index.ts')).toBe(REGISTERED_INDEX);
    expect(recorded(tree.read(FILE)!).split('\n').slice(0, 25).join('\n')).toBe(
      [
        '/**',
        ' * @fileoverview Tool definition for demo_find_items.',
        ' * A search: a query in, a list out.',
        ' * @module mcp-server/tools/definitions/demo-find-items.tool',
        ' * @scaffolded mcp-scaffold <hash>',
        ' */',
        '',
        "import { tool, z } from '@cyanheads/mcp-ts-core';",
        "import { JsonRpcErrorCode } from '@cyanheads/mcp-ts-core/errors';",
        '',
        'const Item = z.object({',
        "  id: z.string().describe('Stable identifier of the item.'),",
        "  title: z.string().describe('Display title of the item.'),",
        '});',
        '',
        "export const demoFindItemsTool = tool('demo_find_items', {",
        "  title: 'Find Items',",
        "  description: 'Finds items by name.',",
        '  annotations: {',
        '    readOnlyHint: true,',
        '    openWorldHint: false,',
        '  },',
        '  input: z.object({',
        "    query: z.string().describe('Text to match against item titles.'),",
        "    limit: z.number().int().min(1).max(100).optional().describe('How many at most (default 10).'),",
      ].join('\n'),
    );
    expect(recorded(tree.read(TEST_FILE)!).split('\n').slice(0, 11).join('\n')).toBe(
      [
        '/**',
        ' * @fileoverview Tests for the demo_find_items tool.',
        ' * @module tests/tools/demo-find-items.tool.test',
        ' * @scaffolded mcp-scaffold <hash>',
        ' */',
        '',
        "import { JsonRpcErrorCode } from '@cyanheads/mcp-ts-core/errors';",
        "import { createMockContext } from '@cyanheads/mcp-ts-core/testing';",
        "import { describe, expect, it } from 'vitest';",
        "import { demoFindItemsTool } from '@/mcp-server/tools/definitions/demo-find-items.tool.js';",
        '',
      ].join('\n'),
    );
    expect(result.notes).toEqual([DEFAULTS_NOTE]);
    expect(result.warnings).toEqual([]);
    expect(result.tasks.map((t) => [t.key, t.skip])).toEqual([['devcheck', '--no-devcheck']]);
    expect(result.data).toEqual({ tool: DATA });
  });

  it('imports the definition relatively in the test when vitest has no @/ alias', () => {
    const { tree } = run({ ...BASE, 'vitest.config.ts': 'export default {};\n' }, { name: 'demo_find_items' });
    expect(tree.read(TEST_FILE)).toContain(
      "\nimport { demoFindItemsTool } from '../../src/mcp-server/tools/definitions/demo-find-items.tool.js';\n",
    );
  });

  it.each([
    ['quotes, backslashes, backticks, ${ and */', 'It\'s a "quoted" \\path\\ with `ticks`, ${template} and */ in it.'],
    ['line breaks', 'First line.\nSecond line.\r\nThird\u2028line.'],
    ['emoji and CJK, long enough to wrap', `Finds 日本語 items 😀 ${'and more '.repeat(12)}`],
    ['only single quotes', "it's Bob's"],
  ])('renders a description with %s exactly once, as a literal that evaluates to it', (_label, description) => {
    const { tree } = run(BASE, { name: 'demo_find_items', description });
    const source = tree.read(FILE)!;
    expect(descriptionOf(source)).toBe(description);
    const literal = tsString(description);
    expect(source.split(literal).length - 1).toBe(1);
  });

  it('converts kebab-case input and says so', () => {
    const { tree, result } = run(BASE, { name: 'demo-find-items' });
    expect(result.notes).toEqual([
      'Converted kebab-case "demo-find-items" to the MCP tool name "demo_find_items".',
      DEFAULTS_NOTE,
    ]);
    expect(tree.changes().map((c) => c.path)).toEqual(['src/index.ts', FILE, TEST_FILE]);
    expect(tree.read(FILE)).toContain("export const demoFindItemsTool = tool('demo_find_items', {\n");
  });

  it('refuses an invalid name before anything is recorded', () => {
    const { tree, project: p } = project(BASE);
    expect(() => addToolGenerator(tree, p, { name: 'find items' })).toThrow(ScaffoldError);
    expect(tree.changes()).toEqual([]);
  });

  it('writes no test with test: false', () => {
    const { tree, result } = run(BASE, { name: 'demo_find_items', test: false });
    expect(tree.changes().map((c) => c.path)).toEqual(['src/index.ts', FILE]);
    expect(result.data).toEqual({ tool: { ...DATA, testFile: null } });
  });

  it('warns that --group was ignored where the project has no groups', () => {
    const { result, problems } = run(BASE, { name: 'demo_find_items', group: 'write' });
    expect(problems).toEqual([]);
    expect(result.warnings).toEqual([
      '--group write was ignored: the project lists its tools in one place, not in groups.',
    ]);
  });

  describe('collisions', () => {
    it('reports existing files as ALREADY_EXISTS', () => {
      const { problems } = run(
        { ...BASE, [FILE]: toolFile('demoFindItemsTool', 'demo_find_items'), [TEST_FILE]: 'old\n' },
        { name: 'demo_find_items' },
      );
      const hint =
        'Choose another name, or rename the existing tool first (`mcp-scaffold rename tool demo_find_items <new name>`). Last, --force rewrites it from the template (the registration is never duplicated); a file edited since mcp-scaffold wrote it is refused unless --overwrite-edited says to discard the edits.';
      expect(problems).toEqual([
        { code: 'ALREADY_EXISTS', path: FILE, message: 'file already exists', hint },
        { code: 'ALREADY_EXISTS', path: TEST_FILE, message: 'file already exists', hint },
      ]);
    });

    it('reports the same MCP name in another file as ALREADY_EXISTS', () => {
      const other = `${DEFS}/find.tool.ts`;
      const { problems } = run(
        { ...BASE, [other]: toolFile('findTool', 'demo_find_items') },
        { name: 'demo_find_items' },
      );
      expect(problems).toEqual([
        { code: 'ALREADY_EXISTS', path: other, message: 'a tool named demo_find_items is already defined here' },
      ]);
    });

    it('reports the same export name in another file as ALREADY_EXISTS', () => {
      const other = `${DEFS}/legacy.tool.ts`;
      const { problems } = run(
        { ...BASE, [other]: toolFile('demoFindItemsTool', 'demo_legacy') },
        { name: 'demo_find_items' },
      );
      expect(problems).toEqual([
        { code: 'ALREADY_EXISTS', path: other, message: 'the export demoFindItemsTool already exists here' },
      ]);
    });

    it('with force (and --overwrite-edited, the files being hand-written) rewrites the files but never registers twice', () => {
      const { tree, result, problems } = run(
        {
          ...BASE,
          'src/index.ts': REGISTERED_INDEX,
          [FILE]: toolFile('demoFindItemsTool', 'demo_find_items'),
          [TEST_FILE]: 'old\n',
        },
        { name: 'demo_find_items', force: true, overwriteEdited: true },
      );
      expect(problems).toEqual([]);
      expect(tree.changes().map((c) => [c.action, c.path])).toEqual([
        ['update', FILE],
        ['update', TEST_FILE],
      ]);
      expect(tree.read('src/index.ts')).toBe(REGISTERED_INDEX);
      expect(result.notes).toEqual([
        'Naming: file named after the full name, export camelCase + Tool (as 1 of 1 existing tools do).',
        'demoFindItemsTool was already registered in src/index.ts.',
      ]);
    });

    it('turns a registration refusal into a problem, with file and line', () => {
      const index = FRESH_INDEX.replace('tools: [echoTool, echoAppTool],', 'tools: buildTools(),');
      const { tree, problems } = run({ ...BASE, 'src/index.ts': index }, { name: 'demo_find_items' });
      expect(problems).toEqual([
        {
          code: 'UNSUPPORTED_LAYOUT',
          message: 'src/index.ts:17: cannot follow `buildTools()` to an array of definitions',
          hint: 'Nothing was written. Register the definition by hand, or report this layout so mcp-scaffold learns it.',
          details: [
            { path: 'src/index.ts', line: 17, message: 'cannot follow `buildTools()` to an array of definitions' },
          ],
        },
      ]);
      expect(tree.read('src/index.ts')).toBe(index);
    });
  });

  it('--idempotent on a read-only tool: not written (MCP ignores it there), but said in warnings', () => {
    const { tree, result } = run(BASE, { name: 'demo_find_items', description: 'Finds items.', idempotent: true });
    expect(tree.read(FILE)).not.toContain('idempotentHint');
    expect(result.warnings).toEqual([
      '--idempotent has no effect on a read-only tool (MCP reads idempotentHint only when readOnlyHint is false): add --no-read-only if the tool changes state.',
    ]);
    const write = run(BASE, {
      name: 'demo_find_items',
      description: 'Finds items.',
      idempotent: true,
      readOnly: false,
    });
    expect(write.tree.read(FILE)).toContain('    idempotentHint: true,');
    expect(write.result.warnings).toEqual([]);
  });

  describe('server prefix', () => {
    const ACME = {
      ...BASE,
      [`${DEFS}/acme-get-item.tool.ts`]: toolFile('acmeGetItemTool', 'acme_get_item'),
      [`${DEFS}/acme-list-items.tool.ts`]: toolFile('acmeListItemsTool', 'acme_list_items'),
      [`${DEFS}/echo.tool.ts`]: toolFile('echoTool', 'template_echo_message'),
    };

    it('warns when the new name lacks the prefix the project’s tools share, ignoring template_ names', () => {
      const { result } = run(ACME, { name: 'find_items' });
      expect(result.warnings).toEqual([
        'The server prefix the project\'s tools use is "acme_" but "find_items" lacks it; consider "acme_find_items".',
      ]);
    });

    it('does not warn when the name has the prefix, and drops it from the title', () => {
      const { tree, result } = run(ACME, { name: 'acme_find_items' });
      expect(result.warnings).toEqual([]);
      expect(tree.read(`${DEFS}/acme-find-items.tool.ts`)).toContain("  title: 'Find Items',\n");
    });

    it('falls back to the package name when only the template’s tools exist', () => {
      const files = {
        ...BASE,
        'package.json': PACKAGE_JSON.replace('"name": "demo"', '"name": "@someone/weather-mcp-server"'),
        [`${DEFS}/echo.tool.ts`]: toolFile('echoTool', 'template_echo_message'),
      };
      expect(run(files, { name: 'find_items' }).result.warnings).toEqual([
        'The server prefix the package name @someone/weather-mcp-server gives is "weather_" but "find_items" lacks it; consider "weather_find_items".',
      ]);
    });

    // As `init acme-catalog` leaves it: the package name and the starter tool share two words.
    const ACME_CATALOG = {
      ...BASE,
      'package.json': PACKAGE_JSON.replace('"name": "demo"', '"name": "acme-catalog"'),
      [`${DEFS}/acme-catalog-echo-message.tool.ts`]: toolFile(
        'acmeCatalogEchoMessageTool',
        'acme_catalog_echo_message',
      ),
    };

    it('takes the two words the tools and the package name share as the prefix (acme_catalog)', () => {
      const { tree, result } = run(ACME_CATALOG, { name: 'acme_catalog_find_items' });
      expect(result.warnings).toEqual([]);
      expect(tree.read(`${DEFS}/acme-catalog-find-items.tool.ts`)).toContain("  title: 'Find Items',\n");
    });

    it('suggests the two-word prefix for a name that lacks it', () => {
      expect(run(ACME_CATALOG, { name: 'find_items' }).result.warnings).toEqual([
        'The server prefix the project\'s tools use is "acme_catalog_" but "find_items" lacks it; consider "acme_catalog_find_items".',
      ]);
    });

    it('keeps the longest word prefix the tools and the package name share, not more', () => {
      const files = {
        ...ACME_CATALOG,
        [`${DEFS}/acme-catalog-get-item.tool.ts`]: toolFile('acmeCatalogGetItemTool', 'acme_catalog_get_item'),
        'package.json': PACKAGE_JSON.replace('"name": "demo"', '"name": "acme-catalog-extra"'),
      };
      const { tree, result } = run(files, { name: 'acme_catalog_find_items' });
      expect(result.warnings).toEqual([]);
      expect(tree.read(`${DEFS}/acme-catalog-find-items.tool.ts`)).toContain("  title: 'Find Items',\n");
    });

    it('handles a prefix of several words from the package name', () => {
      const files = {
        ...BASE,
        'package.json': PACKAGE_JSON.replace('"name": "demo"', '"name": "pubmed-search-mcp-server"'),
      };
      const { tree, result } = run(files, { name: 'pubmed_search_articles' });
      expect(result.warnings).toEqual([]);
      expect(tree.read(`${DEFS}/pubmed-search-articles.tool.ts`)).toContain(
        "  title: 'Articles',\n  description: 'TODO: Articles. Say what it returns and when to use it.',\n",
      );
    });
  });
});

describe('flags that contradict each other or say nothing', () => {
  const refused = (options: AddToolOptions) => {
    try {
      run(BASE, options);
    } catch (e) {
      expect(e).toBeInstanceOf(ScaffoldError);
      return e as ScaffoldError;
    }
    throw new Error('expected a refusal');
  };

  it('--read-only given with --destructive or --confirm: OPTION_INVALID, not a silent pick', () => {
    const e = refused({ name: 'demo_delete_item', destructive: true, readOnly: true });
    expect(e.code).toBe('OPTION_INVALID');
    expect(e.message).toContain('--read-only');
    expect(e.message).toContain('--destructive');
    expect(refused({ name: 'demo_delete_item', confirm: true, readOnly: true }).message).toContain('--confirm');
  });

  it('--destructive alone, or with --no-read-only, is fine', () => {
    expect(run(BASE, { name: 'demo_delete_item', destructive: true }).problems).toEqual([]);
    expect(run(BASE, { name: 'demo_delete_item', destructive: true, readOnly: false }).problems).toEqual([]);
  });

  it('an empty or blank --description or --title: OPTION_INVALID', () => {
    expect(refused({ name: 'demo_find_items', description: '' })).toMatchObject({ code: 'OPTION_INVALID' });
    expect(refused({ name: 'demo_find_items', description: ' \n ' }).message).toContain('--description');
    expect(refused({ name: 'demo_find_items', title: '' }).message).toContain('--title');
  });
});
