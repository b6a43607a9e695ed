/**
 * What runs after upgrade's flush: the install of the new framework, then the framework's skills
 * and the framework's untouched starter tests refreshed from the package just installed (they come
 * with the package, so they cannot be planned before it is there), then the checks against the
 * installed target (the type check with the test-shape codemods and the tsconfig split decision;
 * the tests with --test: check-tasks.ts), then the server's devcheck. An install that fails stops
 * nothing else from being reported, and devcheck then says the dependencies look uninstalled.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { reportOutside, writeInsideProject } from '../engine/contained-write.js';
import { skippedTask, type Task } from '../engine/task.js';
import {
  DEVCHECK_CONFIG,
  installedSkillFiles,
  projectSkillSetting,
  skillNames,
  skillVersionsConfig,
} from '../init/skills.js';
import { FRAMEWORK, type PackageManager } from '../project/project.js';
import { devcheckTask } from '../tasks/devcheck.js';
import { installTask } from '../tasks/install.js';
import { testsTask, typecheckTask } from './check-tasks.js';
import type { UpgradeChecks } from './checks.js';
import { type StarterTest, starterTestsTask } from './starter-tests.js';

function readOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The installed framework's external skills written over the server's copies of them (and, where
 * the framework's devcheck checks skill versions, listed in its opt-out: skill-versions.ts).
 */
export function skillsRefreshTask(pm: PackageManager): Task {
  return {
    key: 'skills',
    run: async ({ root, reporter }) => {
      const files = installedSkillFiles(root, projectSkillSetting(root, pm));
      if (!files) return { report: { ran: false, reason: `${FRAMEWORK} is not installed`, refreshed: [] } };
      const refreshed: string[] = [];
      const outside: string[] = [];
      const config = skillVersionsConfig(root, files, (f) => readOrUndefined(path.join(root, f)));
      for (const file of config ? [...files, { path: DEVCHECK_CONFIG, content: config }] : files) {
        if (readOrUndefined(path.join(root, file.path)) === file.content) continue;
        (writeInsideProject(root, file.path, file.content) ? refreshed : outside).push(file.path);
      }
      if (refreshed.length > 0)
        reporter.info(`Refreshed ${refreshed.length} skill file(s) from the installed ${FRAMEWORK}.`);
      const skipped = reportOutside(reporter, outside);
      return { report: { ran: true, passed: true, refreshed, skills: skillNames(files), ...skipped } };
    },
  };
}

export function upgradeTasks(
  pm: PackageManager,
  opts: {
    install: boolean;
    devcheck: boolean;
    starterTests: StarterTest[];
    checks: UpgradeChecks;
    /** The install itself (tests put the target in place without npm). */
    installer?: (pm: PackageManager) => Task;
  },
): Task[] {
  const notInstalled = '--no-install: they come with the installed package';
  return [
    opts.install ? (opts.installer ?? installTask)(pm) : skippedTask('install', '--no-install'),
    opts.install ? skillsRefreshTask(pm) : skippedTask('skills', notInstalled),
    opts.install ? starterTestsTask(opts.starterTests) : skippedTask('starterTests', notInstalled),
    typecheckTask(opts.checks),
    testsTask(opts.checks),
    devcheckTask(opts.devcheck),
  ];
}
