/**
 * `init`: renders a new server from its templates/ folder into a tree rooted at the target folder, or,
 * in a folder that already holds a server (the upgrade flow), only the files it lacks. Pure: it
 * reads through the tree and the options it is given, and returns what should happen after the
 * flush (install, git) as a plan for the command to carry out.
 */

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GeneratorResult } from '../engine/generator.js';
import { type Problem, Problems } from '../engine/problems.js';
import type { Tree } from '../engine/tree.js';
import { toolLayout } from '../kinds/tool/layout.js';
import { lineWidthOf } from '../project/formatter.js';
import { type PackageManager, packageManagerInfo } from '../project/package-manager.js';
import { frameworkPackageDir } from '../project/project.js';
import { existingDefinitions } from '../registration/definitions.js';
import { isDefinitionFile } from '../registration/layout.js';
import { FIRST_BRANCH } from '../tasks/git.js';
import { camelCase, parseName, safeIdentifier } from '../text/names.js';
import { stamp } from '../text/scaffold-stamp.js';
import { render, templatesOf } from '../text/templates.js';
import { chooseFramework, defaultFramework, type FrameworkChoice } from './framework-choice.js';
import { type Identity, readPackageJson, resolveIdentity } from './identity.js';
import { INSTALL_COMMANDS } from './install-commands.js';
import { DEFAULT_LICENSE, knownLicense, LICENSES, type License, licenseText } from './licenses.js';
import { bundleManifest, type ManifestData, packageJson, serverJson } from './manifests.js';
import { projectMcpJson } from './mcp-config.js';
import { type Repository, schemeOf } from './naming.js';
import { pluginManifests } from './plugin-manifests.js';
import { DEVCHECK_CONFIG, installedSkillFiles, type SkillFile, skillSetting, skillVersionsConfig } from './skills.js';
import { toolErrorParagraph, toolErrorSection } from './tool-error-notes.js';
import { refreshTsconfigs } from './tsconfig.js';
import { dependencyMaps, FRAMEWORK_PACKAGE as FRAMEWORK_DEPENDENCY, NODE_ENGINE } from './versions.js';

/** What the environment says, gathered by the command so the generator stays pure. */
export interface InitEnvironment {
  /** The login name, used for a default owner. */
  username?: string | undefined;
  /** The origin remote of the enclosing git repository, if any. */
  gitRemote?: string | undefined;
  insideGitWorkTree?: boolean | undefined;
  /** How the docs say to run mcp-scaffold (src/init/launcher.ts); the package manager's dlx form by default. */
  scaffoldCommand?: string | undefined;
  /** The same command as words, for the `.mcp.json` that starts `mcp-scaffold mcp`. */
  scaffoldWords?: string[] | undefined;
  /** The year in the LICENSE's copyright line (default: this year). */
  year?: number | undefined;
}

/**
 * The single source of truth for init's options (the command maps flags and answers onto it).
 * A plain type with its defaults below, not a zod schema: the command checks every value before
 * (the package manager, the licence, the range), and zod's load was about a tenth of init's CPU.
 */
export interface InitOptions {
  /** The folder the server goes in (absolute). */
  root: string;
  /** 'create' for a new server (default); 'upgrade' when `root` already holds one. */
  mode?: 'create' | 'upgrade' | undefined;
  name?: string | undefined;
  description?: string | undefined;
  owner?: string | undefined;
  prefix?: string | undefined;
  repository?: string | undefined;
  /** Default npm. */
  pm?: PackageManager | undefined;
  /** Default true. */
  install?: boolean | undefined;
  /** Default true. */
  git?: boolean | undefined;
  /** `--no-examples` (false): a new server without the starter tool, resource and prompt (and their tests). */
  examples?: boolean | undefined;
  /** `--framework-version`: a range, or the path of a packed framework (.tgz). */
  frameworkVersion?: string | undefined;
  /** The newest release the registry serves, when the command could ask it (else the pinned one). */
  latestFrameworkVersion?: string | undefined;
  /** `--license`: an SPDX id among LICENSES (default Apache-2.0). */
  license?: string | undefined;
  force?: boolean | undefined;
  environment?: InitEnvironment | undefined;
}

type ResolvedEnvironment = Omit<InitEnvironment, 'insideGitWorkTree' | 'year'> & {
  insideGitWorkTree: boolean;
  year: number;
};

type ResolvedOptions = Omit<
  InitOptions,
  'mode' | 'pm' | 'install' | 'git' | 'examples' | 'license' | 'force' | 'environment'
> & {
  mode: 'create' | 'upgrade';
  pm: PackageManager;
  install: boolean;
  git: boolean;
  examples: boolean;
  license: string;
  force: boolean;
  environment: ResolvedEnvironment;
};

/** The options with their defaults filled in. */
export function withDefaults(raw: InitOptions): ResolvedOptions {
  const env = raw.environment ?? {};
  return {
    ...raw,
    mode: raw.mode ?? 'create',
    pm: raw.pm ?? 'npm',
    install: raw.install ?? true,
    git: raw.git ?? true,
    examples: raw.examples ?? true,
    license: raw.license ?? DEFAULT_LICENSE,
    force: raw.force ?? false,
    environment: {
      ...env,
      insideGitWorkTree: env.insideGitWorkTree ?? false,
      year: env.year ?? new Date().getFullYear(),
    },
  };
}

export interface InitPlan {
  install: { packageManager: PackageManager } | undefined;
  git: { init: boolean; commit: boolean } | undefined;
}

export interface InitResult extends GeneratorResult {
  plan: InitPlan;
  /** Files the upgrade flow (or a file already there) left alone. */
  skipped: string[];
  /** Framework-owned files the upgrade flow brought up to the installed version (skills, tsconfig). */
  refreshed: string[];
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
  /** The version the starter code (or, in an existing server, the installed framework) is. */
  frameworkVersion: string;
  license: string;
  /** Upgrade flow: whether the framework is installed (so next steps need no install). */
  installed: boolean;
  /** A tool name the next steps can suggest: one the server does not have yet. */
  suggestedTool: string;
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

let templateList: readonly string[] | undefined;

/** The template files of init, as paths relative to its templates/ folder, sorted (listed once a run). */
export function templateFiles(): string[] {
  templateList ??= listTemplateFiles();
  return [...templateList];
}

function listTemplateFiles(): string[] {
  const found: string[] = [];
  // A walk of its own: readdirSync's recursive mode resolves and normalizes every entry's path.
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), name);
      else if (entry.name.endsWith('.hbs')) found.push(name);
    }
  };
  walk(fileURLToPath(template('')), '');
  return found.sort();
}

const RENAMED: Record<string, string> = {
  gitignore: '.gitignore',
  'env.example': '.env.example',
  dockerignore: '.dockerignore',
  mcpbignore: '.mcpbignore',
};

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

/** The starter tool, resource and prompt and their tests, which --no-examples leaves out. */
function isStarterDefinition(output: string): boolean {
  return output.startsWith('src/mcp-server/') || output.startsWith('tests/');
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

type DefinitionNames = ReturnType<typeof definitionNames>;

const fileBasesOf = (defs: DefinitionNames) => ({
  tool: defs.tool.fileBase,
  resource: defs.resource.fileBase,
  prompt: defs.prompt.fileBase,
});

interface Context {
  tree: Tree;
  opts: ResolvedOptions;
  upgrade: boolean;
  identity: Identity;
  framework: FrameworkChoice;
  license: License;
  notes: string[];
  warnings: string[];
  problems: Problems;
}

/** `--license`: one whose full text ships with mcp-scaffold, else a problem naming them. */
function chooseLicense(problems: Problems, id: string): License {
  const license = knownLicense(id);
  if (license) return license;
  problems.add({
    code: 'OPTION_INVALID',
    message: `--license ${JSON.stringify(id)} is not a licence mcp-scaffold can write the text of`,
    hint: `Pass one of: ${LICENSES.join(', ')} (UNLICENSED: all rights reserved); for another licence, replace LICENSE and package.json's "license" afterwards.`,
  });
  return DEFAULT_LICENSE;
}

/** What is in the way of a fresh server in the tree's folder, as a problem; undefined when nothing is. */
export function notEmptyProblem(tree: Tree): Problem | undefined {
  const inTheWay = entriesInTheWay(tree);
  if (inTheWay.length === 0) return undefined;
  const shown = inTheWay.slice(0, 20);
  const more = inTheWay.length > shown.length ? `, and ${inTheWay.length - shown.length} more` : '';
  return {
    code: 'CONFLICT',
    path: '.',
    message: `the folder ${tree.root} is not empty: ${shown.join(', ')}${more}`,
    hint: 'Choose an empty or new folder (mcp-scaffold init <dir>), or pass --force to write into it anyway (files with the same names are replaced).',
  };
}

/** A fresh server needs an empty folder (or one holding only harmless entries), unless --force. */
function checkFolder(ctx: Context): void {
  if (ctx.upgrade || ctx.opts.force) return;
  const problem = notEmptyProblem(ctx.tree);
  if (problem) ctx.problems.add(problem);
}

function manifestData(ctx: Context): ManifestData {
  const pm = packageManagerInfo(ctx.opts.pm);
  const deps = dependencyMaps(ctx.framework.range);
  return {
    packageName: ctx.identity.name,
    unscopedName: ctx.identity.unscopedName,
    description: ctx.identity.description,
    registryName: ctx.identity.registryName,
    version: '0.1.0',
    repository: ctx.identity.repository,
    license: ctx.license,
    nodeEngine: NODE_ENGINE,
    scripts: { devcheck: pm.runTs('scripts/devcheck.ts'), lintMcp: pm.runTs('scripts/lint-mcp.ts') },
    dependencies: deps.dependencies,
    devDependencies: deps.devDependencies,
  };
}

/** What the templates see. */
function templateData(ctx: Context, defs: DefinitionNames) {
  const pm = packageManagerInfo(ctx.opts.pm);
  const { identity, framework } = ctx;
  return {
    packageName: identity.name,
    unscopedName: identity.unscopedName,
    description: identity.description,
    prefix: identity.prefix,
    scheme: schemeOf(identity.prefix),
    registryName: identity.registryName,
    /** The starter definitions exist only in a new server, unless --no-examples. */
    starters: !ctx.upgrade && ctx.opts.examples,
    noExamples: !ctx.opts.examples,
    frameworkRange: framework.range,
    frameworkLine: framework.line,
    toolErrorSection: toolErrorSection(framework.version),
    toolErrorParagraph: toolErrorParagraph(framework.version),
    // Server and prompt titles came in 0.10.3: a range that lets npm install an older framework
    // gets starter code without them, so that it compiles against whatever is installed.
    hasTitles: framework.hasTitles,
    typedMockContext: framework.typedMockContext,
    license: ctx.license,
    nodeEngine: NODE_ENGINE,
    pm: { ...pm, name: ctx.opts.pm },
    scaffold: ctx.opts.environment.scaffoldCommand ?? pm.dlx,
    install: INSTALL_COMMANDS[ctx.opts.pm],
    firstBranch: FIRST_BRANCH,
    devcheckNoFix: `${pm.run} devcheck ${pm.argsSeparator}--no-fix`,
    devcheckTest: `${pm.run} devcheck ${pm.argsSeparator}--test`,
    // What CI and coding agents run: any warning fails, so stand-ins cannot pass for real code.
    devcheckCi: `${pm.run} devcheck ${pm.argsSeparator}--no-fix --strict`,
    devcheckStrict: `${pm.run} devcheck ${pm.argsSeparator}--strict --test`,
    tool: defs.tool,
    resource: defs.resource,
    prompt: defs.prompt,
  };
}

/** Every file init would write, by output path: the templates, then the files built in code. */
function plannedFiles(ctx: Context, defs: DefinitionNames): Map<string, string> {
  const { tree, upgrade } = ctx;
  const lineWidth = lineWidthOf(tree);
  const data = templateData(ctx, defs);
  const fileBases = fileBasesOf(defs);
  const planned = new Map<string, string>();
  for (const file of templateFiles()) {
    const output = outputPath(file, fileBases);
    if (upgrade && isStarterContent(output)) continue;
    if (!ctx.opts.examples && isStarterDefinition(output)) continue;
    const rendered = render(template(file), data, { lineWidth });
    // The starters are the user's to edit: each keeps the record of what init wrote.
    const content = isStarterDefinition(output) && output.endsWith('.ts') ? stamp(rendered) : rendered;
    planned.set(output, content);
    if (output === 'AGENTS.md') planned.set('CLAUDE.md', content);
  }
  const manifest = manifestData(ctx);
  planned.set('package.json', packageJson(manifest, lineWidth));
  planned.set('server.json', serverJson(manifest, lineWidth));
  planned.set('manifest.json', bundleManifest({ ...manifest, author: ctx.identity.owner }, lineWidth));
  for (const [file, text] of pluginManifests({ ...manifest, author: ctx.identity.owner }, lineWidth))
    planned.set(file, text);
  planned.set('LICENSE', licenseText(ctx.license, ctx.identity.owner, ctx.opts.environment.year));
  const pm = packageManagerInfo(ctx.opts.pm);
  planned.set('.mcp.json', projectMcpJson(ctx.opts.environment.scaffoldWords ?? pm.dlx.split(' '), lineWidth));
  // AGENTS.md and CLAUDE.md stay identical: when one is there, the missing one is its copy.
  if (upgrade) {
    const agents = tree.read('AGENTS.md');
    const claude = tree.read('CLAUDE.md');
    if (agents !== undefined && claude === undefined) planned.set('CLAUDE.md', agents);
    if (claude !== undefined && agents === undefined) planned.set('AGENTS.md', claude);
  }
  return new Map([...planned].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Writes what is planned; a file already there is skipped (replaced only by a fresh init's --force). */
function writePlanned(ctx: Context, planned: Map<string, string>): string[] {
  const skipped: string[] = [];
  for (const [output, content] of planned) {
    const there = ctx.tree.read(output) !== undefined;
    if (there && (ctx.upgrade || !ctx.opts.force)) {
      skipped.push(output);
      continue;
    }
    if (ctx.tree.isDirectory(output)) {
      ctx.problems.add({ code: 'CONFLICT', path: output, message: 'a folder is where this file goes' });
      continue;
    }
    ctx.tree.write(output, content);
  }
  return skipped.sort();
}

/**
 * The upgrade flow's refresh of what the framework owns, for the version installed: its skills
 * (replaced by the installed package's, as this project's copies; where the framework's devcheck
 * checks skill versions, listed in its opt-out) and the tsconfig split (where that version
 * type-checks tests). User code and every other file stay as they are.
 */
function refreshFrameworkFiles(ctx: Context, skipped: string[]): string[] {
  const refreshed: string[] = [];
  const update = (file: SkillFile) => {
    if (ctx.tree.read(file.path) === file.content) return;
    ctx.tree.write(file.path, file.content);
    refreshed.push(file.path);
  };
  const pm = ctx.opts.pm;
  const scaffold = ctx.opts.environment.scaffoldCommand ?? packageManagerInfo(pm).dlx;
  const skills = installedSkillFiles(ctx.tree.root, skillSetting(ctx.tree.read('package.json'), pm, scaffold));
  if (skills) {
    for (const file of skills) update(file);
    const config = skillVersionsConfig(ctx.tree.root, skills, (f) => ctx.tree.read(f), lineWidthOf(ctx.tree));
    if (config) update({ path: DEVCHECK_CONFIG, content: config });
  } else ctx.notes.push(`The framework is not installed, so its skills were not copied: install, then run init again.`);
  if (ctx.framework.frameworkSplitsTsconfig) {
    for (const file of refreshTsconfigs(ctx.tree, lineWidthOf(ctx.tree))) update({ ...file });
  }
  const kept = new Set(refreshed);
  skipped.splice(0, skipped.length, ...skipped.filter((p) => !kept.has(p)));
  return refreshed;
}

function upgradeNotes(ctx: Context, planned: Map<string, string>, skipped: string[]): void {
  const written = [...planned.keys()].filter((p) => !skipped.includes(p));
  const existing = readPackageJson(ctx.tree);
  const pkgDev = { ...existing.dependencies, ...existing.devDependencies };
  const usesTsx = written.some((p) => p.startsWith('scripts/')) && ctx.opts.pm !== 'bun';
  if (usesTsx && !pkgDev.tsx) {
    ctx.notes.push('The new scripts run with tsx, which package.json does not list: add it with `npm i -D tsx`.');
  }
  if (ctx.opts.force) {
    ctx.notes.push('--force does not replace files in an existing server: delete a file to have it written again.');
  }
}

/** The starter tool init renders, by its output path: its text and the MCP name it was rendered with. */
export type StarterTools = Map<string, { content: string; name: string }>;

const STARTER_TOOL_TEMPLATE = 'src/mcp-server/tools/definitions/__tool__.tool.ts.hbs';

/** The starter tool among the files init plans for a server with this prefix (none with --no-examples). */
export function starterTools(planned: Map<string, string>, prefix: string): StarterTools {
  const defs = definitionNames(prefix);
  const fileBases = fileBasesOf(defs);
  const file = outputPath(STARTER_TOOL_TEMPLATE, fileBases);
  const content = planned.get(file);
  return new Map(content === undefined ? [] : [[file, { content, name: defs.tool.name }]]);
}

/**
 * The MCP names of the tools in the tree. When every tool file is a starter init itself wrote
 * (a fresh server), the names are the ones it rendered with, and nothing is parsed: reading them
 * off the syntax tree would load ts-morph for what init already knows. Any other tool file (an
 * existing server, `--force` over a folder holding tools) is read as `add` reads it.
 */
export function toolNames(tree: Tree, starters: StarterTools): string[] {
  const files = tree.listFiles(toolLayout.dir).filter((f) => isDefinitionFile(f, toolLayout));
  if (files.every((f) => starters.get(f)?.content === tree.read(f))) return files.map((f) => starters.get(f)!.name);
  return existingDefinitions(tree, toolLayout).flatMap((d) => (d.name ? [d.name] : []));
}

/** A tool name for the next steps that the server does not have yet. */
function freeToolName(tree: Tree, prefix: string, starters: StarterTools): string {
  const taken = new Set(toolNames(tree, starters));
  const candidates = ['find_items', 'search_items', 'get_item', 'list_items'].map((v) => `${prefix}_${v}`);
  return candidates.find((n) => !taken.has(n)) ?? `${prefix}_new_tool`;
}

function planOf(ctx: Context): InitPlan {
  const { opts, upgrade } = ctx;
  if (!upgrade && opts.git && opts.environment.insideGitWorkTree) {
    ctx.notes.push('The folder is inside a git work tree already: no git init, no commit.');
  }
  return {
    install: !upgrade && opts.install ? { packageManager: opts.pm } : undefined,
    git: !upgrade && opts.git && !opts.environment.insideGitWorkTree ? { init: true, commit: true } : undefined,
  };
}

function projectOf(ctx: Context, starters: StarterTools): InitProject {
  const { identity, framework } = ctx;
  return {
    root: ctx.tree.root,
    mode: ctx.opts.mode,
    name: identity.name,
    description: identity.description,
    prefix: identity.prefix,
    registryName: identity.registryName,
    repository: identity.repository,
    packageManager: ctx.opts.pm,
    frameworkRange: framework.range,
    frameworkVersion: framework.version,
    license: ctx.license,
    installed: ctx.upgrade && frameworkPackageDir(ctx.tree.root) !== undefined,
    suggestedTool: freeToolName(ctx.tree, identity.prefix, starters),
  };
}

export function initGenerator(tree: Tree, raw: InitOptions): InitResult {
  const opts = withDefaults(raw);
  const upgrade = opts.mode === 'upgrade';
  const notes: string[] = [];
  const warnings: string[] = [];
  const problems = new Problems();
  const existing = upgrade ? readPackageJson(tree) : {};
  const identity = resolveIdentity(
    tree,
    { ...opts, upgrade, username: opts.environment.username, gitRemote: opts.environment.gitRemote },
    existing,
    { notes, warnings, problems },
  );
  const existingRange = { ...existing.devDependencies, ...existing.dependencies }[FRAMEWORK_DEPENDENCY];
  const request = { ...opts, existingRange };
  // A wrong --framework-version is a recorded problem; the plan goes on with the default so
  // that every other problem is reported with it.
  const framework = chooseFramework(tree, request, warnings, problems) ?? defaultFramework(tree);
  if (identity.description.replace(/\s+/g, ' ').trim().length > 100) {
    notes.push('The description is longer than 100 characters: server.json carries a shortened one.');
  }
  const license = chooseLicense(problems, opts.license);
  const ctx: Context = { tree, opts, upgrade, identity, framework, license, notes, warnings, problems };
  checkFolder(ctx);
  const planned = plannedFiles(ctx, definitionNames(identity.prefix));
  const skipped = writePlanned(ctx, planned);
  const refreshed = upgrade ? refreshFrameworkFiles(ctx, skipped) : [];
  if (upgrade) upgradeNotes(ctx, planned, skipped);
  return {
    notes,
    warnings,
    problems: problems.list,
    tasks: [],
    data: {},
    plan: planOf(ctx),
    skipped,
    refreshed,
    project: projectOf(ctx, starterTools(planned, identity.prefix)),
  };
}
