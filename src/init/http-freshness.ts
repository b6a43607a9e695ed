/**
 * HTTP caching as a private cache does it, for one small answer: how long a response may be
 * reused without asking again (its `Cache-Control: max-age`, less the `Age` a shared cache in
 * front already spent), whether it may be kept at all (`no-store`), and the validators that let
 * a stale one be revalidated (`If-None-Match`, `If-Modified-Since`, answered by a 304 without the
 * document). Without a max-age, or with `no-cache`, a kept answer is revalidated on every use:
 * guessing a lifetime from Last-Modified (which HTTP allows) would keep an answer the registry
 * did not say could be kept.
 */

import type { HeaderLookup } from './http-get.js';

export interface Validators {
  etag?: string;
  lastModified?: string;
}

export interface Freshness {
  /** `no-store`: the answer must not be kept (and a kept one is forgotten). */
  noStore: boolean;
  /** Until when (ms since the epoch) it may be used without asking. */
  freshUntil: number;
}

/** The directives of a Cache-Control header, names in lower case, values unquoted. */
export function cacheControl(header: string | null): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...rest] = part.split('=');
    const key = name?.trim().toLowerCase();
    if (key)
      directives.set(
        key,
        rest
          .join('=')
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
  }
  return directives;
}

const seconds = (value: string | undefined | null) =>
  value !== undefined && value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;

/** What the response's headers allow, at `now`. */
export function freshnessOf(headers: HeaderLookup, now: number): Freshness {
  const directives = cacheControl(headers.get('cache-control'));
  const maxAge = directives.has('no-cache') ? undefined : seconds(directives.get('max-age'));
  const age = seconds(headers.get('age')) ?? 0;
  const freshUntil = maxAge === undefined ? now : now + Math.max(0, maxAge - age) * 1000;
  return { noStore: directives.has('no-store'), freshUntil };
}

/** Whether an answer is worth keeping: it may be, and is either fresh for a while or can be revalidated. */
export function worthKeeping(freshness: Freshness, validators: Validators, now: number): boolean {
  if (freshness.noStore) return false;
  return freshness.freshUntil > now || validators.etag !== undefined || validators.lastModified !== undefined;
}

/** The validators given, without the missing ones. */
export function validators(etag: string | null | undefined, lastModified: string | null | undefined): Validators {
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}

export const validatorsOf = (headers: HeaderLookup) => validators(headers.get('etag'), headers.get('last-modified'));

/** The conditional request headers for a kept answer. */
export function conditionalHeaders(kept: Validators | undefined): Record<string, string> {
  return {
    ...(kept?.etag ? { 'if-none-match': kept.etag } : {}),
    ...(kept?.lastModified ? { 'if-modified-since': kept.lastModified } : {}),
  };
}
