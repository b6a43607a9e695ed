/**
 * Every dependency a new server gets, in one place. The framework is a caret range (what
 * `--framework-version` overrides); the tools whose output or runtime must not drift under the
 * project are exact: Biome (formatting), vitest and vite (vitest 5 / newer vite need Node 22).
 * TypeScript stays on 6: 7 dropped the JavaScript API the ecosystem still uses.
 */

import { FRAMEWORK } from '../project/project.js';

/** The framework's package name, under the name this module's tables use. */
export const FRAMEWORK_PACKAGE = FRAMEWORK;

/** The framework version the starter code is written and tested against. */
export const FRAMEWORK_VERSION = '0.10.17';

export interface DependencyPin {
  /** What goes in package.json. */
  range: string;
  /** Why this package is there, for people reading the module. */
  why: string;
}

export const DEPENDENCIES = {
  [FRAMEWORK_PACKAGE]: { range: `^${FRAMEWORK_VERSION}`, why: 'the MCP server framework' },
  zod: { range: '^4.4.3', why: "the framework's schema library (a peer): one copy for app and framework" },
  'pino-pretty': { range: '^13.1.3', why: 'readable logs in HTTP development mode' },
} as const satisfies Record<string, DependencyPin>;

export const DEV_DEPENDENCIES = {
  '@biomejs/biome': { range: '2.5.4', why: "formatter and linter, the version the framework's config is written for" },
  '@types/node': { range: '^20.19.43', why: 'Node 20 typings' },
  'tsc-alias': { range: '^1.9.10', why: 'rewrites @/ imports in the build output' },
  tsx: { range: '^4.23.15', why: 'runs the TypeScript scripts (devcheck, lint:mcp) on Node without bun' },
  typescript: { range: '^6.0.3', why: 'type checking and the build' },
  vite: { range: '8.3.8', why: "vitest's bundler, held at the last line that runs on Node 20" },
  vitest: { range: '4.1.12', why: 'tests; 5.x needs Node 22' },
} as const satisfies Record<string, DependencyPin>;

export type DependencyName = keyof typeof DEPENDENCIES;
export type DevDependencyName = keyof typeof DEV_DEPENDENCIES;

/** The Node versions the generated server and its scripts run on. */
export const NODE_ENGINE = '>=20.12';

/**
 * package.json's dependency maps, sorted as npm writes them, with the framework's range
 * optionally overridden.
 */
export function dependencyMaps(frameworkRange?: string): {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
} {
  const pick = (pins: Record<string, DependencyPin>) =>
    Object.fromEntries(
      Object.entries(pins)
        .map(([name, pin]): [string, string] => [
          name,
          name === FRAMEWORK_PACKAGE && frameworkRange ? frameworkRange : pin.range,
        ])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  return { dependencies: pick(DEPENDENCIES), devDependencies: pick(DEV_DEPENDENCIES) };
}

/**
 * A version range npm can resolve from the registry: a version, or a range of versions.
 * Tags (`latest`), `*` and URLs are refused; a server pinned to a moving target is not reproducible.
 */
export function isVersionRange(range: string): boolean {
  const comparator = String.raw`(?:[\^~]|[<>]=?|=)?\s*v?\d+(?:\.(?:\d+|[xX*])){0,2}(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?`;
  const hyphen = String.raw`\d+(?:\.\d+){0,2}\s+-\s+\d+(?:\.\d+){0,2}`;
  const set = String.raw`(?:${hyphen}|${comparator}(?:\s+${comparator})*)`;
  return new RegExp(String.raw`^\s*${set}(?:\s*\|\|\s*${set})*\s*$`).test(range);
}

/**
 * Whether every version `range` allows is on the `line` (major.minor) the starter code is written
 * for. Looking only at how the range starts warned about `>=0.10.17 <0.11` and stayed silent
 * about `^0.10.17 || ^0.11.0`.
 */
export function staysOnLine(range: string, line = FRAMEWORK_VERSION.split('.').slice(0, 2).join('.')): boolean {
  const onLine = (version: string) =>
    version.replace(/^v/, '') === line || version.replace(/^v/, '').startsWith(`${line}.`);
  const [major = '', minor = ''] = line.split('.');
  const nextLine = `${major}.${Number(minor) + 1}`;
  return range.split('||').every((part) => {
    const set = part.trim().replace(/([<>]=?|[\^~=])\s+/g, '$1');
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(set);
    if (hyphen) return onLine(hyphen[1]!) && onLine(hyphen[2]!);
    const comparators = set.split(/\s+/).map((c) => /^([<>]=?|[\^~=])?(.*)$/.exec(c)!);
    // `0.10.3`, `=0.10.3`, `0.10.x`, `~0.10`, `^0.10.17` (a caret on 0.x keeps the minor): one is enough.
    if (
      comparators.some(
        ([, op, v]) =>
          ['', '=', '^', '~'].includes(op ?? '') && onLine(v!) && v!.replace(/^v/, '').split('.').length >= 2,
      )
    ) {
      return true;
    }
    const lower = comparators.some(([, op, v]) => (op === '>' || op === '>=') && onLine(v!));
    const upper = comparators.some(
      ([, op, v]) =>
        (op === '<=' && onLine(v!)) ||
        (op === '<' && (onLine(v!) || [nextLine, `${nextLine}.0`].includes(v!.replace(/^v/, '')))),
    );
    return lower && upper;
  });
}

/** `0.10.3` → [0, 10, 3]; `0.9.x`, `0.9` → [0, 9, 0]. */
function versionTuple(v: string): [number, number, number] {
  const [a = '0', b = '0', c = '0'] = v.replace(/^v/, '').split(/[-+]/)[0]!.split('.');
  const n = (s: string) => (/^\d+$/.test(s) ? Number(s) : 0);
  return [n(a), n(b), n(c)];
}

export function compareVersions(a: string, b: string): number {
  const x = versionTuple(a);
  const y = versionTuple(b);
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/**
 * The lowest version a range lets npm install (ignoring pre-releases): the smallest lower bound
 * over its `||` alternatives; `0.0.0` when an alternative has none (`<0.12`).
 */
export function lowestVersion(range: string): string {
  const lows = range.split('||').map((part) => {
    const set = part.trim().replace(/([<>]=?|[\^~=])\s+/g, '$1');
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(set);
    if (hyphen) return hyphen[1]!.replace(/^v/, '');
    const bounds = set
      .split(/\s+/)
      .map((c) => /^([<>]=?|[\^~=])?(.*)$/.exec(c)!)
      .filter(([, op]) => op === undefined || ['=', '^', '~', '>=', '>'].includes(op))
      .map(([, , v]) => v!.replace(/^v/, '').replace(/[xX*]/g, '0'));
    return bounds.sort(compareVersions).at(-1) ?? '0.0.0';
  });
  return lows.sort(compareVersions)[0] ?? '0.0.0';
}

/** The first framework version whose createApp() and prompt() take a `title` (its changelog, 0.10.3). */
export const TITLES_SINCE = '0.10.3';
