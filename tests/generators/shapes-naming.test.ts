/**
 * Naming conventions that differ between servers, collisions, and the
 * layouts that must stay refusals (UNSUPPORTED_LAYOUT with file and line, nothing edited), for
 * tools, resources and prompts.
 */

import { describe, expect, it } from 'vitest';
import {
  type Def,
  def,
  EXISTING,
  existing,
  expectAdd,
  expectBiomeClean,
  expectProblems,
  fixture,
  fromEntry,
  imp,
  KINDS,
  type KindSpec,
  L,
  type Naming,
  NEW,
  namingNote,
  PROMPT,
  RESOURCE,
  reference,
  runAdd,
  runAddIn,
  SORTED_KINDS,
  TOOL,
} from '../helpers/shapes.js';

const CREATE_APP = "import { createApp } from '@cyanheads/mcp-ts-core';";
const UNSUPPORTED_HINT =
  'Nothing was written. Register the definition by hand, or report this layout so mcp-scaffold learns it.';

/** An entry point listing `listed(k)` inline for each kind, imports sorted as Biome does. */
function inlineIndex(listed: (k: KindSpec) => Def[]): string {
  return L(
    CREATE_APP,
    ...SORTED_KINDS.flatMap((k) =>
      [...listed(k)].sort((a, b) => (a.base < b.base ? -1 : 1)).map((d) => imp(d.exportName, fromEntry(d))),
    ),
    '',
    'await createApp({',
    "  name: 'acme',",
    ...KINDS.map(
      (k) =>
        `  ${k.key}: [${listed(k)
          .map((d) => d.exportName)
          .join(', ')}],`,
    ),
    '});',
    '',
  );
}

const plain = (added?: { k: KindSpec; d: Def }) => (k: KindSpec) => [
  ...existing(k),
  ...(added?.k === k ? [added.d] : []),
];

describe('naming habits, inferred from the definitions the project has', () => {
  const HABITS: Record<string, { naming: Naming; note: string }> = {
    tool: {
      naming: { file: 'unprefixed', export: 'unprefixed' },
      note: 'Naming: file named without the server prefix, export camelCase without the prefix (as 2 of 2 existing tools do).',
    },
    resource: {
      naming: { file: 'full', export: 'unprefixed+suffix' },
      note: 'Naming: file named after the full name, export without the prefix, camelCase + Resource (as 2 of 2 existing resources do).',
    },
    prompt: {
      naming: { file: 'unprefixed', export: 'full' },
      note: 'Naming: file named without the server prefix, export camelCase of the full name (as 2 of 2 existing prompts do).',
    },
  };
  const habitual = (k: KindSpec, extra?: Def) => [
    ...existing(k, ['get-item', 'list-items'], HABITS[k.kind]!.naming),
    ...(extra ? [extra] : []),
  ];
  const allHabitual = KINDS.flatMap((k) => habitual(k));

  it.each(KINDS)('$kind: new files follow the habit, and the note says which', (k) => {
    const created = NEW(k, HABITS[k.kind]!.naming);
    const { result } = expectAdd({
      k,
      files: fixture({ 'src/index.ts': inlineIndex((kk) => habitual(kk)) }, allHabitual),
      created,
      edited: { 'src/index.ts': inlineIndex((kk) => habitual(kk, kk === k ? created : undefined)) },
      notes: [HABITS[k.kind]!.note],
    });
    expect((result.data[k.kind] as { naming: Naming }).naming).toEqual(HABITS[k.kind]!.naming);
  });

  it('the majority wins', () => {
    const [T] = KINDS as [KindSpec];
    const tools = [...existing(T, ['get-item', 'list-items'], HABITS.tool!.naming), def(T, 'search-orders')];
    const defs = [...tools, ...EXISTING.filter((d) => d.k !== T)];
    const created = NEW(T, HABITS.tool!.naming);
    const listed = (extra?: Def) => (k: KindSpec) => (k === T ? [...tools, ...(extra ? [extra] : [])] : existing(k));
    expectAdd({
      k: T,
      files: fixture({ 'src/index.ts': inlineIndex(listed()) }, defs),
      created,
      edited: { 'src/index.ts': inlineIndex(listed(created)) },
      notes: [
        'Naming: file named without the server prefix, export camelCase without the prefix (as 2 of 3 existing tools do).',
      ],
    });
  });

  it.each(KINDS)('$kind: --file-name and --export-name override, and no naming note is given', (k) => {
    const created: Def = {
      ...NEW(k),
      base: `lookup.${k.ext}`,
      exportName: `lookupItems${k.Suffix}`,
      path: `src/mcp-server/${k.key}/definitions/lookup.${k.ext}.ts`,
    };
    expectAdd({
      k,
      files: fixture({ 'src/index.ts': inlineIndex(plain()) }),
      options: { fileName: 'lookup', exportName: created.exportName },
      created,
      edited: { 'src/index.ts': inlineIndex(plain({ k, d: created })) },
      notes: [],
    });
  });
});

describe('the name as typed', () => {
  const index = (added?: { k: KindSpec; d: Def }) => inlineIndex(plain(added));
  it.each([
    ['resource', RESOURCE, 'acme-find-items', []],
    [
      'resource',
      RESOURCE,
      'acmeFindItems',
      ['Converted camelCase "acmeFindItems" to the MCP resource name "acme-find-items".'],
    ],
    [
      'tool',
      TOOL,
      'acme-find-items',
      ['Converted kebab-case "acme-find-items" to the MCP tool name "acme_find_items".'],
    ],
    [
      'prompt',
      PROMPT,
      'AcmeFindItems',
      ['Converted PascalCase "AcmeFindItems" to the MCP prompt name "acme_find_items".'],
    ],
  ] as [string, KindSpec, string, string[]][])(
    '%s %s: reported as converted only when it was',
    (_kind, k, name, converted) => {
      expectAdd({
        k,
        files: fixture({ 'src/index.ts': index() }),
        options: { name },
        edited: { 'src/index.ts': index({ k, d: NEW(k) }) },
        notes: [...converted, namingNote(k)],
      });
    },
  );
});

describe('collisions with a definition made by a renamed builder', () => {
  it('`tool as defineTool` named acme_find_items: add tool acme_find_items is ALREADY_EXISTS', () => {
    const d = NEW(TOOL);
    const finder = {
      ...d,
      base: 'finder.tool',
      exportName: 'finderTool',
      path: 'src/mcp-server/tools/definitions/finder.tool.ts',
    };
    const source = L(
      "import { tool as defineTool, z } from '@cyanheads/mcp-ts-core';",
      '',
      `export const finderTool = defineTool('${d.mcpName}', {`,
      "  description: 'Does a thing.',",
      '  input: z.object({}),',
      '  handler: () => ({}),',
      '});',
      '',
    );
    expectProblems(
      TOOL,
      fixture({ 'src/index.ts': inlineIndex(plain({ k: TOOL, d: finder })), [finder.path]: source }, [
        ...EXISTING,
        finder,
      ]),
      {},
      [{ code: 'ALREADY_EXISTS', path: finder.path, message: `a tool named ${d.mcpName} is already defined here` }],
      { editsAllowed: true },
    );
  });
});

describe.each(KINDS)('$kind collisions', (k) => {
  const d = NEW(k);
  const testPath = `tests/${k.key}/${d.base}.test.ts`;
  const registered = inlineIndex(plain({ k, d }));
  const other = (base: string, exportName: string, mcpName: string) => ({
    ...d,
    base: `${base}.${k.ext}`,
    exportName,
    mcpName,
    path: `src/mcp-server/${k.key}/definitions/${base}.${k.ext}.ts`,
  });

  it('the same MCP name in another file: ALREADY_EXISTS', () => {
    const finder = other('finder', `acmeFinder${k.Suffix}`, d.mcpName);
    expectProblems(
      k,
      fixture({ 'src/index.ts': inlineIndex(plain({ k, d: finder })) }, [...EXISTING, finder]),
      {},
      [
        {
          code: 'ALREADY_EXISTS',
          path: finder.path,
          message: `a ${k.kind} named ${d.mcpName} is already defined here`,
        },
      ],
      { editsAllowed: true },
    );
  });

  it('the same export in another file: ALREADY_EXISTS', () => {
    const legacy = other('legacy', d.exportName, k.kind === 'resource' ? 'acme-legacy' : 'acme_legacy');
    expectProblems(
      k,
      fixture({ 'src/index.ts': inlineIndex(plain()) }, [...EXISTING, legacy]),
      {},
      [{ code: 'ALREADY_EXISTS', path: legacy.path, message: `the export ${d.exportName} already exists here` }],
      { editsAllowed: true },
    );
  });

  it('the file exists: ALREADY_EXISTS for it and its test, with a hint at rename first and --force last', () => {
    const hint = `Choose another name, or rename the existing ${k.kind} first (\`mcp-scaffold rename ${k.kind} ${d.mcpName} <new name>\`). Last, --force rewrites it from the template (the registration is never duplicated); a file edited since mcp-scaffold wrote it is refused unless --overwrite-edited says to discard the edits.`;
    expectProblems(
      k,
      fixture({ 'src/index.ts': registered, [testPath]: 'old\n' }, [...EXISTING, d]),
      {},
      [
        { code: 'ALREADY_EXISTS', path: d.path, message: 'file already exists', hint },
        { code: 'ALREADY_EXISTS', path: testPath, message: 'file already exists', hint },
      ],
      { editsAllowed: true },
    );
  });

  it('the entry point already binds the export name to something else: ALREADY_EXISTS at its line', () => {
    const index = inlineIndex(plain()).replace(CREATE_APP, `${CREATE_APP}\n${imp(d.exportName, './legacy.js')}`);
    expectProblems(k, fixture({ 'src/index.ts': index, 'src/legacy.ts': `export const ${d.exportName} = {};\n` }), {}, [
      {
        code: 'ALREADY_EXISTS',
        message: `src/index.ts:2 already imports a different ${d.exportName} (from './legacy.js').`,
        hint: 'Choose another name (--export-name).',
        details: [{ path: 'src/index.ts', line: 2, message: `${d.exportName} is already bound` }],
      },
    ]);
  });

  it('with force, an existing registered definition is rewritten, the registration never duplicated', () => {
    const files = fixture({ 'src/index.ts': registered, [testPath]: 'export {};\n' }, [...EXISTING, d]);
    // The files are hand-written, not what mcp-scaffold wrote: discarding them takes --overwrite-edited.
    const { host, tree, result, problems } = runAdd(k, files, { force: true, overwriteEdited: true });
    expect(problems).toEqual([]);
    const ref = reference(d);
    expect(tree.changes().map((c) => `${c.action} ${c.path}`)).toEqual([`update ${d.path}`, `update ${testPath}`]);
    expect(tree.read(d.path)).toBe(ref.definition);
    expect(tree.read(testPath)).toBe(ref.test);
    expect(tree.read('src/index.ts')).toBe(registered);
    expect(result.notes).toEqual([namingNote(k, 3), `${d.exportName} was already registered in src/index.ts.`]);
    host.flush(tree.changes());
    const again = runAddIn(k, host, { force: true });
    expect(again.problems).toEqual([]);
    expect(again.tree.changes()).toEqual([]);
    expect(host.read('src/index.ts')).toBe(registered);
    expectBiomeClean(host, files, [d.path, testPath]);
  });

  it('with force, an existing unregistered definition is rewritten and registered once', () => {
    expectAdd({
      k,
      files: fixture({ 'src/index.ts': inlineIndex(plain()) }, [...EXISTING, d]),
      options: { force: true, overwriteEdited: true },
      edited: { 'src/index.ts': registered, [d.path]: reference(d).definition },
      registeredIn: ['src/index.ts'],
      notes: [namingNote(k, 3)],
    });
  });
});

describe.each(KINDS)('$kind: layouts that stay refusals (UNSUPPORTED_LAYOUT, file:line, nothing edited)', (k) => {
  const refused = (index: string, line: number, message: string, extra: Record<string, string> = {}, options = {}) =>
    expectProblems(k, fixture({ 'src/index.ts': index, ...extra }), options, [
      {
        code: 'UNSUPPORTED_LAYOUT',
        message: `src/index.ts:${line}: ${message}`,
        hint: UNSUPPORTED_HINT,
        details: [{ path: 'src/index.ts', line, message }],
      },
    ]);
  const withKey = (value: string, head: string[] = [], imports: string[] = []) =>
    L(CREATE_APP, ...imports, '', ...head, 'await createApp({', "  name: 'acme',", `  ${k.key}: ${value},`, '});', '');

  it(`${k.key}: build${k.Suffix}s()`, () => {
    refused(
      withKey(`build${k.Suffix}s()`, [], [imp(`build${k.Suffix}s`, './build.js')]),
      6,
      `cannot follow \`build${k.Suffix}s()\` to an array of definitions`,
      { 'src/build.ts': `export const build${k.Suffix}s = () => [];\n` },
    );
  });

  it('a conditional whose branches list different arrays', () => {
    const lists = ['const lite = [];', 'const full = [];', ''];
    refused(
      withKey('process.env.ACME_LITE ? lite : full', lists),
      8,
      'the two branches of `process.env.ACME_LITE ? lite : full` list different arrays; cannot tell which one to extend',
    );
  });

  it('[...a, ...b] with --group a, where a is such a conditional', () => {
    const lists = ['const base = process.env.ACME_LITE ? [] : [];', 'const extra = [];', ''];
    refused(
      withKey('[...base, ...extra]', lists),
      3,
      'the two branches of `process.env.ACME_LITE ? [] : []` list different arrays; cannot tell which one to extend',
      {},
      { group: 'base' },
    );
  });

  it(`createApp({ ...base }) without a ${k.key} key`, () => {
    refused(
      L(CREATE_APP, '', "const base = { name: 'acme' };", '', 'await createApp({ ...base });', ''),
      5,
      `the options object spreads \`...base\`, which may already set ${k.key}`,
    );
  });

  it('a name imported from a package', () => {
    refused(
      withKey(k.all, [], [imp(k.all, '@acme/shared-definitions')]),
      2,
      `\`${k.all}\` comes from '@acme/shared-definitions', which is not a file of this project`,
    );
  });

  it('a local array that is reassigned (a shape real servers were not seen to use)', () => {
    refused(
      withKey(`${k.kind}List`, [`let ${k.kind}List = [];`, `if (process.env.ACME_LITE) ${k.kind}List = [];`, '']),
      4,
      `\`${k.kind}List\` is assigned another value here; cannot tell which array is registered`,
    );
  });

  it('two createApp calls in one file', () => {
    refused(
      L(CREATE_APP, '', "await createApp({ name: 'a' });", "await createApp({ name: 'b' });", ''),
      4,
      'found 2 app factory calls (lines 3, 4); cannot tell which one to register in',
    );
  });
});
