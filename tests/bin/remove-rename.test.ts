/**
 * `remove`, `rename` and `add test` through the built CLI: --dry-run writes nothing and shows
 * DELETE/CREATE diffs, --json is one object, a bad kind and an unknown name exit 1 with their
 * codes, and a use that cannot be taken along is refused with file:line, nothing written.
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, parseJsonOut, runCli, treeDigest } from './support.js';

const project = (files: Record<string, string> = {}) => makeProject(files);
const TOOL = 'src/mcp-server/tools/definitions/echo.tool.ts';

describe('remove', () => {
  it('--dry-run --json: the delete and the edit with their diffs, nothing written', () => {
    const root = project();
    const before = treeDigest(root);
    const r = runCli(['remove', 'tool', 'demo_echo_message', '--dry-run', '--json', '--no-devcheck'], { cwd: root });
    expect(r.status).toBe(0);
    const out = parseJsonOut(r);
    expect(out.changes.map((c: { action: string; path: string }) => `${c.action} ${c.path}`)).toEqual([
      'update src/index.ts',
      `delete ${TOOL}`,
    ]);
    expect(out.changes[1].diff).toContain('+++ /dev/null');
    expect(treeDigest(root)).toBe(before);
  });

  it('removes the file and its registration', () => {
    const root = project();
    const r = runCli(['remove', 'tool', 'echoTool', '--no-devcheck'], { cwd: root });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`DELETE ${TOOL}`);
    expect(existsSync(path.join(root, TOOL))).toBe(false);
    expect(readFileSync(path.join(root, 'src/index.ts'), 'utf8')).toContain('tools: [],');
  });

  it('a use that is no registration: REFERENCE_UNSUPPORTED with file:line, exit 1, nothing written', () => {
    const root = project({
      'src/util.ts':
        "import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';\n\nexport const n = echoTool.name;\n",
    });
    const before = treeDigest(root);
    const r = runCli(['remove', 'tool', 'demo_echo_message', '--json', '--no-devcheck'], { cwd: root });
    expect(r.status).toBe(1);
    expect(parseJsonOut(r).error).toMatchObject({
      code: 'REFERENCE_UNSUPPORTED',
      details: [expect.objectContaining({ path: 'src/util.ts', line: 3 })],
    });
    expect(treeDigest(root)).toBe(before);
  });

  it('a bad kind is OPTION_INVALID; an unknown name NOT_FOUND', () => {
    const root = project();
    expect(parseJsonOut(runCli(['remove', 'widget', 'x', '--json'], { cwd: root })).error.code).toBe('OPTION_INVALID');
    expect(parseJsonOut(runCli(['remove', 'tool', 'nope', '--json'], { cwd: root })).error.code).toBe('NOT_FOUND');
  });
});

describe('rename', () => {
  it('moves the file and renames the export and its registration', () => {
    const root = project();
    const r = runCli(['rename', 'tool', 'demo_echo_message', 'demo_shout', '--json', '--no-devcheck'], { cwd: root });
    expect(r.status, r.stderr).toBe(0);
    expect(parseJsonOut(r).renamed).toMatchObject({
      from: 'demo_echo_message',
      to: 'demo_shout',
      files: { [TOOL]: 'src/mcp-server/tools/definitions/demo-shout.tool.ts' },
    });
    const moved = readFileSync(path.join(root, 'src/mcp-server/tools/definitions/demo-shout.tool.ts'), 'utf8');
    expect(moved).toContain("tool('demo_shout'");
    expect(readFileSync(path.join(root, 'src/index.ts'), 'utf8')).toContain(
      './mcp-server/tools/definitions/demo-shout.tool.js',
    );
  });
});

describe('add test', () => {
  it('writes the test where the project keeps them; a second run is ALREADY_EXISTS', () => {
    const root = project();
    const r = runCli(['add', 'test', 'demo_echo_message', '--no-devcheck', '--json'], { cwd: root });
    expect(r.status, r.stderr).toBe(0);
    // The first test add test writes brings the server's shared sample helper with it.
    expect(parseJsonOut(r).changes).toEqual([
      { path: 'tests/helpers/sample-input.ts', action: 'create' },
      { path: 'tests/tools/echo.tool.test.ts', action: 'create' },
    ]);
    const again = runCli(['add', 'test', 'demo_echo_message', '--no-devcheck', '--json'], { cwd: root });
    expect(again.status).toBe(1);
    expect(parseJsonOut(again).error.code).toBe('ALREADY_EXISTS');
  });
});
