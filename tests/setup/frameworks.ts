/**
 * globalSetup of the unit project: installs the real framework releases once per run (in
 * parallel, each in its own temp folder) and provides the folders to the tests as
 * `inject('frameworkRoots')`; removes them when the run ends.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { installFrameworkReleases } from '../helpers/framework-installs.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const parent = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-frameworks-'));
  const started = performance.now();
  try {
    project.provide('frameworkRoots', await installFrameworkReleases(parent));
  } catch (e) {
    rmSync(parent, { recursive: true, force: true });
    throw e;
  }
  console.error(`framework releases installed for the tests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return () => rmSync(parent, { recursive: true, force: true });
}
