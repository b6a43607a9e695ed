/**
 * The framework version `upgrade` moves to, checked to exist before anything is planned: `--to`
 * as a packed `.tgz` or an unpacked folder of the framework (read for its version and engines; the
 * dependency becomes `file:<absolute path>`), a version or range the registry npm is configured
 * with serves (its lowest version is what the code is moved for), or by default a caret on the
 * newest release the registry serves. A target that is not there is refused (TARGET_NOT_FOUND),
 * naming what was asked and what there is.
 */

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import semver from 'semver';
import { ScaffoldError } from '../engine/errors.js';
import { isTarball } from '../init/framework-choice.js';
import type { PublishedVersionsLookup } from '../init/published-versions.js';
import type { LatestVersionLookup } from '../init/registry.js';
import { readTarEntry } from '../init/tarball.js';
import { isVersionRange, lowestVersion } from '../init/versions.js';
import { FRAMEWORK } from '../project/project.js';
import type { UpgradeTarget } from './migration.js';

/** How many lines' newest versions a refusal lists. */
const LINES_SHOWN = 6;

function notFound(message: string, hint: string): ScaffoldError {
  return new ScaffoldError('TARGET_NOT_FOUND', `${message}; nothing was written.`, { hint });
}

const PACKAGE_HINT = `Pass a version or range the registry serves, a .tgz made by \`npm pack\` of ${FRAMEWORK}, or a folder holding it.`;

/** The target a package.json read from a packed or unpacked package makes, when it is the framework's. */
function fromManifest(to: string, location: string, text: string | undefined): UpgradeTarget {
  const refuse = (why: string) => notFound(`--to ${JSON.stringify(to)} is not ${FRAMEWORK}: ${why}`, PACKAGE_HINT);
  if (text === undefined) throw refuse('it holds no package.json');
  let manifest: { name?: unknown; version?: unknown; engines?: { node?: unknown } };
  try {
    manifest = JSON.parse(text) as typeof manifest;
  } catch {
    throw refuse('its package.json does not parse');
  }
  const version = typeof manifest.version === 'string' ? semver.valid(manifest.version) : null;
  if (manifest.name !== FRAMEWORK) throw refuse(`it is ${String(manifest.name ?? 'a package without a name')}`);
  if (!version) throw refuse('its package.json has no valid version');
  const node = manifest.engines?.node;
  return { range: `file:${location}`, version, nodeEngine: typeof node === 'string' ? node : undefined };
}

function fromTarball(to: string, file: string): UpgradeTarget {
  if (!existsSync(file)) throw notFound(`--to ${JSON.stringify(to)}: there is no file ${file}`, PACKAGE_HINT);
  let text: string | undefined;
  try {
    text = readTarEntry(gunzipSync(readFileSync(file)), 'package/package.json');
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw notFound(`--to ${JSON.stringify(to)} is not a packed ${FRAMEWORK}: ${why}`, PACKAGE_HINT);
  }
  return fromManifest(to, file, text);
}

function fromFolder(to: string, dir: string): UpgradeTarget {
  const manifest = path.join(dir, 'package.json');
  return fromManifest(to, dir, existsSync(manifest) ? readFileSync(manifest, 'utf8') : undefined);
}

/** A path rather than a version: it names a folder, or reads like a path (`../core`, `./x`, `/x`). */
function isPath(to: string, abs: string): boolean {
  return statSync(abs, { throwIfNoEntry: false })?.isDirectory() === true || /[/\\]|^\./.test(to);
}

/** `0.11` → the 0.11 line; `2.3.1` → the 2 line: what a caret range on the version lets npm install. */
function lineOf(version: string): string {
  const v = semver.parse(version)!;
  return v.major > 0 ? `${v.major}` : `0.${v.minor}`;
}

/** The newest release of each line, newest line first. */
export function newestOfEachLine(versions: readonly string[]): string[] {
  const newest = new Map<string, string>();
  for (const v of versions) {
    if (semver.prerelease(v)) continue;
    const line = lineOf(v);
    const known = newest.get(line);
    if (!known || semver.gt(v, known)) newest.set(line, v);
  }
  return [...newest.values()].sort(semver.rcompare);
}

/**
 * Refuses a version or range no release on the registry satisfies (a version must itself be
 * there); under npm's `offline` the registry is not asked, and `warn` says the target went unchecked.
 */
async function checkPublished(to: string, opts: TargetLookups): Promise<void> {
  const published = await opts.versions();
  const asked = `${FRAMEWORK} ${to}`;
  if (!published.ok) {
    if (published.offline) {
      opts.warn(`npm is configured offline: that ${asked} exists was not checked.`);
      return;
    }
    throw new ScaffoldError(
      'REGISTRY_UNREACHABLE',
      `Could not check that ${asked} exists: ${published.reason}; nothing was written.`,
      { hint: `Run again when the registry answers, or pass --to a .tgz or a folder of ${FRAMEWORK}.` },
    );
  }
  const exact = semver.valid(to);
  const there = exact ? published.versions.includes(exact) : semver.maxSatisfying(published.versions, to) !== null;
  if (there) return;
  const lines = newestOfEachLine(published.versions);
  const shown = lines.slice(0, LINES_SHOWN).join(', ');
  const older = lines.length > LINES_SHOWN ? `, and ${lines.length - LINES_SHOWN} older lines` : '';
  throw notFound(
    `${published.registry} (the registry npm is configured with) has no ${exact ? 'version' : 'release in the range'} ${asked}`,
    lines.length > 0
      ? `The newest of each line there: ${shown}${older}. Pass one of them (or a range holding it) to --to.`
      : `It serves no release of ${FRAMEWORK}: check the registry npm is configured with (npm config get registry).`,
  );
}

export interface TargetLookups {
  cwd: string;
  /** The registry's newest release, for the default target. */
  latest: LatestVersionLookup;
  /** Every release on the registry, to check a version or range against. */
  versions: PublishedVersionsLookup;
  warn: (message: string) => void;
}

export async function resolveTarget(to: string | undefined, opts: TargetLookups): Promise<UpgradeTarget> {
  if (to !== undefined) {
    const trimmed = to.trim();
    const abs = path.resolve(opts.cwd, trimmed);
    if (isTarball(trimmed)) return fromTarball(to, abs);
    if (isVersionRange(trimmed)) {
      await checkPublished(trimmed, opts);
      const range = /^\d/.test(trimmed) && !/[\s|<>=^~*x]/.test(trimmed) ? `^${trimmed}` : trimmed;
      return { range, version: lowestVersion(range) };
    }
    if (isPath(trimmed, abs)) {
      if (!existsSync(abs)) throw notFound(`--to ${JSON.stringify(to)}: there is no folder ${abs}`, PACKAGE_HINT);
      return fromFolder(to, abs);
    }
    throw new ScaffoldError(
      'OPTION_INVALID',
      `--to ${JSON.stringify(to)} is not a version, a version range, a .tgz or a folder`,
      {
        hint: 'e.g. --to 0.11.5, --to ^0.12.3, --to path/to/cyanheads-mcp-ts-core-0.12.3.tgz, or --to ../mcp-ts-core.',
      },
    );
  }
  const latest = await opts.latest();
  if (!latest.ok) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `Could not ask the registry for the newest ${FRAMEWORK}: ${latest.reason}.`,
      {
        hint: 'Pass --to with the version, range or .tgz to upgrade to.',
      },
    );
  }
  return { range: `^${latest.version}`, version: latest.version };
}
