/**
 * package.json for the target line, edited with jsonc-parser so that everything else in it keeps
 * its text: the framework's dependency range, `engines.node` where the target declares another,
 * and, moving to 0.12 with the 1.x SDK as a dependency of its own, the split 2.x packages its
 * imports now use in its place.
 */

import { applyEdits, modify } from 'jsonc-parser';
import { FRAMEWORK, type PackageJson } from '../../project/project.js';
import type { UpgradeTarget } from '../migration.js';

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

const set = (text: string, at: string[], value: unknown) => applyEdits(text, modify(text, at, value, FORMAT));

function dependencyKey(
  pkg: PackageJson,
  name: string,
): 'dependencies' | 'devDependencies' | 'peerDependencies' | undefined {
  if (pkg.dependencies?.[name] !== undefined) return 'dependencies';
  if (pkg.devDependencies?.[name] !== undefined) return 'devDependencies';
  if (pkg.peerDependencies?.[name] !== undefined) return 'peerDependencies';
  return undefined;
}

/** The framework's range set to the target's (where package.json lists it). */
export function setFrameworkRange(text: string, target: UpgradeTarget): string {
  const pkg = JSON.parse(text) as PackageJson;
  const key = dependencyKey(pkg, FRAMEWORK) ?? 'dependencies';
  return set(text, [key, FRAMEWORK], target.range);
}

/** `engines.node` set to the target framework's, when it declares one and the server's differs. */
export function setNodeEngine(text: string, target: UpgradeTarget): string {
  if (!target.nodeEngine) return text;
  const pkg = JSON.parse(text) as { engines?: { node?: string } };
  if (pkg.engines?.node === target.nodeEngine) return text;
  return set(text, ['engines', 'node'], target.nodeEngine);
}

/** The 1.x SDK, where the server depends on it itself, replaced by the 2.x packages it imports. */
export function replaceSdkDependency(text: string, used: string[], range = '^2.0.0'): string {
  const pkg = JSON.parse(text) as PackageJson;
  const key = dependencyKey(pkg, '@modelcontextprotocol/sdk');
  if (!key) return text;
  let out = set(text, [key, '@modelcontextprotocol/sdk'], undefined);
  for (const name of used) out = set(out, [key, name], range);
  return out;
}
