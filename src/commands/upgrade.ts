/**
 * `mcp-scaffold upgrade [--to <version|range|path.tgz>]`: moves a server to a newer framework
 * line. The installed version and the target decide the migrations; they plan into the tree like
 * any generator, and the pipeline checks, shows (--dry-run) or flushes them once, then installs,
 * refreshes the framework's skills and runs devcheck.
 */

import { ScaffoldError } from '../engine/errors.js';
import { reportFailure } from '../engine/failure.js';
import { recoverInterruptedFlush } from '../engine/flush.js';
import { DiskHost } from '../engine/host.js';
import type { GlobalOptions } from '../engine/options.js';
import { Reporter } from '../engine/reporter.js';
import { Tree } from '../engine/tree.js';
import { type PublishedVersionsLookup, publishedFrameworkVersions } from '../init/published-versions.js';
import { type LatestVersionLookup, latestFrameworkVersion } from '../init/registry.js';
import { FRAMEWORK, findProject } from '../project/project.js';
import type { UpgradeTarget } from '../upgrade/migration.js';
import { upgradeGenerator } from '../upgrade/plan.js';
import { unchangedStarterTests } from '../upgrade/starter-tests.js';
import { resolveTarget } from '../upgrade/target.js';
import { upgradeTasks } from '../upgrade/tasks.js';
import { runPipeline } from './pipeline.js';

const COMMAND = 'upgrade';

export interface UpgradeFlags {
  to?: string;
  dropTasks?: boolean;
  install?: boolean;
}

/** Where the registry's answers come from; tests give their own. */
export interface UpgradeLookups {
  latest: LatestVersionLookup;
  versions: PublishedVersionsLookup;
}

const REGISTRY: UpgradeLookups = { latest: latestFrameworkVersion, versions: () => publishedFrameworkVersions() };

export async function upgradeCommand(
  flags: UpgradeFlags,
  global: GlobalOptions,
  lookups: UpgradeLookups = REGISTRY,
): Promise<number> {
  const reporter = new Reporter({ json: global.json, verbose: global.verbose });
  let target: UpgradeTarget;
  let root: string;
  try {
    root = findProject(global.cwd).root;
    for (const w of await recoverInterruptedFlush(root, { dryRun: global.dryRun })) reporter.warn(w);
    target = await resolveTarget(flags.to, {
      cwd: global.cwd,
      latest: () => lookups.latest({ keep: !global.dryRun }),
      versions: lookups.versions,
      warn: (message) => reporter.warn(message),
    });
  } catch (e) {
    return reportFailure(reporter, COMMAND, e);
  }
  return runPipeline({
    command: COMMAND,
    global,
    reporter,
    generate: () => {
      const project = findProject(root);
      if (!project.frameworkVersion) {
        throw new ScaffoldError(
          'FRAMEWORK_NOT_INSTALLED',
          `${FRAMEWORK} is not installed in ${root}, so the line to upgrade from is unknown.`,
          {
            hint: `Run \`${project.packageManager} install\` first, then upgrade.`,
          },
        );
      }
      const tree = new Tree(new DiskHost(root));
      const result = upgradeGenerator(tree, {
        from: project.frameworkVersion,
        target,
        dropTasks: flags.dropTasks === true,
      });
      result.tasks = upgradeTasks(project.packageManager, {
        install: flags.install !== false,
        devcheck: global.devcheck,
        // Read off the framework installed now: the install replaces it.
        starterTests: unchangedStarterTests(root),
      });
      return {
        tree,
        result,
        headline: `Upgrading ${project.pkg.name ?? root} from ${FRAMEWORK} ${project.frameworkVersion} to ${target.version} (${target.range})`,
        unchanged: `Nothing to change: the server is on ${target.range} already.`,
      };
    },
  });
}
