/**
 * The framework's skills, made available to coding agents as the framework's own `init` does it:
 * every skill folder of the installed package whose SKILL.md says `metadata.audience: external`
 * is copied, file for file, to `skills/<name>/` in the server. A new server gets them right after
 * its install; the upgrade flow refreshes them to the installed version. They belong to the
 * framework: mcp-scaffold's own skill (skills/mcp-scaffold/) is never among them.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeInsideProject } from '../engine/contained-write.js';
import { frameworkPackageDir } from '../project/project.js';

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

/** The external skills of the framework installed for `root`, or undefined when it is not installed. */
export function installedSkillFiles(root: string): SkillFile[] | undefined {
  const dir = frameworkPackageDir(root);
  return dir ? externalSkillFiles(dir) : undefined;
}

/** The skill folders a list of skill files covers (`add-tool`, …), sorted. */
export function skillNames(files: SkillFile[]): string[] {
  return [...new Set(files.map((f) => f.path.split('/')[1] ?? ''))].filter(Boolean).sort();
}

/**
 * After a new server's install: writes the installed framework's external skills into it,
 * leaving any file already there as it is (as the framework's init does). Returns what it wrote,
 * and what it did not write because the path leads out of the server through a link.
 */
export function copyInstalledSkills(
  root: string,
): { written: string[]; outside: string[]; skills: string[] } | undefined {
  const files = installedSkillFiles(root);
  if (!files) return undefined;
  const written: string[] = [];
  const outside: string[] = [];
  for (const file of files) {
    if (existsSync(path.join(root, file.path))) continue;
    (writeInsideProject(root, file.path, file.content) ? written : outside).push(file.path);
  }
  return { written, outside, skills: skillNames(files) };
}
