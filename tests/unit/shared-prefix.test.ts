import { describe, expect, it } from 'vitest';
import { sharedPrefix } from '../../src/registration/definitions.js';

// The word-list reading sharedPrefix had before it compared names in place, kept here as the
// reference the in-place one must agree with on any input.
function referenceSharedPrefix(names: string[], packagePrefix?: string): string | undefined {
  const own = names.filter((n) => n.includes('_') && !n.startsWith('template_')).map((n) => n.split('_'));
  if (own.length === 0) return undefined;
  const heads = own.map((words) => words[0]!);
  if (!heads.every((h) => h === heads[0])) return undefined;
  const common2 = (a: string[], b: string[]) => {
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return a.slice(0, i);
  };
  let common = own[0]!.slice(0, -1);
  for (const words of own) common = common2(common, words.slice(0, -1));
  const withPackage = packagePrefix ? common2(common, packagePrefix.split('_')) : [];
  return withPackage.length > 0 ? withPackage.join('_') : heads[0];
}

/** A small seeded generator, so a failure names the case that made it. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { int, pick, chance: (p: number) => next() < p };
}

type Rng = ReturnType<typeof random>;

const WORDS = ['acme', 'find', 'items', 'get', 'v2', '2fa', 'x', 'ab', 'item0001', 'template', 'a'];
const ODD = ['_', '-', '__', 'A', 'é', 'ß', ' ', '.', '0'];

function someName(r: Rng): string {
  if (r.chance(0.15)) {
    let odd = '';
    for (let i = 0, n = 1 + r.int(8); i < n; i++) odd += r.pick([...WORDS, ...ODD]);
    return odd;
  }
  const words = Array.from({ length: 1 + r.int(4) }, () => r.pick(WORDS));
  if (r.chance(0.5)) words.unshift(...r.pick(['acme', 'acme_find', 'ac', 'template']).split('_'));
  return words.join(r.chance(0.85) ? '_' : '-');
}

describe('sharedPrefix compared in place', () => {
  it('gives what the word lists give, with and without a package prefix', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const r = random(seed * 104729);
      const names = Array.from({ length: r.int(6) }, () => someName(r));
      const pkg = r.pick([undefined, '', 'acme', 'acme_find', 'acme_find_items_x', 'ac', 'acme__find', '_acme', 'x']);
      expect(sharedPrefix(names, pkg), `seed ${seed}: ${JSON.stringify({ names, pkg })}`).toBe(
        referenceSharedPrefix(names, pkg),
      );
    }
  });

  it('keeps the longest word prefix the tools share with the package', () => {
    expect(sharedPrefix(['acme_catalog_find_items', 'acme_catalog_get_item'], 'acme_catalog')).toBe('acme_catalog');
    expect(sharedPrefix(['acme_catalog_find_items', 'acme_catalog_get_item'])).toBe('acme');
    expect(sharedPrefix(['acme_find', 'other_get'])).toBeUndefined();
    expect(sharedPrefix(['template_echo', 'solo'])).toBeUndefined();
    expect(sharedPrefix(['_a_b', '_a_c'], '_a')).toBe('_a');
  });
});
