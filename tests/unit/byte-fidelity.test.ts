/**
 * An edited file keeps every byte outside the edit: its byte order mark, its line breaks (LF,
 * CRLF, a lone CR, or a mix of them), and (since a file that is not UTF-8 cannot be edited as text
 * without changing bytes) a Latin-1 file is refused unchanged.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { planRemove } from '../../src/commands/remove.js';
import { planRename } from '../../src/commands/rename.js';
import { ScaffoldError } from '../../src/engine/errors.js';
import { DiskHost, MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { KINDS as ALL_KINDS } from '../../src/kinds/index.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import { applyEdits, type TextEdit } from '../../src/ts/text-edits.js';
import { parseSource } from '../../src/ts/ts-morph.js';
import { FEATURES_0_10 } from '../helpers/framework.js';
import { FRESH_INDEX, memoryProject, PACKAGE_JSON, VITEST_CONFIG } from '../helpers/projects.js';
import {
  barrelPath,
  existing,
  fixture,
  fromBarrel,
  fromEntry,
  imp,
  KINDS,
  type KindSpec,
  L,
  NEW,
  SORTED_KINDS,
} from '../helpers/shapes.js';
import { tempDir } from '../helpers/temp.js';

// Every splice the commands make, recorded: the spans an edit replaces are what it may change.
vi.mock('../../src/ts/text-edits.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/ts/text-edits.js')>();
  return { ...real, applyEdits: vi.fn(real.applyEdits) };
});

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A fresh project on disk whose src/index.ts holds exactly `index`. */
function projectWithIndex(index: Buffer): string {
  const root = tempDir({ 'package.json': PACKAGE_JSON, 'vitest.config.ts': VITEST_CONFIG, 'src/index.ts': '' });
  writeFileSync(path.join(root, 'src/index.ts'), index);
  return root;
}

function addTool(root: string): Tree {
  const host = new DiskHost(root);
  const tree = new Tree(host);
  const result = addToolGenerator(tree, memoryProject(host), {
    name: 'demo_find_items',
    description: 'Finds items.',
    devcheck: false,
  });
  expect(result.problems).toEqual([]);
  return tree;
}

describe('edited files keep their bytes', () => {
  it('keeps the UTF-8 byte order mark of src/index.ts', async () => {
    const index = Buffer.concat([BOM, Buffer.from(FRESH_INDEX.replace('entry point', 'entrée'))]);
    const dir = projectWithIndex(index);
    const tree = addTool(dir);
    const changes = tree.changes();
    await tree.host.flush(changes);
    const after = readFileSync(path.join(dir, 'src/index.ts'));
    expect(after.subarray(0, 3)).toEqual(BOM);
    // Only the import and the array entry were added: every original line is still there.
    const text = after.toString('utf8');
    for (const line of FRESH_INDEX.replace('entry point', 'entrée').split('\n')) {
      if (!line.includes('tools: [')) expect(text).toContain(line);
    }
    expect(text).toContain('demoFindItemsTool');
  });

  it('refuses to edit a src/index.ts that is not UTF-8 (a Latin-1 byte), writing nothing', () => {
    const latin1 = Buffer.from(FRESH_INDEX.replace('entry point', 'entr\u00e9e point'), 'latin1');
    const dir = projectWithIndex(latin1);
    const tree = addTool(dir);
    let error: unknown;
    try {
      tree.changes();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScaffoldError);
    expect((error as ScaffoldError).code).toBe('ENCODING_UNSUPPORTED');
    expect((error as ScaffoldError).details).toEqual([{ path: 'src/index.ts', message: 'not valid UTF-8' }]);
    expect(readFileSync(path.join(dir, 'src/index.ts'))).toEqual(latin1);
  });

  it('reads a file that is not UTF-8 (for names) when it is not edited', () => {
    const dir = projectWithIndex(Buffer.from(FRESH_INDEX));
    writeFileSync(path.join(dir, 'notes.ts'), Buffer.from('// caf\u00e9\n', 'latin1'));
    const host = new DiskHost(dir);
    expect(host.read('notes.ts')).toBe('// caf\ufffd\n');
    expect(host.isUndecodable('notes.ts')).toBe(true);
    expect(host.isUndecodable('src/index.ts')).toBe(false);
  });
});

const LAYOUTS = ALL_KINDS.flatMap((k) => (k.layout ? [k.layout] : []));
const CREATE_APP = "import { createApp } from '@cyanheads/mcp-ts-core';";
const names = (k: KindSpec) => existing(k).map((d) => d.exportName);
const imports = SORTED_KINDS.flatMap((k) => existing(k).map((d) => imp(d.exportName, fromEntry(d))));

/** A README with the table of definitions `add` adds a row to: text after it, or the table last with no final line break. */
const TABLE = [
  '# acme',
  '',
  '| Kind | Name | File |',
  '| --- | --- | --- |',
  ...existing(KINDS[0]!).map((d) => `| Tool | \`${d.mcpName}\` | \`${d.path}\` |`),
];
const README = L(...TABLE, '', 'More text.', '');

/** The registration shapes the line breaks are tried on (README included): one-line arrays, arrays over lines, barrels. */
const SHAPES: [string, Record<string, string>][] = [
  [
    'one-line arrays',
    {
      'README.md': README,
      'src/index.ts': L(
        CREATE_APP,
        ...imports,
        '',
        '// The server.',
        'await createApp({',
        "  name: 'acme',",
        ...KINDS.map((k) => `  ${k.key}: [${names(k).join(', ')}],`),
        '});',
        '',
      ),
    },
  ],
  [
    'arrays over lines and a setup()',
    {
      'README.md': README,
      'src/index.ts': L(
        CREATE_APP,
        ...imports,
        '',
        'await createApp({',
        "  name: 'acme',",
        ...KINDS.flatMap((k) => [`  ${k.key}: [`, '    // first', ...names(k).map((n) => `    ${n},`), '  ],']),
        '  setup(core) {',
        '    initOther(core.config);',
        '  },',
        '});',
        '',
        'function initOther(_config: unknown) {}',
        '',
      ),
    },
  ],
  [
    'barrels',
    {
      'README.md': L(...TABLE),
      'src/index.ts': L(
        CREATE_APP,
        ...SORTED_KINDS.map((k) => imp(k.all, `./mcp-server/${k.key}/definitions/index.js`)),
        '',
        'await createApp({',
        "  name: 'acme',",
        ...KINDS.map((k) => `  ${k.key}: ${k.all},`),
        '});',
        '',
      ),
      ...Object.fromEntries(
        KINDS.map((k) => [
          barrelPath(k),
          L(
            ...existing(k).map((d) => imp(d.exportName, fromBarrel(d))),
            '',
            `export const ${k.all} = [${names(k).join(', ')}];`,
            '',
          ),
        ]),
      ),
    },
  ],
];

const ENDINGS = {
  LF: (text: string) => text,
  CRLF: (text: string) => text.replace(/\n/g, '\r\n'),
  CR: (text: string) => text.replace(/\n/g, '\r'),
  mixed: (text: string) => {
    let i = 0;
    return text.replace(/\n/g, () => ['\n', '\r\n', '\r'][i++ % 3]!);
  },
};
type Ending = keyof typeof ENDINGS;
const PURE: Partial<Record<Ending, string>> = { LF: '\n', CRLF: '\r\n', CR: '\r' };

type Operation = (tree: Tree, host: MemoryHost) => unknown;

const OPERATIONS: [string, Operation][] = [
  ...KINDS.map((k): [string, Operation] => [
    `add ${k.kind}`,
    (tree, host) => k.generate(tree, memoryProject(host), { name: NEW(k).inputName, devcheck: false }),
  ]),
  [
    'add service',
    (tree, host) => addServiceGenerator(tree, memoryProject(host), { name: 'ncbi', devcheck: false }, FEATURES_0_10),
  ],
  ...KINDS.flatMap((k): [string, Operation][] => [
    [`remove ${k.kind}`, (tree) => planRemove(tree, LAYOUTS, k.kind, existing(k)[0]!.mcpName)],
    [`rename ${k.kind}`, (tree) => planRename(tree, LAYOUTS, k.kind, existing(k)[0]!.mcpName, 'acme_zap_things')],
  ]),
];

const splices = vi.mocked(applyEdits);

interface Step {
  source: string;
  edits: TextEdit[];
  result: string;
}

/** Each existing file the operation edits in place: its text before and after, and the splices between. */
function runOn(files: Record<string, string>, operation: Operation) {
  const host = new MemoryHost(files);
  const tree = new Tree(host);
  splices.mockClear();
  const planned = operation(tree, host) as { problems: unknown[] };
  expect(planned.problems).toEqual([]);
  const calls = splices.mock.calls.map(([source, edits], i) => ({
    source,
    edits,
    result: splices.mock.results[i]!.value as string,
  }));
  return tree
    .changes()
    .filter((c) => c.action === 'update')
    .map((c) => {
      // The splices that lead from the text before to the text written, in order.
      const steps: Step[] = [];
      for (let text = c.before!; text !== c.after; ) {
        const next = calls.find((call) => call.source === text && call.result !== text);
        if (!next) throw new Error(`${c.path}: written with changes no edit made`);
        steps.push(next);
        text = next.result;
      }
      return { path: c.path, before: c.before!, after: c.after, steps };
    });
}

/** An edit as it reads in the file with its line breaks made LF: offsets moved, inserted text LF. */
function asLf(source: string, edit: TextEdit): { pos: number; end: number; text: string } {
  const at = (offset: number) => {
    expect(source[offset - 1] === '\r' && source[offset] === '\n', 'an edit splits a CRLF').toBe(false);
    return offset - (source.slice(0, offset).match(/\r\n/g)?.length ?? 0);
  };
  return { pos: at(edit.pos), end: at(edit.end ?? edit.pos), text: edit.text.replace(/\r\n?/g, '\n') };
}

/** The text with the edits' replaced spans cut out, and the text written with their inserted texts cut out. */
function outsideEdits(step: Step): [string, string] {
  const ordered = step.edits.map((e, i) => ({ ...e, i })).sort((a, b) => a.pos - b.pos || a.i - b.i);
  let before = '';
  let after = '';
  let from = 0;
  let at = 0;
  for (const e of ordered) {
    const kept = step.source.slice(from, e.pos);
    before += kept;
    after += step.result.slice(at, at + kept.length);
    at += kept.length + e.text.length;
    from = e.end ?? e.pos;
  }
  return [before + step.source.slice(from), after + step.result.slice(at)];
}

const breaksOf = (text: string) => new Set(text.match(/\r\n|\r|\n/g) ?? []);

describe.each(SHAPES)('line breaks outside the edit, %s', (_shape, files) => {
  const lf = fixture(files);
  describe.each(OPERATIONS)('%s', (_op, operation) => {
    it.each(Object.keys(ENDINGS) as Ending[])('%s', (ending) => {
      const baseline = runOn(lf, operation);
      const start = { ...lf, ...Object.fromEntries(Object.entries(files).map(([p, t]) => [p, ENDINGS[ending](t)])) };
      const edited = runOn(start, operation);
      expect(edited.map((e) => e.path)).toEqual(baseline.map((e) => e.path));
      expect(edited.length).toBeGreaterThan(0);
      for (const [i, file] of edited.entries()) {
        const lfFile = baseline[i]!;
        if (file.path.endsWith('.ts')) expect(() => parseSource(file.path, file.after)).not.toThrow();
        const eol = PURE[ending];
        // In one line ending throughout, the file is what LF gives, in that ending.
        if (eol && file.path in files) expect(file.after).toBe(lfFile.after.replace(/\n/g, eol));
        expect(file.steps).toHaveLength(lfFile.steps.length);
        for (const [s, step] of file.steps.entries()) {
          // The same edits as in the LF file, and nothing else changed.
          expect(step.edits.map((e) => asLf(step.source, e))).toEqual(
            lfFile.steps[s]!.edits.map((e) => asLf(lfFile.steps[s]!.source, e)),
          );
          const [before, after] = outsideEdits(step);
          expect(after).toBe(before);
          const inserted = step.edits.map((e) => e.text).join('');
          for (const b of breaksOf(inserted)) expect(breaksOf(step.source)).toContain(b);
        }
      }
    });
  });
});
