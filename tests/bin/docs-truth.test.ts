/**
 * What a server's generated docs say, held against what the CLI does: AGENTS.md and SKILL.md on
 * names without the server prefix (accepted, with a warning) and on bad names (refused), and the
 * README's table of definitions, which `add` keeps true (and leaves alone when it is not there).
 */

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp.js';
import { parseJsonOut, runCli, treeDigest } from './support.js';

const temp = () => tempFolder('mcp-scaffold-docs-');

/** A server from our init, without install or git. */
function server(): string {
  const cwd = temp();
  const r = runCli(['init', 'demo', '--no-install', '--no-git', '--framework-version', '0.10.17'], {
    cwd,
    env: { npm_config_offline: 'true' },
  });
  expect(r.status, r.stderr).toBe(0);
  return path.join(cwd, 'demo');
}
const read = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8');
const add = (root: string, ...args: string[]) => runCli(['add', ...args, '--no-devcheck'], { cwd: root });

describe('names, as the docs say and as the CLI does', () => {
  it('a name without the prefix: the docs say accepted with a warning, and it is', () => {
    const root = server();
    expect(read(root, 'AGENTS.md')).toContain('A name without the server prefix `demo_`: accepted, with a warning');
    expect(read(root, 'skills/mcp-scaffold/SKILL.md')).toContain(
      'A name without\nthe prefix is accepted, with a warning',
    );
    const r = add(root, 'tool', 'find_items', '--json');
    expect(r.status, r.stderr).toBe(0);
    const out = parseJsonOut(r);
    expect(out.ok).toBe(true);
    expect(out.warnings.join('\n')).toContain('consider "demo_find_items"');
  });

  it('a name that is no case form: the docs say refused with the accepted form, and it is', () => {
    const root = server();
    expect(read(root, 'AGENTS.md')).toContain('refused (`NAME_INVALID`, exit 1, nothing written)');
    const before = treeDigest(root);
    const r = add(root, 'tool', 'Find Items!', '--json');
    expect(r.status).toBe(1);
    const out = parseJsonOut(r);
    expect(out.error.code).toBe('NAME_INVALID');
    expect(`${out.error.message} ${out.error.hint ?? ''}`).toMatch(/find_items/);
    expect(treeDigest(root)).toBe(before);
  });
});

describe("the README's table of definitions", () => {
  const row = (kind: string, name: string, file: string) => `| ${kind} | \`${name}\` | \`${file}\` |`;
  const TOOL = 'src/mcp-server/tools/definitions/demo-find-items.tool.ts';
  const PROMPT_ROW = row('Prompt', 'demo_summarize', 'src/mcp-server/prompts/definitions/demo-summarize.prompt.ts');

  it('add writes a row for what it adds, once, right after the others', () => {
    const root = server();
    expect(read(root, 'README.md')).toContain(PROMPT_ROW);
    const r = add(root, 'tool', 'demo_find_items', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(parseJsonOut(r).changes).toContainEqual({ path: 'README.md', action: 'update' });
    expect(read(root, 'README.md')).toContain(`${PROMPT_ROW}\n${row('Tool', 'demo_find_items', TOOL)}\n`);
    const resource = add(root, 'resource', 'demo-item', '--uri', 'demo://items/{id}');
    expect(resource.status, resource.stderr).toBe(0);
    const readme = read(root, 'README.md');
    expect(readme).toContain(
      row('Resource', 'demo-item', 'src/mcp-server/resources/definitions/demo-item.resource.ts'),
    );
    // Again with --force: the file is rewritten, the row not repeated.
    expect(add(root, 'tool', 'demo_find_items', '--force').status).toBe(0);
    expect(read(root, 'README.md').split(`\`${TOOL}\``)).toHaveLength(2);
  });

  it('a README without the table is left as it is, and the output says so', () => {
    const root = server();
    const edited = '# demo\n\nMy own words, no table.\n';
    writeFileSync(path.join(root, 'README.md'), edited);
    const r = add(root, 'tool', 'demo_find_items');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain(
      'README.md has no table of definitions (| Kind | Name | File |): left as it is.',
    );
    expect(read(root, 'README.md')).toBe(edited);
  });

  const TOOL_ROW = row('Tool', 'demo_echo_message', 'src/mcp-server/tools/definitions/demo-echo-message.tool.ts');
  const RESOURCE_ROW = row('Resource', 'demo-echo', 'src/mcp-server/resources/definitions/demo-echo.resource.ts');
  const run = (root: string, ...args: string[]) => runCli([...args, '--no-devcheck', '--json'], { cwd: root });

  it('remove takes the row out, in the plan a dry run shows', () => {
    const root = server();
    const before = read(root, 'README.md');
    expect(before).toContain(`${TOOL_ROW}\n${RESOURCE_ROW}\n${PROMPT_ROW}\n`);
    const dry = run(root, 'remove', 'tool', 'demo_echo_message', '--dry-run');
    expect(dry.status, dry.stderr).toBe(0);
    const readmeDiff = parseJsonOut(dry).changes.find((c: { path: string }) => c.path === 'README.md');
    expect(readmeDiff).toMatchObject({ action: 'update' });
    expect(readmeDiff.diff).toContain(`\n-${TOOL_ROW}\n`);
    expect(read(root, 'README.md')).toBe(before);
    const r = run(root, 'remove', 'tool', 'demo_echo_message');
    expect(r.status, r.stderr).toBe(0);
    expect(read(root, 'README.md')).toBe(before.replace(`${TOOL_ROW}\n`, ''));
    expect(read(root, 'README.md')).toContain(`| --- | --- | --- |\n${RESOURCE_ROW}\n${PROMPT_ROW}\n`);
  });

  it('rename makes the row name the new name and file, in the same place', () => {
    const root = server();
    const before = read(root, 'README.md');
    const tool = run(root, 'rename', 'tool', 'demo_echo_message', 'demo_shout_message');
    expect(tool.status, tool.stderr).toBe(0);
    expect(parseJsonOut(tool).changes).toContainEqual({ path: 'README.md', action: 'update' });
    const resource = run(root, 'rename', 'resource', 'demo-echo', 'demo-mirror');
    expect(resource.status, resource.stderr).toBe(0);
    expect(read(root, 'README.md')).toBe(
      before
        .replace(
          TOOL_ROW,
          row('Tool', 'demo_shout_message', 'src/mcp-server/tools/definitions/demo-shout-message.tool.ts'),
        )
        .replace(
          RESOURCE_ROW,
          row('Resource', 'demo-mirror', 'src/mcp-server/resources/definitions/demo-mirror.resource.ts'),
        ),
    );
  });
});
