/**
 * Tests mcp-scaffold wrote for one framework line, recognised by their template and written again
 * from the template of the next line. A test is only replaced when it is exactly what `add` wrote
 * (the definition's names put back in): a test someone changed is refused with its line instead,
 * since rewriting test logic by guess could make a broken tool pass.
 */

import type { Problem } from '../../engine/problems.js';
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
}

/** The line of the first match of `mark` in `source` (1 when absent). */
export function lineOfMatch(source: string, mark: RegExp): number {
  const at = source.search(mark);
  return at < 0 ? 1 : source.slice(0, at).split('\n').length;
}

/** The test written again for the next line, or the problem that says why it is not. */
export function rewriteGeneratedTest(
  file: string,
  source: string,
  rewrite: TestRewrite,
  mark: RegExp,
  lineWidth = 100,
): { text: string } | { problem: Problem } {
  const names = testNames(source);
  const text = source.replace(/\r\n/g, '\n');
  const matches =
    names !== undefined &&
    rewrite.from.some((t) =>
      [true, false].some((mockTyped) => render(t, { ...names, mockTyped }, { lineWidth }) === text),
    );
  if (!matches || !names) {
    return {
      problem: {
        code: 'UNSUPPORTED_LAYOUT',
        path: file,
        line: lineOfMatch(source, mark),
        message: `this test ${rewrite.what}, and it is not the test \`add\` wrote (it was changed), so the upgrade does not rewrite it`,
        hint: 'Rewrite the test for the new framework line by hand (or delete it and run `mcp-scaffold add test` once that exists), then run upgrade again.',
      },
    };
  }
  return { text: render(rewrite.to, { ...names, mockTyped: true }, { lineWidth }) };
}
