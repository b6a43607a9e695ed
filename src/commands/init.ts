/**
 * `mcp-scaffold init [dir]`: finds where the server goes, gathers answers (flags first, prompts
 * only for a person at a terminal), then runs the init generator through the pipeline every
 * generating command shares; its tasks are the install and the first git commit.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ScaffoldError } from '../engine/errors.js';
import { reportFailure } from '../engine/failure.js';
import { recoverInterruptedFlush } from '../engine/flush.js';
import { DiskHost } from '../engine/host.js';
import { canPrompt, type GlobalOptions } from '../engine/options.js';
import { Reporter } from '../engine/reporter.js';
import type { TaskReport } from '../engine/task.js';
import { Tree } from '../engine/tree.js';
import { isTarball } from '../init/framework-choice.js';
import { type InitResult, initGenerator } from '../init/generator.js';
import { scaffoldCommand, scaffoldWords } from '../init/launcher.js';
import { type AnswerSource, type LatestVersionLookup, latestFrameworkVersion } from '../init/registry.js';
import { FRAMEWORK_VERSION } from '../init/versions.js';
import {
  detectPackageManager,
  launchingPackageManager,
  PACKAGE_MANAGERS,
  type PackageManager,
  packageManagerInfo,
} from '../project/package-manager.js';
import { FRAMEWORK, type PackageJson } from '../project/project.js';
import { type Answers, ask, type FlagSource, fromFlags, type InitFlags } from './init-questions.js';
import { environmentOf, nestingWarning, resolveTarget } from './init-target.js';
import { initTasks } from './init-tasks.js';
import { type Outcome, type Planned, runPipeline } from './pipeline.js';

export type { FlagSource, InitFlags } from './init-questions.js';

function refuseUnknownPackageManager(pm: string | undefined): void {
  if (pm !== undefined && !PACKAGE_MANAGERS.includes(pm as PackageManager)) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `--pm ${JSON.stringify(pm)} is not a package manager mcp-scaffold knows.`,
      {
        hint: `Pass one of: ${PACKAGE_MANAGERS.join(', ')}.`,
      },
    );
  }
}

/** The folder and the options, from the flags and (for a person at a terminal) the answers. */
async function gatherAnswers(
  dir: string | undefined,
  flags: InitFlags,
  global: GlobalOptions,
  source: FlagSource,
  reporter: Reporter,
): Promise<Answers> {
  refuseUnknownPackageManager(flags.pm);
  const detectedPm = launchingPackageManager() ?? 'npm';
  let answers: Answers = { target: resolveTarget(global.cwd, dir), options: fromFlags(flags, detectedPm) };
  // Refused before any question; the warning is given once the folder is settled.
  nestingWarning(answers.target, global.force);
  if (canPrompt(global) && !global.dryRun) {
    const context = { cwd: global.cwd, dirGiven: dir !== undefined, force: global.force, detectedPm };
    answers = await ask(answers.target, flags, source, context);
  }
  const { target, options } = answers;
  const nested = nestingWarning(target, global.force);
  if (nested) reporter.warn(nested);
  if (options.name === undefined && target.impliedName !== undefined) options.name = target.impliedName;
  if (target.mode === 'upgrade' && flags.pm === undefined) {
    // An existing server already says how it is installed (lockfile, packageManager field).
    const pkg = JSON.parse(readFileSync(path.join(target.root, 'package.json'), 'utf8')) as PackageJson;
    options.pm = detectPackageManager(target.root, pkg).packageManager;
  }
  if (options.frameworkVersion !== undefined && isTarball(options.frameworkVersion)) {
    options.frameworkVersion = path.resolve(global.cwd, options.frameworkVersion);
  }
  return answers;
}

/** The framework release a new server starts on, and where that came from. */
interface LatestRelease {
  version?: string | undefined;
  source: FrameworkSource;
}

function generateInit(
  answers: Answers,
  global: GlobalOptions,
  { version: latest, source }: LatestRelease,
): Planned<InitResult> {
  const { target, options } = answers;
  const tree = new Tree(new DiskHost(target.root));
  const generated = initGenerator(tree, {
    ...options,
    ...(latest ? { latestFrameworkVersion: latest } : {}),
    root: target.root,
    mode: target.mode,
    force: global.force,
    environment: {
      ...environmentOf(target.root),
      scaffoldCommand: scaffoldCommand(packageManagerInfo(options.pm ?? 'npm').dlx),
      scaffoldWords: scaffoldWords(packageManagerInfo(options.pm ?? 'npm').dlx),
    },
  });
  const { project, skipped, refreshed } = generated;
  const result: InitResult = {
    ...generated,
    tasks: initTasks(generated, answers),
    data: {
      devcheck: {
        ran: false,
        reason: `init does not run devcheck; run \`${packageManagerInfo(project.packageManager).run} devcheck\` in the project`,
      },
      project: { ...project, repository: project.repository?.url ?? null, frameworkSource: source },
      skipped,
      refreshed,
    },
  };
  const verb = target.mode === 'upgrade' ? 'Adding missing files to and refreshing' : 'Creating';
  return {
    tree,
    result,
    headline: `${verb} ${project.name} in ${target.root}`,
    footnotes: skipped.length > 0 ? [`Skipped ${skipped.length} file(s) already there: ${skipped.join(', ')}`] : [],
    unchanged: 'Nothing to change: every file init writes is already there.',
  };
}

function nextSteps(result: InitResult, install: TaskReport | undefined, cwd: string): string[] {
  const { project } = result;
  const pm = packageManagerInfo(project.packageManager);
  const rel = path.relative(cwd, project.root);
  const steps: string[] = [];
  if (rel !== '') steps.push(`cd ${/\s/.test(rel) ? JSON.stringify(rel) : rel}`);
  const installed = project.mode === 'upgrade' ? project.installed : install?.ran === true && install.passed === true;
  if (!installed) steps.push(pm.install);
  steps.push(`${pm.run} devcheck`, `${pm.run} build`, `${pm.run} start:stdio`);
  steps.push(`${scaffoldCommand(pm.dlx)} add tool ${project.suggestedTool} --description "…"`);
  return steps;
}

/** Where the framework range of a new server came from (in --json as `project.frameworkSource`). */
export type FrameworkSource =
  | { from: AnswerSource; registry: string; checkedAt: string }
  | { from: 'pinned'; reason: string }
  | { from: 'option' | 'existing' };

function sourceSaid(version: string, source: Extract<FrameworkSource, { registry: string }>): string {
  const minutes = Math.round((Date.now() - Date.parse(source.checkedAt)) / 60_000);
  const how = {
    registry: 'asked now',
    cache: `its answer kept from ${minutes < 1 ? 'less than a minute' : `${minutes} min`} ago, which it allows reusing`,
    revalidated: 'it confirmed the answer kept from before',
  }[source.from];
  return `${FRAMEWORK} ^${version}: the newest release on ${source.registry} (${how}).`;
}

/**
 * The newest release for a new server's default range, unless a range was given or this is an
 * existing server. Offline (npm configured so) is a choice, said as a note; a registry that does
 * not answer is a warning, since the server then starts on an older line than it could.
 */
async function latestRelease(
  { target, options }: Answers,
  lookup: LatestVersionLookup,
  reporter: Reporter,
): Promise<LatestRelease> {
  if (target.mode === 'upgrade') return { source: { from: 'existing' } };
  if (options.frameworkVersion !== undefined) return { source: { from: 'option' } };
  const latest = await lookup();
  if (latest.ok) {
    const source = {
      from: latest.from ?? 'registry',
      registry: latest.registry,
      checkedAt: latest.checkedAt ?? new Date().toISOString(),
    };
    reporter.info(sourceSaid(latest.version, source));
    return { version: latest.version, source };
  }
  const fallback = `the pinned ^${FRAMEWORK_VERSION}`;
  if (latest.offline) reporter.info(`npm is configured offline: the server depends on ${fallback}.`);
  else {
    reporter.warn(
      `Could not ask the registry for the newest ${FRAMEWORK} (${latest.reason}): the server depends on ${fallback}; pass --framework-version to choose.`,
    );
  }
  return { source: { from: 'pinned', reason: latest.reason } };
}

/** The next steps: in the JSON result, and said to people once a server was written without a failure. */
async function concludeInit(outcome: Outcome<InitResult>, cwd: string, reporter: Reporter, interactive: boolean) {
  const steps = nextSteps(outcome.result, outcome.reports.install, cwd);
  if (!outcome.failed && !outcome.dryRun && outcome.changes.length > 0 && !reporter.json) {
    const text = `Next steps:\n${steps.map((s) => `  ${s}`).join('\n')}`;
    if (interactive) {
      const clack = await import('@clack/prompts');
      clack.outro(text);
    } else reporter.info(`\n${text}`);
  }
  return { nextSteps: steps };
}

/** The folder init writes, when it can be told yet (a bad argument is reported later, in order). */
function targetRoot(cwd: string, dir: string | undefined): string | undefined {
  try {
    return resolveTarget(cwd, dir).root;
  } catch {
    return undefined;
  }
}

/** `lookup` asks the registry for the newest framework release (a test passes its own). */
export async function initCommand(
  dir: string | undefined,
  flags: InitFlags,
  global: GlobalOptions,
  source: FlagSource = () => undefined,
  lookup: LatestVersionLookup = latestFrameworkVersion,
): Promise<number> {
  const reporter = new Reporter({ json: global.json, verbose: global.verbose });
  let answers: Answers;
  let latest: LatestRelease;
  try {
    // Before the folder is looked at: a half-written server would read as one to upgrade.
    const root = targetRoot(global.cwd, dir);
    if (root) for (const w of await recoverInterruptedFlush(root, { dryRun: global.dryRun })) reporter.warn(w);
    answers = await gatherAnswers(dir, flags, global, source, reporter);
    // A dry run keeps no answer of the registry's either.
    latest = await latestRelease(answers, () => lookup({ keep: !global.dryRun }), reporter);
  } catch (e) {
    return reportFailure(reporter, 'init', e);
  }
  const interactive = canPrompt(global);
  return runPipeline({
    command: 'init',
    global,
    reporter,
    generate: () => generateInit(answers, global, latest),
    conclude: (outcome) => concludeInit(outcome, global.cwd, reporter, interactive),
  });
}
