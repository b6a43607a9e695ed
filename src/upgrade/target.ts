/**
 * The framework version `upgrade` moves to: `--to` as a packed `.tgz` (read for its version and
 * engines; the dependency becomes `file:<absolute path>`), a version or range (its lowest
 * version is what the code is moved for), or by default a caret on the newest release the
 * registry serves.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ScaffoldError } from '../engine/errors.js';
import { isTarball } from '../init/framework-choice.js';
import type { LatestVersionLookup } from '../init/registry.js';
import { readTarEntry, tarballPackage } from '../init/tarball.js';
import { isVersionRange, lowestVersion } from '../init/versions.js';
import { FRAMEWORK } from '../project/project.js';
import type { UpgradeTarget } from './migration.js';

function fromTarball(file: string): UpgradeTarget {
  try {
    const pkg = tarballPackage(file);
    if (pkg.name !== FRAMEWORK) throw new Error(`it is ${pkg.name}, not ${FRAMEWORK}`);
    const manifest = JSON.parse(readTarEntry(gunzipSync(readFileSync(file)), 'package/package.json') ?? '{}') as {
      engines?: { node?: string };
    };
    return { range: `file:${file}`, version: pkg.version, nodeEngine: manifest.engines?.node };
  } catch (e) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `--to ${JSON.stringify(file)} is not a packed ${FRAMEWORK}: ${e instanceof Error ? e.message : String(e)}`,
      {
        hint: 'Pass a version, a version range, or the path of a .tgz made by `npm pack` of the framework.',
      },
    );
  }
}

export async function resolveTarget(
  to: string | undefined,
  cwd: string,
  lookup: LatestVersionLookup,
): Promise<UpgradeTarget> {
  if (to !== undefined && isTarball(to)) return fromTarball(path.resolve(cwd, to.trim()));
  if (to !== undefined) {
    if (!isVersionRange(to)) {
      throw new ScaffoldError(
        'OPTION_INVALID',
        `--to ${JSON.stringify(to)} is not a version, a version range or a .tgz`,
        {
          hint: 'e.g. --to 0.11.5, --to ^0.12.3, or --to path/to/cyanheads-mcp-ts-core-0.12.3.tgz.',
        },
      );
    }
    const range = /^\d/.test(to.trim()) && !/[\s|<>=^~*x]/.test(to.trim()) ? `^${to.trim()}` : to.trim();
    return { range, version: lowestVersion(range) };
  }
  const latest = await lookup();
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
