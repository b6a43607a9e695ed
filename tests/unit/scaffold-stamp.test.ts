/**
 * The record of what mcp-scaffold wrote (text/scaffold-stamp.ts): where it goes, that an edit of
 * the code or its text breaks it, and that formatting does not, whether the project's Biome lays
 * the file out (as devcheck does), another style reformats it whole, or its line ends are CRLF.
 */

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addPromptGenerator } from '../../src/kinds/prompt/generator.js';
import { addResourceGenerator } from '../../src/kinds/resource/generator.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { type AddToolOptions, addToolGenerator } from '../../src/kinds/tool/generator.js';
import { restamp, stamp, stampOf, untouched } from '../../src/text/scaffold-stamp.js';
import { biomeJson, biomeWrite } from '../helpers/biome.js';
import { FEATURES_0_10, FEATURES_0_12 } from '../helpers/framework.js';
import { FRESH_SERVER, project } from '../helpers/projects.js';
import { tempDir } from '../helpers/temp.js';

const HEADER = "/**\n * @fileoverview Demo.\n * @module demo\n */\n\nexport const a = 'b';\n";

describe('stamp', () => {
  it('puts the record last in the JSDoc header, and the text is untouched', () => {
    const text = stamp(HEADER);
    expect(text).toMatch(
      /^\/\*\*\n \* @fileoverview Demo\.\n \* @module demo\n \* @scaffolded mcp-scaffold [0-9a-f]{16}\n \*\/\n/,
    );
    expect(untouched(text)).toBe(true);
    expect(stamp(text)).toBe(text);
  });

  it('after a shebang line, in a CRLF file, and as a first line comment without a header', () => {
    const shebang = stamp(`#!/usr/bin/env node\r\n${HEADER.replaceAll('\n', '\r\n')}`);
    expect(shebang.split('\r\n').slice(0, 5)).toEqual([
      '#!/usr/bin/env node',
      '/**',
      ' * @fileoverview Demo.',
      ' * @module demo',
      ` * @scaffolded mcp-scaffold ${stampOf(shebang)}`,
    ]);
    expect(untouched(shebang)).toBe(true);
    const bare = stamp("export const a = 'b';\n");
    expect(bare).toBe(`// @scaffolded mcp-scaffold ${stampOf(bare)}\nexport const a = 'b';\n`);
    expect(untouched(bare)).toBe(true);
  });

  it('an edit of the code, of a string or of a comment breaks it; layout does not', () => {
    const text = stamp(HEADER);
    expect(untouched(text.replace("'b'", "'c'"))).toBe(false);
    expect(untouched(text.replace('Demo.', 'Demo!'))).toBe(false);
    expect(untouched(text.replace('export const a', 'export let a'))).toBe(false);
    expect(untouched(text.replaceAll('\n', '\r\n'))).toBe(true);
    expect(untouched(text.replace("export const a = 'b';", 'export const a =\n  "b"'))).toBe(true);
    expect(untouched(HEADER)).toBe(false);
  });

  it("restamp keeps an untouched file untouched through mcp-scaffold's own edit, and an edited one edited", () => {
    const text = stamp(HEADER);
    expect(untouched(restamp(text, text.replace("'b'", "'c'")))).toBe(true);
    const edited = text.replace("'b'", "'mine'");
    expect(untouched(restamp(edited, edited.replace('const', 'let')))).toBe(false);
  });
});

describe('the record of a generated file survives formatting', () => {
  /** What `add` writes for a service, tool variants, a resource and a prompt, untouched. */
  function generated(files: Record<string, string> = {}): Record<string, string> {
    const { host, tree, project: p } = project({ ...FRESH_SERVER, ...files });
    const written: Record<string, string> = {};
    const add = (result: { problems: unknown[] }) => {
      expect(result.problems).toEqual([]);
      for (const c of tree.changes()) if (c.action === 'create') written[c.path] = c.after!;
      host.flush(tree.changes());
    };
    add(addServiceGenerator(tree, p, { name: 'ncbi', devcheck: false }, FEATURES_0_10));
    const tools: AddToolOptions[] = [
      { name: 'demo_purge_article_with_a_long_name', confirm: true, service: 'ncbi' },
      { name: 'demo_delete_draft', destructive: true, input: ['id:string:Which draft', 'reason:string?:Why'] },
      { name: 'demo_search_things', service: 'ncbi', input: ['query:string:Text', 'tags:string[]?:Tags'] },
      { name: 'demo_run_job', task: true },
    ];
    for (const tool of tools) add(addToolGenerator(tree, p, { devcheck: false, ...tool }, FEATURES_0_10));
    add(addToolGenerator(tree, p, { name: 'demo_show_board', app: true, devcheck: false }, FEATURES_0_12));
    add(addResourceGenerator(tree, p, { name: 'demo-article', service: 'ncbi', devcheck: false }, FEATURES_0_12));
    add(addPromptGenerator(tree, p, { name: 'demo_summarize', arg: ['pmid:string:Id', 'focus:string?:What'] }));
    // The services' files as the tools' stubs left them: mcp-scaffold's own edits keep the record.
    for (const file of Object.keys(written)) written[file] = host.read(file)!;
    for (const [file, text] of Object.entries(written)) expect(untouched(text), file).toBe(true);
    return written;
  }

  function writeAll(root: string, files: Record<string, string>): void {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
  }

  it("by the project's Biome (check --write, as devcheck runs it)", () => {
    const files = generated();
    const root = tempDir();
    writeAll(root, { ...files, 'biome.json': biomeJson() });
    biomeWrite(root, 'check', Object.keys(files));
    for (const file of Object.keys(files))
      expect(untouched(readFileSync(path.join(root, file), 'utf8')), file).toBe(true);
  });

  it.each([40, 200])('by a whole other style at width %i: tabs, CRLF, double quotes, no semicolons', (lineWidth) => {
    const files = generated();
    const root = tempDir();
    const other = JSON.parse(biomeJson('crlf'));
    other.formatter = { ...other.formatter, indentStyle: 'tab', lineWidth };
    other.javascript.formatter = {
      ...other.javascript.formatter,
      quoteStyle: 'double',
      semicolons: 'asNeeded',
      trailingCommas: 'none',
    };
    writeAll(root, { ...files, 'biome.json': JSON.stringify(other) });
    biomeWrite(root, 'format', Object.keys(files));
    for (const [file, before] of Object.entries(files)) {
      const after = readFileSync(path.join(root, file), 'utf8');
      expect(after, file).not.toBe(before);
      expect(after).toContain('\r\n\t');
      expect(untouched(after), file).toBe(true);
      // Reformatted or not, an edit is still seen.
      expect(untouched(`${after}export const mine = 1\r\n`), file).toBe(false);
    }
  });

  it('in a project whose Biome writes CRLF: the new files take CRLF and keep their record', () => {
    const files = generated({ 'biome.json': biomeJson('crlf') });
    for (const text of Object.values(files)) {
      expect(text).toContain(' * @scaffolded mcp-scaffold ');
      expect(text.split('\n').every((line, i, all) => i === all.length - 1 || line.endsWith('\r'))).toBe(true);
    }
  });
});
