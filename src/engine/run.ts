/**
 * The one flow every generating command shares: find the project, plan into a tree, check the
 * whole changeset, then either print it (--dry-run) or flush it once and run the tasks.
 */

import { formatWideNewFiles, lineWidthOf } from '../project/formatter.js';
import { FRAMEWORK, findProject, type Project } from '../project/project.js';
import { unifiedDiff } from './diff.js';
import { EXIT, ScaffoldError } from './errors.js';
import { reportFailure } from './failure.js';
import { flush } from './flush.js';
import type { GeneratorResult } from './generator.js';
import type { GlobalOptions } from './options.js';
import { type CommandResult, type DevcheckReport, Reporter } from './reporter.js';
import { problemsError, Tree } from './tree.js';

export async function runGenerator(
  command: string,
  global: GlobalOptions,
  generate: (tree: Tree, project: Project) => GeneratorResult | Promise<GeneratorResult>,
): Promise<number> {
  const reporter = new Reporter({ json: global.json, verbose: global.verbose });
  try {
    const project = findProject(global.cwd);
    reporter.debug(
      `project ${project.root} · framework ${project.frameworkVersion ?? `not installed (${project.frameworkRange})`} · ${project.packageManager} (${project.packageManagerSource})`,
    );
    const tree = new Tree(project.root);
    const result = await generate(tree, project);
    for (const w of result.warnings) reporter.warn(w);
    for (const n of result.notes) reporter.info(n);
    if (tree.problems.length > 0) throw problemsError(tree.problems);
    const unformatted = await formatWideNewFiles(tree, lineWidthOf(tree));
    for (const file of unformatted) {
      reporter.warn(
        `${file} has lines over the line width and Biome is not installed to lay them out; run your formatter on it.`,
      );
    }

    const changes = tree.changes();
    const listed = changes.map((c) => ({
      path: c.path,
      action: c.action,
      ...(global.dryRun ? { diff: unifiedDiff(c.path, c.before, c.after) } : {}),
    }));
    if (changes.length === 0) reporter.info('Nothing to change: the project already has all of it.');
    let devcheck: DevcheckReport = { ran: false, reason: 'no changes' };
    let taskError: ScaffoldError | undefined;
    if (global.dryRun) {
      reporter.changes(listed, true);
      reporter.info('Dry run: nothing was written.');
      devcheck = { ran: false, reason: 'dry run' };
    } else {
      flush(project.root, changes);
      reporter.changes(listed, false);
      if (!global.devcheck) devcheck = { ran: false, reason: '--no-devcheck' };
      else if (changes.length > 0) {
        // Nothing written, nothing to check: an idempotent re-run stays cheap.
        try {
          for (const task of result.tasks) devcheck = await task.run({ project, reporter });
        } catch (e) {
          // Files are on disk by now: report them along with the failure, exit 2.
          if (!(e instanceof ScaffoldError)) throw e;
          taskError = e;
          devcheck = { ran: false, reason: e.message };
        }
      }
    }
    const out: CommandResult = {
      ok: true,
      command,
      dryRun: global.dryRun,
      changes: listed,
      devcheck,
      warnings: reporter.warnings,
      ...result.data,
    };
    if (devcheck.ran && !devcheck.passed) {
      taskError = new ScaffoldError(
        'DEVCHECK_FAILED',
        `devcheck exited with ${devcheck.exitCode}; the files were written.`,
        {
          // With no framework in node_modules the usual cause is an uninstalled project, not the code.
          hint:
            project.frameworkVersion === undefined
              ? `The dependencies look uninstalled (no ${FRAMEWORK} in node_modules): run \`${project.packageManager} install\`, then \`${devcheck.command}\`.`
              : `Run \`${devcheck.command}\` in the project to see the failures.`,
          exitCode: EXIT.writtenButFailed,
        },
      );
    }
    if (taskError) return reporter.failureAfterWrite(out, taskError);
    reporter.result(out);
    return EXIT.ok;
  } catch (e) {
    return reportFailure(reporter, command, e);
  }
}
