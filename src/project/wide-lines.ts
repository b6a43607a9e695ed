/**
 * Whether a new file has a line over the line width that Biome would lay out differently. A line
 * Biome leaves as it is however wide is no reason to run it (and, where Biome is not installed
 * yet, as on a fresh init, no reason to warn): a lone string literal, an import or re-export of
 * one name, and a comment.
 */

import { displayWidth } from '../text/string-literal.js';

/**
 * A lone string literal (Biome never splits one), or one beside a key shorter than five columns
 * (`{{prop}}` lays user text out that way).
 */
const LONE_STRING = /^\s*(?:[A-Za-z_$][\w$]{0,3}: )?(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),?$/;

/**
 * An import or re-export that names one binding: `import { a } from '…'` (with `type`, or `as`),
 * a default or namespace import, `export * (as ns) from '…'`. Biome breaks the braces only when
 * they hold two names or more, or sit beside a default import.
 */
const ONE_NAME_MODULE_LINE = new RegExp(
  [
    /^\s*(?:import|export)\s+(?:type\s+)?/.source,
    /(?:\{ (?:type\s+)?[\w$]+(?:\s+as\s+[\w$]+)? \}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)/.source,
    /\s+from\s+(?:'[^'\n]*'|"[^"\n]*");?$/.source,
  ].join(''),
);

/** A side-effect import: `import '…';`. */
const BARE_IMPORT = /^\s*import\s+(?:'[^'\n]*'|"[^"\n]*");?$/;

/**
 * Lines that are wholly comment: `// …`, and every line of a block comment that starts a line
 * (Biome reflows no comment text). A line where code follows a comment's end is code.
 */
function commentLines(lines: readonly string[]): boolean[] {
  let inBlock = false;
  return lines.map((line) => {
    const trimmed = line.trim();
    if (inBlock) {
      const end = trimmed.indexOf('*/');
      inBlock = end < 0;
      return end < 0 || end === trimmed.length - 2;
    }
    if (trimmed.startsWith('//')) return true;
    if (!trimmed.startsWith('/*')) return false;
    const end = trimmed.indexOf('*/', 2);
    inBlock = end < 0;
    return end < 0 || end === trimmed.length - 2;
  });
}

const leftAsItIs = (line: string) =>
  LONE_STRING.test(line) || ONE_NAME_MODULE_LINE.test(line) || BARE_IMPORT.test(line);

/** Whether Biome would lay out some line of `content` that is wider than `lineWidth`. */
export function hasWideLine(content: string, lineWidth: number): boolean {
  const lines = content.split(/\r\n|\r|\n/);
  const comment = commentLines(lines);
  return lines.some(
    (line, i) => line.length > lineWidth && displayWidth(line) > lineWidth && !comment[i] && !leftAsItIs(line),
  );
}
