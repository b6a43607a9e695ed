/**
 * The newest framework release the npm registry serves, for init's default range. The registry
 * is the one npm itself is configured with (`npm config get registry`, which honours .npmrc files
 * and `npm_config_registry`; or what the npm that started the run handed on), asked for the package's abbreviated document with a short timeout:
 * a slow or unreachable registry must not hold init up, and the caller falls back to the pinned
 * version and says so.
 */

import { execFile } from 'node:child_process';
import semver from 'semver';
import { FRAMEWORK } from '../project/project.js';

export const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

/** How long the whole look-up may take before init goes on with the pinned version. */
export const LOOKUP_TIMEOUT_MS = 3000;

export type LatestVersion =
  | { ok: true; version: string; registry: string }
  /** `offline`: npm is configured not to use the network, so it was not asked. */
  | { ok: false; reason: string; offline?: boolean };

/** Looks the newest release up; injected into the command so tests choose the answer. */
export type LatestVersionLookup = () => Promise<LatestVersion>;

interface NpmConfig {
  registry: string;
  offline: boolean;
}

/** The registry npm is configured with (the public one when npm cannot say), and its `offline` setting. */
export async function npmConfig(timeoutMs = LOOKUP_TIMEOUT_MS): Promise<NpmConfig> {
  const known = configFromLaunchingNpm(process.env);
  if (known) return known;
  const text = await npmConfigGet(timeoutMs);
  const value = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(text)?.[1]?.trim();
  const registry = value('registry') ?? '';
  return {
    registry: /^https?:\/\//.test(registry) ? registry : DEFAULT_REGISTRY,
    offline: value('offline') === 'true',
  };
}

/** `npm config get registry offline` as npm prints it; empty when npm fails or takes too long. */
function npmConfigGet(timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['config', 'get', 'registry', 'offline'],
      {
        timeout: timeoutMs,
        env: { ...process.env, npm_config_update_notifier: 'false' },
        // npm is npm.cmd there, which only a shell runs; the arguments are fixed words.
        shell: process.platform === 'win32',
        windowsHide: true,
      },
      (error, stdout) => resolve(error ? '' : String(stdout)),
    ).stdin?.end();
  });
}

/**
 * What npm says without asking it, when npm itself started this run (`npx`, `npm exec`, a
 * script): it hands every setting that is not at its default to the processes it starts as
 * `npm_config_<key>`, so a registry or offline setting it has is there, and one that is not is
 * the default. Undefined when npm did not start the run, or a value is not one npm would hand on.
 */
export function configFromLaunchingNpm(env: NodeJS.ProcessEnv): NpmConfig | undefined {
  if (!env.npm_config_user_agent?.startsWith('npm/') || env.npm_config_global_prefix === undefined) return undefined;
  const setting = (key: string): string | undefined | null => {
    const names = Object.keys(env).filter((k) => k.toLowerCase() === `npm_config_${key}`);
    return names.length > 1 ? null : names.length === 1 ? env[names[0]!] : undefined;
  };
  const registry = setting('registry');
  const offline = setting('offline');
  if (registry === null || offline === null) return undefined;
  if (registry !== undefined && !/^https?:\/\//.test(registry)) return undefined;
  if (offline !== undefined && !['true', 'false', ''].includes(offline)) return undefined;
  return { registry: registry ?? DEFAULT_REGISTRY, offline: offline === 'true' };
}

/** The URL of a package's document on a registry (`@scope/name` as `@scope%2fname`). */
export function packageDocumentUrl(registry: string, name: string): string {
  const base = registry.endsWith('/') ? registry : `${registry}/`;
  return `${base}${name.replace('/', '%2f')}`;
}

/** `dist-tags.latest` of the framework on the configured registry, within the timeout. */
export async function latestFrameworkVersion(timeoutMs = LOOKUP_TIMEOUT_MS): Promise<LatestVersion> {
  const started = Date.now();
  let registry = DEFAULT_REGISTRY;
  try {
    const config = await npmConfig(timeoutMs);
    if (config.offline) return { ok: false, offline: true, reason: 'npm is configured offline' };
    registry = config.registry;
    const left = Math.max(500, timeoutMs - (Date.now() - started));
    const response = await fetch(packageDocumentUrl(registry, FRAMEWORK), {
      headers: { accept: 'application/vnd.npm.install-v1+json' },
      signal: AbortSignal.timeout(left),
    });
    if (!response.ok) return { ok: false, reason: `${registry} answered ${response.status}` };
    const doc = (await response.json()) as { 'dist-tags'?: { latest?: unknown } };
    const latest = doc['dist-tags']?.latest;
    if (typeof latest !== 'string' || !semver.valid(latest)) {
      return { ok: false, reason: `${registry} gave no latest version of ${FRAMEWORK}` };
    }
    return { ok: true, version: latest, registry };
  } catch (e) {
    const cause = e instanceof Error ? (e.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : e.message) : '';
    return { ok: false, reason: `${registry} could not be reached${cause ? ` (${cause})` : ''}` };
  }
}
