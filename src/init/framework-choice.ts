/**
 * Which framework a new server depends on, and so which starter code it gets: `--framework-version`
 * (a range, or a packed `.tgz` for testing, which becomes a `file:` dependency and is read for its
 * version), else a caret range on the newest release the registry serves (looked up by the
 * command), else on the pinned version. In an existing server, the version installed there.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Problems } from '../engine/problems.js';
import type { Tree } from '../engine/tree.js';
import { FRAMEWORK, frameworkPackageDir } from '../project/project.js';
import { tarballPackage } from './tarball.js';
import {
  compareVersions,
  FRAMEWORK_VERSION,
  isVersionRange,
  lineOf,
  lowestVersion,
  STARTER_LINES,
  type StarterLine,
  starterLine,
  staysOnLine,
  TITLES_SINCE,
  TYPED_MOCK_CONTEXT_SINCE,
} from './versions.js';

/** The first version whose own template type-checks tests (tsconfig.json over src and tests). */
export const TESTS_TYPECHECKED_SINCE = '0.11.4';

export interface FrameworkChoice {
  /** What package.json's dependency says: a range, or `file:<absolute .tgz>`. */
  range: string;
  /** The version the code is written for: the range's lowest, the tarball's, or the installed one. */
  version: string;
  line: StarterLine;
  /** createApp() and prompt() take a `title` (0.10.3). */
  hasTitles: boolean;
  /** createMockContext({ errors }) returns the handler's typed context (0.11.3). */
  typedMockContext: boolean;
  /**
   * The framework's own template splits the tsconfig so that tests are type-checked (0.11.4 on).
   * A new server of ours always has the split (its tests type-check on every line); the upgrade
   * flow brings it into an existing server only where the framework's template has it.
   */
  frameworkSplitsTsconfig: boolean;
}

export interface FrameworkRequest {
  mode: 'create' | 'upgrade';
  /** `--framework-version`, as typed (a tarball path made absolute by the command). */
  frameworkVersion?: string | undefined;
  /** The registry's newest release, when the command could ask it. */
  latestFrameworkVersion?: string | undefined;
  /** The existing server's dependency range, in the upgrade flow. */
  existingRange?: string | undefined;
}

export const isTarball = (value: string) => /\.(tgz|tar\.gz)$/i.test(value.trim());

function choice(range: string, version: string): FrameworkChoice {
  return {
    range,
    version,
    line: starterLine(version),
    hasTitles: compareVersions(version, TITLES_SINCE) >= 0,
    typedMockContext: compareVersions(version, TYPED_MOCK_CONTEXT_SINCE) >= 0,
    frameworkSplitsTsconfig: compareVersions(version, TESTS_TYPECHECKED_SINCE) >= 0,
  };
}

/** The installed framework's version for the server at `root`, if installed. */
export function installedFrameworkVersion(root: string): string | undefined {
  const dir = frameworkPackageDir(root);
  if (!dir) return undefined;
  try {
    const version = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

function fromTarball(problems: Problems, file: string): FrameworkChoice | undefined {
  const absolute = path.resolve(file.trim());
  try {
    const pkg = tarballPackage(absolute);
    if (pkg.name !== FRAMEWORK) throw new Error(`it is ${pkg.name}, not ${FRAMEWORK}`);
    return choice(`file:${absolute}`, pkg.version);
  } catch (e) {
    problems.add({
      code: 'OPTION_INVALID',
      message: `--framework-version ${JSON.stringify(file)} is not a packed ${FRAMEWORK}: ${e instanceof Error ? e.message : String(e)}`,
      hint: 'Pass a version range, or the path of a .tgz made by `npm pack` of the framework.',
    });
    return undefined;
  }
}

function fromRange(problems: Problems, range: string, warnings: string[]): FrameworkChoice | undefined {
  if (!isVersionRange(range)) {
    problems.add({
      code: 'OPTION_INVALID',
      message: `--framework-version ${JSON.stringify(range)} is not a version, a version range or a .tgz`,
      hint: `Pass a version or range npm can resolve, e.g. ${FRAMEWORK_VERSION} or ^0.12.3 (tags like latest are not accepted), or a .tgz path.`,
    });
    return undefined;
  }
  const trimmed = range.trim();
  const picked = choice(trimmed, lowestVersion(trimmed));
  const tested = (STARTER_LINES as readonly string[]).includes(lineOf(picked.version));
  if (!tested || !staysOnLine(trimmed, picked.line)) {
    warnings.push(
      `The starter code is written for the ${FRAMEWORK} ${picked.line} line; ${trimmed} lets npm install other versions: run devcheck after installing to see whether it still compiles.`,
    );
  }
  return picked;
}

/** The framework a server gets; undefined (with a problem recorded) when the flag is wrong. */
export function chooseFramework(
  tree: Tree,
  req: FrameworkRequest,
  warnings: string[],
  problems: Problems,
): FrameworkChoice | undefined {
  if (req.mode === 'upgrade') {
    const range = req.existingRange ?? `^${FRAMEWORK_VERSION}`;
    const installed = installedFrameworkVersion(tree.root);
    const version = installed ?? (isVersionRange(range) ? lowestVersion(range) : FRAMEWORK_VERSION);
    return choice(range, version);
  }
  if (req.frameworkVersion !== undefined) {
    return isTarball(req.frameworkVersion)
      ? fromTarball(problems, req.frameworkVersion)
      : fromRange(problems, req.frameworkVersion, warnings);
  }
  const latest = req.latestFrameworkVersion ?? FRAMEWORK_VERSION;
  return choice(`^${latest}`, latest);
}

/** The pinned version's choice, for when the requested one cannot be used. */
export function defaultFramework(tree: Tree): FrameworkChoice {
  return (
    chooseFramework(tree, { mode: 'create' }, [], new Problems()) ?? choice(`^${FRAMEWORK_VERSION}`, FRAMEWORK_VERSION)
  );
}
