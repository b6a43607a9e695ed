/**
 * Every version of the framework the registry npm would install it from serves, read off the
 * package's abbreviated document (`application/vnd.npm.install-v1+json`, what npm itself asks
 * for), so that `upgrade --to` is checked against what exists before anything is planned. The
 * registry is chosen and npm's `offline` honoured as for init's look-up (registry.ts).
 */

import validVersion from 'semver/functions/valid.js';
import { FRAMEWORK } from '../project/package-names.js';
import { httpGet } from './http-get.js';
import { npmConfig, packageDocumentUrl } from './registry.js';

/** The document lists every version ever published: a slow registry is given longer than init's look-up. */
const VERSIONS_TIMEOUT_MS = 10_000;

export type PublishedVersions =
  /** `versions`: empty when the registry does not have the package at all (404). */
  | { ok: true; versions: string[]; registry: string }
  /** `offline`: npm is configured not to use the network, so it was not asked. */
  | { ok: false; reason: string; registry?: string; offline?: boolean };

/** Looks the published versions up; injected into the command so tests choose the answer. */
export type PublishedVersionsLookup = () => Promise<PublishedVersions>;

function versionsOf(text: string): string[] | undefined {
  try {
    const versions = (JSON.parse(text) as { versions?: unknown } | null)?.versions;
    if (typeof versions !== 'object' || versions === null || Array.isArray(versions)) return undefined;
    return Object.keys(versions).filter((v) => validVersion(v) === v);
  } catch {
    return undefined;
  }
}

/** The framework's published versions on the registry npm is configured with. */
export async function publishedFrameworkVersions(timeoutMs = VERSIONS_TIMEOUT_MS): Promise<PublishedVersions> {
  let registry: string | undefined;
  try {
    const config = npmConfig();
    registry = config.scopeRegistry ?? config.registry;
    if (config.offline) return { ok: false, offline: true, registry, reason: 'npm is configured offline' };
    const response = await httpGet(
      packageDocumentUrl(registry, FRAMEWORK),
      { accept: 'application/vnd.npm.install-v1+json' },
      timeoutMs,
    );
    if (response.status === 404) return { ok: true, versions: [], registry };
    if (!response.ok) return { ok: false, registry, reason: `${registry} answered ${response.status}` };
    const versions = versionsOf(response.text);
    if (!versions) return { ok: false, registry, reason: `${registry} sent no list of ${FRAMEWORK}'s versions` };
    return { ok: true, versions, registry };
  } catch (e) {
    const cause = e instanceof Error ? e.message : String(e);
    const where = registry ?? 'the registry';
    return { ok: false, ...(registry ? { registry } : {}), reason: `${where} could not be reached (${cause})` };
  }
}
