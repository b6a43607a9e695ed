/**
 * ts-morph, loaded on first use: most runs never parse. `createRequire` rather than `import()`,
 * because Node scans a large CommonJS file for named exports when ESM imports it. Files are
 * parsed into an in-memory project: no tsconfig, no program, no disk.
 */

import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';
import { ScaffoldError } from '../engine/errors.js';

export type { TsMorph };

let mod: typeof TsMorph | undefined;
let project: TsMorph.Project | undefined;
let parses = 0;

export function tsMorph(): typeof TsMorph {
  mod ??= createRequire(import.meta.url)('ts-morph') as typeof TsMorph;
  return mod;
}

/**
 * Parses `text` as the file `relPath`; syntax errors become PARSE_ERROR naming file and line,
 * unless `tolerant`: then the tree the parser recovered is read as it is (a reader that only
 * looks for names is still right about the parts that parse).
 */
export function parseSource(relPath: string, text: string, { tolerant = false } = {}): TsMorph.SourceFile {
  const { Project } = tsMorph();
  project ??= new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    // TypeScript's lib .d.ts files serve only type checking, which nothing here does.
    skipLoadingLibFiles: true,
  });
  // Each parse gets a path of its own: ts-morph's overwrite would change the text under an earlier
  // parse of the same file that a caller still walks.
  const where = project.getSourceFile(`/${relPath}`) ? `/${++parses}.parse/${relPath}` : `/${relPath}`;
  const sf = project.createSourceFile(where, text);
  const diagnostics = (sf.compilerNode as unknown as { parseDiagnostics?: TsMorph.ts.DiagnosticWithLocation[] })
    .parseDiagnostics;
  if (!tolerant && diagnostics && diagnostics.length > 0) {
    const first = diagnostics[0]!;
    const line = sf.getLineAndColumnAtPos(first.start).line;
    const message = tsMorph().ts.flattenDiagnosticMessageText(first.messageText, '\n');
    throw new ScaffoldError('PARSE_ERROR', `${relPath} does not parse: line ${line}: ${message}`, {
      hint: `Fix the syntax error in ${relPath} (tsc --noEmit shows it), then run the command again.`,
      details: [{ path: relPath, line, message }],
    });
  }
  return sf;
}

/** A node's text on one line, cut at 60 characters, for messages. */
export function short(node: TsMorph.Node): string {
  const text = node.getText().replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Offsets of each `\n` in a parsed file, found once per parse (keyed by the compiler's node). */
const newlinesByFile = new WeakMap<object, number[]>();

function newlinesOf(sf: TsMorph.SourceFile): number[] {
  let at = newlinesByFile.get(sf.compilerNode);
  if (!at) {
    at = [];
    const text = sf.getFullText();
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) at.push(i);
    newlinesByFile.set(sf.compilerNode, at);
  }
  return at;
}

/**
 * The 1-based line a node starts on, as `node.getStartLineNumber()` counts it (only `\n` ends a
 * line), by binary search in a map made once per file: ts-morph counts from the start of the
 * file on every call, which made reading a thousand entries quadratic.
 */
export function startLine(node: TsMorph.Node): number {
  return lineAt(node.getSourceFile(), node.getStart());
}

/** The 1-based line of offset `pos` in the file, as ts-morph counts lines (`getEndLineNumber()` at a node's end). */
export function lineAt(sf: TsMorph.SourceFile, pos: number): number {
  const newlines = newlinesOf(sf);
  let lo = 0;
  let hi = newlines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (newlines[mid]! < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

/** ts-morph's internal way from a compiler node to its wrapper: its ancestors are wrapped, nothing else. */
type Wrapping = { _getNodeFromCompilerNode?: (node: TsMorph.ts.Node) => TsMorph.Node };

/**
 * ts-morph's node for a compiler node of `sf`. Locating on the compiler's nodes and wrapping only
 * what an edit reads keeps a run from wrapping every statement of a file that imports a thousand
 * definitions (wrapping is most of what asking ts-morph for a file's statements costs). Where
 * ts-morph lacks its internal shortcut, the public way: down to the deepest node at the start,
 * then up to the node.
 */
export function wrap<T extends TsMorph.Node = TsMorph.Node>(sf: TsMorph.SourceFile, node: TsMorph.ts.Node): T {
  if (node === sf.compilerNode) return sf as unknown as T;
  const shortcut = (sf as unknown as Wrapping)._getNodeFromCompilerNode;
  if (typeof shortcut === 'function') return shortcut.call(sf, node) as T;
  let at: TsMorph.Node | undefined = sf.getDescendantAtPos(node.getStart(sf.compilerNode));
  while (at && at.compilerNode !== node) at = at.getParent();
  if (!at) throw new Error(`no ts-morph node for the compiler node at ${node.pos}`);
  return at as T;
}
