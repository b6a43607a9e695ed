/**
 * Barrel shapes, for tools, resources and prompts: the entry
 * point names a barrel's array (by name, spread, filtered, either branch of a conditional), groups
 * of barrels, and every barrel body seen. Each fixture is Biome-clean; each add is checked byte for
 * byte, re-run with force (no change), and checked by the real Biome.
 */

import { describe, expect, it } from 'vitest';

/** A tool's write verb makes it not read-only, and the note says so. */
const UPDATE_NOTE = 'readOnlyHint: false, as the verb "update" changes state (pass --read-only if it does not).';

import {
  arrayLines,
  barrelPath,
  type Def,
  def,
  EXISTING,
  existing,
  expectAdd,
  expectProblems,
  fixture,
  fromBarrel,
  fromEntry,
  imp,
  KINDS,
  type KindSpec,
  L,
  NEW,
  PROMPT,
  RESOURCE,
  SORTED_KINDS,
  TOOL,
} from '../helpers/shapes.js';

const CREATE_APP = "import { createApp } from '@cyanheads/mcp-ts-core';";
const barrelSpecifier = (k: KindSpec) => `./mcp-server/${k.key}/definitions/index.js`;
const byBase = (defs: Def[]) => [...defs].sort((a, b) => (a.base < b.base ? -1 : 1));

const defaultsNote = (k: KindSpec) =>
  `Naming: the framework's defaults (file named after the full name, export camelCase + ${k.Suffix}); the project has no ${k.kind}s to learn from.`;

/** A named import as Biome lays it out: one line when it fits, else one name per line. */
function importLines(names: string[], specifier: string): string[] {
  const one = imp(names, specifier);
  if (one.length <= 100 || names.length === 1) return [one];
  return ['import {', ...names.map((n) => `  ${n},`), `} from '${specifier}';`];
}

/** An entry point that gives each kind as `expr(k)` and imports what it names from the barrels. */
const barrelIndex = (expr: (k: KindSpec) => string[], head: string[] = []) =>
  L(
    CREATE_APP,
    ...SORTED_KINDS.map((k) => imp(k.all, barrelSpecifier(k))),
    '',
    ...head,
    'await createApp({',
    "  name: 'acme',",
    ...KINDS.flatMap(expr),
    '});',
    '',
  );

const byName = barrelIndex((k) => [`  ${k.key}: ${k.all},`]);
const spread = barrelIndex((k) => [`  ${k.key}: [...${k.all}],`]);
const filtered = barrelIndex((k) => [`  ${k.key}: ${k.all}.filter((d) => d.name !== 'acme_retired'),`]);
const conditional = barrelIndex(
  (k) => {
    const one = `  ${k.key}: readOnly ? ${k.all}.filter((d) => d.name !== 'x') : [...${k.all}],`;
    if (one.length <= 100) return [one];
    return [`  ${k.key}: readOnly`, `    ? ${k.all}.filter((d) => d.name !== 'x')`, `    : [...${k.all}],`];
  },
  ["const readOnly = process.env.ACME_READ_ONLY === 'true';", ''],
);

interface BarrelBody {
  typed?: boolean;
  asConst?: boolean;
  /** `export { x } from './x.js'` for each definition, beside the imports. */
  reExports?: boolean;
  /** A sorted `export { a, b };` list after the array. */
  exportList?: boolean;
}

/** A barrel holding the two existing definitions (and `added`, or the NEW one when `true`). */
function barrel(k: KindSpec, added: boolean | Def, o: BarrelBody = {}): string {
  const listed = [...existing(k), ...(added === true ? [NEW(k)] : added ? [added] : [])];
  const sorted = byBase(listed);
  const names = sorted.map((d) => d.exportName);
  return L(
    o.typed && `import type { ${k.anyType} } from '@cyanheads/mcp-ts-core';`,
    ...sorted.map((d) => imp(d.exportName, fromBarrel(d))),
    '',
    ...(o.reExports ? [...sorted.map((d) => `export { ${d.exportName} } from '${fromBarrel(d)}';`), ''] : []),
    ...arrayLines(
      '',
      `export const ${k.all}${o.typed ? `: ${k.anyType}[]` : ''} = `,
      listed.map((d) => d.exportName),
      `${o.asConst ? ' as const' : ''};`,
    ),
    ...(o.exportList ? ['', `export { ${names.join(', ')} };`] : []),
    '',
  );
}

/** The three barrels, for a fixture. */
const barrels = (o: BarrelBody = {}) => Object.fromEntries(KINDS.map((k) => [barrelPath(k), barrel(k, false, o)]));

describe.each(KINDS)('add $kind, barrel shapes', (k) => {
  const base = (index: string, o: BarrelBody = {}) => fixture({ 'src/index.ts': index, ...barrels(o) });
  const inBarrel = (o: BarrelBody = {}) => ({ [barrelPath(k)]: barrel(k, true, o) });

  it('the barrel array passed by name: the barrel is edited, not the entry point', () => {
    const { result } = expectAdd({ k, files: base(byName), edited: inBarrel() });
    const line = 8 + KINDS.indexOf(k);
    expect((result.data[k.kind] as { via: string[] }).via).toEqual([
      `src/index.ts:${line} ${k.key} → src/index.ts:${line} ${k.all} → ${barrelPath(k)}:4`,
    ]);
  });

  it('spread: [...all]', () => {
    expectAdd({ k, files: base(spread), edited: inBarrel() });
  });

  it('filtered: all.filter(...)', () => {
    expectAdd({ k, files: base(filtered), edited: inBarrel() });
  });

  it('flag ? all.filter(...) : [...all]', () => {
    expectAdd({ k, files: base(conditional), edited: inBarrel() });
  });

  it.each([
    ['typed', { typed: true }],
    ['as const', { asConst: true }],
    ['typed, re-exports beside the imports', { typed: true, reExports: true }],
    ['with an export { a, b } list after the array', { exportList: true }],
  ] as [string, BarrelBody][])('barrel %s', (_label, body) => {
    expectAdd({ k, files: base(byName, body), edited: inBarrel(body) });
  });

  it('a new name that sorts last, in a barrel with re-exports and an export list', () => {
    const body = { reExports: true, exportList: true };
    const search = def(k, 'search-items');
    expectAdd({
      k,
      files: base(byName, body),
      options: { name: search.inputName },
      created: search,
      edited: { [barrelPath(k)]: barrel(k, search, body) },
    });
  });

  it('the entry point imports the barrel through the @/ alias', () => {
    const alias = byName.replaceAll("from './mcp-server/", "from '@/mcp-server/");
    expectAdd({ k, files: base(alias), edited: inBarrel() });
  });

  it('a CRLF barrel stays CRLF', () => {
    const crlf = (text: string) => text.replaceAll('\n', '\r\n');
    expectAdd({
      k,
      files: fixture(
        {
          'src/index.ts': crlf(byName),
          ...Object.fromEntries(Object.entries(barrels()).map(([p, t]) => [p, crlf(t)])),
        },
        EXISTING,
        'crlf',
      ),
      edited: { [barrelPath(k)]: crlf(barrel(k, true)) },
      crlf: true,
    });
  });

  it('re-exports only: barrel re-export, entry point import and array', () => {
    const reExportBarrel = (added: boolean) =>
      L(
        ...byBase([...existing(k), ...(added ? [NEW(k)] : [])]).map(
          (d) => `export { ${d.exportName} } from '${fromBarrel(d)}';`,
        ),
        '',
      );
    const index = (added: boolean) => {
      const listed = (kk: KindSpec) => [...existing(kk), ...(added && kk === k ? [NEW(kk)] : [])];
      return L(
        CREATE_APP,
        ...SORTED_KINDS.flatMap((kk) =>
          importLines(
            byBase(listed(kk)).map((d) => d.exportName),
            barrelSpecifier(kk),
          ),
        ),
        '',
        'await createApp({',
        "  name: 'acme',",
        ...KINDS.map(
          (kk) =>
            `  ${kk.key}: [${listed(kk)
              .map((d) => d.exportName)
              .join(', ')}],`,
        ),
        '});',
        '',
      );
    };
    expectAdd({
      k,
      files: fixture({
        'src/index.ts': index(false),
        ...Object.fromEntries(
          KINDS.map((kk) => [
            barrelPath(kk),
            L(...existing(kk).map((d) => `export { ${d.exportName} } from '${fromBarrel(d)}';`), ''),
          ]),
        ),
      }),
      edited: { 'src/index.ts': index(true), [barrelPath(k)]: reExportBarrel(true) },
    });
  });

  it('an empty barrel: export const all = [];', () => {
    const empty = (kk: KindSpec) => `export const ${kk.all} = [];\n`;
    expectAdd({
      k,
      files: fixture(
        { 'src/index.ts': byName, ...Object.fromEntries(KINDS.map((kk) => [barrelPath(kk), empty(kk)])) },
        [],
      ),
      edited: {
        [barrelPath(k)]: L(
          imp(NEW(k).exportName, fromBarrel(NEW(k))),
          '',
          `export const ${k.all} = [${NEW(k).exportName}];`,
          '',
        ),
      },
      notes: [defaultsNote(k)],
    });
  });

  it('an empty typed barrel', () => {
    const typedEmpty = (kk: KindSpec, added: boolean) =>
      L(
        `import type { ${kk.anyType} } from '@cyanheads/mcp-ts-core';`,
        added && imp(NEW(kk).exportName, fromBarrel(NEW(kk))),
        '',
        `export const ${kk.all}: ${kk.anyType}[] = [${added ? NEW(kk).exportName : ''}];`,
        '',
      );
    expectAdd({
      k,
      files: fixture(
        { 'src/index.ts': byName, ...Object.fromEntries(KINDS.map((kk) => [barrelPath(kk), typedEmpty(kk, false)])) },
        [],
      ),
      edited: { [barrelPath(k)]: typedEmpty(k, true) },
      notes: [defaultsNote(k)],
    });
  });

  it('a barrel holding only comments, under a header', () => {
    const commented = (kk: KindSpec, added: boolean) =>
      L(
        '/**',
        ` * @fileoverview Every ${kk.kind} the server registers.`,
        ' */',
        '',
        ...(added ? [imp(NEW(kk).exportName, fromBarrel(NEW(kk))), ''] : []),
        `export const ${kk.all} = [`,
        `  // Add ${kk.kind} definitions here.`,
        ...(added ? [`  ${NEW(kk).exportName},`] : []),
        '];',
        '',
      );
    expectAdd({
      k,
      files: fixture(
        { 'src/index.ts': byName, ...Object.fromEntries(KINDS.map((kk) => [barrelPath(kk), commented(kk, false)])) },
        [],
      ),
      edited: { [barrelPath(k)]: commented(k, true) },
      notes: [defaultsNote(k)],
    });
  });

  it('src/index.ts and src/worker.ts both using the barrel: the barrel is edited once', () => {
    const worker = L(
      "import { createWorkerHandler } from '@cyanheads/mcp-ts-core/worker';",
      ...SORTED_KINDS.map((kk) => imp(kk.all, barrelSpecifier(kk))),
      '',
      'export default createWorkerHandler({',
      "  name: 'acme',",
      ...KINDS.map((kk) => `  ${kk.key}: ${kk.all},`),
      '});',
      '',
    );
    const { result } = expectAdd({
      k,
      files: fixture({ 'src/index.ts': byName, 'src/worker.ts': worker, ...barrels() }),
      edited: inBarrel(),
    });
    expect((result.data[k.kind] as { via: string[] }).via).toHaveLength(1);
  });

  describe('several groups joined in the entry point', () => {
    const del = def(k, 'delete-item');
    const upd = def(k, 'update-item');
    const groupIndex = barrelIndex(
      (kk) => [`  ${kk.key}: [...read${kk.Suffix}s, ...write${kk.Suffix}s.filter(() => writesOn)],`],
      ["const writesOn = process.env.ACME_WRITES === 'true';", ''],
    ).replace(
      /^import \{ all(\w+)Definitions \} from/gm,
      (_m, kind: string) => `import { read${kind}s, write${kind}s } from`,
    );
    const groupBarrel = (kk: KindSpec, addTo?: 'read' | 'write') => {
      const read = [...existing(kk), ...(addTo === 'read' ? [upd] : [])];
      const write = [del, ...(addTo === 'write' ? [upd] : [])];
      return L(
        ...byBase([...read, ...write]).map((d) => imp(d.exportName, fromBarrel(d))),
        '',
        `export const read${kk.Suffix}s = [${read.map((d) => d.exportName).join(', ')}];`,
        `export const write${kk.Suffix}s = [${write.map((d) => d.exportName).join(', ')}];`,
        '',
      );
    };
    const files = () =>
      fixture(
        { 'src/index.ts': groupIndex, ...Object.fromEntries(KINDS.map((kk) => [barrelPath(kk), groupBarrel(kk)])) },
        [...EXISTING, ...KINDS.map((kk) => def(kk, 'delete-item'))],
      );

    it('without --group: GROUP_REQUIRED listing the groups, nothing edited', () => {
      const groups = `read${k.Suffix}s, write${k.Suffix}s`;
      const line = 10 + KINDS.indexOf(k);
      expectProblems(k, files(), { name: upd.inputName }, [
        {
          code: 'GROUP_REQUIRED',
          message: `src/index.ts:${line}: the definitions are split into groups (${groups}); choose one with --group.`,
          hint: `Pass --group <name>, one of: ${groups}.`,
          details: [{ path: 'src/index.ts', line, message: `groups: ${groups}` }],
        },
      ]);
    });

    it.each(['write', 'read'] as const)('with --group %s: that group’s array is edited', (group) => {
      expectAdd({
        k,
        files: files(),
        options: { name: upd.inputName, group },
        created: upd,
        edited: { [barrelPath(k)]: groupBarrel(k, group) },
        notes: [
          'Naming: file named after the full name, export camelCase + ' +
            k.Suffix +
            ` (as 3 of 3 existing ${k.kind}s do).`,
          ...(k.kind === 'tool' ? [UPDATE_NOTE] : []),
        ],
      });
    });

    it('an unknown --group: GROUP_REQUIRED listing the groups', () => {
      const groups = `read${k.Suffix}s, write${k.Suffix}s`;
      const line = 10 + KINDS.indexOf(k);
      expectProblems(k, files(), { name: upd.inputName, group: 'admin' }, [
        {
          code: 'GROUP_REQUIRED',
          message: `No group "admin" at src/index.ts:${line}.`,
          hint: `Pass --group <name>, one of: ${groups}.`,
          details: [{ path: 'src/index.ts', line, message: `groups: ${groups}` }],
        },
      ]);
    });
  });
});

describe('groups as the pattern shows them: a local array, .map(), one barrel file per group', () => {
  const upd = def(TOOL, 'update-item');
  const del = def(TOOL, 'delete-item');
  const index = L(
    CREATE_APP,
    imp('readTools', './mcp-server/tools/definitions/read-tools.js'),
    imp('writeTools', './mcp-server/tools/definitions/write-tools.js'),
    imp(['disabledTool', 'meta'], './mcp-server/tools/disabled.js'),
    '',
    "const writesOn = process.env.ACME_WRITES === 'true';",
    'const tools = [...readTools, ...writeTools.map((d) => (writesOn ? d : disabledTool(d, meta)))];',
    '',
    "await createApp({ name: 'acme', tools });",
    '',
  );
  const writeBarrel = (added: boolean) =>
    L(
      imp(del.exportName, fromBarrel(del)),
      added && imp(upd.exportName, fromBarrel(upd)),
      '',
      `export const writeTools = [${[del, ...(added ? [upd] : [])].map((d) => d.exportName).join(', ')}];`,
      '',
    );
  const files = fixture(
    {
      'src/index.ts': index,
      'src/mcp-server/tools/definitions/read-tools.ts': L(
        ...existing(TOOL).map((d) => imp(d.exportName, fromBarrel(d))),
        '',
        `export const readTools = [${existing(TOOL)
          .map((d) => d.exportName)
          .join(', ')}];`,
        '',
      ),
      'src/mcp-server/tools/definitions/write-tools.ts': writeBarrel(false),
      'src/mcp-server/tools/disabled.ts':
        'export const meta = {};\nexport const disabledTool = <T>(d: T, _m: object): T => d;\n',
    },
    [...existing(TOOL), del],
  );

  it('without --group: GROUP_REQUIRED', () => {
    expectProblems(TOOL, files, { name: upd.inputName }, [
      {
        code: 'GROUP_REQUIRED',
        message:
          'src/index.ts:7: the definitions are split into groups (readTools, writeTools); choose one with --group.',
        hint: 'Pass --group <name>, one of: readTools, writeTools.',
        details: [{ path: 'src/index.ts', line: 7, message: 'groups: readTools, writeTools' }],
      },
    ]);
  });

  it('--group writeTools edits write-tools.ts', () => {
    const { result } = expectAdd({
      k: TOOL,
      files,
      options: { name: upd.inputName, group: 'writeTools' },
      created: upd,
      edited: { 'src/mcp-server/tools/definitions/write-tools.ts': writeBarrel(true) },
      notes: [
        'Naming: file named after the full name, export camelCase + Tool (as 3 of 3 existing tools do).',
        UPDATE_NOTE,
      ],
    });
    expect((result.data.tool as { via: string[] }).via).toEqual([
      'src/index.ts:9 tools → src/index.ts:7 tools → src/index.ts:7 ...writeTools → src/index.ts:7 writeTools → src/mcp-server/tools/definitions/write-tools.ts:3',
    ]);
  });
});

describe('a mixture: a barrel for tools, prompts inline, no resources key', () => {
  const index = (resource: boolean, prompt: boolean) =>
    L(
      CREATE_APP,
      ...byBase([...existing(PROMPT), ...(prompt ? [NEW(PROMPT)] : [])]).map((d) => imp(d.exportName, fromEntry(d))),
      resource && imp(NEW(RESOURCE).exportName, fromEntry(NEW(RESOURCE))),
      imp(TOOL.all, barrelSpecifier(TOOL)),
      '',
      'await createApp({',
      "  name: 'acme',",
      `  tools: ${TOOL.all},`,
      resource && `  resources: [${NEW(RESOURCE).exportName}],`,
      `  prompts: [${[...existing(PROMPT), ...(prompt ? [NEW(PROMPT)] : [])].map((d) => d.exportName).join(', ')}],`,
      '});',
      '',
    );
  const defs = [...existing(TOOL), ...existing(PROMPT)];
  const start = fixture({ 'src/index.ts': index(false, false), [barrelPath(TOOL)]: barrel(TOOL, false) }, defs);

  it('add tool, then resource, then prompt: each lands where that kind is listed', () => {
    expectAdd({ k: TOOL, files: start, edited: { [barrelPath(TOOL)]: barrel(TOOL, true) } });
    const afterTool = fixture({ 'src/index.ts': index(false, false), [barrelPath(TOOL)]: barrel(TOOL, true) }, [
      ...defs,
      NEW(TOOL),
    ]);
    expectAdd({
      k: RESOURCE,
      files: afterTool,
      edited: { 'src/index.ts': index(true, false) },
      notes: [defaultsNote(RESOURCE)],
    });
    const afterResource = fixture({ 'src/index.ts': index(true, false), [barrelPath(TOOL)]: barrel(TOOL, true) }, [
      ...defs,
      NEW(TOOL),
      NEW(RESOURCE),
    ]);
    expectAdd({ k: PROMPT, files: afterResource, edited: { 'src/index.ts': index(true, true) } });
  });
});
