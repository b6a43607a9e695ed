/**
 * Which project file a module specifier names, seen from a given file: `./x.js` and `@/x.js`
 * (the framework's tsconfig alias for src/) map to `.ts` sources; folders to their index.ts.
 * Package specifiers name no project file.
 */

import path from 'node:path';
import type { Tree } from '../engine/tree.js';

/** `./` and then segments that are neither empty, `.` nor `..`. */
const CLEAN_LOCAL = /^\.\/(?:(?!\.\.?(?:\/|$))[^/]+\/)*(?!\.\.?$)[^/]+$/;

export function resolveModuleFile(tree: Tree, fromFile: string, specifier: string): string | undefined {
  return moduleCandidates(fromFile, specifier).find((c) => tree.isFile(c));
}

/** The project files a specifier may name, seen from a file, in the order they are tried; none for a package. */
export function moduleCandidates(fromFile: string, specifier: string): string[] {
  let base: string;
  if (specifier.startsWith('@/')) base = `src/${specifier.slice(2)}`;
  else if (CLEAN_LOCAL.test(specifier)) {
    // `./a/b.js` below the file's folder, as most are: joined as path.join would, without its work.
    const dir = fromFile.includes('/') ? fromFile.slice(0, fromFile.lastIndexOf('/')) : '';
    base = dir ? `${dir}/${specifier.slice(2)}` : specifier.slice(2);
  } else if (specifier.startsWith('./') || specifier.startsWith('../')) {
    base = path.posix.join(path.posix.dirname(fromFile), specifier);
  } else return [];
  const candidates = /\.[mc]?js$/.test(base)
    ? [base.replace(/\.([mc]?)js$/, '.$1ts'), base.replace(/\.js$/, '.tsx'), base]
    : /\.[mc]?tsx?$/.test(base)
      ? [base]
      : [`${base}.ts`, `${base}/index.ts`];
  return candidates.filter((c) => !c.startsWith('../'));
}

/** `src/a/b.ts` as seen from `src/index.ts`: `./a/b.js`, or `@/a/b.js` in alias style. */
export function moduleSpecifier(fromFile: string, toFile: string, style: 'relative' | 'alias'): string {
  const target = toFile.replace(/\.ts$/, '.js');
  if (style === 'alias') return `@/${path.posix.relative('src', target)}`;
  const rel = path.posix.relative(path.posix.dirname(fromFile), target);
  return rel.startsWith('.') ? rel : `./${rel}`;
}
