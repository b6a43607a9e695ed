/**
 * Tests mcp-scaffold wrote for one framework line, recognised by the record of what was written
 * (text/scaffold-stamp.ts), or, for a test written before records were kept, by its template, and
 * written again for the next line. A test someone changed is refused with its line instead, since
 * rewriting test logic by guess could make a broken tool pass.
 */

import type { Problem } from '../../engine/problems.js';
import { sameGenerated, stamp, untouched } from '../../text/scaffold-stamp.js';
import { render } from '../../text/templates.js';

/** The names an `add tool` test carries, read off its header and its import of the definition. */
export interface TestNames {
  name: string;
  testModuleTag: string;
  exportName: string;
  testImportPath: string;
}

export function testNames(source: string): TestNames | undefined {
  const name = /@fileoverview Tests for the (\S+) (?:task )?tool/.exec(source)?.[1];
  const testModuleTag = /@module (\S+)/.exec(source)?.[1];
  const imported = [...source.matchAll(/^import \{ (\w+) \} from '([^']+)';$/gm)].at(-1);
  if (!name || !testModuleTag || !imported) return undefined;
  return { name, testModuleTag, exportName: imported[1]!, testImportPath: imported[2]! };
}

export const toolTemplate = (file: string) => new URL(`../../kinds/tool/templates/${file}`, import.meta.url);
export const upgradeTemplate = (file: string) => new URL(`../templates/${file}`, import.meta.url);

export interface TestRewrite {
  /** The templates the old test may have come from (each rendered with mockTyped true and false). */
  from: URL[];
  to: URL;
  /** Said in the refusal: what the test does that the next line no longer has. */
  what: string;
  /**
   * For a test `add` wrote from another template (a variant with --service or typed fields):
   * its text (LF) brought to the next line, or undefined when its shape is not the one expected.
   */
  convert?: (text: string, lineWidth: number) => string | undefined;
}

/** The line of the first match of `mark` in `source` (1 when absent). */
export function lineOfMatch(source: string, mark: RegExp): number {
  const at = source.search(mark);
  return at < 0 ? 1 : source.slice(0, at).split('\n').length;
}

/**
 * Whether `text` is the test a template wrote for `names`: rendered with mockTyped true or false,
 * the same once formatting and the record are set aside (a test written before records were kept).
 */
function fromTemplate(text: string, names: TestNames | undefined, templates: URL[], lineWidth: number): boolean {
  return (
    names !== undefined &&
    templates.some((t) =>
      [true, false].some((mockTyped) => sameGenerated(render(t, { ...names, mockTyped }, { lineWidth }), text)),
    )
  );
}

/**
 * The test written again for the next line, or the problem that says why it is not. A test is
 * `add`'s when its record says it is untouched (whatever flags made it), or, without a record,
 * when it is what one of `rewrite.from` writes. One from a template the rewrite does not start
 * from (a tool with --service or typed fields) is converted by `rewrite.convert`, where given.
 */
export function rewriteGeneratedTest(
  file: string,
  source: string,
  rewrite: TestRewrite,
  mark: RegExp,
  lineWidth = 100,
): { text: string } | { problem: Problem } {
  const names = testNames(source);
  const text = source.replace(/\r\n/g, '\n');
  if (names && fromTemplate(text, names, rewrite.from, lineWidth)) {
    return { text: stamp(render(rewrite.to, { ...names, mockTyped: true }, { lineWidth })) };
  }
  const line = lineOfMatch(source, mark);
  if (!untouched(source)) {
    return {
      problem: {
        code: 'UNSUPPORTED_LAYOUT',
        path: file,
        line,
        message: `this test ${rewrite.what}, and it was changed since \`add\` wrote it (or written by hand), so the upgrade does not rewrite it`,
        hint: 'Rewrite the test for the new framework line by hand (or delete it, and after the upgrade run `mcp-scaffold add test <its definition>` for a new one), then run upgrade again.',
      },
    };
  }
  const converted = rewrite.convert?.(text, lineWidth);
  if (converted !== undefined) return { text: stamp(converted) };
  return {
    problem: {
      code: 'UNSUPPORTED_LAYOUT',
      path: file,
      line,
      message: `this test ${rewrite.what}; it is the test \`add\` wrote, untouched since, but from a template the upgrade has no rewrite of`,
      hint: 'Delete the test, and after the upgrade run `mcp-scaffold add test <its definition>` for a new one; then run upgrade again.',
    },
  };
}
