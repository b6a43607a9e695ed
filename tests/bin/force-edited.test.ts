/**
 * The built CLI never discards work without being told: `--force` over a definition edited since
 * mcp-scaffold wrote it refuses under --json and without a terminal (EDITED_SINCE_GENERATED,
 * exit 1, the file and each line it would discard named, nothing written), asks at a terminal,
 * and rewrites with --overwrite-edited; over an untouched one it rewrites as before. The hint for
 * an existing name points at rename, add test or another name before --force.
 */

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, onTerminal, parseJsonOut, runCli, treeDigest } from './support.js';

const TOOL = 'src/mcp-server/tools/definitions/demo-find-items.tool.ts';
const TEST = 'tests/tools/demo-find-items.tool.test.ts';
const EDIT = "description: 'Finds items in the catalogue, ranked by our own scoring.',";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

const read = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8');
const add = (root: string, ...extra: string[]) =>
  runCli(['add', 'tool', 'demo_find_items', '--description', 'Finds items.', '--no-devcheck', '--cwd', root, ...extra]);

/** A project with demo_find_items added, then its description edited by hand; the edited line's number. */
function editedProject(): { root: string; line: number } {
  const root = makeProject();
  roots.push(root);
  expect(add(root, '--json').status).toBe(0);
  const text = read(root, TOOL).replace("description: 'Finds items.',", EDIT);
  writeFileSync(path.join(root, TOOL), text);
  return { root, line: text.split('\n').findIndex((l) => l.includes(EDIT)) + 1 };
}

describe('add --force over an edited definition', () => {
  it('--json: EDITED_SINCE_GENERATED naming the file and the line it would discard; nothing written', () => {
    const { root, line } = editedProject();
    const before = treeDigest(root);
    const r = add(root, '--force', '--json');
    expect(r.status).toBe(1);
    const out = parseJsonOut(r);
    expect(out.error).toMatchObject({
      code: 'EDITED_SINCE_GENERATED',
      message: `${TOOL}:${line}: edited since mcp-scaffold wrote it: --force would discard 1 line (${line})`,
      details: [{ path: TOOL, line, message: `would discard: ${EDIT}` }],
    });
    expect(out.error.hint).toContain('--overwrite-edited');
    expect(treeDigest(root)).toBe(before);
  });

  it('without a terminal: the same refusal, the line on stderr; nothing written', () => {
    const { root, line } = editedProject();
    const before = treeDigest(root);
    const r = add(root, '--force');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('[EDITED_SINCE_GENERATED]');
    expect(r.stderr).toContain(`${TOOL}:${line}: would discard: ${EDIT}`);
    expect(treeDigest(root)).toBe(before);
  });

  it('--overwrite-edited rewrites it from the template', () => {
    const { root } = editedProject();
    const r = add(root, '--force', '--overwrite-edited', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(parseJsonOut(r).changes).toEqual([{ path: TOOL, action: 'update' }]);
    expect(read(root, TOOL)).toContain("description: 'Finds items.',");
  });

  it('over an untouched definition, --force rewrites it as before', () => {
    const root = makeProject();
    roots.push(root);
    expect(add(root, '--json').status).toBe(0);
    const r = runCli([
      'add',
      'tool',
      'demo_find_items',
      '--description',
      'Finds all of them.',
      '--force',
      '--json',
      '--no-devcheck',
      '--cwd',
      root,
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(read(root, TOOL)).toContain("description: 'Finds all of them.',");
  });
});

describe('add --force over an edited definition, at a terminal', () => {
  const QUESTION = 'Discard these edits';
  const forced = (root: string) => [
    ...['add', 'tool', 'demo_find_items', '--description', 'Finds.'],
    ...['--force', '--no-devcheck', '--cwd', root],
  ];

  it('shows the lines and asks; yes rewrites', async () => {
    const { root, line } = editedProject();
    const r = await onTerminal(root, forced(root), [[QUESTION, 'y\r']]);
    expect(r.output).toContain(`${TOOL} was edited since mcp-scaffold wrote it; --force would discard:`);
    expect(r.output).toContain(`${line}: ${EDIT}`);
    expect(r.exit, r.output).toBe(0);
    expect(read(root, TOOL)).toContain("description: 'Finds.',");
  });

  it('no (the default) keeps the edits: exit 1, nothing written', async () => {
    const { root } = editedProject();
    const before = treeDigest(root);
    const r = await onTerminal(root, forced(root), [[QUESTION, '\r']]);
    expect(r.output).toContain(QUESTION);
    expect(r.output).toContain('Kept the edits: nothing was written.');
    expect(r.exit, r.output).toBe(1);
    expect(treeDigest(root)).toBe(before);
  });
});

describe('the hint for a name that exists', () => {
  it('points at rename and add test (no test yet) first, and at --force and --overwrite-edited last', () => {
    const root = makeProject();
    roots.push(root);
    expect(add(root, '--json', '--no-test').status).toBe(0);
    const hint: string = parseJsonOut(add(root, '--json')).error.hint;
    expect(hint).toContain('`mcp-scaffold rename tool demo_find_items <new name>`');
    expect(hint).toContain('`mcp-scaffold add test demo_find_items`');
    expect(hint.indexOf('rename')).toBeLessThan(hint.indexOf('--force'));
    expect(hint.indexOf('add test')).toBeLessThan(hint.indexOf('--force'));
    expect(hint.indexOf('--force')).toBeLessThan(hint.indexOf('--overwrite-edited'));
  });
});

describe('add test --force over an edited test', () => {
  it('refuses under --json, naming the line; --overwrite-edited writes it again', () => {
    const root = makeProject();
    roots.push(root);
    expect(add(root, '--json').status).toBe(0);
    const text = `${read(root, TEST)}\n// My own case, kept.\n`;
    writeFileSync(path.join(root, TEST), text);
    const line = text.split('\n').indexOf('// My own case, kept.') + 1;
    const test = (...extra: string[]) =>
      runCli(['add', 'test', 'demo_find_items', '--force', '--json', '--no-devcheck', '--cwd', root, ...extra]);
    const refused = test();
    expect(refused.status).toBe(1);
    expect(parseJsonOut(refused).error.details).toContainEqual({
      path: TEST,
      line,
      message: 'would discard: // My own case, kept.',
    });
    expect(read(root, TEST)).toBe(text);
    expect(test('--overwrite-edited').status).toBe(0);
    expect(read(root, TEST)).not.toContain('My own case');
  });
});
