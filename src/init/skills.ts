/**
 * The framework's skills, made available to coding agents as the framework's own `init` does it:
 * every skill folder of the installed package whose SKILL.md says `metadata.audience: external`
 * is copied to `skills/<name>/` in the server, as this project's copies (skill-notes.ts: its
 * package manager's commands, and a note routing mcp-scaffold's work through it). A new server
 * gets them right after its install; the upgrade flow and `upgrade` refresh them to the installed
 * version. They belong to the framework: mcp-scaffold's own skill (skills/mcp-scaffold/) is never
 * among them.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeInsideProject } from '../engine/contained-write.js';
import { detectFrameworkFeatures } from '../project/framework-features.js';
import { type PackageManager, packageManagerInfo } from '../project/package-manager.js';
import { frameworkPackageDir } from '../project/project.js';
import { scaffoldCommand } from './launcher.js';
import { adaptSkill, type SkillSetting } from './skill-notes.js';
import { DEVCHECK_CONFIG, ignoreEntry, ignoringSkillVersions, SKILL_VERSION_CHECK } from './skill-versions.js';

export type { SkillSetting };
export { DEVCHECK_CONFIG };

export interface SkillFile {
  /** Where it goes in the server, e.g. `skills/add-tool/SKILL.md`. */
  path: string;
  content: string;
}

/** `metadata.audience` (or a top-level `audience`) from a SKILL.md's front matter. */
export function skillAudience(skillMd: string): string | undefined {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(skillMd)?.[1];
  if (!front) return undefined;
  const nested = /^metadata:\s*\n(?:[ \t]+[\w-]+:.*\n)*?[ \t]+audience:\s*["']?(\w+)/m.exec(`${front}\n`);
  return nested?.[1] ?? /^audience:\s*["']?(\w+)/m.exec(front)?.[1];
}

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name !== '.DS_Store')
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Every file of the package's external skills, by the path it takes in the server. */
export function externalSkillFiles(packageDir: string): SkillFile[] {
  const skillsDir = path.join(packageDir, 'skills');
  if (!existsSync(skillsDir)) return [];
  const out: SkillFile[] = [];
  for (const entry of readdirSync(skillsDir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const dir = path.join(skillsDir, entry.name);
    const skillMd = path.join(dir, 'SKILL.md');
    if (!entry.isDirectory() || !existsSync(skillMd)) continue;
    if (skillAudience(readFileSync(skillMd, 'utf8')) !== 'external') continue;
    for (const file of filesBelow(dir)) {
      const rel = path.relative(skillsDir, file).split(path.sep).join('/');
      out.push({ path: `skills/${rel}`, content: readFileSync(file, 'utf8') });
    }
  }
  return out;
}

/** The skill folders a list of skill files covers (`add-tool`, …), sorted. */
export function skillNames(files: SkillFile[]): string[] {
  return [...new Set(files.map((f) => f.path.split('/')[1] ?? ''))].filter(Boolean).sort();
}

/**
 * The external skills of the framework installed for `root`, as this project's copies of them
 * (their notes about code read off the installed release); undefined when it is not installed.
 */
export function installedSkillFiles(root: string, setting: SkillSetting): SkillFile[] | undefined {
  const dir = frameworkPackageDir(root);
  if (!dir) return undefined;
  const files = externalSkillFiles(dir);
  const withFramework = { ...setting, framework: detectFrameworkFeatures(root) };
  return skillNames(files).flatMap((name) =>
    adaptSkill(
      name,
      files.filter((f) => f.path.startsWith(`skills/${name}/`)),
      withFramework,
    ),
  );
}

/** The SKILL.md files among `copies` (of the framework installed for `root`) whose text is not the package's. */
export function adaptedSkillMds(root: string, copies: readonly SkillFile[]): string[] {
  const dir = frameworkPackageDir(root);
  if (!dir) return [];
  const original = new Map(externalSkillFiles(dir).map((f) => [f.path, f.content]));
  return copies.filter((f) => f.path.endsWith('/SKILL.md') && original.get(f.path) !== f.content).map((f) => f.path);
}

/**
 * devcheck.config.json's new text where the project runs the framework's skill version check and
 * `copies` adapt SKILL.md files it does not ignore yet (skill-versions.ts); else undefined.
 */
export function skillVersionsConfig(
  root: string,
  copies: readonly SkillFile[],
  read: (file: string) => string | undefined,
  lineWidth?: number,
): string | undefined {
  if (read(SKILL_VERSION_CHECK) === undefined) return undefined;
  return ignoringSkillVersions(read(DEVCHECK_CONFIG), adaptedSkillMds(root, copies).map(ignoreEntry), lineWidth);
}

/** What the copies are adapted to: `pm`, the scripts of `packageJson` (its text), `scaffold`. */
export function skillSetting(
  packageJson: string | undefined,
  pm: PackageManager,
  scaffold = scaffoldCommand(packageManagerInfo(pm).dlx),
): SkillSetting {
  let scripts: string[] = [];
  try {
    const pkg = JSON.parse(packageJson ?? '{}') as { scripts?: unknown };
    if (pkg.scripts && typeof pkg.scripts === 'object') scripts = Object.keys(pkg.scripts);
  } catch {
    // A package.json that does not parse has no scripts to name.
  }
  return { pm, scaffold, scripts };
}

/** The setting of the project in `root`, from its package.json on disk. */
export function projectSkillSetting(root: string, pm: PackageManager): SkillSetting {
  let text: string | undefined;
  try {
    text = readFileSync(path.join(root, 'package.json'), 'utf8');
  } catch {
    text = undefined;
  }
  return skillSetting(text, pm);
}

/**
 * After a new server's install: writes the installed framework's external skills into it,
 * leaving any file already there as it is (as the framework's init does). Returns what it wrote,
 * and what it did not write because the path leads out of the server through a link.
 */
export function copyInstalledSkills(
  root: string,
  setting: SkillSetting,
): { written: string[]; outside: string[]; skills: string[] } | undefined {
  const files = installedSkillFiles(root, setting);
  if (!files) return undefined;
  const written: string[] = [];
  const outside: string[] = [];
  for (const file of files) {
    if (existsSync(path.join(root, file.path))) continue;
    (writeInsideProject(root, file.path, file.content) ? written : outside).push(file.path);
  }
  return { written, outside, skills: skillNames(files) };
}
