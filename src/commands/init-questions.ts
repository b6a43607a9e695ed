/**
 * init's answers: from the flags, and for a person at a terminal, asked with @clack/prompts for
 * every value no flag gave. Ctrl-C (or Escape) at any question ends the run with nothing written.
 */

import path from 'node:path';
import { cancelled, ScaffoldError } from '../engine/errors.js';
import { DiskHost } from '../engine/host.js';
import { problemsError } from '../engine/problems.js';
import { Tree } from '../engine/tree.js';
import { type InitOptions, notEmptyProblem } from '../init/generator.js';
import { defaultOwner, npmNameProblem, packageNameFromFolder, registryNamespace, unscoped } from '../init/naming.js';
import { PACKAGE_MANAGERS, type PackageManager } from '../project/package-manager.js';
import { gitRootOf, nearestExisting, resolveTarget, safeUsername, type Target } from './init-target.js';

export interface InitFlags {
  /** `--no-examples`: false. */
  examples?: boolean;
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
  /** Seconds the install may take (0: no limit). */
  installTimeout?: number;
}

/** Where a flag's value came from (commander's getOptionValueSource): 'cli' when typed. */
export type FlagSource = (flag: keyof InitFlags) => string | undefined;

export type InitAnswers = Omit<InitOptions, 'root' | 'mode' | 'environment'> & { installTimeout?: number };

export interface Answers {
  target: Target;
  options: InitAnswers;
}

export interface AskContext {
  cwd: string;
  dirGiven: boolean;
  force: boolean;
  detectedPm: PackageManager;
}

/** The answers the flags give, with the package manager defaulting to the one detected. */
export function fromFlags(flags: InitFlags, detectedPm: PackageManager): InitAnswers {
  const out: InitAnswers = { pm: (flags.pm as PackageManager | undefined) ?? detectedPm };
  for (const key of ['name', 'description', 'owner', 'prefix', 'repository', 'frameworkVersion', 'license'] as const) {
    if (flags[key] !== undefined) out[key] = flags[key];
  }
  if (flags.install !== undefined) out.install = flags.install;
  if (flags.installTimeout !== undefined) out.installTimeout = flags.installTimeout;
  if (flags.git !== undefined) out.git = flags.git;
  if (flags.examples === false) out.examples = false;
  return out;
}

type Clack = typeof import('@clack/prompts');

interface Prompter {
  clack: Clack;
  /** The answer, or the end of the run when the question was cancelled. */
  check: <T>(value: T) => Exclude<T, symbol>;
}

async function prompter(): Promise<Prompter> {
  const clack = await import('@clack/prompts');
  const check = <T>(value: T): Exclude<T, symbol> => {
    // The reporter says "Cancelled: nothing was written." once, as for every other failure.
    if (clack.isCancel(value)) throw cancelled();
    return value as Exclude<T, symbol>;
  };
  return { clack, check };
}

/** The folder to write in: a non-empty current folder makes it ask for a new one. */
async function settleFolder({ clack, check }: Prompter, target: Target, context: AskContext): Promise<Target> {
  if (target.mode === 'upgrade') {
    clack.log.info(
      `${target.root} already holds a server: missing files are added and the framework's skills (and tsconfig split) refreshed for the installed version; your code is not touched.`,
    );
    return target;
  }
  if (context.force || refuseNotEmpty(target, context.dirGiven)) return target;
  const folder = check(
    await clack.text({
      message: `${target.root} is not empty. Create the server in which new folder?`,
      placeholder: 'my-mcp-server',
      defaultValue: 'my-mcp-server',
    }),
  );
  const chosen = resolveTarget(context.cwd, folder);
  if (chosen.mode === 'create') refuseNotEmpty(chosen, true);
  return chosen;
}

/**
 * A folder the user named that is not empty is refused here, before the other questions (the
 * generator would refuse it only after all of them). True when the folder can be used as it is;
 * false when it is the current folder, not named, so a new one may be asked for.
 */
function refuseNotEmpty(target: Target, named: boolean): boolean {
  const problem = notEmptyProblem(new Tree(new DiskHost(target.root)));
  if (problem === undefined) return true;
  if (named) throw problemsError([problem]);
  return false;
}

function ownerProblem(value: string | undefined): string | undefined {
  try {
    registryNamespace(value ?? '');
    return undefined;
  } catch (e) {
    return e instanceof ScaffoldError ? (e.hint ?? e.message) : String(e);
  }
}

/** Package name, description and registry owner. */
async function askIdentity({ clack, check }: Prompter, target: Target, flags: InitFlags) {
  const defaultName = target.impliedName ?? packageNameFromFolder(path.basename(target.root));
  const name =
    flags.name ??
    check(
      await clack.text({
        message: 'Package name',
        initialValue: defaultName,
        validate: (value) => npmNameProblem(value ?? ''),
      }),
    );
  const description =
    flags.description ??
    check(
      await clack.text({
        message: 'Description (one sentence; server.json shows the first 100 characters)',
        placeholder: `An MCP server for ${unscoped(name)}.`,
        defaultValue: '',
      }),
    );
  const owner =
    flags.owner ??
    check(
      await clack.text({
        message: 'Owner for the MCP Registry name (GitHub user or org, or a reverse-DNS namespace)',
        initialValue: defaultOwner(name, safeUsername()),
        validate: ownerProblem,
      }),
    );
  return { name, description, owner };
}

/** Package manager, install and git. */
async function askSetup(
  { clack, check }: Prompter,
  target: Target,
  flags: InitFlags,
  source: FlagSource,
  detectedPm: PackageManager,
) {
  const pm =
    (flags.pm as PackageManager | undefined) ??
    check(
      await clack.select<PackageManager>({
        message: 'Package manager',
        initialValue: detectedPm,
        options: PACKAGE_MANAGERS.map((p) => ({ value: p, label: p })),
      }),
    );
  const install =
    source('install') === 'cli'
      ? flags.install !== false
      : check(await clack.confirm({ message: `Install dependencies with ${pm} now?`, initialValue: true }));
  const insideRepo = gitRootOf(nearestExisting(target.root)) !== undefined;
  const git =
    source('git') === 'cli' || insideRepo
      ? flags.git !== false
      : check(await clack.confirm({ message: 'Create a git repository with a first commit?', initialValue: true }));
  return { pm, install, git };
}

/** Asks for every value that no flag gave. Only called for a person at a terminal. */
export async function ask(target: Target, flags: InitFlags, source: FlagSource, context: AskContext): Promise<Answers> {
  const prompt = await prompter();
  prompt.clack.intro('mcp-scaffold init');
  const current = await settleFolder(prompt, target, context);
  if (current.mode === 'upgrade') return { target: current, options: fromFlags(flags, context.detectedPm) };
  const identity = await askIdentity(prompt, current, flags);
  const setup = await askSetup(prompt, current, flags, source, context.detectedPm);
  return {
    target: current,
    options: {
      ...identity,
      ...setup,
      ...(flags.prefix !== undefined ? { prefix: flags.prefix } : {}),
      ...(flags.repository !== undefined ? { repository: flags.repository } : {}),
      ...(flags.frameworkVersion !== undefined ? { frameworkVersion: flags.frameworkVersion } : {}),
      ...(flags.license !== undefined ? { license: flags.license } : {}),
      ...(flags.installTimeout !== undefined ? { installTimeout: flags.installTimeout } : {}),
      ...(flags.examples === false ? { examples: false } : {}),
    },
  };
}
