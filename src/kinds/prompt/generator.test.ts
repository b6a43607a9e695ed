/**
 * `add prompt` in memory: arguments from --arg or from the name, messages that use every one,
 * a test that exercises them, placeholders for invented text, and what --arg refuses.
 */

import { describe, expect, it } from 'vitest';
import { FRESH_INDEX, PACKAGE_JSON, project, VITEST_CONFIG } from '../../../tests/helpers/projects.js';
import { refusal } from '../../../tests/helpers/refusal.js';
import { isPlaceholder } from '../../text/placeholders.js';
import { argSchemaLines } from './args.js';
import { type AddPromptOptions, addPromptGenerator } from './generator.js';

const PROMPTS = 'src/mcp-server/prompts/definitions';
const BASE = { 'package.json': PACKAGE_JSON, 'src/index.ts': FRESH_INDEX, 'vitest.config.ts': VITEST_CONFIG };

function run(options: AddPromptOptions) {
  const { tree, project: p } = project(BASE);
  const result = addPromptGenerator(tree, p, { devcheck: false, ...options });
  const file = (name: string) => tree.read(name) ?? '';
  return { tree, result, file };
}

describe('arguments from the name', () => {
  it('summarize_article gets an article argument, not fixed placeholders; its description is a placeholder', () => {
    const { file, result } = run({ name: 'demo_summarize_article' });
    expect(result.problems).toEqual([]);
    const def = file(`${PROMPTS}/demo-summarize-article.prompt.ts`);
    expect(def).toContain(
      "    args: z.object({\n      article: z.string().describe('TODO: The article to summarize.'),\n    }),",
    );
    expect(def).not.toMatch(/topic|focus/);
    // The article itself goes below the line that says to summarize it, whole.
    expect(def).toContain("      const lines = ['Summarize the article below.'];\n      lines.push('', args.article);");
    expect(def).toContain(
      "    description: 'TODO: Summarize Article: a prompt. Describe what it asks the model to do.',",
    );
    const test = file('tests/prompts/demo-summarize-article.prompt.test.ts');
    expect(test).toContain("const example = {\n  article: 'example-article',\n};");
    expect(test).toContain(
      '    expect(definition.args!.safeParse({ ...example, article: undefined }).success).toBe(false);',
    );
  });

  it('several words after the verb make one camelCase argument; a lone verb gets a subject', () => {
    expect(run({ name: 'demo_review_pull_request' }).file(`${PROMPTS}/demo-review-pull-request.prompt.ts`)).toContain(
      "      pullRequest: z.string().describe('TODO: The pull request to review.'),",
    );
    expect(run({ name: 'demo_summarize' }).file(`${PROMPTS}/demo-summarize.prompt.ts`)).toContain(
      "      subject: z.string().describe('TODO: The subject to summarize.'),",
    );
    expect(run({ name: 'demo_check_2fa_code' }).file(`${PROMPTS}/demo-check-2fa-code.prompt.ts`)).toContain(
      "      subject: z.string().describe('TODO: The 2fa code to check.'),",
    );
  });
});

describe('--arg', () => {
  it('writes each argument as typed, optional ones with .optional(), and a message that uses every one', () => {
    const { file } = run({
      name: 'demo_summarize_article',
      description: 'Ask for a summary of one article.',
      arg: ['pmid:string:PubMed id of the article', 'focus?:string:What to concentrate on'],
    });
    const def = file(`${PROMPTS}/demo-summarize-article.prompt.ts`);
    expect(def).toContain(
      [
        '    args: z.object({',
        "      pmid: z.string().describe('PubMed id of the article'),",
        "      focus: z.string().optional().describe('What to concentrate on'),",
        '    }),',
      ].join('\n'),
    );
    // The article is not among the arguments: the message says which one names it.
    expect(def).toContain(
      [
        "      const lines = ['Summarize the article identified by the pmid below.'];",
        '      lines.push(`pmid: ${args.pmid}`);',
        '      if (args.focus) lines.push(`focus: ${args.focus}`);',
      ].join('\n'),
    );
    expect(def).toContain("    description: 'Ask for a summary of one article.',");
    const test = file('tests/prompts/demo-summarize-article.prompt.test.ts');
    // Every argument exercised: all parse, the required one is required, the optional one can be left out.
    expect(test).toContain("const example = {\n  pmid: 'example-pmid',\n  focus: 'example-focus',\n};");
    expect(test).toContain(
      '    expect(definition.args!.safeParse({ ...example, pmid: undefined }).success).toBe(false);',
    );
    expect(test).not.toContain('focus: undefined');
    expect(test).toContain("  it('leaves out the optional arguments not given', async () => {");
    expect(test).toContain("    expect(text).not.toContain('example-focus');");
  });

  it('an --arg without a description gets a placeholder', () => {
    const def = run({ name: 'demo_summarize_article', arg: ['pmid'] }).file(
      `${PROMPTS}/demo-summarize-article.prompt.ts`,
    );
    const [, described] = /pmid: z\.string\(\)\.describe\('([^']*)'\)/.exec(def) ?? [];
    expect(isPlaceholder(described ?? '')).toBe(true);
  });

  it('only optional arguments: no required-argument check, the empty object parses', () => {
    const { file } = run({ name: 'demo_summarize', arg: ['text?:string:What to summarize'] });
    const test = file('tests/prompts/demo-summarize.prompt.test.ts');
    expect(test).toContain("  it('parses every argument', () => {");
    expect(test).not.toContain('safeParse');
    // As Biome lays out an empty object: on one line.
    expect(test).toContain('    const args = definition.args!.parse({});\n');
  });

  it('a name made into an argument that every object has already is the subject instead', () => {
    const { file } = run({ name: 'demo_explain_to_string' });
    expect(file(`${PROMPTS}/demo-explain-to-string.prompt.ts`)).toContain('    args: z.object({\n      subject: z');
  });

  it('a non-string argument is refused (MCP prompt arguments are strings), and a name given twice', () => {
    for (const arg of ['count:number:How many', 'tags:string[]:Tags', 'on:boolean:Whether']) {
      const e = refusal(() => run({ name: 'demo_summarize', arg: [arg] }));
      expect(e.code, arg).toBe('OPTION_INVALID');
      expect(e.message, arg).toContain('prompt arguments are strings in MCP');
    }
    expect(refusal(() => run({ name: 'demo_summarize', arg: ['a', 'a:string:again'] })).message).toContain(
      "the field 'a' is given twice",
    );
    expect(refusal(() => run({ name: 'demo_summarize', arg: ['__proto__'] })).code).toBe('OPTION_INVALID');
    const inherited = refusal(() => run({ name: 'demo_summarize', arg: ['toString?:string:Text'] }));
    expect(inherited.code).toBe('OPTION_INVALID');
    expect(inherited.message).toContain('every object inherits toString from Object.prototype');
    expect(inherited.hint).toContain("--arg 'toStringValue?:string:Text'");
  });
});

describe('argSchemaLines', () => {
  it('one line when it fits the width, else the chain broken one call a line, as Biome lays it out', () => {
    const arg = { name: 'focus', description: 'What to concentrate on', optional: true, example: 'x' };
    expect(argSchemaLines(arg, '      ', 100)).toBe(
      "      focus: z.string().optional().describe('What to concentrate on'),",
    );
    expect(argSchemaLines(arg, '      ', 40)).toBe(
      "      focus: z\n        .string()\n        .optional()\n        .describe('What to concentrate on'),",
    );
  });
});
