/** The HTTP freshness rules a registry's headers give init's kept answer, decided without a network. */

import { describe, expect, it } from 'vitest';
import { cacheControl, freshnessOf, worthKeeping } from '../../src/init/http-freshness.js';

const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name.toLowerCase()] ?? null });

describe('HTTP freshness of a registry answer', () => {
  const now = 1_000_000;
  it('max-age less Age; no-cache and no max-age revalidate; no-store keeps nothing', () => {
    expect(cacheControl('public, Max-Age="300", no-transform').get('max-age')).toBe('300');
    expect(freshnessOf(headers({ 'cache-control': 'public, max-age=300', age: '100' }), now).freshUntil).toBe(
      now + 200_000,
    );
    expect(freshnessOf(headers({ 'cache-control': 'max-age=300', age: '400' }), now).freshUntil).toBe(now);
    expect(freshnessOf(headers({ 'cache-control': 'no-cache, max-age=300' }), now).freshUntil).toBe(now);
    const none = freshnessOf(headers({}), now);
    expect(worthKeeping(none, {}, now)).toBe(false);
    expect(worthKeeping(none, { etag: '"x"' }, now)).toBe(true);
    expect(
      worthKeeping(freshnessOf(headers({ 'cache-control': 'no-store, max-age=300' }), now), { etag: '"x"' }, now),
    ).toBe(false);
  });
});
