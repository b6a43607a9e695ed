/** The real packed releases beside the repository (../shared/frameworks/), and a release unpacked from one. */

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { tarEntries } from '../../src/init/tarball.js';
import { FRAMEWORKS_DIR } from './framework-installs.js';

export const frameworkTarball = (version: string) => path.join(FRAMEWORKS_DIR, `cyanheads-mcp-ts-core-${version}.tgz`);

/** The package inside the release's tarball, written into `dir` as it was packed; returns `dir`. */
export function unpackFramework(version: string, dir: string): string {
  for (const entry of tarEntries(gunzipSync(readFileSync(frameworkTarball(version))))) {
    if (!entry.path.startsWith('package/')) continue;
    const target = path.join(dir, entry.path.slice('package/'.length));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, entry.body);
  }
  return dir;
}
