/**
 * Text fidelity: titles and descriptions of every character class go through the generators as
 * the CLI runs them (an in-memory host, then the layout pass that formats wide new files with the
 * real Biome), and every generated file parses, every literal evaluates to what was typed, and
 * every one of the files passes `biome check` (one Biome process over one folder).
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type * as ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { addPromptGenerator } from '../../src/kinds/prompt/generator.js';
import { addResourceGenerator } from '../../src/kinds/resource/generator.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import { formatWideNewFiles } from '../../src/project/formatter.js';
import type { Project } from '../../src/project/project.js';
import { tsMorph } from '../../src/ts/ts-morph.js';
import { biomeCheck, biomeProjectDir } from '../helpers/biome.js';
import { FRESH_INDEX, memoryProject, PACKAGE_JSON, VITEST_CONFIG } from '../helpers/projects.js';
import { prng } from '../helpers/random.js';

// prettier-ignore
const PIECES = [
  "'",
  '"',
  '\\',
  '`',
  '${',
  '${x}',
  '$',
  '{',
  '}',
  '*/',
  '/*',
  '//',
  '/**',
  '<!--',
  '-->',
  '</script>',
  '\n',
  '\r',
  '\r\n',
  '\t',
  '\0',
  '\v',
  '\b',
  '\f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u001b[31m',
  '\u007f',
  '\ufeff',
  '\u00a0',
  '\u3000',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\u00ad',
  '\u202e',
  '\u202d',
  '\u2066',
  '\u2069',
  '\u061c',
  '\u200f',
  '\u0301',
  '\u20e3',
  '\ufe0f',
  '⚠',
  '✔',
  'ℹ',
  '✈',
  '©',
  '😀',
  '👨‍👩‍👧',
  '🇺🇸',
  '日本',
  '한국',
  'ｶﾀｶﾅ',
  'עברית',
  'العربية',
  'e\u0301',
  '\ud800',
  '\udfff',
  '\udbff',
  '\\n',
  "\\'",
  '\\u0024',
  ' ',
  'a',
  'Z',
  '0',
  'Find items',
  ' by name.',
];

/** A random code point of any plane, lone surrogates included (a JS string can hold them). */
function anyCodePoint(random: () => number): string {
  const plane = random() < 0.6 ? 0 : Math.floor(random() * 17);
  return String.fromCodePoint(plane * 0x10000 + Math.floor(random() * 0x10000));
}

function randomText(random: () => number, maxLength: number): string {
  const length = 1 + Math.floor(random() * maxLength);
  let text = '';
  for (let i = 0; i < length; i++)
    text += random() < 0.6 ? PIECES[Math.floor(random() * PIECES.length)] : anyCodePoint(random);
  // An empty or blank text is refused by design (OPTION_INVALID): give it a visible word.
  return text.trim() === '' ? `${text}x` : text;
}

const KINDS = [
  (tree: Tree, p: Project, name: string, title: string, description: string) =>
    addToolGenerator(tree, p, { name, title, description, devcheck: false }),
  (tree: Tree, p: Project, name: string, title: string, description: string) =>
    addResourceGenerator(tree, p, { name, title, description, devcheck: false }),
  (tree: Tree, p: Project, name: string, title: string, description: string) =>
    addPromptGenerator(tree, p, { name, title, description, devcheck: false }),
];

const BASE = { 'package.json': PACKAGE_JSON, 'src/index.ts': FRESH_INDEX, 'vitest.config.ts': VITEST_CONFIG };

/** Every string literal's value (as TypeScript reads it) in a file that must parse without error. */
function literalValues(file: string, text: string): string[] {
  const t = tsMorph().ts;
  const sf = t.createSourceFile(file, text, t.ScriptTarget.Latest, true, t.ScriptKind.TS);
  const diagnostics = (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  if (diagnostics.length > 0) throw new Error(`${file} does not parse: ${JSON.stringify(diagnostics[0]!.messageText)}`);
  const values: string[] = [];
  const sources: string[] = [];
  const visit = (node: ts.Node): void => {
    if (t.isStringLiteral(node)) {
      values.push(node.text);
      sources.push(node.getText(sf));
    }
    t.forEachChild(node, visit);
  };
  visit(sf);
  // What JavaScript evaluates the literals' source to, too: not only what the parser says.
  expect(new Function(`return [${sources.join(',')}];`)()).toEqual(values);
  return values;
}

interface Case {
  name: string;
  title: string;
  description: string;
}

/**
 * A name of ordinary length, or (one case in `longEvery`) a 64-character one that makes Biome lay
 * the file out. The same two names every time: the parser's project holds one file per path.
 */
function caseAt(random: () => number, n: number, longEvery: number): Case {
  const name = n % longEvery === 0 ? `fuzz_case_${'w'.repeat(54)}` : 'fuzz_case';
  return { name, title: randomText(random, 12), description: randomText(random, 60) };
}

// The in-memory projects are rooted here, where the layout pass finds Biome (this repository's,
// the framework's version) and the framework's biome.json; the sample is written here too.
const { dir: sampleDir, remove } = biomeProjectDir();
afterAll(remove);

function memoryTree(): { tree: Tree; project: Project } {
  const host = new MemoryHost(BASE, { root: sampleDir });
  return { tree: new Tree(host), project: memoryProject(host) };
}

describe('text fidelity through the generators and the layout pass', () => {
  const CASES = 5000; // a title and a description each: 10,000 texts
  const LONG_EVERY = 250; // 20 definitions (and their tests) laid out by Biome
  const SAMPLE_EVERY = 1; // every case: 10,000+ files through one biome check
  const sampled: string[] = [];

  it(`keeps ${CASES * 2} random titles and descriptions exact in files that parse`, async () => {
    const random = prng(0x5eed_0011);
    let laidOut = 0;
    for (let n = 0; n < CASES; n++) {
      const c = caseAt(random, n, LONG_EVERY);
      const { tree, project: p } = memoryTree();
      const result = KINDS[n % KINDS.length]!(tree, p, c.name, c.title, c.description);
      expect(result.problems).toEqual([]);
      const unformatted = await formatWideNewFiles(tree, 100);
      expect(unformatted, `case ${n}: Biome could not lay out the files`).toEqual([]);
      for (const change of tree.changes()) {
        if (change.action !== 'create') continue;
        const values = literalValues(change.path, change.after);
        if (!change.path.includes('/tests/') && !change.path.startsWith('tests/')) {
          expect(values, `case ${n}: ${change.path} lost the title`).toContain(c.title);
          expect(values, `case ${n}: ${change.path} lost the description`).toContain(c.description);
        }
        if (n % SAMPLE_EVERY === 0 || n % LONG_EVERY === 0) {
          const file = change.path.replace('fuzz-case', `fuzz-case-${n}`);
          mkdirSync(path.dirname(path.join(sampleDir, file)), { recursive: true });
          writeFileSync(path.join(sampleDir, file), change.after);
          sampled.push(file);
        }
        if (n % LONG_EVERY === 0 && change.path.endsWith('.ts')) laidOut++;
      }
    }
    expect(laidOut).toBeGreaterThanOrEqual(CASES / LONG_EVERY);
    // 10000 cases: 144 s measured on 2 busy cores, so the cap is well above that.
  }, 600_000);

  it('writes files that pass biome check (all of them, one Biome run)', () => {
    expect(sampled.length).toBeGreaterThanOrEqual(CASES * 2);
    const { diagnostics } = biomeCheck(sampleDir, sampled);
    expect(diagnostics.slice(0, 5)).toEqual([]);
  }, 300_000);
});
