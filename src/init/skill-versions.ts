/**
 * A server that runs the framework's own devcheck (one the framework's `init` made) has its skill
 * version check (scripts/check-skill-versions.ts): a SKILL.md whose body differs from the one
 * committed under the same `metadata.version` is a warning. The copies mcp-scaffold writes differ
 * from the package's by their note and their commands (skill-notes.ts), so where that check runs,
 * a refresh lists each such SKILL.md in devcheck.config.json's `skillVersions.ignore`: the check's
 * own opt-out for a body edited without a new version.
 */

import { formatJson } from './manifests.js';

/** The framework's check, in a server whose devcheck is the framework's. */
export const SKILL_VERSION_CHECK = 'scripts/check-skill-versions.ts';
export const DEVCHECK_CONFIG = 'devcheck.config.json';

/** The check's name for a skill's SKILL.md (`skills/add-tool/SKILL.md` → `add-tool/SKILL.md`). */
export const ignoreEntry = (skillMd: string) => skillMd.replace(/^skills\//, '');

type Json = Parameters<typeof formatJson>[0];

/**
 * devcheck.config.json's text with `entries` in `skillVersions.ignore`, printed as Biome prints
 * JSON; undefined when it lists them already, or is not a JSON object (left as it is).
 */
export function ignoringSkillVersions(
  text: string | undefined,
  entries: string[],
  lineWidth?: number,
): string | undefined {
  let config: unknown;
  try {
    config = JSON.parse(text ?? '{}');
  } catch {
    return undefined;
  }
  if (!config || typeof config !== 'object' || Array.isArray(config)) return undefined;
  const object = config as { [key: string]: Json };
  const section = object.skillVersions;
  const current = section && typeof section === 'object' && !Array.isArray(section) ? section : {};
  const ignore = Array.isArray(current.ignore) ? current.ignore : [];
  const missing = entries.filter((e) => !ignore.includes(e));
  if (missing.length === 0) return undefined;
  object.skillVersions = { ...current, ignore: [...ignore, ...missing] };
  return formatJson(object, lineWidth);
}
