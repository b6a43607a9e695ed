/**
 * `mcp-scaffold init [dir]`: finds where the server goes, gathers answers (flags first, prompts
 * only for a person at a terminal), runs the init generator into a tree, checks the whole
 * changeset, then flushes it once and runs the side effects: install, then git.
 */

import { existsSync, readFileSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import * as find from 'empathic/find';
import * as walk from 'empathic/walk';
import semver from 'semver';
import { unifiedDiff } from '../engine/diff.js';
import { cancelled, EXIT, ScaffoldError } from '../engine/errors.js';
import { reportFailure } from '../engine/failure.js';
import { flush } from '../engine/flush.js';
import { canPrompt, type GlobalOptions } from '../engine/options.js';
import { type CommandResult, Reporter } from '../engine/reporter.js';
import { type GitReport, type InstallReport, runGit, runInstall } from '../engine/tasks/install-git.js';
import { problemsError, Tree } from '../engine/tree.js';
import { isTarball } from '../init/framework-choice.js';
import { entriesInTheWay, type InitOptions, type InitResult, initGenerator } from '../init/generator.js';
import { defaultOwner, npmNameProblem, packageNameFromFolder, registryNamespace, unscoped } from '../init/naming.js';
import { type LatestVersionLookup, latestFrameworkVersion } from '../init/registry.js';
import { copyInstalledSkills } from '../init/skills.js';
import { FRAMEWORK_VERSION } from '../init/versions.js';
import {
  detectPackageManager,
  launchingPackageManager,
  PACKAGE_MANAGERS,
  type PackageManager,
  packageManagerInfo,
} from '../project/package-manager.js';
import { FRAMEWORK, frameworkPackageDir, type PackageJson } from '../project/project.js';

export interface InitFlags {
  name?: string;
  description?: string;
  owner?: string;
  prefix?: string;
  repository?: string;
  pm?: string;
  install?: boolean;
  git?: boolean;
  frameworkVersion?: string;
  license?: string;
}

/** Where a flag's value came from (commander's getOptionValueSource): 'cli' when typed. */
export type FlagSource = (flag: keyof InitFlags) => string | undefined;

const SCOPED_NAME = /^@[a-z0-9-~][a-z0-9-._~]*\/[a-z0-9-~][a-z0-9-._~]*$/;

interface Target {
  root: string;
  mode: 'create' | 'upgrade';
  /** A package name implied by the folder argument (`init @acme/weather`). */
  impliedName: string | undefined;
}

function dependsOnFramework(dir: string): boolean {
  try {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    return [pkg.dependencies, pkg.devDependencies, pkg.peerDependencies].some(
      (deps) => deps?.[FRAMEWORK] !== undefined,
    );
  } catch {
    return false;
  }
}

/** The nearest folder at or above `start` that holds a server, if any. */
function enclosingServer(start: string): string | undefined {
  return walk.up(start).find(dependsOnFramework);
}

/**
 * `init <dir>`: that folder (a server there means upgrade). `init` alone: the server enclosing
 * the current folder (upgrade), else the current folder itself.
 */
export function resolveTarget(cwd: string, dir: string | undefined): Target {
  const base = path.resolve(cwd);
  if (dir !== undefined) {
    if (dir.trim() === '') {
      throw new ScaffoldError('OPTION_INVALID', 'The folder argument is empty.', {
        hint: 'Pass a folder name, e.g. mcp-scaffold init my-server.',
      });
    }
    const scoped = SCOPED_NAME.test(dir);
    const root = path.resolve(base, scoped ? unscoped(dir) : dir);
    if (existsSync(root) && !statSync(root).isDirectory()) {
      throw new ScaffoldError('CONFLICT', `${root} exists and is not a folder.`, {
        hint: 'Choose another folder name.',
      });
    }
    // A file on the way (`init notes.txt/server`) made every write fail with ENOTDIR, reported
    // as a generic WRITE_FAILED ("check permissions and free space") after the plan was printed.
    const ancestor = nearestExisting(root);
    if (ancestor !== root && !statSync(ancestor).isDirectory()) {
      throw new ScaffoldError('CONFLICT', `${ancestor} is a file, so ${root} cannot be created.`, {
        hint: 'Choose another folder name.',
      });
    }
    return { root, mode: dependsOnFramework(root) ? 'upgrade' : 'create', impliedName: scoped ? dir : undefined };
  }
  const server = existsSync(base) ? enclosingServer(base) : undefined;
  return server
    ? { root: server, mode: 'upgrade', impliedName: undefined }
    : { root: base, mode: 'create', impliedName: undefined };
}

/** Walks up from `start` (or its nearest existing ancestor) to a `.git` entry. */
export function gitRootOf(start: string): string | undefined {
  const git = find.up('.git', { cwd: path.resolve(start) });
  return git && path.dirname(git);
}

/** The `origin` remote's URL from a repository's .git/config, read as text (no git process). */
export function originRemote(gitRoot: string): string | undefined {
  try {
    const config = readFileSync(path.join(gitRoot, '.git', 'config'), 'utf8');
    const section = /\[remote "origin"\]([^[]*)/.exec(config)?.[1] ?? '';
    return /^\s*url\s*=\s*(.+?)\s*$/m.exec(section)?.[1];
  } catch {
    return undefined;
  }
}

function safeUsername(): string | undefined {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME;
  }
}

interface Answers {
  target: Target;
  options: Omit<InitOptions, 'root' | 'mode' | 'environment'>;
}

/**
 * Asks, with @clack/prompts, for every value that no flag gave. Only called for a person at a
 * terminal; Ctrl-C (or Escape) at any question ends the run with nothing written.
 */
async function ask(
  target: Target,
  flags: InitFlags,
  source: FlagSource,
  context: { cwd: string; dirGiven: boolean; force: boolean; detectedPm: PackageManager },
): Promise<Answers> {
  const { cwd, detectedPm } = context;
  const clack = await import('@clack/prompts');
  const check = <T>(value: T): Exclude<T, symbol> => {
    if (clack.isCancel(value)) {
      clack.cancel('Cancelled: nothing was written.');
      throw cancelled();
    }
    return value as Exclude<T, symbol>;
  };
  clack.intro('mcp-scaffold init');
  let current = target;
  if (current.mode === 'upgrade') {
    clack.log.info(
      `${current.root} already holds a server: missing files are added and the framework's skills (and tsconfig split) refreshed for the installed version; your code is not touched.`,
    );
    return { target: current, options: fromFlags(flags, detectedPm) };
  }
  if (!context.dirGiven && !context.force && entriesInTheWay(current.root).length > 0) {
    const folder = check(
      await clack.text({
        message: `${current.root} is not empty. Create the server in which new folder?`,
        placeholder: 'my-mcp-server',
        defaultValue: 'my-mcp-server',
      }),
    );
    current = resolveTarget(cwd, folder);
    if (current.mode === 'upgrade') {
      return { target: current, options: fromFlags(flags, detectedPm) };
    }
  }
  const answers: Answers['options'] = {};
  const defaultName = current.impliedName ?? packageNameFromFolder(path.basename(current.root));
  const name =
    flags.name ??
    check(
      await clack.text({
        message: 'Package name',
        initialValue: defaultName,
        validate: (value) => npmNameProblem(value ?? ''),
      }),
    );
  answers.name = name;
  answers.description =
    flags.description ??
    check(
      await clack.text({
        message: 'Description (one sentence; server.json shows the first 100 characters)',
        placeholder: `An MCP server for ${unscoped(name)}.`,
        defaultValue: '',
      }),
    );
  answers.owner =
    flags.owner ??
    check(
      await clack.text({
        message: 'Owner for the MCP Registry name (GitHub user or org, or a reverse-DNS namespace)',
        initialValue: defaultOwner(name, safeUsername()),
        validate: (value) => {
          try {
            registryNamespace(value ?? '');
            return undefined;
          } catch (e) {
            return e instanceof ScaffoldError ? (e.hint ?? e.message) : String(e);
          }
        },
      }),
    );
  const pm =
    (flags.pm as PackageManager | undefined) ??
    check(
      await clack.select<PackageManager>({
        message: 'Package manager',
        initialValue: detectedPm,
        options: PACKAGE_MANAGERS.map((pm) => ({ value: pm, label: pm })),
      }),
    );
  answers.pm = pm;
  answers.install =
    source('install') === 'cli'
      ? flags.install !== false
      : check(await clack.confirm({ message: `Install dependencies with ${pm} now?`, initialValue: true }));
  const insideRepo = gitRootOf(nearestExisting(current.root)) !== undefined;
  answers.git =
    source('git') === 'cli' || insideRepo
      ? flags.git !== false
      : check(await clack.confirm({ message: 'Create a git repository with a first commit?', initialValue: true }));
  return {
    target: current,
    options: {
      ...answers,
      ...(flags.prefix !== undefined ? { prefix: flags.prefix } : {}),
      ...(flags.repository !== undefined ? { repository: flags.repository } : {}),
      ...(flags.frameworkVersion !== undefined ? { frameworkVersion: flags.frameworkVersion } : {}),
      ...(flags.license !== undefined ? { license: flags.license } : {}),
    },
  };
}

function nearestExisting(dir: string): string {
  return walk.up(dir).find((d) => existsSync(d)) ?? dir;
}

function fromFlags(flags: InitFlags, detectedPm: PackageManager): Answers['options'] {
  const out: Answers['options'] = { pm: (flags.pm as PackageManager | undefined) ?? detectedPm };
  for (const key of ['name', 'description', 'owner', 'prefix', 'repository', 'frameworkVersion', 'license'] as const) {
    if (flags[key] !== undefined) out[key] = flags[key];
  }
  if (flags.install !== undefined) out.install = flags.install;
  if (flags.git !== undefined) out.git = flags.git;
  return out;
}

function nextSteps(result: InitResult, install: InstallReport, cwd: string): string[] {
  const { project } = result;
  const pm = packageManagerInfo(project.packageManager);
  const rel = path.relative(cwd, project.root);
  const steps: string[] = [];
  if (rel !== '') steps.push(`cd ${/\s/.test(rel) ? JSON.stringify(rel) : rel}`);
  const installed = project.mode === 'upgrade' ? project.installed : install.ran && install.passed;
  if (!installed) steps.push(pm.install);
  steps.push(`${pm.run} devcheck`, `${pm.run} build`, `${pm.run} start:stdio`);
  steps.push(`${pm.dlx} add tool ${project.suggestedTool} --description "…"`);
  return steps;
}

/**
 * The newest release for a new server's default range, unless a range was given or this is an
 * existing server. Offline (npm configured so) is a choice, said as a note; a registry that does
 * not answer is a warning, since the server then starts on an older line than it could.
 */
async function latestRelease(
  target: Target,
  options: Answers['options'],
  lookup: LatestVersionLookup,
  reporter: Reporter,
): Promise<string | undefined> {
  if (target.mode === 'upgrade' || options.frameworkVersion !== undefined) return undefined;
  const latest = await lookup();
  if (latest.ok) return latest.version;
  const fallback = `the pinned ^${FRAMEWORK_VERSION}`;
  if (latest.offline) reporter.info(`npm is configured offline: the server depends on ${fallback}.`);
  else {
    reporter.warn(
      `Could not ask the registry for the newest ${FRAMEWORK} (${latest.reason}): the server depends on ${fallback}; pass --framework-version to choose.`,
    );
  }
  return undefined;
}

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

/** After a new server's install: the framework's skills for agents, from the installed package. */
function copySkills(root: string, install: InstallReport, reporter: Reporter): { copied: number; skills: string[] } {
  const copied = install.ran && install.passed ? copyInstalledSkills(root) : undefined;
  if (!copied) {
    reporter.info(
      `The framework's skills come from the installed package: after installing, run \`mcp-scaffold init\` in ${root} to copy them into skills/.`,
    );
    return { copied: 0, skills: [] };
  }
  reporter.info(`Copied ${copied.skills.length} skills of ${FRAMEWORK} into skills/ (${copied.written.length} files).`);
  return { copied: copied.written.length, skills: copied.skills };
}

export async function initCommand(
  dir: string | undefined,
  flags: InitFlags,
  global: GlobalOptions,
  source: FlagSource = () => undefined,
  lookup: LatestVersionLookup = latestFrameworkVersion,
): Promise<number> {
  const reporter = new Reporter({ json: global.json, verbose: global.verbose });
  const interactive = canPrompt(global);
  try {
    if (flags.pm !== undefined && !PACKAGE_MANAGERS.includes(flags.pm as PackageManager)) {
      throw new ScaffoldError(
        'OPTION_INVALID',
        `--pm ${JSON.stringify(flags.pm)} is not a package manager mcp-scaffold knows.`,
        {
          hint: `Pass one of: ${PACKAGE_MANAGERS.join(', ')}.`,
        },
      );
    }
    const detectedPm = launchingPackageManager() ?? 'npm';
    let target = resolveTarget(global.cwd, dir);
    let options = fromFlags(flags, detectedPm);
    if (interactive && !global.dryRun) {
      ({ target, options } = await ask(target, flags, source, {
        cwd: global.cwd,
        dirGiven: dir !== undefined,
        force: global.force,
        detectedPm,
      }));
    }
    if (options.name === undefined && target.impliedName !== undefined) options.name = target.impliedName;
    if (target.mode === 'upgrade' && flags.pm === undefined) {
      // An existing server already says how it is installed (lockfile, packageManager field).
      const pkg = JSON.parse(readFileSync(path.join(target.root, 'package.json'), 'utf8')) as PackageJson;
      options.pm = detectPackageManager(target.root, pkg).packageManager;
    }

    if (options.frameworkVersion !== undefined && isTarball(options.frameworkVersion)) {
      options.frameworkVersion = path.resolve(global.cwd, options.frameworkVersion);
    }
    const latestFrameworkVersion = await latestRelease(target, options, lookup, reporter);
    const gitRoot = gitRootOf(nearestExisting(target.root));
    const remote = gitRoot ? originRemote(gitRoot) : undefined;
    const username = safeUsername();
    const tree = new Tree(target.root);
    const result = initGenerator(tree, {
      ...options,
      ...(latestFrameworkVersion ? { latestFrameworkVersion } : {}),
      root: target.root,
      mode: target.mode,
      force: global.force,
      environment: {
        ...(username ? { username } : {}),
        ...(remote ? { gitRemote: remote } : {}),
        insideGitWorkTree: gitRoot !== undefined,
      },
    });
    for (const w of result.warnings) reporter.warn(w);
    if (tree.problems.length > 0) throw problemsError(tree.problems);
    for (const n of result.notes) reporter.info(n);

    const changes = tree.changes();
    const listed = changes.map((c) => ({
      path: c.path,
      action: c.action,
      ...(global.dryRun && c.action === 'update' ? { diff: unifiedDiff(c.path, c.before, c.after) } : {}),
    }));
    const verb = target.mode === 'upgrade' ? 'Adding missing files to and refreshing' : 'Creating';
    if (changes.length > 0) reporter.info(`${verb} ${result.project.name} in ${target.root}`);
    reporter.changes(listed, global.dryRun);
    if (result.skipped.length > 0) {
      reporter.info(`Skipped ${result.skipped.length} file(s) already there: ${result.skipped.join(', ')}`);
    }
    if (changes.length === 0) {
      reporter.info('Nothing to change: every file init writes is already there.');
    }

    let install: InstallReport = { ran: false, reason: 'nothing to install' };
    let git: GitReport = { ran: false, reason: 'no git step' };
    let taskError: ScaffoldError | undefined;
    let skills = { copied: 0, skills: [] as string[] };
    if (global.dryRun) {
      reporter.info('Dry run: nothing was written.');
      install = { ran: false, reason: 'dry run' };
      git = { ran: false, reason: 'dry run' };
    } else if (changes.length > 0) {
      flush(target.root, changes);
      if (result.plan.install) {
        try {
          install = await runInstall(
            target.root,
            result.plan.install.packageManager,
            reporter,
            interactive || (process.stdout.isTTY === true && !global.json),
          );
        } catch (e) {
          if (!(e instanceof ScaffoldError)) throw e;
          taskError = e;
          install = { ran: false, reason: e.message };
        }
        if (install.ran && !install.passed && !taskError) {
          taskError = new ScaffoldError(
            'INSTALL_FAILED',
            `${install.command} exited with ${install.exitCode}; the files were written and kept.`,
            {
              hint: `Fix the cause shown above (full log: ${install.logFile}), then run \`${install.command}\` in ${target.root}.`,
              exitCode: EXIT.writtenButFailed,
            },
          );
        }
      } else {
        install = {
          ran: false,
          reason: target.mode === 'upgrade' ? 'upgrade: package.json untouched' : '--no-install',
        };
      }
      if (target.mode === 'create') skills = copySkills(target.root, install, reporter);
      if (install.ran && install.passed) explainEngines(target.root, reporter);
      if (result.plan.git) git = await runGit(target.root, result.project.name, reporter);
      else
        git = {
          ran: false,
          reason:
            target.mode === 'upgrade'
              ? 'upgrade'
              : options.git === false
                ? '--no-git'
                : 'inside a git work tree already',
        };
    }

    const steps = nextSteps(result, install, global.cwd);
    const out: CommandResult = {
      ok: true,
      command: 'init',
      dryRun: global.dryRun,
      changes: listed,
      devcheck: {
        ran: false,
        reason: `init does not run devcheck; run \`${packageManagerInfo(result.project.packageManager).run} devcheck\` in the project`,
      },
      warnings: reporter.warnings,
      project: { ...result.project, repository: result.project.repository?.url ?? null },
      skipped: result.skipped,
      refreshed: result.refreshed,
      skills,
      install,
      git,
      nextSteps: steps,
    };
    if (taskError) return reporter.failureAfterWrite(out, taskError);
    if (!global.dryRun && changes.length > 0 && !reporter.json) {
      const text = `Next steps:\n${steps.map((s) => `  ${s}`).join('\n')}`;
      if (interactive) {
        const clack = await import('@clack/prompts');
        clack.outro(text);
      } else reporter.info(`\n${text}`);
    }
    reporter.result(out);
    return EXIT.ok;
  } catch (e) {
    return reportFailure(reporter, 'init', e);
  }
}
