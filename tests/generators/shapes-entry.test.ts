/**
 * Entry point shapes (definitions listed where the app is made, and how they are imported), for tools,
 * resources and prompts: the definitions listed in createApp({...}) or createWorkerHandler({...})
 * itself, or in a local array. Each fixture is Biome-clean; each add is checked byte for byte,
 * re-run with force (no change), and checked by the real Biome.
 */

import { describe, expect, it } from 'vitest';
import {
  arrayLines,
  type Def,
  def,
  EXISTING,
  existing,
  expectAdd,
  fixture,
  fromEntry,
  imp,
  KINDS,
  type KindSpec,
  L,
  NEW,
  namingNote,
  SORTED_KINDS,
} from '../helpers/shapes.js';

const CREATE_APP = "import { createApp } from '@cyanheads/mcp-ts-core';";

/** The entry point's definition imports, sorted as Biome does: the new one where it belongs. */
function imports(added: KindSpec | undefined, { alias = false, only }: { alias?: boolean; only?: KindSpec[] } = {}) {
  return SORTED_KINDS.filter((k) => !only || only.includes(k)).flatMap((k) =>
    [...(added === k ? [NEW(k)] : []), ...existing(k)].map((d) => imp(d.exportName, fromEntry(d, alias))),
  );
}

/** The names listed for a kind: the two existing ones, then the new one where added. */
const members = (k: KindSpec, added: KindSpec | undefined) => [
  ...existing(k).map((d) => d.exportName),
  ...(added === k ? [NEW(k).exportName] : []),
];

const defaultsNote = (k: KindSpec) =>
  `Naming: the framework's defaults (file named after the full name, export camelCase + ${k.Suffix}); the project has no ${k.kind}s to learn from.`;

// 1. Arrays written inside the call.
const inlineIndex = (added?: KindSpec, alias = false) =>
  L(
    CREATE_APP,
    ...imports(added, { alias }),
    '',
    'await createApp({',
    "  name: 'acme',",
    ...KINDS.map((k) => `  ${k.key}: [${members(k, added).join(', ')}],`),
    '});',
    '',
  );

const emptyIndex = (added?: KindSpec) =>
  L(
    CREATE_APP,
    ...(added ? [imp(NEW(added).exportName, fromEntry(NEW(added)))] : []),
    '',
    'await createApp({',
    "  name: 'acme',",
    ...KINDS.map((k) => `  ${k.key}: [${added === k ? NEW(k).exportName : ''}],`),
    '});',
    '',
  );

const commentedIndex = (added?: KindSpec) =>
  L(
    CREATE_APP,
    ...imports(added),
    '',
    'await createApp({',
    "  name: 'acme',",
    ...KINDS.flatMap((k) => [
      `  ${k.key}: [`,
      `    // ${k.Suffix}s`,
      `    ${existing(k)[0]!.exportName},`,
      `    ${existing(k)[1]!.exportName}, // paged`,
      ...(added === k ? [`    ${NEW(k).exportName},`] : []),
      `    // acmeRetired${k.Suffix},`,
      '  ],',
    ]),
    '});',
    '',
  );

/** The kind `missing` has no key (and no imports): adding the first one adds the key, in order. */
const missingKeyIndex = (missing: KindSpec, added: boolean) =>
  L(
    CREATE_APP,
    ...SORTED_KINDS.flatMap((k) =>
      k === missing
        ? added
          ? [imp(NEW(k).exportName, fromEntry(NEW(k)))]
          : []
        : existing(k).map((d) => imp(d.exportName, fromEntry(d))),
    ),
    '',
    'await createApp({',
    "  name: 'acme',",
    ...KINDS.flatMap((k) =>
      k === missing
        ? added
          ? [`  ${k.key}: [${NEW(k).exportName}],`]
          : []
        : [`  ${k.key}: [${members(k, undefined).join(', ')}],`],
    ),
    '});',
    '',
  );

const bareIndex = (added?: KindSpec) =>
  L(
    CREATE_APP,
    ...(added ? [imp(NEW(added).exportName, fromEntry(NEW(added)))] : []),
    '',
    `await createApp({ name: 'acme'${added ? `, ${added.key}: [${NEW(added).exportName}]` : ''} });`,
    '',
  );

// 2. A local variable, passed by name or shorthand; a conditional spread stays last.
const variableIndex = (added?: KindSpec) =>
  L(
    CREATE_APP,
    ...imports(added),
    '',
    ...KINDS.map((k) => `const ${k.kind}List = [${members(k, added).join(', ')}];`),
    '',
    'await createApp({',
    "  name: 'acme',",
    ...KINDS.map((k) => `  ${k.key}: ${k.kind}List,`),
    '});',
    '',
  );

const shorthandIndex = (added?: KindSpec) =>
  L(
    CREATE_APP,
    ...imports(added),
    '',
    "const config = { extraEnabled: process.env.ACME_EXTRA === 'true' };",
    ...KINDS.flatMap((k) => {
      const [first, second] = existing(k).map((d) => d.exportName);
      const list = [first!, ...(added === k ? [NEW(k).exportName] : []), `...(config.extraEnabled ? [${second}] : [])`];
      return arrayLines('', `const ${k.key} = `, list, ';');
    }),
    '',
    `await createApp({ name: 'acme', tools, resources, prompts });`,
    '',
  );

const servicesIndex = (added?: KindSpec) =>
  L(
    CREATE_APP,
    ...imports(added),
    '',
    'const { services } = await createApp({',
    "  name: 'acme',",
    ...KINDS.map((k) => `  ${k.key}: [${members(k, added).join(', ')}],`),
    '});',
    '',
    "services.logger.info('acme is up');",
    '',
  );

// src/worker.ts
const workerEntry = (added?: KindSpec) =>
  L(
    "import { createWorkerHandler } from '@cyanheads/mcp-ts-core/worker';",
    ...imports(added),
    '',
    'export default createWorkerHandler({',
    "  name: 'acme',",
    ...KINDS.map((k) => `  ${k.key}: [${members(k, added).join(', ')}],`),
    '});',
    '',
  );

// Imports: statements before them.
const envFirstIndex = (added?: KindSpec) =>
  L(
    "process.env.ACME_TRANSPORT ??= 'stdio';",
    '',
    CREATE_APP,
    ...imports(added),
    '',
    'await createApp({',
    "  name: 'acme',",
    ...KINDS.map((k) => `  ${k.key}: [${members(k, added).join(', ')}],`),
    '});',
    '',
  );

// Imports: the package import apart from the project's, a blank line between.
const groupedIndex = (added?: KindSpec) => inlineIndex(added).replace(`${CREATE_APP}\n`, `${CREATE_APP}\n\n`);

describe.each(KINDS)('add $kind, entry point shapes', (k) => {
  it('inline one-line arrays (the fresh scaffold)', () => {
    const { result } = expectAdd({
      k,
      files: fixture({ 'src/index.ts': inlineIndex() }),
      edited: { 'src/index.ts': inlineIndex(k) },
    });
    const line = 11 + KINDS.indexOf(k);
    expect(result.data).toEqual({
      [k.kind]: {
        name: NEW(k).mcpName,
        exportName: NEW(k).exportName,
        file: NEW(k).path,
        testFile: `tests/${k.key}/${NEW(k).base}.test.ts`,
        registeredIn: ['src/index.ts'],
        via: [`src/index.ts:${line} ${k.key} → src/index.ts:${line}`],
        naming: { file: 'full', export: 'full+suffix' },
      },
    });
  });

  it('empty arrays and no definitions yet: framework naming defaults', () => {
    expectAdd({
      k,
      files: fixture({ 'src/index.ts': emptyIndex() }, []),
      edited: { 'src/index.ts': emptyIndex(k) },
      notes: [defaultsNote(k)],
    });
  });

  it('multi-line arrays with trailing commas and comments, which survive', () => {
    expectAdd({
      k,
      files: fixture({ 'src/index.ts': commentedIndex() }),
      edited: { 'src/index.ts': commentedIndex(k) },
    });
  });

  it('a missing key is added, in tools/resources/prompts order', () => {
    expectAdd({
      k,
      files: fixture({ 'src/index.ts': missingKeyIndex(k, false) }),
      edited: { 'src/index.ts': missingKeyIndex(k, true) },
    });
  });

  it('a missing key in a one-line options object', () => {
    expectAdd({
      k,
      files: fixture({ 'src/index.ts': bareIndex() }, []),
      edited: { 'src/index.ts': bareIndex(k) },
      notes: [defaultsNote(k)],
    });
  });

  it('a local variable passed by name', () => {
    expectAdd({ k, files: fixture({ 'src/index.ts': variableIndex() }), edited: { 'src/index.ts': variableIndex(k) } });
  });

  it('a local variable passed by shorthand, its conditional spread kept last', () => {
    expectAdd({
      k,
      files: fixture({ 'src/index.ts': shorthandIndex() }),
      edited: { 'src/index.ts': shorthandIndex(k) },
    });
  });

  it('const { services } = await createApp({...})', () => {
    expectAdd({ k, files: fixture({ 'src/index.ts': servicesIndex() }), edited: { 'src/index.ts': servicesIndex(k) } });
  });

  it('src/worker.ts with createWorkerHandler, alone', () => {
    expectAdd({ k, files: fixture({ 'src/worker.ts': workerEntry() }), edited: { 'src/worker.ts': workerEntry(k) } });
  });

  it('src/index.ts and src/worker.ts both listing inline: both edited', () => {
    expectAdd({
      k,
      files: fixture({ 'src/index.ts': inlineIndex(), 'src/worker.ts': workerEntry() }),
      edited: { 'src/index.ts': inlineIndex(k), 'src/worker.ts': workerEntry(k) },
    });
  });

  it('the @/ alias path style is followed', () => {
    expectAdd({
      k,
      files: fixture({ 'src/index.ts': inlineIndex(undefined, true) }),
      edited: { 'src/index.ts': inlineIndex(k, true) },
    });
  });

  it('a CRLF entry point stays CRLF', () => {
    const crlf = (s: string) => s.replaceAll('\n', '\r\n');
    expectAdd({
      k,
      files: fixture({ 'src/index.ts': crlf(inlineIndex()) }, EXISTING, 'crlf'),
      edited: { 'src/index.ts': crlf(inlineIndex(k)) },
      crlf: true,
    });
  });

  it('imports in blank-line separated groups', () => {
    expectAdd({ k, files: fixture({ 'src/index.ts': groupedIndex() }), edited: { 'src/index.ts': groupedIndex(k) } });
  });

  it('a statement before the imports', () => {
    expectAdd({ k, files: fixture({ 'src/index.ts': envFirstIndex() }), edited: { 'src/index.ts': envFirstIndex(k) } });
  });
});

describe('a one-line array that outgrows the line width', () => {
  const T = KINDS[0]!;
  const stems = ['get-item', 'list-items', 'search-orders', 'update-stock'];
  const index = (tools: Def[], toolLines: (names: string[]) => string[]) =>
    L(
      CREATE_APP,
      ...[...tools].sort((a, b) => (a.base < b.base ? -1 : 1)).map((d) => imp(d.exportName, fromEntry(d))),
      '',
      'await createApp({',
      "  name: 'acme',",
      ...toolLines(tools.map((d) => d.exportName)),
      '});',
      '',
    );
  const oneLine = (names: string[]) => [`  tools: [${names.join(', ')}],`];
  const perLine = (names: string[]) => ['  tools: [', ...names.map((n) => `    ${n},`), '  ],'];
  const before = stems.map((s) => def(T, s));
  const search = def(T, 'search-items');

  it('inside a one-line createApp({...}): the object breaks first, as Biome breaks it', () => {
    const three = [def(T, 'get-item'), def(T, 'list-items'), def(T, 'get-order')];
    const oneLineCall = (tools: Def[]) => [
      `await createApp({ name: 'acme', tools: [${tools.map((d) => d.exportName).join(', ')}] });`,
    ];
    const brokenCall = (tools: Def[]) => [
      'await createApp({',
      "  name: 'acme',",
      `  tools: [${tools.map((d) => d.exportName).join(', ')}],`,
      '});',
    ];
    const file = (tools: Def[], call: (tools: Def[]) => string[]) =>
      L(
        CREATE_APP,
        ...[...tools].sort((a, b) => (a.base < b.base ? -1 : 1)).map((d) => imp(d.exportName, fromEntry(d))),
        '',
        ...call(tools),
        '',
      );
    expect(oneLineCall(three)[0]!.length).toBeLessThanOrEqual(100);
    expectAdd({
      k: T,
      files: fixture({ 'src/index.ts': file(three, oneLineCall) }, three),
      edited: { 'src/index.ts': file([...three, NEW(T)], brokenCall) },
      notes: [namingNote(T, 3)],
    });
  });

  it('inside a one-line createApp({...}), still too wide once on its own line: the array breaks too', () => {
    const tools = [def(T, 'get-item'), def(T, 'list-items'), def(T, 'get-order')];
    const long = def(T, 'find-items-by-warehouse-location');
    const names = (ds: Def[]) => ds.map((d) => d.exportName);
    const oneLine = `await createApp({ name: 'acme', tools: [${names(tools).join(', ')}] });`;
    const broken = [
      'await createApp({',
      "  name: 'acme',",
      '  tools: [',
      ...names([...tools, long]).map((n) => `    ${n},`),
      '  ],',
      '});',
    ];
    const file = (ds: Def[], call: string[]) =>
      L(
        CREATE_APP,
        ...[...ds].sort((a, b) => (a.base < b.base ? -1 : 1)).map((d) => imp(d.exportName, fromEntry(d))),
        '',
        ...call,
        '',
      );
    expect(oneLine.length).toBeLessThanOrEqual(100);
    expect(`  tools: [${names([...tools, long]).join(', ')}],`.length).toBeGreaterThan(100);
    expectAdd({
      k: T,
      files: fixture({ 'src/index.ts': file(tools, [oneLine]) }, tools),
      options: { name: long.inputName },
      created: long,
      edited: { 'src/index.ts': file([...tools, long], broken) },
      notes: [namingNote(T, 3)],
    });
  });

  it('a missing key that pushes a one-line createApp({...}) past the width', () => {
    const call = (added: boolean) =>
      added
        ? [
            'await createApp({',
            "  name: 'acme',",
            "  title: 'Acme inventory and orders',",
            "  version: '1.0.0',",
            '  tools: [acmeFindItemsTool],',
            '});',
          ]
        : ["await createApp({ name: 'acme', title: 'Acme inventory and orders', version: '1.0.0' });"];
    const file = (added: boolean) =>
      L(CREATE_APP, added && imp('acmeFindItemsTool', fromEntry(NEW(T))), '', ...call(added), '');
    expect(call(false)[0]!.length).toBeLessThanOrEqual(100);
    expectAdd({
      k: T,
      files: fixture({ 'src/index.ts': file(false) }, []),
      edited: { 'src/index.ts': file(true) },
      notes: [
        "Naming: the framework's defaults (file named after the full name, export camelCase + Tool); the project has no tools to learn from.",
      ],
    });
  });

  it('is laid out one element per line, as Biome would, and then grows line by line', () => {
    expect(oneLine(before.map((d) => d.exportName))[0]!.length).toBeLessThanOrEqual(100);
    expectAdd({
      k: T,
      files: fixture({ 'src/index.ts': index(before, oneLine) }, before),
      edited: { 'src/index.ts': index([...before, NEW(T)], perLine) },
      notes: [namingNote(T, 4)],
    });
    expectAdd({
      k: T,
      files: fixture({ 'src/index.ts': index([...before, NEW(T)], perLine) }, [...before, NEW(T)]),
      options: { name: search.inputName },
      created: search,
      edited: { 'src/index.ts': index([...before, NEW(T), search], perLine) },
      notes: [namingNote(T, 5)],
    });
  });
});
