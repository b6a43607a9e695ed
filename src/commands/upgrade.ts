/**
 * `mcp-scaffold upgrade [--to <version|range|path.tgz>]`: moves a server to a newer framework
 * line. The installed version and the target decide the migrations; they plan into the tree like
 * any generator, and the pipeline checks, shows (--dry-run) or flushes them once. Right before the
 * flush the project is type-checked (and tested, with --test) as it is; after it the target is
 * installed, the framework's skills refreshed, the test-shape codemods run, the tsconfig split
 * decided, and the checks run again and compared, then devcheck. The result names each decision,
 * each codemod with its files, and each breaking change crossed.
 */

import { ScaffoldError } from '../engine/errors.js';
import { reportFailure } from '../engine/failure.js';
import { recoverInterruptedFlush } from '../engine/flush.js';
import { DiskHost } from '../engine/host.js';
import type { GlobalOptions } from '../engine/options.js';
import { Reporter } from '../engine/reporter.js';
import type { Task } from '../engine/task.js';
import { Tree } from '../engine/tree.js';
import { type PublishedVersionsLookup, publishedFrameworkVersions } from '../init/published-versions.js';
import { type LatestVersionLookup, latestFrameworkVersion } from '../init/registry.js';
import { FRAMEWORK, findProject, type PackageManager } from '../project/project.js';
import { checkBefore, splitDecision, upgradeChecks } from '../upgrade/checks.js';
import type { UpgradeTarget } from '../upgrade/migration.js';
import { upgradeGenerator } from '../upgrade/plan.js';
import { unchangedStarterTests } from '../upgrade/starter-tests.js';
import { resolveTarget } from '../upgrade/target.js';
import { upgradeTasks } from '../upgrade/tasks.js';
import { runPipeline } from './pipeline.js';

const COMMAND = 'upgrade';

const NOT_CHECKED =
  '--no-install: nothing is type-checked or tested against the target, no test-shape codemod runs, and the tsconfig split is not adopted; once the target is installed, run tsc and the tests yourself.';

export interface UpgradeFlags {
  to?: string;
  dropTasks?: boolean;
  install?: boolean;
  adoptTsconfigSplit?: boolean;
  /** Run the project's tests before and after, and compare them test by test. */
  test?: boolean;
}

/** Where the registry's answers come from, and what installs the target; tests give their own. */
export interface UpgradeLookups {
  latest: LatestVersionLookup;
  versions: PublishedVersionsLookup;
  installer?: (pm: PackageManager) => Task;
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
  const install = flags.install !== false;
  let checks = upgradeChecks({ install, tests: flags.test === true, split: undefined });
  return runPipeline({
    command: COMMAND,
    global,
    reporter,
    beforeFlush: () => checkBefore(checks, root, reporter, global.devcheckTimeout),
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
        adoptTsconfigSplit: flags.adoptTsconfigSplit === true,
        install,
      });
      checks = upgradeChecks({ install, tests: flags.test === true, split: result.split });
      if (!install) result.warnings.push(NOT_CHECKED);
      result.tasks = upgradeTasks(project.packageManager, {
        install,
        devcheck: global.devcheck,
        // Read off the framework installed now: the install replaces it.
        starterTests: unchangedStarterTests(root),
        checks,
        ...(lookups.installer ? { installer: lookups.installer } : {}),
      });
      return {
        tree,
        result,
        headline: `Upgrading ${project.pkg.name ?? root} from ${FRAMEWORK} ${project.frameworkVersion} to ${target.version} (${target.range})`,
        unchanged: `Nothing to change: the server is on ${target.range} already.`,
      };
    },
    conclude: ({ result }) => {
      const decision = splitDecision(checks, global.dryRun);
      return {
        upgrade: {
          ...(result.data.upgrade as Record<string, unknown>),
          decisions: decision ? [decision] : [],
          codemods: checks.rounds?.codemods ?? [],
          putBack: checks.rounds?.putBack ?? [],
        },
      };
    },
  });
}
