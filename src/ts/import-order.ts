/**
 * Biome's organizeImports order (2.x), so that an inserted import lands where `biome check` would
 * put it. Read off Biome 2.5.4's own output (tests/unit/import-order.test.ts holds that output):
 * sources fall into groups (protocol packages, packages, aliases, parent paths farthest first,
 * then `./` paths), and within a group characters rank `/` < `.` < `_` < `-` < other
 * punctuation < digits (compared as numbers) < letters (case-insensitive, upper case first).
 */

function group(source: string): number {
  if (/^[a-z]+:/.test(source)) return 0; // node:, bun:, npm: …
  if (/^[#~@$%]\//.test(source) || source.startsWith('#')) return 2; // aliases: @/, ~/, #x
  if (source.startsWith('../')) return 3;
  if (source.startsWith('./') || source === '.') return 5;
  if (source.startsWith('/')) return 4;
  return 1; // bare and scoped packages
}

/** Parent paths sort farthest first: ../../x before ../x. */
function parentDepth(source: string): number {
  return (source.match(/\.\.\//g) ?? []).length;
}

function charRank(c: string): number {
  if (c === '/') return 0;
  if (c === '.') return 1;
  if (c === '_') return 2;
  if (c === '-') return 3;
  if (c >= '0' && c <= '9') return 5;
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return 6;
  return 4;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** Where the run of digits that starts at `i` ends. */
function digitsEnd(s: string, i: number): number {
  let end = i;
  while (isDigit(s[end])) end++;
  return end;
}

function compareText(a: string, b: string): number {
  // What both begin with compares equal, but for a run of digits it ends in (compared as a number):
  // a thousand specifiers that share './mcp-server/tools/definitions/' are compared from there.
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  while (start > 0 && isDigit(a[start - 1])) start--;
  let i = start;
  let j = start;
  while (i < a.length && j < b.length) {
    const ca = a[i]!;
    const cb = b[j]!;
    const ra = charRank(ca);
    const rb = charRank(cb);
    if (ra !== rb) return ra - rb;
    if (ra === 5) {
      // Natural order: compare whole digit runs as numbers.
      const ea = digitsEnd(a, i);
      const eb = digitsEnd(b, j);
      const na = Number(a.slice(i, ea));
      const nb = Number(b.slice(j, eb));
      if (na !== nb) return na - nb;
      i = ea;
      j = eb;
      continue;
    }
    if (ra === 6) {
      const la = ca.toLowerCase();
      const lb = cb.toLowerCase();
      if (la !== lb) return la < lb ? -1 : 1;
      if (ca !== cb) return ca === la ? 1 : -1; // upper case first
    } else if (ca !== cb) {
      return ca < cb ? -1 : 1;
    }
    i++;
    j++;
  }
  return a.length - i - (b.length - j);
}

export function compareImportSources(a: string, b: string): number {
  const ga = group(a);
  const gb = group(b);
  if (ga !== gb) return ga - gb;
  if (ga === 3 && parentDepth(a) !== parentDepth(b)) return parentDepth(b) - parentDepth(a);
  // Natural order ties `a2` with `a02`; plain code-unit order decides between different sources.
  return compareText(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
