/**
 * `@file` as a field flag's value, as a user types it: the JSON Schema in the file (a path from
 * the folder the command runs in) makes the same definition as the braces form of that shape. A
 * file that is missing, is a FIFO, or holds no JSON object is OPTION_INVALID (exit 1) naming it,
 * and the project is left as it was.
 */

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, parseJsonOut, runCli, treeDigest } from './support.js';

const project = () => makeProject();

const SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'The work key' },
    subjects: { type: 'array', items: { type: 'string' }, description: 'Subjects' },
    editions: {
      type: 'array',
      description: 'Its editions',
      items: {
        type: 'object',
        properties: { isbn: { type: 'string' }, year: { type: 'integer' } },
        required: ['isbn'],
      },
    },
  },
  required: ['id', 'subjects', 'editions'],
};
const BRACES = [
  'id:string:The work key',
  'subjects:string[]:Subjects',
  'editions:object[]{isbn:string,year:integer?}:Its editions',
];
const DEFINITION = 'src/mcp-server/tools/definitions/demo-get-work.tool.ts';

const add = (root: string, outputs: string[]) =>
  runCli(
    [
      'add',
      'tool',
      'demo_get_work',
      '--input',
      'workId:string:Which work',
      ...outputs.flatMap((o) => ['--output', o]),
      '--json',
      '--no-devcheck',
    ],
    { cwd: root },
  );

describe('a field flag given @file', () => {
  it('makes the definition the braces form makes, byte for byte', () => {
    const [fromFile, fromBraces] = [project(), project()];
    writeFileSync(path.join(fromFile, 'work.schema.json'), `${JSON.stringify(SCHEMA, null, 2)}\n`);
    const a = add(fromFile, ['@work.schema.json']);
    expect(a.status, a.stderr).toBe(0);
    expect(parseJsonOut(a).ok).toBe(true);
    const b = add(fromBraces, BRACES);
    expect(b.status, b.stderr).toBe(0);
    const definition = readFileSync(path.join(fromFile, DEFINITION), 'utf8');
    expect(definition).toContain(
      "editions: z.array(EditionsItemSchema.describe('One entry of editions.')).describe('Its editions'),",
    );
    expect(definition).toBe(readFileSync(path.join(fromBraces, DEFINITION), 'utf8'));
  });

  it.each([
    ['missing', () => undefined, 'cannot read'],
    ['a FIFO', (file: string) => execFileSync('mkfifo', [file]), 'is not a regular file'],
    ['not a JSON object', (file: string) => writeFileSync(file, '[1, 2]\n'), 'does not hold a JSON object'],
  ])('refuses a file that is %s, naming it; nothing written', (_label, make, why) => {
    const root = project();
    // Beside the project: a FIFO in it would stop the digest's own read.
    const file = path.join(project(), 'fields.json');
    make(file);
    const before = treeDigest(root);
    const run = add(root, [`@${file}`]);
    expect(run.status).toBe(1);
    const out = parseJsonOut(run);
    expect(out.error.code).toBe('OPTION_INVALID');
    expect(out.error.message).toContain(`--output @${file}: `);
    expect(out.error.message).toContain(why);
    expect(treeDigest(root)).toBe(before);
  });
});
