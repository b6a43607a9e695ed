/**
 * Fixture projects for the ways a project registers its definitions (createApp's arrays, local
 * variables, barrels, spreads, groups), for tools, resources and prompts alike, and one flow that runs an `add` on them and checks everything: the exact text
 * of every file it changes, that nothing else changes, that running it again with force changes
 * nothing, and that the real Biome finds nothing to change in the files it touched.
 */

import { expect } from 'vitest';
import type { GeneratorResult } from '../../src/engine/generator.js';
import { MemoryHost } from '../../src/engine/host.js';
import type { Problem } from '../../src/engine/problems.js';
import { Tree } from '../../src/engine/tree.js';
import type { DefinitionOptions } from '../../src/kinds/definition.js';
import { addPromptGenerator } from '../../src/kinds/prompt/generator.js';
import { promptSpec } from '../../src/kinds/prompt/spec.js';
import { addResourceGenerator } from '../../src/kinds/resource/generator.js';
import { resourceSpec } from '../../src/kinds/resource/spec.js';
import type { DefinitionData } from '../../src/kinds/spec.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import { toolSpec } from '../../src/kinds/tool/spec.js';
import type { Project } from '../../src/project/project.js';
import type { ExportNaming, FileNaming } from '../../src/registration/conventions.js';
import type { DefinitionLayout } from '../../src/registration/layout.js';
import { APP_KEY_ORDER } from '../../src/registration/layout.js';
import { biomeCheck, biomeJson } from './biome.js';
import { expectDerivedIndex } from './derived-index.js';
import { memoryProject, VITEST_CONFIG } from './projects.js';
import { tempDir } from './temp.js';

/** Lines joined by `\n`; `false` and `undefined` entries are left out (conditional lines). */
export const L = (...lines: (string | false | undefined)[]): string =>
  lines.filter((l): l is string => typeof l === 'string').join('\n');

export type AddOptions = Partial<Omit<DefinitionOptions, 'name'>> & { name?: string; uri?: string };

/** A definition kind as the shape fixtures see it: its spec's layout, and the names its barrel uses. */
export interface KindSpec {
  kind: string;
  /** createApp's key: `tools`. */
  key: string;
  /** The plain file suffix without `.ts`: `tool`. */
  ext: string;
  /** The export suffix: `Tool`. */
  Suffix: string;
  /** The barrel array's name. */
  all: string;
  anyType: string;
  layout: DefinitionLayout;
  generate: (tree: Tree, project: Project, options: AddOptions & { name: string }) => GeneratorResult;
}

function shapeKind(spec: DefinitionData, generate: KindSpec['generate']): KindSpec {
  const { kind, appKey, suffixes, exportSuffix } = spec.layout;
  return {
    kind,
    key: appKey,
    ext: suffixes[0]!.replace(/^\.|\.ts$/g, ''),
    Suffix: exportSuffix,
    all: `all${exportSuffix}Definitions`,
    anyType: `Any${exportSuffix}Definition`,
    layout: spec.layout,
    generate,
  };
}

export const TOOL = shapeKind(toolSpec, (tree, project, o) => addToolGenerator(tree, project, o));
export const RESOURCE = shapeKind(resourceSpec, (tree, project, o) =>
  addResourceGenerator(tree, project, { uri: 'acme://items/{itemId}', ...o }),
);
export const PROMPT = shapeKind(promptSpec, (tree, project, o) => addPromptGenerator(tree, project, o));

/** In createApp's key order. */
export const KINDS = [TOOL, RESOURCE, PROMPT];
/** In the order Biome sorts their `./mcp-server/<kind>s/…` imports. */
export const SORTED_KINDS = [PROMPT, RESOURCE, TOOL];

export interface Naming {
  file?: FileNaming;
  export?: ExportNaming;
}

/** A definition of the `acme` server: `get-item` → acme_get_item in acme-get-item.tool.ts … */
export interface Def {
  k: KindSpec;
  stem: string;
  /** The name given to `add` (snake_case). */
  inputName: string;
  mcpName: string;
  exportName: string;
  /** File name without `.ts`, e.g. acme-get-item.tool */
  base: string;
  path: string;
}

const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
const camel = (kebab: string) => pascal(kebab).replace(/^[A-Z]/, (c) => c.toLowerCase());

export function def(k: KindSpec, stem: string, naming: Naming = {}): Def {
  const full = `acme-${stem}`;
  const fileStem = naming.file === 'unprefixed' ? stem : full;
  const exportForm = naming.export ?? 'full+suffix';
  const exportBase = exportForm.startsWith('unprefixed') ? camel(stem) : camel(full);
  const base = `${fileStem}.${k.ext}`;
  return {
    k,
    stem,
    inputName: full.replace(/-/g, '_'),
    mcpName: k.kind === 'resource' ? full : full.replace(/-/g, '_'),
    exportName: exportForm.endsWith('+suffix') ? `${exportBase}${k.Suffix}` : exportBase,
    base,
    path: `src/mcp-server/${k.key}/definitions/${base}.ts`,
  };
}

/** The definition a test adds, unless it says otherwise. */
export const NEW = (k: KindSpec, naming: Naming = {}) => def(k, 'find-items', naming);

/** `./mcp-server/tools/definitions/acme-get-item.tool.js`, or with the `@/` alias. */
export const fromEntry = (d: Def, alias = false) =>
  `${alias ? '@' : '.'}/mcp-server/${d.k.key}/definitions/${d.base}.js`;
/** `./acme-get-item.tool.js`: from the kind's barrel. */
export const fromBarrel = (d: Def) => `./${d.base}.js`;
export const barrelPath = (k: KindSpec) => `src/mcp-server/${k.key}/definitions/index.ts`;
export const imp = (names: string | string[], specifier: string) =>
  `import { ${[names].flat().join(', ')} } from '${specifier}';`;

/**
 * An array literal laid out as Biome lays it out: on one line when that fits the width (100),
 * else one element per line with trailing commas.
 */
export function arrayLines(indent: string, head: string, items: string[], tail: string): string[] {
  const one = `${indent}${head}[${items.join(', ')}]${tail}`;
  if (one.length <= 100 || items.length === 0) return [one];
  return [`${indent}${head}[`, ...items.map((i) => `${indent}  ${i},`), `${indent}]${tail}`];
}

/** A definition file as small as the scaffold's reading of it allows, Biome-clean. */
export function defSource(d: Def): string {
  switch (d.k.kind) {
    case 'tool':
      return L(
        "import { tool, z } from '@cyanheads/mcp-ts-core';",
        '',
        `export const ${d.exportName} = tool('${d.mcpName}', {`,
        "  description: 'Does a thing.',",
        '  input: z.object({}),',
        '  handler: () => ({}),',
        '});',
        '',
      );
    case 'resource':
      return L(
        "import { resource, z } from '@cyanheads/mcp-ts-core';",
        '',
        `export const ${d.exportName} = resource('acme://${d.stem}/{id}', {`,
        `  name: '${d.mcpName}',`,
        '  params: z.object({ id: z.string() }),',
        '  handler: (params) => params,',
        '});',
        '',
      );
    case 'prompt':
      return L(
        "import { prompt, z } from '@cyanheads/mcp-ts-core';",
        '',
        `export const ${d.exportName} = prompt('${d.mcpName}', {`,
        '  args: z.object({}),',
        '  generate: () => [],',
        '});',
        '',
      );
    default:
      throw new Error(`no fixture source for a ${d.k.kind}`);
  }
}

export const PACKAGE = `${JSON.stringify(
  {
    name: 'acme-mcp-server',
    version: '0.1.0',
    type: 'module',
    scripts: { devcheck: 'echo ok' },
    dependencies: { '@cyanheads/mcp-ts-core': '^0.12.0' },
  },
  null,
  2,
)}\n`;

/** The two definitions of each kind most fixtures start with. */
export const EXISTING = KINDS.flatMap((k) => [def(k, 'get-item'), def(k, 'list-items')]);
export const existing = (k: KindSpec, stems = ['get-item', 'list-items'], naming: Naming = {}) =>
  stems.map((s) => def(k, s, naming));

/** A project: package.json, biome.json, vitest.config.ts, the definition files of `defs`, and `files`. */
export function fixture(
  files: Record<string, string>,
  defs: Def[] = EXISTING,
  lineEnding: 'lf' | 'crlf' = 'lf',
): Record<string, string> {
  return {
    'package.json': PACKAGE,
    'biome.json': biomeJson(lineEnding),
    'vitest.config.ts': VITEST_CONFIG,
    ...Object.fromEntries(defs.map((d) => [d.path, defSource(d)])),
    ...files,
  };
}

/** Runs `add <kind>` over the files, held in memory, as the command would (no devcheck). */
export function runAdd(k: KindSpec, files: Record<string, string>, options: AddOptions = {}) {
  return runAddIn(k, new MemoryHost(files), options);
}

/** Like runAdd on an existing host (a second `add` over what the first one wrote). */
export function runAddIn(k: KindSpec, host: MemoryHost, options: AddOptions = {}) {
  const tree = new Tree(host);
  const result = k.generate(tree, memoryProject(host), { name: NEW(k).inputName, devcheck: false, ...options });
  return { host, tree, result, problems: result.problems };
}

const referenceCache = new Map<string, { definition: string; test: string }>();

/**
 * What `add` writes for a definition, rendered in a bare project with the names given as flags.
 * Its full text is pinned by tests/generators/shapes-golden.test.ts; the shape tests check that a
 * project's layout never changes it.
 */
export function reference(d: Def, options: AddOptions = {}): { definition: string; test: string } {
  const key = JSON.stringify([d.k.kind, d.inputName, d.base, d.exportName, options]);
  let ref = referenceCache.get(key);
  if (!ref) {
    const { tree, problems } = runAdd(
      d.k,
      {
        'package.json': PACKAGE,
        'vitest.config.ts': VITEST_CONFIG,
        'src/index.ts': "import { createApp } from '@cyanheads/mcp-ts-core';\n\nawait createApp({ name: 'acme' });\n",
      },
      { name: d.inputName, fileName: d.base.replace(/\.[a-z]+$/, ''), exportName: d.exportName, ...options },
    );
    expect(problems).toEqual([]);
    const testPath = `tests/${d.k.key}/${d.base}.test.ts`;
    ref = { definition: tree.read(d.path)!, test: tree.read(testPath)! };
    referenceCache.set(key, ref);
  }
  return ref;
}

export const namingNote = (k: KindSpec, of = 2, total = of) =>
  `Naming: file named after the full name, export camelCase + ${k.Suffix} (as ${of} of ${total} existing ${k.kind}s do).`;

export interface AddCase {
  k: KindSpec;
  files: Record<string, string>;
  options?: AddOptions;
  /** The full expected text of every existing file the add edits (none other may change). */
  edited: Record<string, string>;
  /** The definition the add creates (default: NEW(k)). */
  created?: Def;
  /** Where it was registered (default: the keys of `edited`, sorted). */
  registeredIn?: string[];
  /** Expected notes (default: the naming note for two existing definitions of the kind). */
  notes?: string[];
  /** A project whose Biome formats to CRLF: new files are CRLF too. */
  crlf?: boolean;
}

/**
 * Runs the add, checks the exact result, flushes it, runs it again with force (nothing changes),
 * and runs Biome once over the touched files and the originals of the edited ones (proof the
 * fixture was Biome-clean to begin with).
 */
export function expectAdd(c: AddCase): { host: MemoryHost; result: GeneratorResult } {
  const d = c.created ?? NEW(c.k);
  const { host, tree, result, problems } = runAdd(c.k, c.files, c.options);
  expect(problems).toEqual([]);
  const testPath = `tests/${c.k.key}/${d.base}.test.ts`;
  const eol = (text: string) => (c.crlf ? text.replaceAll('\n', '\r\n') : text);
  const ref = reference(d, { ...(c.options?.uri ? { uri: c.options.uri } : {}) });
  const changes = tree.changes();
  expect(changes.map((ch) => `${ch.action} ${ch.path}`)).toEqual(
    [
      ...Object.keys(c.edited).map((p) => `update ${p}`),
      ...(c.edited[d.path] === undefined ? [`create ${d.path}`] : []),
      `create ${testPath}`,
    ].sort((a, b) => (a.slice(7) < b.slice(7) ? -1 : 1)),
  );
  for (const [file, text] of Object.entries(c.edited)) expect(tree.read(file), file).toBe(text);
  expect(tree.read(d.path), d.path).toBe(eol(ref.definition));
  expect(tree.read(testPath), testPath).toBe(eol(ref.test));
  expect(result.notes).toEqual(c.notes ?? [namingNote(c.k)]);
  expect(result.warnings).toEqual([]);
  const data = result.data[c.k.kind] as { registeredIn: string[]; exportName: string; file: string };
  const registeredIn = c.registeredIn ?? Object.keys(c.edited).sort();
  expect(data.registeredIn).toEqual(registeredIn);
  expect(data.exportName).toBe(d.exportName);
  expect(data.file).toBe(d.path);

  // The index the next `add` plans from is what it would read off the files written.
  const reg = { exportName: d.exportName, file: d.path };
  const group = c.options?.group;
  const { written } = expectDerivedIndex(c.files, c.k.layout, reg, {
    keyOrder: APP_KEY_ORDER,
    ...(group ? { group } : {}),
  });
  for (const file of Object.keys(c.edited)) if (file !== d.path) expect(written[file], file).toBe(tree.read(file));

  host.flush(changes);
  const again = runAddIn(c.k, host, { ...c.options, force: true });
  expect(again.problems).toEqual([]);
  expect(again.tree.changes()).toEqual([]);
  expect(again.result.notes.at(-1)).toBe(`${d.exportName} was already registered in ${registeredIn.join(', ')}.`);

  expectBiomeClean(
    host,
    c.files,
    changes.map((ch) => ch.path),
  );
  return { host, result };
}

/**
 * One Biome run over the touched files and copies (under _orig/) of the originals of those that
 * existed: both must be clean, so an edit can neither hide nor blame a fixture that was not.
 * Biome reads a disk, so the project is copied to a temp folder for it.
 */
export function expectBiomeClean(host: MemoryHost, originals: Record<string, string>, touched: string[]): void {
  const copies: Record<string, string> = {};
  for (const file of touched) if (originals[file] !== undefined) copies[`_orig/${file}`] = originals[file]!;
  const root = tempDir({ ...host.snapshot(), ...copies });
  const { diagnostics, wanted } = biomeCheck(root, [...touched, ...Object.keys(copies)]);
  expect({ diagnostics, wanted }).toEqual({ diagnostics: [], wanted: {} });
}

/**
 * Runs the add and expects it to stop with exactly these problems (the command then writes
 * nothing). Unless the definition file itself is the collision, no existing file is edited either.
 */
export function expectProblems(
  k: KindSpec,
  files: Record<string, string>,
  options: AddOptions,
  problems: Problem[],
  { editsAllowed = false } = {},
): Tree {
  const { tree, problems: found } = runAdd(k, files, options);
  expect(found).toEqual(problems);
  if (!editsAllowed) {
    expect(
      tree
        .changes()
        .filter((ch) => ch.action === 'update')
        .map((ch) => ch.path),
    ).toEqual([]);
  }
  return tree;
}
