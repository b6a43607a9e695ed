/**
 * Every dependency a new server gets, in one place. The framework is a caret range (what
 * `--framework-version` overrides); the tools whose output or runtime must not drift under the
 * project are exact: Biome (formatting), vitest and vite (vitest 5 / newer vite need Node 22).
 * TypeScript stays on 6: 7 dropped the JavaScript API the ecosystem still uses. Its native
 * compiler comes beside it as @typescript/native-preview (its own `tsgo` bin, so `tsc` stays 6's)
 * for devcheck's type check, whose time is mostly tsc parsing the dependencies' declarations.
 */

import semver from 'semver';
import { FRAMEWORK } from '../project/project.js';

/** The framework's package name, under the name this module's tables use. */
export const FRAMEWORK_PACKAGE = FRAMEWORK;

/** The framework version the starter code is written and tested against. */
export const FRAMEWORK_VERSION = '0.10.17';

interface DependencyPin {
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
  '@typescript/native-preview': {
    range: '7.0.0-dev.20260707.2',
    why: "the native compiler (tsgo) devcheck type-checks with: tsc's check at a fraction of its time",
  },
  'tsc-alias': { range: '^1.9.10', why: 'rewrites @/ imports in the build output' },
  tsx: { range: '^4.23.15', why: 'runs the TypeScript scripts (devcheck, lint:mcp) on Node without bun' },
  typescript: { range: '^6.0.3', why: 'type checking and the build' },
  vite: { range: '8.3.8', why: "vitest's bundler, held at the last line that runs on Node 20" },
  vitest: { range: '4.1.12', why: 'tests; 5.x needs Node 22' },
} as const satisfies Record<string, DependencyPin>;

/**
 * The generated server's `engines.node`: the framework's own (0.10.17, 0.11.5 and 0.12.3 all
 * declare `>=24.0.0`). npm only warns on engines, and devcheck, the tests, the build and the stdio
 * server run on Node 20 too (the dev tools above are held at lines that do); the framework's HTTP
 * transport needs Node 22 (Promise.withResolvers). init explains the EBADENGINE warning instead of
 * declaring a range the framework does not.
 */
export const NODE_ENGINE = '>=24.0.0';

/** The framework lines the starter code is written and tested for, oldest first. */
export const STARTER_LINES = ['0.10', '0.11', '0.12'] as const;
export type StarterLine = (typeof STARTER_LINES)[number];

/** The line whose starter code fits `version` (older versions get 0.10's, newer 0.12's). */
/** A version's own `major.minor` line: `0.9` for 0.9.21. */
export function lineOf(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

export function starterLine(version: string): StarterLine {
  const coerced = semver.coerce(version)?.version ?? FRAMEWORK_VERSION;
  const found = [...STARTER_LINES].reverse().find((line) => semver.gte(coerced, `${line}.0`));
  return found ?? STARTER_LINES[0];
}

/** The first version whose createMockContext({ errors }) returns the handler's typed context. */
export const TYPED_MOCK_CONTEXT_SINCE = '0.11.3';

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
  // semver reads `*`, `x` and the empty string as "any version": each alternative must name one.
  return semver.validRange(range) !== null && range.split('||').every((part) => /\d/.test(part));
}

/**
 * Whether every version `range` lets npm install is on the `line` (major.minor) the starter code
 * is written for. A pre-release of the line (`0.10.5-beta`) counts as on it, which a semver range
 * without pre-releases cannot say, hence the second look.
 */
export function staysOnLine(range: string, line = lineOf(FRAMEWORK_VERSION)): boolean {
  const [major = '', minor = ''] = line.split('.');
  const next = `${major}.${Number(minor) + 1}.0`;
  try {
    return (
      semver.subset(range, `>=${line}.0-0 <${next}`) ||
      semver.subset(range, `>=${line}.0-0 <${next}-0`, { includePrerelease: true })
    );
  } catch {
    return false;
  }
}

/** Compares release versions, pre-release tags aside; `0.9` counts as `0.9.0`. */
export function compareVersions(a: string, b: string): number {
  return semver.compare(semver.coerce(a) ?? '0.0.0', semver.coerce(b) ?? '0.0.0');
}

/** The lowest version a range lets npm install: `0.0.0` when it has no lower bound (`<0.12`). */
export function lowestVersion(range: string): string {
  return (semver.validRange(range) && semver.minVersion(range)?.version) || '0.0.0';
}

/** The first framework version whose createApp() and prompt() take a `title` (its changelog, 0.10.3). */
export const TITLES_SINCE = '0.10.3';
