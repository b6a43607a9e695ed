/**
 * The newest framework release the npm registry serves, for init's default range. The registry
 * is the one npm itself would install the framework from: `@cyanheads:registry` when set, else
 * `registry` (`npm config get`, which honours .npmrc files and `npm_config_*`), asked for the
 * package's dist-tags (else its abbreviated document) with a short timeout: a slow or
 * unreachable registry must not hold init up, and the caller falls back to the pinned version
 * and says so.
 *
 * Both answers are kept in the user's cache folder: npm's under a key of everything it read
 * (src/init/npm-config-key.ts), the registry's as HTTP caching allows (src/init/http-freshness.ts).
 */

import validVersion from 'semver/functions/valid.js';
import { childProcess } from '../engine/child-process.js';
import { FRAMEWORK } from '../project/package-names.js';
import { DAY_MS } from '../startup/private-file.js';
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
import { npmConfigKey } from './npm-config-key.js';

export const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

/** How long the whole look-up may take before init goes on with the pinned version. */
export const LOOKUP_TIMEOUT_MS = 3000;

/** Where an answer came from: asked now, a kept one still fresh, or a kept one the registry confirmed (304). */
export type AnswerSource = 'registry' | 'cache' | 'revalidated';

export type LatestVersion =
  | { ok: true; version: string; registry: string; from?: AnswerSource; checkedAt?: string }
  /** `offline`: npm is configured not to use the network, so it was not asked. */
  | { ok: false; reason: string; offline?: boolean };

/** Looks the newest release up; injected into the command so tests choose the answer. */
export type LatestVersionLookup = () => Promise<LatestVersion>;

/** The framework's scope, whose registry setting npm uses for it before `registry`. */
const SCOPE = FRAMEWORK.split('/')[0]!;

export interface NpmConfig {
  registry: string;
  offline: boolean;
  /** `@cyanheads:registry`, when set. */
  scopeRegistry?: string;
}

const isConfig = (v: unknown): v is NpmConfig =>
  typeof (v as NpmConfig)?.registry === 'string' &&
  typeof (v as NpmConfig).offline === 'boolean' &&
  ['string', 'undefined'].includes(typeof (v as NpmConfig).scopeRegistry);

/** npm's answers, by the key of what npm read; a day at most, in case npm reads something the key misses. */
const npmAnswers = new AnswerStore<NpmConfig & { until: number }>(
  'npm-config',
  (v): v is NpmConfig & { until: number } => isConfig(v) && typeof (v as { until?: unknown }).until === 'number',
);

const httpUrl = (value: string | undefined) => (value && /^https?:\/\//.test(value) ? value : undefined);

/** npm's registry, offline and scope registry settings, as `npm config get` prints them. */
function parseNpmConfig(text: string): NpmConfig {
  const value = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(text)?.[1]?.trim();
  const scopeRegistry = httpUrl(value(`${SCOPE}:registry`));
  return {
    registry: httpUrl(value('registry')) ?? DEFAULT_REGISTRY,
    offline: value('offline') === 'true',
    ...(scopeRegistry ? { scopeRegistry } : {}),
  };
}

/**
 * What npm is configured with (the public registry when npm cannot say): offline straight from
 * the environment when npm started the run and handed it on; else npm's kept answer while
 * nothing it reads changed; else npm asked, and its answer kept.
 */
export async function npmConfig(
  timeoutMs = LOOKUP_TIMEOUT_MS,
  cwd = process.cwd(),
  signal?: AbortSignal,
): Promise<NpmConfig> {
  const env = { ...process.env, npm_config_update_notifier: 'false' };
  if (configFromLaunchingNpm(process.env)?.offline) return { registry: DEFAULT_REGISTRY, offline: true };
  const key = npmConfigKey(cwd, env);
  const kept = key ? npmAnswers.get(key) : undefined;
  if (kept && Date.now() < kept.until && kept.until - Date.now() <= DAY_MS) {
    const { until: _, ...config } = kept;
    return config;
  }
  const text = await npmConfigGet(timeoutMs, env, cwd, signal);
  const config = parseNpmConfig(text);
  if (key && text.includes('registry=')) npmAnswers.set(key, { ...config, until: Date.now() + DAY_MS });
  return config;
}

/** `npm config get registry offline @scope:registry` as npm prints it; empty when npm fails or takes too long. */
function npmConfigGet(timeoutMs: number, env: NodeJS.ProcessEnv, cwd: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve) => {
    childProcess()
      .execFile(
        'npm',
        ['config', 'get', 'registry', 'offline', `${SCOPE}:registry`],
        {
          cwd,
          timeout: timeoutMs,
          ...(signal ? { signal } : {}),
          env,
          // npm is npm.cmd there, which only a shell runs; the arguments are fixed words.
          shell: process.platform === 'win32',
          windowsHide: true,
        },
        (error, stdout) => resolve(error ? '' : String(stdout)),
      )
      .stdin?.end();
  });
}

/**
 * What npm says without asking it, when npm itself started this run (`npx`, `npm exec`, a
 * script): it hands every setting that is not at its default to the processes it starts as
 * `npm_config_<key>`, so a registry or offline setting it has is there, and one that is not is
 * the default. Scoped settings (`@scope:registry`) it does not hand on, so a look-up that is
 * not offline still asks npm for those. Undefined when npm did not start the run, or a value is
 * not one npm would hand on.
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
 * Where `latest` is read from: the package's dist-tags (20 bytes here, answered some 20 ms sooner
 * than the 33 KB abbreviated document), or the document itself (`dist-tags.latest`), which
 * every registry serves, for one whose dist-tags cannot be read.
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
async function askRegistry(registry: string, timeoutMs: number, signal?: AbortSignal): Promise<LatestVersion> {
  const started = Date.now();
  const [tags, doc] = SOURCES;
  const viaDocument =
    registryAnswers.get(doc.url(registry, FRAMEWORK)) && !registryAnswers.get(tags.url(registry, FRAMEWORK));
  if (!viaDocument) {
    const asked = await askSource(tags, registry, timeoutMs, signal);
    if (!('unread' in asked)) return asked;
  }
  const left = Math.max(500, timeoutMs - (Date.now() - started));
  const asked = await askSource(doc, registry, left, signal);
  return 'unread' in asked ? { ok: false, reason: asked.reason } : asked;
}

/** `latest` from one source: kept while fresh, else asked (conditionally when kept). */
async function askSource(
  source: (typeof SOURCES)[number],
  registry: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Asked> {
  const url = source.url(registry, FRAMEWORK);
  const kept = registryAnswers.get(url);
  const now = Date.now();
  // A clock set back makes a kept answer look fresh for too long: asked again instead.
  if (kept && now < kept.freshUntil && kept.checkedAt <= now)
    return answer(kept.version, registry, 'cache', kept.checkedAt);
  const response = await httpGet(url, { accept: source.accept, ...conditionalHeaders(kept) }, timeoutMs, signal);
  const freshness = freshnessOf(response.headers, Date.now());
  const keep = (version: string, v: Validators): KeptAnswer | undefined =>
    worthKeeping(freshness, v, Date.now())
      ? { version, ...v, checkedAt: now, freshUntil: freshness.freshUntil }
      : undefined;
  if (response.status === 304 && kept) {
    // A 304 may leave out validators that did not change.
    registryAnswers.set(
      url,
      keep(kept.version, { ...validators(kept.etag, kept.lastModified), ...validatorsOf(response.headers) }),
    );
    return answer(kept.version, registry, 'revalidated', now);
  }
  const unread = (reason: string): Asked => {
    registryAnswers.set(url, undefined);
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
  registryAnswers.set(url, keep(latest, validatorsOf(response.headers)));
  return answer(latest, registry, 'registry', now);
}

/**
 * `dist-tags.latest` of the framework on the registry npm would install it from, within the
 * timeout; `signal` abandons the look-up (its npm and its request), for a run that ended without
 * needing it.
 */
export async function latestFrameworkVersion(
  timeoutMs = LOOKUP_TIMEOUT_MS,
  signal?: AbortSignal,
): Promise<LatestVersion> {
  const started = Date.now();
  let registry = DEFAULT_REGISTRY;
  try {
    const config = await npmConfig(timeoutMs, process.cwd(), signal);
    signal?.throwIfAborted();
    if (config.offline) return { ok: false, offline: true, reason: 'npm is configured offline' };
    registry = config.scopeRegistry ?? config.registry;
    return await askRegistry(registry, Math.max(500, timeoutMs - (Date.now() - started)), signal);
  } catch (e) {
    const cause = e instanceof Error ? (e.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : e.message) : '';
    return { ok: false, reason: `${registry} could not be reached${cause ? ` (${cause})` : ''}` };
  }
}
