/**
 * The registration shapes `add` writes into, as `remove` and `rename` are tested over them: the
 * acme server's definitions of each kind registered inline in createApp, or through each kind's
 * barrel (by name, spread, filtered, with re-exports, with an export list).
 */

import { barrelPath, existing, fromBarrel, fromEntry, imp, KINDS, type KindSpec, L, SORTED_KINDS } from './shapes.js';

export const CREATE_APP = "import { createApp } from '@cyanheads/mcp-ts-core';";
const names = (k: KindSpec) => existing(k).map((d) => d.exportName);

export const inlineIndex = L(
  CREATE_APP,
  ...SORTED_KINDS.flatMap((k) => existing(k).map((d) => imp(d.exportName, fromEntry(d)))),
  '',
  'await createApp({',
  "  name: 'acme',",
  ...KINDS.map((k) => `  ${k.key}: [${names(k).join(', ')}],`),
  '});',
  '',
);

const barrelIndex = (expr: (k: KindSpec) => string) =>
  L(
    CREATE_APP,
    ...SORTED_KINDS.map((k) => imp(k.all, `./mcp-server/${k.key}/definitions/index.js`)),
    '',
    'await createApp({',
    "  name: 'acme',",
    ...KINDS.map((k) => `  ${k.key}: ${expr(k)},`),
    '});',
    '',
  );

const barrel = (k: KindSpec, { reExports = false, exportList = false } = {}) =>
  L(
    ...existing(k).map((d) => imp(d.exportName, fromBarrel(d))),
    '',
    ...(reExports ? [...existing(k).map((d) => `export { ${d.exportName} } from '${fromBarrel(d)}';`), ''] : []),
    `export const ${k.all} = [${names(k).join(', ')}];`,
    ...(exportList ? ['', `export { ${names(k).join(', ')} };`] : []),
    '',
  );
const barrels = (o = {}) => Object.fromEntries(KINDS.map((k) => [barrelPath(k), barrel(k, o)]));

export const REMOVAL_SHAPES: [string, Record<string, string>][] = [
  ['inline arrays in createApp', { 'src/index.ts': inlineIndex }],
  ['a barrel array by name', { 'src/index.ts': barrelIndex((k) => k.all), ...barrels() }],
  ['a spread barrel array', { 'src/index.ts': barrelIndex((k) => `[...${k.all}]`), ...barrels() }],
  [
    'a filtered barrel array',
    { 'src/index.ts': barrelIndex((k) => `${k.all}.filter((d) => d.name !== 'x')`), ...barrels() },
  ],
  ['a barrel with re-exports', { 'src/index.ts': barrelIndex((k) => k.all), ...barrels({ reExports: true }) }],
  ['a barrel with an export list', { 'src/index.ts': barrelIndex((k) => k.all), ...barrels({ exportList: true }) }],
];
