/**
 * Where a kind's definitions are registered, read once with ts-morph and kept as plain data: the
 * array (or app options object) of each entry point, how it was reached, the barrel its entries
 * come through, and the facts of each file a registration edits (module-facts.ts). None of it
 * depends on the definition being registered, so the index is remembered with everything its
 * reading asked of the project (engine/project-cache.ts) and a later `add` plans from it without
 * parsing or loading the parser. The index of the text an `add` writes is derived from its edits
 * (derived-index.ts), so the next `add` finds it too.
 */

import path from 'node:path';
import { ProjectCache, type Reading, sha } from '../engine/project-cache.js';
import type { Tree } from '../engine/tree.js';
import { bindingsIn } from '../ts/imports.js';
import {
  type ArrayFacts,
  arrayFacts,
  type ModuleFacts,
  moduleFacts,
  type ObjectFacts,
  objectFacts,
} from '../ts/module-facts.js';
import { resolveModuleFile } from '../ts/modules.js';
import { type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { appEntryPoints, unsupported } from './entry-point.js';
import { type DefinitionLayout, isDefinitionFile } from './layout.js';
import { type ArraySite, SiteResolver, stepAt, type TrailStep } from './sites.js';

export type IndexedTarget =
  | { type: 'new-key'; file: string; object: ObjectFacts }
  | {
      type: 'array';
      file: string;
      array: ArrayFacts;
      trail: TrailStep[];
      /** The re-exporting barrel every imported entry comes through, where there is one. */
      barrel?: { file: string; specifier: string };
    };

export interface RegistrationIndex {
  targets: IndexedTarget[];
  /** The facts of each file a registration edits, with the hash of the text they were taken from. */
  files: Record<string, { hash: string; facts: ModuleFacts }>;
  /** Whether an array met was split into groups: whether `--group` meant anything. */
  groupUsed: boolean;
  /** The paths the reading asked about (a folder listed as `dir/`): a plan that writes one cannot use a remembered index. */
  touched: string[];
}

/** Where a kind's definitions are listed, per entry point with an app factory call. */
type Target =
  | { type: 'array'; site: ArraySite }
  | { type: 'new-key'; file: string; options: TsMorph.ObjectLiteralExpression };

/** Resolves where `key` (tools/resources/prompts) is listed, for every entry point. */
export function registrationTargets(resolver: SiteResolver, key: string): Target[] {
  const { Node } = tsMorph();
  const targets: Target[] = [];
  const seen = new Set<string>();
  for (const { file, options } of appEntryPoints(
    resolver.tree,
    (f) => resolver.source(f),
    'Register the definition by hand; nothing was written.',
  )) {
    const prop = options.getProperty(key);
    if (!prop) {
      const spread = options.getProperties().find((p) => Node.isSpreadAssignment(p));
      if (spread) {
        throw unsupported(
          file,
          spread,
          `the options object spreads \`${spread.getText()}\`, which may already set ${key}`,
        );
      }
      targets.push({ type: 'new-key', file, options });
      continue;
    }
    const trail = [stepAt(file, prop, key)];
    let sites: ArraySite[];
    if (Node.isPropertyAssignment(prop)) sites = resolver.resolve(prop.getInitializerOrThrow(), file, trail);
    else if (Node.isShorthandPropertyAssignment(prop)) sites = resolver.resolve(prop.getNameNode(), file, trail);
    else throw unsupported(file, prop, `\`${key}\` is not a plain property (\`${prop.getText().slice(0, 60)}\`)`);
    for (const site of sites) {
      const id = `${site.file}@${site.array.getStart()}`;
      if (!seen.has(id)) {
        seen.add(id);
        targets.push({ type: 'array', site });
      }
    }
  }
  return targets;
}

/**
 * The barrel a site's entries come through: when every imported entry of the array is imported
 * from one module that is not itself a definition file (`./mcp-server/tools/definitions/index.js`
 * re-exporting them), a new entry must come through it too.
 */
function routedBarrel(
  tree: Tree,
  file: string,
  source: string,
  facts: ModuleFacts,
  array: ArrayFacts,
  layout: DefinitionLayout,
): { file: string; specifier: string } | undefined {
  const bindings = bindingsIn(facts);
  const specifiers = new Set<string>();
  // The array may list a thousand names, each imported; a second module is the answer already
  // (entries imported one by one, as an inline src/index.ts has them).
  for (const [start, end] of array.elements) {
    const statement = bindings.get(source.slice(start, end))?.statement;
    if (statement) specifiers.add(statement.specifier ?? '');
    if (specifiers.size > 1) return undefined;
  }
  if (specifiers.size !== 1) return undefined;
  const specifier = [...specifiers][0]!;
  // Only an index.ts is a barrel: a specifier that cannot name one (`./x.tool.js`) is not looked
  // up, so that what the index asked of the project does not change as definitions are added.
  if (/\.[cm]?[jt]sx?$/.test(specifier) && !/(^|\/)index\.[cm]?[jt]sx?$/.test(specifier)) return undefined;
  const barrel = resolveModuleFile(tree, file, specifier);
  if (!barrel || isDefinitionFile(barrel, layout)) return undefined;
  return path.posix.basename(barrel) === 'index.ts' ? { file: barrel, specifier } : undefined;
}

/** The tree, with every path asked of it written down (a folder as `dir/`). */
function touching(tree: Tree, touched: Set<string>): Tree {
  const view = Object.create(tree) as Tree;
  const noting =
    <R>(answer: (p: string) => R, ...as: ('file' | 'dir')[]) =>
    (p: string): R => {
      const rel = tree.normalize(p);
      for (const a of as) touched.add(a === 'file' ? rel : `${rel}/`);
      return answer.call(tree, p);
    };
  view.read = noting(tree.read, 'file');
  view.isFile = noting(tree.isFile, 'file');
  view.isDirectory = noting(tree.isDirectory, 'dir');
  view.exists = noting(tree.exists, 'file', 'dir');
  view.entries = noting(tree.entries, 'dir');
  view.listFiles = noting(tree.listFiles, 'dir');
  return view;
}

/** Reads where `layout`'s kind is registered, with ts-morph. Throws as registration refuses a layout. */
export function indexRegistration(tree: Tree, layout: DefinitionLayout, group: string | undefined): RegistrationIndex {
  const touched = new Set<string>();
  const view = touching(tree, touched);
  const resolver = new SiteResolver(view, {
    ...(group !== undefined ? { group } : {}),
    groupSuffixes: layout.groupSuffixes,
  });
  const files: RegistrationIndex['files'] = {};
  const known = (file: string) => {
    const sf = resolver.source(file);
    files[file] ??= { hash: sha(sf.getFullText()), facts: moduleFacts(sf) };
    return { source: sf.getFullText(), facts: files[file]!.facts };
  };
  const targets = registrationTargets(resolver, layout.appKey).map((target): IndexedTarget => {
    if (target.type === 'new-key') {
      known(target.file);
      return { type: 'new-key', file: target.file, object: objectFacts(target.options) };
    }
    const { site } = target;
    const { source, facts } = known(site.file);
    const array = arrayFacts(site.array);
    const barrel = routedBarrel(view, site.file, source, facts, array, layout);
    if (barrel) known(barrel.file);
    return { type: 'array', file: site.file, array, trail: site.trail, ...(barrel ? { barrel } : {}) };
  });
  return { targets, files, groupUsed: resolver.groupUsed, touched: [...touched].sort() };
}

/** A file's text as the parser reads it: without a byte order mark (the tree keeps it on writing). */
export function parsedText(tree: Tree, file: string): string {
  const text = tree.read(file) ?? '';
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}

/** Whether the plan writes or deletes a path the reading asked about, or anything in a folder it listed. */
function plansTouched(tree: Tree, touched: readonly string[]): boolean {
  const planned = tree.plannedPaths();
  if (planned.length === 0) return false;
  const files = new Set(touched);
  const dirs = touched.filter((t) => t.endsWith('/'));
  return planned.some((p) => files.has(p) || dirs.some((d) => d === '/' || p.startsWith(d)));
}

/**
 * The registration index of the project the tree is over: remembered between runs where the tree
 * is the project's folder and the plan has not already changed what the index was read from;
 * else read now. Each file's text is checked against the tree's before the index is used.
 */
export function registrationIndex(
  tree: Tree,
  layout: DefinitionLayout,
  group: string | undefined,
): Reading<RegistrationIndex> {
  const now = (): Reading<RegistrationIndex> => ({ result: indexRegistration(tree, layout, group) });
  const cache = ProjectCache.of(tree);
  if (!cache) return now();
  const key = `registration:${JSON.stringify([layout, group ?? null])}`;
  let reading: Reading<RegistrationIndex>;
  try {
    reading = cache.reading(key, (disk) => indexRegistration(disk, layout, group), isIndex);
  } catch {
    // Read off the disk, not the plan's tree: what it refused is asked of the plan's tree itself.
    return now();
  }
  const index = reading.result;
  if (plansTouched(tree, index.touched)) return now();
  for (const [file, { hash }] of Object.entries(index.files)) {
    if (!tree.isFile(file) || sha(parsedText(tree, file)) !== hash) return now();
  }
  return reading;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A stored index's outline (a corrupt one is not used): the texts' hashes vouch for the rest. */
function isIndex(v: unknown): v is RegistrationIndex {
  if (!isObject(v) || !Array.isArray(v.targets) || !isObject(v.files) || !Array.isArray(v.touched)) return false;
  if (typeof v.groupUsed !== 'boolean') return false;
  const files = v.files as Record<string, unknown>;
  return (
    Object.values(files).every((f) => isObject(f) && typeof f.hash === 'string' && isObject(f.facts)) &&
    v.targets.every(
      (t: unknown) =>
        isObject(t) &&
        typeof t.file === 'string' &&
        files[t.file] !== undefined &&
        (t.type === 'array' || t.type === 'new-key'),
    )
  );
}
