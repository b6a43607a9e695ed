/**
 * `init`: renders a new server from its templates/ folder into a tree rooted at the target folder, or,
 * in a folder that already holds a server (the upgrade flow), only the files it lacks. Pure: it
 * reads through the tree and the options it is given, and returns what should happen after the
 * flush (install, git) as a plan for the command to carry out.
 */

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { GeneratorResult } from '../engine/generator.js';
import { Problems } from '../engine/problems.js';
import type { Tree } from '../engine/tree.js';
import { toolLayout } from '../kinds/tool/layout.js';
import { lineWidthOf } from '../project/formatter.js';
import { PACKAGE_MANAGERS, type PackageManager, packageManagerInfo } from '../project/package-manager.js';
import { FRAMEWORK, type PackageJson } from '../project/project.js';
import { existingDefinitions, sharedPrefix } from '../registration/definitions.js';
import { camelCase, parseName, safeIdentifier } from '../text/names.js';
import { render, templatesOf } from '../text/templates.js';
import {
  defaultOwner,
  normalizeRepository,
  packageNameFromFolder,
  type Repository,
  registryName,
  resolvePrefix,
  schemeOf,
  shortDescription,
  unscoped,
  validatePackageName,
} from './naming.js';
import {
  compareVersions,
  dependencyMaps,
  FRAMEWORK_VERSION,
  isVersionRange,
  lowestVersion,
  NODE_ENGINE,
  staysOnLine,
  TITLES_SINCE,
} from './versions.js';

/** The single source of truth for init's options (the command maps flags and answers onto it). */
export const initOptions = z.object({
  /** The folder the server goes in (absolute). */
  root: z.string(),
  /** 'create' for a new server; 'upgrade' when `root` already holds one. */
  mode: z.enum(['create', 'upgrade']).default('create'),
  name: z.string().optional(),
  description: z.string().optional(),
  owner: z.string().optional(),
  prefix: z.string().optional(),
  repository: z.string().optional(),
  pm: z.enum(PACKAGE_MANAGERS).default('npm'),
  install: z.boolean().default(true),
  git: z.boolean().default(true),
  frameworkVersion: z.string().optional(),
  force: z.boolean().default(false),
  /** What the environment says, gathered by the command so the generator stays pure. */
  environment: z
    .object({
      /** The login name, used for a default owner. */
      username: z.string().optional(),
      /** The origin remote of the enclosing git repository, if any. */
      gitRemote: z.string().optional(),
      insideGitWorkTree: z.boolean().default(false),
    })
    .default({ insideGitWorkTree: false }),
});
export type InitOptions = z.input<typeof initOptions>;

export interface InitPlan {
  install: { packageManager: PackageManager } | undefined;
  git: { init: boolean; commit: boolean } | undefined;
}

export interface InitResult extends GeneratorResult {
  plan: InitPlan;
  /** Files the upgrade flow (or a file already there) left alone. */
  skipped: string[];
  project: InitProject;
}

export interface InitProject {
  root: string;
  mode: 'create' | 'upgrade';
  name: string;
  description: string;
  prefix: string;
  registryName: string;
  repository: Repository | undefined;
  packageManager: PackageManager;
  frameworkRange: string;
}

/** Entries that do not make a folder "not empty". */
const HARMLESS_ENTRIES = new Set(['.git', '.DS_Store', 'Thumbs.db']);

/** What is in a folder that would stop a fresh init (sorted; folders end in `/`). */
export function entriesInTheWay(tree: Tree): string[] {
  return tree
    .entries('')
    .filter((e) => !HARMLESS_ENTRIES.has(e.name))
    .map((e) => (e.type === 'directory' ? `${e.name}/` : e.name))
    .sort();
}

const template = templatesOf(import.meta.url);

/** The template files of init, as paths relative to its templates/ folder, sorted. */
export function templateFiles(): string[] {
  const dir = fileURLToPath(template(''));
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((p) => p.replaceAll('\\', '/'))
    .filter((p) => p.endsWith('.hbs'))
    .sort();
}

const RENAMED: Record<string, string> = { gitignore: '.gitignore', 'env.example': '.env.example' };

/** Where a template lands: `.hbs` dropped, dot-files restored, `__kind__` placeholders filled. */
export function outputPath(template: string, fileBases: Record<'tool' | 'resource' | 'prompt', string>): string {
  const withoutExt = template.replace(/\.hbs$/, '');
  const dir = path.posix.dirname(withoutExt);
  let base = path.posix.basename(withoutExt);
  base = RENAMED[base] ?? base;
  base = base.replace(/__(tool|resource|prompt)__/g, (_, kind: 'tool' | 'resource' | 'prompt') => fileBases[kind]);
  return dir === '.' ? base : `${dir}/${base}`;
}

/** Files that are the server's starting content rather than its tooling: never added by an upgrade. */
function isStarterContent(output: string): boolean {
  return output.startsWith('src/') || output.startsWith('tests/');
}

function readPackageJson(tree: Tree): PackageJson & { description?: string; mcpName?: string; repository?: unknown } {
  try {
    return JSON.parse(tree.read('package.json') ?? '{}');
  } catch {
    return {};
  }
}

function repositoryFromPackage(pkg: { repository?: unknown }): string | undefined {
  const repo = pkg.repository;
  if (typeof repo === 'string') return repo;
  if (repo && typeof repo === 'object' && typeof (repo as { url?: unknown }).url === 'string') {
    return (repo as { url: string }).url;
  }
  return undefined;
}

/** The name an existing server already publishes under: server.json's, else package.json's mcpName. */
function existingRegistryName(tree: Tree, pkg: { mcpName?: unknown }): string | undefined {
  let fromServerJson: unknown;
  try {
    fromServerJson = (JSON.parse(tree.read('server.json') ?? '{}') as { name?: unknown }).name;
  } catch {
    fromServerJson = undefined;
  }
  for (const candidate of [fromServerJson, pkg.mcpName]) {
    if (typeof candidate === 'string' && candidate.trim().length > 0) return candidate.trim();
  }
  return undefined;
}

/** The owner part of an existing registry name, so an upgrade keeps it. */
function ownerFromRegistryName(name: string | undefined): string | undefined {
  const m = /^([a-zA-Z0-9.-]+)\/[a-zA-Z0-9._-]+$/.exec(name ?? '');
  return m?.[1];
}

function definitionNames(prefix: string) {
  const tool = parseName(`${prefix}_echo_message`, 'tool name', 64 + 16);
  const resourceWords = [...prefix.split('_'), 'echo'];
  const resourceName = resourceWords.join('-');
  const prompt = parseName(`${prefix}_summarize`, 'prompt name', 64 + 16);
  const scheme = schemeOf(prefix);
  return {
    tool: { name: tool.snake, fileBase: tool.kebab, exportName: safeIdentifier(`${tool.camel}Tool`) },
    resource: {
      name: resourceName,
      fileBase: resourceName,
      exportName: safeIdentifier(`${camelCase(resourceWords)}Resource`),
      uriTemplate: `${scheme}://echo/{message}`,
      exampleUri: `${scheme}://echo/hello`,
    },
    prompt: { name: prompt.snake, fileBase: prompt.kebab, exportName: safeIdentifier(`${prompt.camel}Prompt`) },
  };
}

/** In an existing server, the prefix its tools already share wins over the package name's. */
function upgradePrefix(tree: Tree, name: string): string {
  const toolNames = existingDefinitions(tree, toolLayout).flatMap((d) => (d.name ? [d.name] : []));
  let derived: string | undefined;
  try {
    derived = resolvePrefix(name, undefined);
  } catch {
    derived = undefined;
  }
  const own = toolNames.filter((n) => !n.startsWith('template_'));
  if (derived && own.length > 0 && own.every((n) => n.startsWith(`${derived}_`))) return derived;
  return sharedPrefix(toolNames) ?? derived ?? 'server';
}

export function initGenerator(tree: Tree, raw: InitOptions): InitResult {
  const opts = initOptions.parse(raw);
  const notes: string[] = [];
  const warnings: string[] = [];
  const problems = new Problems();
  const upgrade = opts.mode === 'upgrade';
  const existing = upgrade ? readPackageJson(tree) : {};

  // Names, each derived once.
  const folder = path.basename(tree.root);
  // An existing server keeps the name it has, valid for npm or not; a new one must be valid.
  const name =
    opts.name === undefined && typeof existing.name === 'string' && existing.name.length > 0
      ? existing.name
      : validatePackageName(opts.name ?? packageNameFromFolder(folder));
  // A folder name npm would refuse is turned into one it accepts; say so, or "My Server" becomes
  // my-server without a word, unlike every other conversion this tool makes.
  const fromFolder = opts.name === undefined && name !== existing.name;
  if (fromFolder && name !== folder) {
    notes.push(
      `The package is named ${name} (the folder name ${JSON.stringify(folder)} made valid for npm); pass --name to choose another.`,
    );
  }
  const unscopedName = unscoped(name);
  const prefix = opts.prefix === undefined && upgrade ? upgradePrefix(tree, name) : resolvePrefix(name, opts.prefix);
  const scheme = schemeOf(prefix);
  const description = opts.description?.trim() || existing.description?.trim() || `An MCP server for ${unscopedName}.`;
  const owner = opts.owner ?? ownerFromRegistryName(existing.mcpName) ?? defaultOwner(name, opts.environment.username);
  // An upgrade leaves server.json alone, so the files it adds (README, AGENTS.md) must name the
  // server as that server.json (or package.json's mcpName) does, even when that name has no
  // owner part: rebuilding one from a default owner told the user a name that exists nowhere.
  const existingServerName = upgrade ? existingRegistryName(tree, existing) : undefined;
  const serverName = existingServerName ?? registryName(owner, name);
  if (
    existingServerName !== undefined &&
    opts.owner !== undefined &&
    existingServerName !== registryName(opts.owner, name)
  ) {
    warnings.push(
      `The server is already named ${existingServerName} (server.json is never overwritten): --owner ${opts.owner} changes nothing.`,
    );
  }
  if (opts.owner === undefined && !upgrade) {
    notes.push(`server.json is named ${serverName}; pass --owner <github-user or reverse-DNS> to change it.`);
  }

  const repoInput = opts.repository ?? repositoryFromPackage(existing) ?? opts.environment.gitRemote;
  const repository = repoInput ? normalizeRepository(repoInput) : undefined;
  if (opts.repository !== undefined && !repository) {
    problems.add({
      code: 'OPTION_INVALID',
      message: `--repository ${JSON.stringify(opts.repository)} is not a repository URL`,
      hint: 'Pass a URL such as https://github.com/acme/weather-server.',
    });
  }

  let frameworkRange = `^${FRAMEWORK_VERSION}`;
  if (opts.frameworkVersion !== undefined) {
    if (!isVersionRange(opts.frameworkVersion)) {
      problems.add({
        code: 'OPTION_INVALID',
        message: `--framework-version ${JSON.stringify(opts.frameworkVersion)} is not a version or version range`,
        hint: 'Pass a version or range npm can resolve, e.g. 0.10.17 or ^0.10.17 (tags like latest are not accepted).',
      });
    } else {
      frameworkRange = opts.frameworkVersion.trim();
      if (!staysOnLine(frameworkRange)) {
        warnings.push(
          `The starter code is written for ${FRAMEWORK} ${FRAMEWORK_VERSION}; with ${frameworkRange} run devcheck after installing to see whether it still compiles.`,
        );
      }
    }
  }
  if (description.replace(/\s+/g, ' ').trim().length > 100) {
    notes.push('The description is longer than 100 characters: server.json carries a shortened one.');
  }

  // The folder must be empty (or hold only harmless entries) for a fresh server, unless --force.
  if (!upgrade) {
    const inTheWay = entriesInTheWay(tree);
    if (inTheWay.length > 0 && !opts.force) {
      const shown = inTheWay.slice(0, 20);
      problems.add({
        code: 'CONFLICT',
        path: '.',
        message: `the folder ${tree.root} is not empty: ${shown.join(', ')}${inTheWay.length > shown.length ? `, and ${inTheWay.length - shown.length} more` : ''}`,
        hint: 'Choose an empty or new folder (mcp-scaffold init <dir>), or pass --force to write into it anyway (files with the same names are replaced).',
      });
    }
  }

  const pm = packageManagerInfo(opts.pm);
  const defs = definitionNames(prefix);
  const json = (value: unknown) => JSON.stringify(value);
  const deps = dependencyMaps(frameworkRange);
  const asList = (map: Record<string, string>) => Object.entries(map).map(([n, range]) => ({ name: n, range }));
  const data = {
    packageName: name,
    unscopedName,
    description,
    prefix,
    scheme,
    registryName: serverName,
    version: '0.1.0',
    /** The starter definitions exist only in a new server. */
    starters: !upgrade,
    repository: repository ?? false,
    nodeEngine: NODE_ENGINE,
    frameworkRange,
    // Server and prompt titles came in 0.10.3: a range that lets npm install an older framework
    // gets starter code without them, so that it compiles against whatever is installed.
    hasTitles: compareVersions(lowestVersion(frameworkRange), TITLES_SINCE) >= 0,
    pm: { ...pm, name: opts.pm },
    devcheckNoFix: `${pm.run} devcheck ${pm.argsSeparator}--no-fix`,
    devcheckTest: `${pm.run} devcheck ${pm.argsSeparator}--test`,
    dependencies: asList(deps.dependencies),
    devDependencies: asList(deps.devDependencies),
    tool: defs.tool,
    resource: defs.resource,
    prompt: defs.prompt,
    json: {
      packageName: json(name),
      unscopedName: json(unscopedName),
      description: json(description),
      shortDescription: json(shortDescription(description)),
      registryName: json(serverName),
      repositoryUrl: json(repository?.url ?? ''),
      repositorySource: json(repository?.source ?? ''),
      scripts: {
        devcheck: json(pm.runTs('scripts/devcheck.ts')),
        lintMcp: json(pm.runTs('scripts/lint-mcp.ts')),
      },
    },
  };

  const fileBases = { tool: defs.tool.fileBase, resource: defs.resource.fileBase, prompt: defs.prompt.fileBase };
  const skipped: string[] = [];
  const planned = new Map<string, string>();
  for (const file of templateFiles()) {
    const output = outputPath(file, fileBases);
    if (upgrade && isStarterContent(output)) continue;
    const content = render(template(file), data, { lineWidth: lineWidthOf(tree) });
    planned.set(output, content);
    if (output === 'AGENTS.md') planned.set('CLAUDE.md', content);
  }
  // AGENTS.md and CLAUDE.md stay identical: when one is there, the missing one is its copy.
  if (upgrade) {
    const agents = tree.read('AGENTS.md');
    const claude = tree.read('CLAUDE.md');
    if (agents !== undefined && claude === undefined) planned.set('CLAUDE.md', agents);
    if (claude !== undefined && agents === undefined) planned.set('AGENTS.md', claude);
  }

  for (const [output, content] of planned) {
    const there = tree.read(output) !== undefined;
    if (there && (upgrade || !opts.force)) {
      skipped.push(output);
      continue;
    }
    if (tree.isDirectory(output)) {
      problems.add({ code: 'CONFLICT', path: output, message: 'a folder is where this file goes' });
      continue;
    }
    tree.write(output, content);
  }
  skipped.sort();

  if (upgrade) {
    const written = [...planned.keys()].filter((p) => !skipped.includes(p));
    const pkgDev = { ...existing.dependencies, ...existing.devDependencies };
    const usesTsx = written.some((p) => p.startsWith('scripts/')) && opts.pm !== 'bun';
    if (usesTsx && !pkgDev.tsx) {
      notes.push('The new scripts run with tsx, which package.json does not list: add it with `npm i -D tsx`.');
    }
    if (opts.force)
      notes.push('--force does not replace files in an existing server: delete a file to have it written again.');
  }

  const project: InitProject = {
    root: tree.root,
    mode: opts.mode,
    name,
    description,
    prefix,
    registryName: serverName,
    repository,
    packageManager: opts.pm,
    frameworkRange,
  };
  const plan: InitPlan = {
    install: !upgrade && opts.install ? { packageManager: opts.pm } : undefined,
    git: !upgrade && opts.git && !opts.environment.insideGitWorkTree ? { init: true, commit: true } : undefined,
  };
  if (!upgrade && opts.git && opts.environment.insideGitWorkTree) {
    notes.push('The folder is inside a git work tree already: no git init, no commit.');
  }

  return {
    notes,
    warnings,
    problems: problems.list,
    tasks: [],
    data: {},
    plan,
    skipped,
    project,
  };
}
