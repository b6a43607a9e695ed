/**
 * Which project file a module specifier names, seen from a given file: `./x.js` and `@/x.js`
 * (the framework's tsconfig alias for src/) map to `.ts` sources; folders to their index.ts.
 * Package specifiers name no project file.
 */

import path from 'node:path';
import type { Tree } from '../engine/tree.js';

export function resolveModuleFile(tree: Tree, fromFile: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = `src/${specifier.slice(2)}`;
  else if (specifier.startsWith('./') || specifier.startsWith('../')) {
    base = path.posix.join(path.posix.dirname(fromFile), specifier);
  } else return undefined;
  const candidates = /\.[mc]?js$/.test(base)
    ? [base.replace(/\.([mc]?)js$/, '.$1ts'), base.replace(/\.js$/, '.tsx'), base]
    : /\.[mc]?tsx?$/.test(base)
      ? [base]
      : [`${base}.ts`, `${base}/index.ts`];
  return candidates.find((c) => !c.startsWith('../') && tree.isFile(c));
}

/** `src/a/b.ts` as seen from `src/index.ts`: `./a/b.js`, or `@/a/b.js` in alias style. */
export function moduleSpecifier(fromFile: string, toFile: string, style: 'relative' | 'alias'): string {
  const target = toFile.replace(/\.ts$/, '.js');
  if (style === 'alias') return `@/${path.posix.relative('src', target)}`;
  const rel = path.posix.relative(path.posix.dirname(fromFile), target);
  return rel.startsWith('.') ? rel : `./${rel}`;
}
