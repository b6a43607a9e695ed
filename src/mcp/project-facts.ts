/**
 * What `scaffold_describe` and the conventions resource say of a project, from the facts the CLI
 * already has: the project found (src/project), the inventory `list --json` prints, and the
 * layouts, prefix and naming habits registration reads off it. Nothing here plans or writes.
 */

import { KINDS, serviceLayoutOf } from '../kinds/index.js';
import { detectFrameworkFeatures } from '../project/framework-features.js';
import { VARIANT_VERSIONS } from '../project/framework-versions.js';
import { findProject, frameworkPackageDir, type Project } from '../project/project.js';
import { describeNaming, inferNaming } from '../registration/conventions.js';
import { prefixFromPackageName, sharedPrefix } from '../registration/definitions.js';
import type { CliResult } from './cli-run.js';

/** A definition as `list --json` prints it. */
export interface ListedDefinition {
  kind: string;
  name: string | null;
  file: string;
  exportName: string | null;
  registered: boolean;
  registeredAt: { path: string; line: number }[];
  test?: string | null;
  placeholders?: { line: number; text: string }[];
}

const listedOf = (list: CliResult) => (Array.isArray(list.definitions) ? (list.definitions as ListedDefinition[]) : []);

/** `0.12` of `0.12.3`. */
const lineOf = (version: string | undefined) => (version ? /^(\d+\.\d+)/.exec(version)?.[1] : undefined);

function frameworkFacts(project: Project) {
  return {
    range: project.frameworkRange,
    installed: project.frameworkVersion ?? null,
    line: lineOf(project.frameworkVersion) ?? null,
  };
}

/** The server prefix the project's tools share (or its package name gives). */
function prefixOf(project: Project, defs: readonly ListedDefinition[]): string | null {
  const fromPackage = prefixFromPackageName(project.pkg.name);
  const tools = defs.flatMap((d) => (d.kind === 'tool' && d.name ? [d.name] : []));
  return sharedPrefix(tools, fromPackage) ?? fromPackage ?? null;
}

/** Per kind: where its files go, where the project registers it, and the naming habit `add` follows. */
function layoutFacts(defs: readonly ListedDefinition[], prefix: string | null) {
  const registeredIn = (kind: string) => [
    ...new Set(defs.filter((d) => d.kind === kind).flatMap((d) => d.registeredAt.map((r) => r.path))),
  ];
  const kinds = KINDS.flatMap((spec) => {
    const layout = spec.layout;
    if (!layout) return [];
    const mine = defs.filter((d) => d.kind === layout.kind);
    const naming = inferNaming(
      mine.map((d) => ({ file: d.file, name: d.name ?? undefined, exports: d.exportName ? [d.exportName] : [] })),
      prefix ?? undefined,
      layout.exportSuffix,
      layout.suffixes,
    );
    return [
      {
        kind: layout.kind,
        folder: `${layout.dir}/definitions`,
        suffixes: layout.suffixes,
        tests: `tests/${layout.testsDir}`,
        appKey: layout.appKey,
        registeredIn: registeredIn(layout.kind),
        naming: describeNaming(naming, spec.heading.replace(/s$/, '')),
      },
    ];
  });
  const services = serviceLayoutOf(KINDS);
  return {
    kinds,
    ...(services
      ? {
          services: {
            folder: services.dir,
            file: `<name>/<name>${services.fileSuffix}`,
            tests: `tests/${services.testsDir}`,
            initialisedIn: registeredIn(services.kind),
          },
        }
      : {}),
  };
}

/** `scaffold_describe`: the project at `cwd`, with its inventory from `list --json`. */
export function describeProject(cwd: string, list: CliResult): CliResult {
  const project = findProject(cwd);
  const defs = listedOf(list);
  const prefix = prefixOf(project, defs);
  const byKind = Object.fromEntries(KINDS.map((k) => [k.name, defs.filter((d) => d.kind === k.name).length]));
  return {
    ok: true,
    command: 'describe',
    root: project.root,
    name: project.pkg.name ?? null,
    framework: frameworkFacts(project),
    packageManager: { name: project.packageManager, source: project.packageManagerSource },
    prefix,
    layout: layoutFacts(defs, prefix),
    definitions: { total: defs.length, byKind },
    placeholders: defs.flatMap((d) =>
      (d.placeholders ?? []).map((p) => ({ file: d.file, line: p.line, text: p.text })),
    ),
    unregistered: defs.filter((d) => !d.registered).map((d) => `${d.kind} ${d.name ?? d.exportName ?? d.file}`),
    dangling: Array.isArray(list.dangling) ? list.dangling.length : 0,
    warnings: Array.isArray(list.warnings) ? list.warnings : [],
  };
}

/**
 * The rules the code `add` writes follows for the installed framework line, and the layout found:
 * what an agent should know before it writes by hand beside generated code.
 */
export function projectConventions(cwd: string, list: CliResult): Record<string, unknown> {
  const project = findProject(cwd);
  const defs = listedOf(list);
  const prefix = prefixOf(project, defs);
  const installed = frameworkPackageDir(project.root) !== undefined;
  const features = installed ? detectFrameworkFeatures(project.root) : undefined;
  return {
    framework: frameworkFacts(project),
    prefix,
    layout: layoutFacts(defs, prefix),
    features: features ? { ...features, packageDir: undefined } : null,
    toolVariants: VARIANT_VERSIONS,
    rules: [
      `Tool names are snake_case with the server prefix first (${prefix ?? '<prefix>'}_<verb>_<noun>), at most 64 characters; resources kebab-case; prompts snake_case.`,
      'One definition per file, in the kind folder above, with its test under tests/ in the same layout; registered in the array createApp() reads for its kind (or the barrel the project already uses).',
      'Inputs and outputs are zod objects whose every field carries .describe(); handlers fail through ctx.fail(reason) against the errors[] contract they declare.',
      'format() renders every output field; the test checks the output schema, format() and each declared error.',
      'Text mcp-scaffold invented starts with "TODO:" and is reported by list and devcheck until replaced.',
      'Use the scaffold tools (preview, then apply) instead of creating or registering definition files by hand; devcheck runs after each apply.',
    ],
  };
}
