/**
 * Where a server uses something a framework release changed: imports of names from the framework,
 * code that matches a pattern, dependencies whose range a new peer floor leaves behind, keys in
 * its `.env` files. Read off the planned tree (after the migrations), as file and line, for the
 * warnings of breaking changes that have no codemod. Patterns are read on the text with comments
 * blanked out, so a comment that mentions a name is not a use of it.
 */

import semver from 'semver';
import type { Tree } from '../engine/tree.js';
import { FRAMEWORK } from '../project/project.js';
import { sourceFiles } from './migration.js';

export interface Site {
  path: string;
  line: number;
  /** What is there, where the line alone does not say (`better-sqlite3 ^12.0.0`). */
  what?: string;
}

/** The text with each comment replaced by spaces (line breaks kept), so offsets and lines stay. */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|(['"`])(?:\\.|(?!\1)[^\\\n])*\1/g, (m) =>
    m.startsWith('/') ? m.replace(/[^\n]/g, ' ') : m,
  );
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

export class UsageScan {
  private readonly sources: { path: string; text: string }[];

  constructor(private readonly tree: Tree) {
    this.sources = sourceFiles(tree).map((p) => ({ path: p, text: withoutComments(tree.read(p) ?? '') }));
  }

  /** Each place `pattern` (global) matches in src/ and tests/, or in the files `only` keeps. */
  matches(pattern: RegExp, only: (file: string) => boolean = () => true): Site[] {
    const sites: Site[] = [];
    for (const { path, text } of this.sources) {
      if (!only(path)) continue;
      for (const m of text.matchAll(pattern)) sites.push({ path, line: lineAt(text, m.index) });
    }
    return sites;
  }

  /** Each import that binds one of `names` from the framework or one of its entries. */
  imports(names: readonly string[]): Site[] {
    const sites: Site[] = [];
    const from = new RegExp(`import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${FRAMEWORK}(?:/[\\w/.-]+)?['"]`, 'g');
    for (const { path, text } of this.sources) {
      for (const m of text.matchAll(from)) {
        const bound = m[1]!.split(',').map(
          (s) =>
            s
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!,
        );
        if (bound.some((b) => names.includes(b))) sites.push({ path, line: lineAt(text, m.index) });
      }
    }
    return sites;
  }

  /** Each dependency package.json declares (any of its four maps), with its line. */
  private dependencies(): (Site & { name: string; range: string })[] {
    const text = this.tree.read('package.json');
    let pkg: Record<string, unknown>;
    try {
      pkg = JSON.parse(text ?? '') as Record<string, unknown>;
    } catch {
      return [];
    }
    const out: (Site & { name: string; range: string })[] = [];
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
      const deps = pkg[field];
      if (!deps || typeof deps !== 'object') continue;
      for (const [name, range] of Object.entries(deps as Record<string, unknown>)) {
        if (typeof range !== 'string') continue;
        const at = text!.indexOf(`"${name}"`);
        out.push({ path: 'package.json', line: at < 0 ? 1 : lineAt(text!, at), what: `${name} ${range}`, name, range });
      }
    }
    return out;
  }

  /** package.json's declarations of any of `names`. */
  declared(names: readonly string[]): Site[] {
    return this.dependencies()
      .filter((d) => names.includes(d.name))
      .map(({ path, line, what }) => ({ path, line, what }));
  }

  /** package.json's declaration of each of `floors`' packages whose range cannot meet `^floor`. */
  dependenciesBelow(floors: Readonly<Record<string, string>>): Site[] {
    return this.dependencies()
      .filter((d) => {
        const floor = floors[d.name];
        if (!floor || semver.validRange(d.range) === null) return false;
        return !semver.intersects(d.range, `^${floor}`, { includePrerelease: true });
      })
      .map(({ path, line, name, range }) => ({ path, line, what: `${name} ${range}, the floor ^${floors[name]}` }));
  }

  /** Each line of `.env` and `.env.example` that sets one of `keys`. */
  envKeys(keys: readonly string[]): Site[] {
    const sites: Site[] = [];
    for (const file of ['.env', '.env.example']) {
      const text = this.tree.read(file);
      if (text === undefined) continue;
      text.split(/\r?\n/).forEach((line, i) => {
        if (keys.some((k) => new RegExp(`^\\s*(?:export\\s+)?${k}\\s*=`).test(line)))
          sites.push({ path: file, line: i + 1 });
      });
    }
    return sites;
  }
}
