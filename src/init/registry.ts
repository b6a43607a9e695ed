/**
 * The newest framework release the npm registry serves, for init's default range. The registry
 * is the one npm itself would install the framework from: `@cyanheads:registry` when set, else
 * `registry`, asked for the package's dist-tags (else its abbreviated document) with a short
 * timeout: a slow or unreachable registry must not hold init up, and the caller falls back to the
 * pinned version and says so. Its answer is kept in the user's cache folder as HTTP caching
 * allows (src/init/http-freshness.ts).
 */

import npmConf from '@pnpm/npm-conf';
import validVersion from 'semver/functions/valid.js';
import { FRAMEWORK } from '../project/package-names.js';
import { AnswerStore } from './answer-store.js';
import {
  conditionalHeaders,
  freshnessOf,
  type Validators,
  validators,
  validatorsOf,
  worthKeeping,
} from './http-freshness.js';
import { httpGet } from './http-get.js';

export const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

/** How long the whole look-up may take before init goes on with the pinned version. */
export const LOOKUP_TIMEOUT_MS = 3000;

/** Where an answer came from: asked now, a kept one still fresh, or a kept one the registry confirmed (304). */
export type AnswerSource = 'registry' | 'cache' | 'revalidated';

export type LatestVersion =
  | { ok: true; version: string; registry: string; from?: AnswerSource; checkedAt?: string }
  /** `offline`: npm is configured not to use the network, so it was not asked. */
  | { ok: false; reason: string; offline?: boolean };

/** How a look-up goes: `keep` false (a dry run) keeps no answer in the user's cache folder. */
export interface LookupOptions {
  keep?: boolean;
  timeoutMs?: number;
}

/** Looks the newest release up; injected into the command so tests choose the answer. */
export type LatestVersionLookup = (options?: LookupOptions) => Promise<LatestVersion>;

/** The framework's scope, whose registry setting npm uses for it before `registry`. */
const SCOPE = FRAMEWORK.split('/')[0]!;

export interface NpmConfig {
  registry: string;
  offline: boolean;
  /** `@cyanheads:registry`, when set. */
  scopeRegistry?: string;
}

const httpUrl = (value: unknown) => (typeof value === 'string' && /^https?:\/\//.test(value) ? value : undefined);

/**
 * What npm is configured with in this folder, read as npm reads it (its builtin, global, user and
 * project npmrc files and `npm_config_*` variables) by pnpm's reader of npm's configuration,
 * without starting npm. The public registry where a setting is not an http(s) URL.
 */
export function npmConfig(): NpmConfig {
  const { config } = npmConf();
  const scopeRegistry = httpUrl(config.get(`${SCOPE}:registry`));
  return {
    registry: httpUrl(config.get('registry')) ?? DEFAULT_REGISTRY,
    offline: config.get('offline') === true,
    ...(scopeRegistry ? { scopeRegistry } : {}),
  };
}

/** The URL of a package's document on a registry (`@scope/name` as `@scope%2fname`). */
export function packageDocumentUrl(registry: string, name: string): string {
  const base = registry.endsWith('/') ? registry : `${registry}/`;
  return `${base}${name.replace('/', '%2f')}`;
}

/** A registry answer kept as HTTP caching allows: the version, when it was asked, its validators. */
interface KeptAnswer extends Validators {
  version: string;
  checkedAt: number;
  freshUntil: number;
}

const registryAnswers = new AnswerStore<KeptAnswer>(
  'registry-answers',
  (v): v is KeptAnswer =>
    typeof (v as KeptAnswer)?.version === 'string' &&
    validVersion((v as KeptAnswer).version) !== null &&
    typeof (v as KeptAnswer).checkedAt === 'number' &&
    typeof (v as KeptAnswer).freshUntil === 'number',
);

const answer = (version: string, registry: string, from: AnswerSource, checkedAt: number): LatestVersion => ({
  ok: true,
  version,
  registry,
  from,
  checkedAt: new Date(checkedAt).toISOString(),
});

/** The URL of a package's dist-tags on a registry (what `npm dist-tag ls` reads): `{"latest": "1.2.3", …}`. */
export function distTagsUrl(registry: string, name: string): string {
  const base = registry.endsWith('/') ? registry : `${registry}/`;
  return `${base}-/package/${name.replace('/', '%2f')}/dist-tags`;
}

/**
 * Where `latest` is read from: the package's dist-tags (a few bytes, answered sooner than the
 * package's abbreviated document), or the document itself (`dist-tags.latest`), which every
 * registry serves, for one whose dist-tags cannot be read.
 */
const SOURCES = [
  { url: distTagsUrl, accept: 'application/json', latest: (doc: unknown) => (doc as { latest?: unknown })?.latest },
  {
    url: packageDocumentUrl,
    accept: 'application/vnd.npm.install-v1+json',
    latest: (doc: unknown) => (doc as { 'dist-tags'?: { latest?: unknown } })?.['dist-tags']?.latest,
  },
] as const;

type Asked = LatestVersion | { ok: false; reason: string; unread: true };

/**
 * The registry's `dist-tags.latest` for the framework: from its dist-tags, or from its document
 * where those answer with an error or without a version (a registry that lacks them). Each
 * answer is kept under the URL it came from; a kept one of the document says the dist-tags
 * could not be read, and the document is asked straight away.
 */
async function askRegistry(registry: string, timeoutMs: number, keep: boolean): Promise<LatestVersion> {
  const started = Date.now();
  const [tags, doc] = SOURCES;
  const viaDocument =
    registryAnswers.get(doc.url(registry, FRAMEWORK)) && !registryAnswers.get(tags.url(registry, FRAMEWORK));
  if (!viaDocument) {
    const asked = await askSource(tags, registry, timeoutMs, keep);
    if (!('unread' in asked)) return asked;
  }
  const left = Math.max(500, timeoutMs - (Date.now() - started));
  const asked = await askSource(doc, registry, left, keep);
  return 'unread' in asked ? { ok: false, reason: asked.reason } : asked;
}

/** `latest` from one source: kept while fresh, else asked (conditionally when kept). */
async function askSource(
  source: (typeof SOURCES)[number],
  registry: string,
  timeoutMs: number,
  keep: boolean,
): Promise<Asked> {
  const url = source.url(registry, FRAMEWORK);
  const kept = registryAnswers.get(url);
  const store = (key: string, value: KeptAnswer | undefined) => {
    if (keep) registryAnswers.set(key, value);
  };
  const now = Date.now();
  // A clock set back makes a kept answer look fresh for too long: asked again instead.
  if (kept && now < kept.freshUntil && kept.checkedAt <= now)
    return answer(kept.version, registry, 'cache', kept.checkedAt);
  const response = await httpGet(url, { accept: source.accept, ...conditionalHeaders(kept) }, timeoutMs);
  const freshness = freshnessOf(response.headers, Date.now());
  const keptAnswer = (version: string, v: Validators): KeptAnswer | undefined =>
    worthKeeping(freshness, v, Date.now())
      ? { version, ...v, checkedAt: now, freshUntil: freshness.freshUntil }
      : undefined;
  if (response.status === 304 && kept) {
    // A 304 may leave out validators that did not change.
    store(
      url,
      keptAnswer(kept.version, { ...validators(kept.etag, kept.lastModified), ...validatorsOf(response.headers) }),
    );
    return answer(kept.version, registry, 'revalidated', now);
  }
  const unread = (reason: string): Asked => {
    store(url, undefined);
    return { ok: false, reason, unread: true };
  };
  if (!response.ok) return unread(`${registry} answered ${response.status}`);
  let latest: unknown;
  try {
    latest = source.latest(JSON.parse(response.text));
  } catch {
    latest = undefined;
  }
  if (typeof latest !== 'string' || !validVersion(latest))
    return unread(`${registry} gave no latest version of ${FRAMEWORK}`);
  store(url, keptAnswer(latest, validatorsOf(response.headers)));
  return answer(latest, registry, 'registry', now);
}

/**
 * `dist-tags.latest` of the framework on the registry npm would install it from, within the
 * timeout; the answer is kept as HTTP caching allows unless `keep` is false.
 */
export async function latestFrameworkVersion({
  keep = true,
  timeoutMs = LOOKUP_TIMEOUT_MS,
}: LookupOptions = {}): Promise<LatestVersion> {
  const started = Date.now();
  let registry = DEFAULT_REGISTRY;
  try {
    const config = npmConfig();
    if (config.offline) return { ok: false, offline: true, reason: 'npm is configured offline' };
    registry = config.scopeRegistry ?? config.registry;
    return await askRegistry(registry, Math.max(500, timeoutMs - (Date.now() - started)), keep);
  } catch (e) {
    const cause = e instanceof Error ? (e.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : e.message) : '';
    return { ok: false, reason: `${registry} could not be reached${cause ? ` (${cause})` : ''}` };
  }
}
