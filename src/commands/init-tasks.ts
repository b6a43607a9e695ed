/**
 * What init does after its flush, in order: install, copy the framework's skills out of the
 * installed package, then the first git commit (so the skills are in it). Each is a Task of the
 * shared pipeline; a step left out says why in its report.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { reportOutside } from '../engine/contained-write.js';
import type { Reporter } from '../engine/reporter.js';
import { skippedTask, type Task } from '../engine/task.js';
import type { InitResult } from '../init/generator.js';
import { scaffoldCommand } from '../init/launcher.js';
import { copyInstalledSkills, projectSkillSetting } from '../init/skills.js';
import { type PackageManager, packageManagerInfo } from '../project/package-manager.js';
import { FRAMEWORK, frameworkPackageDir } from '../project/project.js';
import { gitTask } from '../tasks/git.js';
import { installTask } from '../tasks/install.js';
import type { Answers } from './init-questions.js';

/** Node runs a framework that asks for a newer one; say why npm's EBADENGINE warning is harmless. */
function explainEngines(root: string, reporter: Reporter): void {
  const dir = frameworkPackageDir(root);
  if (!dir) return;
  let wanted: unknown;
  try {
    wanted = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { engines?: { node?: unknown } })
      .engines?.node;
  } catch {
    return;
  }
  if (typeof wanted !== 'string' || semver.satisfies(process.version, wanted)) return;
  reporter.info(
    `npm warns EBADENGINE: ${FRAMEWORK} asks for Node ${wanted} and this is Node ${process.version}. For what init set up it is only a warning: devcheck, the tests, the build and the stdio server run on Node 20; the HTTP transport (start:http, the Dockerfile's image) needs Node 22 or newer, and Node 24 silences the warning.`,
  );
}

/** The install, followed by the word on engines once the framework is in node_modules. */
function installThenEngines(result: InitResult, timeoutSeconds: number | undefined, stopped: () => void): Task {
  const install = installTask(result.plan.install!.packageManager, timeoutSeconds);
  return {
    key: install.key,
    run: async (ctx) => {
      const outcome = await install.run(ctx);
      if (outcome.report.passed) explainEngines(ctx.root, ctx.reporter);
      if (outcome.report.interrupted !== undefined) stopped();
      return outcome;
    },
  };
}

/** A task that does not run once the user interrupted the install (Ctrl-C means stop, not go on). */
function unlessInterrupted(task: Task, interrupted: () => boolean): Task {
  return {
    key: task.key,
    ...(task.skip !== undefined ? { skip: task.skip } : {}),
    run: async (ctx) =>
      interrupted() ? { report: { ran: false, reason: 'the install was interrupted' } } : task.run(ctx),
  };
}

/** The framework's skills for agents, copied from the installed package (a new server only). */
function skillsTask(pm: PackageManager): Task {
  return {
    key: 'skills',
    run: async ({ root, reporter }) => {
      const copied = copyInstalledSkills(root, projectSkillSetting(root, pm));
      if (!copied) {
        reporter.info(
          `The framework's skills come from the installed package: after installing, run \`${scaffoldCommand(packageManagerInfo(pm).dlx)} init\` in ${root} to copy them into skills/.`,
        );
        return { report: { ran: false, reason: `${FRAMEWORK} is not installed`, copied: 0, skills: [] } };
      }
      reporter.info(
        `Copied ${copied.skills.length} skills of ${FRAMEWORK} into skills/ (${copied.written.length} files).`,
      );
      const outside = reportOutside(reporter, copied.outside);
      return {
        report: { ran: true, passed: true, copied: copied.written.length, skills: copied.skills, ...outside },
      };
    },
  };
}

export function initTasks(result: InitResult, { target, options }: Answers): Task[] {
  const upgrade = target.mode === 'upgrade';
  let interrupted = false;
  const install = result.plan.install
    ? installThenEngines(result, options.installTimeout, () => {
        interrupted = true;
      })
    : skippedTask('install', upgrade ? 'upgrade: package.json untouched' : '--no-install');
  // The upgrade flow refreshes the skills in its plan; a new server gets them from its install.
  const skills = upgrade
    ? skippedTask('skills', 'upgrade: refreshed with the other files')
    : skillsTask(result.project.packageManager);
  const gitSkipped = upgrade ? 'upgrade' : options.git === false ? '--no-git' : 'inside a git work tree already';
  const git = result.plan.git ? gitTask(result.project.name) : skippedTask('git', gitSkipped);
  return [install, ...[skills, git].map((t) => unlessInterrupted(t, () => interrupted))];
}
