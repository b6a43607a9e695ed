/**
 * The generated devcheck with `--strict`, run for real (tsx, Biome, tsc and the framework's
 * linter) on a server our init made and `add` grew with each kind and variant, beside each
 * framework line: it fails, naming every stand-in and placeholder text by file and line (the
 * generated tests pass, and without --strict so does the run); with all
 * but one replaced it still fails on that one; once the test has replaced each marked part with
 * real code (reads of a small in-memory catalogue the test writes, as a user writes the client of
 * their data) and the text with real text, it passes with no warning.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, inject, it } from 'vitest';
import { addPromptGenerator } from '../../src/kinds/prompt/generator.js';
import { addResourceGenerator } from '../../src/kinds/resource/generator.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import { isStandInLine, placeholdersIn } from '../../src/text/placeholders.js';
import type { FrameworkRelease } from '../helpers/framework-installs.js';
import {
  addTo,
  type Generate,
  type GeneratedServer,
  generatedServer,
  runDevcheck,
} from '../helpers/generated-server.js';
import { markedRanges } from '../helpers/stand-ins.js';
import { writeFiles } from '../helpers/temp.js';

const roots = inject('frameworkRoots');

/** What the server serves, kept in memory: the user's own code the replacements call. */
const CATALOGUE = `/**
 * @fileoverview The records the server serves, kept in memory.
 * @module catalogue
 */

export interface CatalogueRecord {
  id: string;
  title: string;
}

const records = new Map<string, CatalogueRecord>();

export function listRecords(): CatalogueRecord[] {
  return [...records.values()];
}

export function searchRecords(text: string, limit: number): CatalogueRecord[] {
  return listRecords()
    .filter((record) => record.title.includes(text))
    .slice(0, limit);
}

export function findRecord(id: string): CatalogueRecord | undefined {
  return records.get(id);
}

export function changeRecord(changes: Record<string, unknown>): string[] {
  const id = String(changes.id ?? changes.pmid ?? '');
  const record = records.get(id);
  if (!record) return [];
  if (typeof changes.title === 'string') record.title = changes.title;
  return Object.keys(changes).filter((key) => key === 'title');
}

export function deleteRecord(id: string): boolean {
  return records.delete(id);
}

export async function rebuildStep(step: number): Promise<void> {
  for (const record of records.values()) record.title = record.title.trim();
  await Promise.resolve(step);
}

export function rowsFor(topic: string): { label: string; value: number }[] {
  return searchRecords(topic, 10).map((record) => ({ label: record.title, value: 1 }));
}
`;

/** The real code each stand-in is replaced with, by what the marked code is. */
const REPLACEMENTS: [RegExp, (marked: string) => string][] = [
  // A search's made-up items, in a tool: the catalogue's.
  [
    /^const items = \[\{ id: 'item-1'/,
    (m) => `const items = searchRecords(${m.includes('criteria') ? 'JSON.stringify(criteria)' : 'query'}, limit);`,
  ],
  // A fetch's made-up record, in a tool.
  [
    /^const record: \{ id: string; title: string \} \| undefined/,
    (m) => `const record = findRecord(${m.includes('criteria') ? 'JSON.stringify(criteria)' : 'id'});`,
  ],
  // A mutation that changed nothing, in a tool or a service stub.
  [
    /^const changed = Object\.keys\((input|changes)\)/,
    (m) => `const changed = changeRecord(${m.includes('changes') ? 'changes' : 'input'});`,
  ],
  // A service's made-up search.
  [
    /^for \(let i = 1; i <= Math\.min\(limit, 3\)/,
    (m) =>
      m.includes('fetchedAt')
        ? 'for (const found of searchRecords(query, limit)) {\n  records.push({ ...found, fetchedAt: new Date().toISOString() });\n}'
        : `records.push(...searchRecords(${m.includes('criteria') ? 'JSON.stringify(criteria)' : 'query'}, limit));`,
  ],
  // A service's made-up record.
  [
    /^const record = \{ id, title: `Record \$\{id\}`, fetchedAt/,
    () => 'const found = findRecord(id);\nconst record = found && { ...found, fetchedAt: new Date().toISOString() };',
  ],
  [/^const record = \{ id, title/, () => 'const record = findRecord(id);'],
  [/^const record = \{ id: 'rec-1'/, () => 'const record = findRecord(JSON.stringify(criteria));'],
  // The confirm starter: the work, then its result.
  [/^return \{ id: input\.id, confirmed: true \}/, (m) => `deleteRecord(input.id);\n${m}`],
  // The task starter's pause.
  [/^await new Promise\(\(resolve\) => setTimeout/, () => 'await rebuildStep(step);'],
  // The app starter's rows.
  [/^const rows = \[/, () => 'const rows = rowsFor(input.topic);'],
  // A resource that read nothing.
  [
    /^return \{ uri: ctx\.uri\?\.href \?\? '', variables: params \}/,
    () =>
      "return { uri: ctx.uri?.href ?? '', variables: { ...params, title: findRecord(params.itemId)?.title ?? '' } };",
  ],
  // A resource list() that lists nothing.
  [/^\[/, () => 'listRecords().map((record) => ({ uri: `demo://items/${record.id}`, name: record.title }))'],
  // An output nothing filled.
  [/^note: ''$/, () => 'note: `${items.length} found`'],
  // init's starters: the user keeps them as their own.
  [/^export const /, (m) => m],
];

/** Replaces each `// STAND-IN:` and the code it marks as a user would; returns the new text. */
function replaceStandIns(file: string, text: string): string {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const ranges = markedRanges(sf).sort((a, b) => b[0] - a[0]);
  let out = text;
  for (const [start, end] of ranges) {
    const marked = text.slice(start, end);
    const found = REPLACEMENTS.find(([pattern]) => pattern.test(marked));
    if (!found) throw new Error(`${file}: no replacement for the stand-in\n${marked}`);
    // A mark inside what it marks (an empty list) goes with it; else its line goes too.
    const inside = marked.includes('// STAND-IN:');
    const lineStart = inside ? start : text.lastIndexOf('\n', text.lastIndexOf('// STAND-IN:', start)) + 1;
    const indent = inside ? '' : /^ */.exec(text.slice(lineStart))![0];
    const body = /^ */.exec(text.slice(text.lastIndexOf('\n', start) + 1))![0];
    const real = found[1](marked)
      .split('\n')
      .map((line, i) => (i === 0 ? line : `${body}${line}`))
      .join('\n');
    out = `${out.slice(0, lineStart)}${indent}${real}${out.slice(end)}`;
  }
  if (out === text) return text;
  const uses = [
    'listRecords',
    'searchRecords',
    'findRecord',
    'changeRecord',
    'deleteRecord',
    'rebuildStep',
    'rowsFor',
  ].filter((name) => new RegExp(`\\b${name}\\(`).test(out));
  if (uses.length === 0) return out;
  const lastImport = out.lastIndexOf('\nimport ');
  const at = out.indexOf(';\n', lastImport) + 2;
  return `${out.slice(0, at)}import { ${uses.join(', ')} } from '@/catalogue.js';\n${out.slice(at)}`;
}

/** Text mcp-scaffold made up, written for real. */
const realText = (text: string) => text.replace(/(['"`])TODO: [^'"`]*\1/g, "'What it really is, in a sentence.'");

const devcheck = (server: GeneratedServer, ...args: string[]) => runDevcheck(server, args);

/** Every kind and variant the line has, one of each, with descriptions given. */
function additions(server: GeneratedServer): [string, Generate][] {
  const tool =
    (name: string, more: Record<string, unknown> = {}): Generate =>
    (tree, project, f) =>
      addToolGenerator(tree, project, { name, description: `The ${name} tool.`, devcheck: false, ...more }, f);
  return [
    ['service', (tree, project, f) => addServiceGenerator(tree, project, { name: 'catalog', devcheck: false }, f)],
    [
      'search',
      tool('demo_search_items', {
        input: ['query:string:Text.', 'limit:integer?:At most.'],
        output: ['items:object[]:Found.', 'note:string:A note.'],
      }),
    ],
    ['fetch on the service', tool('demo_fetch_record', { service: 'catalog' })],
    // A service that keeps what it fetched: (config, storage), its tests on the in-memory storage.
    [
      'service with storage',
      (tree, project, f) => addServiceGenerator(tree, project, { name: 'ledger', devcheck: false, storage: true }, f),
    ],
    ['fetch on the service with storage', tool('demo_fetch_entry', { service: 'ledger' })],
    ['fetch by criteria', tool('demo_get_item', { input: ['id:string:Which.', 'fields:string[]?:Fields.'] })],
    ['destructive write', tool('demo_purge_record', { input: ['pmid:string:Which.'] })],
    ['update on the service', tool('demo_update_record', { service: 'catalog' })],
    ['confirm starter', tool('demo_delete_item', { confirm: true })],
    ...(server.features.tasks
      ? [['task starter', tool('demo_rebuild_index', { task: true })] as [string, Generate]]
      : []),
    ['app starter', tool('demo_show_board', { app: true })],
    [
      'resource',
      (tree, project, f) =>
        addResourceGenerator(
          tree,
          project,
          {
            name: 'demo-item',
            uri: 'demo://items/{itemId}',
            description: 'One item.',
            param: ['itemId:string:Which item.'],
            devcheck: false,
          },
          f,
        ),
    ],
    [
      'resource on the service',
      (tree, project, f) =>
        addResourceGenerator(
          tree,
          project,
          {
            name: 'demo-record',
            uri: 'demo://records/{id}',
            service: 'catalog',
            description: 'One record.',
            param: ['id:string:Which record.'],
            devcheck: false,
          },
          f,
        ),
    ],
    [
      'prompt',
      (tree, project) =>
        addPromptGenerator(tree, project, {
          name: 'demo_summarize_article',
          description: 'Asks for a summary.',
          arg: ['article:string:The article.'],
          devcheck: false,
        }),
    ],
  ];
}

describe.each(['0.10.17', '0.11.5', '0.12.3'] as FrameworkRelease[])('on %s', (release) => {
  it('devcheck --strict fails on each stand-in, and passes once each is replaced with real code', async () => {
    const server = generatedServer(roots[release], release);
    for (const [label, generate] of additions(server)) {
      const added = await addTo(server, generate);
      if ('refused' in added) throw new Error(`${label} was refused: ${added.refused.message}`);
    }
    const files = server.host.snapshot();
    writeFiles(server.root, files);
    const sources = Object.keys(files).filter((f) => /^src\/(mcp-server|services)\/.*\.ts$/.test(f));
    const marks = sources.flatMap((f) => placeholdersIn(files[f]!).map((p) => ({ file: f, ...p })));
    expect(marks.filter((m) => isStandInLine(m.text)).length).toBeGreaterThan(10);

    const strict = devcheck(server, '--strict', '--no-fix');
    expect(strict.status, strict.out).toBe(1);
    for (const m of marks) expect(strict.out).toContain(`${m.file}:${m.line}  ${m.text}`);
    expect(strict.out).toMatch(new RegExp(`✖ Stand-ins .*${marks.length} stand-ins left to replace \\(--strict\\)`));
    expect(strict.out).toMatch(new RegExp(`\\d+ passed, 1 failed, ${marks.length} warnings in`));
    // Without --strict the same run passes, the generated tests with it, each stand-in counted in
    // the summary's warnings.
    const lenient = devcheck(server, '--no-fix', '--test');
    expect(lenient.status, lenient.out).toBe(0);
    expect(lenient.out).toMatch(/✔ Tests .* tests passed/);
    expect(lenient.out).toMatch(new RegExp(`\\d+ passed, 0 failed, ${marks.length} warnings in`));

    const real = Object.fromEntries(sources.map((f) => [f, realText(replaceStandIns(f, files[f]!))]));
    writeFileSync(path.join(server.root, 'src/catalogue.ts'), CATALOGUE);
    // One stand-in left is enough to fail.
    const [kept] = sources.filter((f) => placeholdersIn(files[f]!).some((p) => isStandInLine(p.text)));
    writeFiles(server.root, { ...real, [kept!]: files[kept!]!.replace(/(['"`])TODO: [^'"`]*\1/g, "'Real.'") });
    const one = devcheck(server, '--strict', '--only', 'stand-ins');
    expect(one.status, one.out).toBe(1);
    expect(one.out).toContain(kept);

    writeFiles(server.root, real);
    const passed = devcheck(server, '--strict');
    expect(
      passed.status,
      `${passed.out}\n${Object.entries(real)
        .map(([f, t]) => `${f}\n${t}`)
        .join('\n')}`,
    ).toBe(0);
    expect(passed.out).toMatch(/✔ Stand-ins .* none left/);
    expect(passed.out).toMatch(/\d+ passed, 0 failed, 0 warnings in/);
    for (const f of sources) expect(readFileSync(path.join(server.root, f), 'utf8')).not.toMatch(/STAND-IN:|TODO:/);
  }, 600_000);
});
