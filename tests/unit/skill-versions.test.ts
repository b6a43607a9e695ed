/**
 * The framework's own skill checks on the copies mcp-scaffold writes. In a server the framework's
 * `init` made, devcheck runs scripts/check-skill-versions.ts: a SKILL.md body changed since HEAD
 * under the same version is a warning. init's upgrade flow there writes the skills as this
 * project's copies (a note, the commands) and lists them in the check's opt-out, so the real
 * check, run on the server, stays green.
 */

import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initCommand } from '../../src/commands/init.js';
import { ignoringSkillVersions } from '../../src/init/skill-versions.js';
import { externalSkillFiles } from '../../src/init/skills.js';
import { unpackFramework } from '../helpers/framework-tarballs.js';
import { jsonRun } from '../helpers/global-options.js';
import { tempDir, writeFiles } from '../helpers/temp.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.invalid',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.invalid',
};

describe('ignoringSkillVersions', () => {
  it('adds what is missing to skillVersions.ignore, keeping the rest, printed as Biome prints JSON', () => {
    const config = `${JSON.stringify({ outdated: { allowlist: [] }, skillVersions: { ignore: ['mine'] } }, null, 2)}\n`;
    expect(ignoringSkillVersions(config, ['mine', 'add-tool/SKILL.md'])).toBe(
      [
        '{',
        '  "outdated": {',
        '    "allowlist": []',
        '  },',
        '  "skillVersions": {',
        '    "ignore": ["mine", "add-tool/SKILL.md"]',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expect(ignoringSkillVersions(config, ['mine'])).toBeUndefined();
    expect(ignoringSkillVersions(undefined, ['a/SKILL.md'])).toBe(
      '{\n  "skillVersions": {\n    "ignore": ["a/SKILL.md"]\n  }\n}\n',
    );
    expect(ignoringSkillVersions('not json', ['a/SKILL.md'])).toBeUndefined();
    expect(ignoringSkillVersions('[]', ['a/SKILL.md'])).toBeUndefined();
  });
});

describe("init's upgrade flow in a server the framework's init made", () => {
  it("leaves the framework's skill version check green, which it would not be otherwise", async () => {
    const root = tempDir();
    const dir = unpackFramework('0.12.3', path.join(root, 'node_modules/@cyanheads/mcp-ts-core'));
    const templatePackage = JSON.parse(readFileSync(path.join(dir, 'templates/package.json'), 'utf8'));
    writeFiles(root, {
      'package.json': `${JSON.stringify({ ...templatePackage, name: 'pubmed-mcp-server', packageManager: 'bun@1.3.0' }, null, 2)}\n`,
      '.gitignore': 'node_modules/\n',
      ...Object.fromEntries(externalSkillFiles(dir).map((f) => [f.path, f.content])),
    });
    cpSync(path.join(dir, 'scripts/check-skill-versions.ts'), path.join(root, 'scripts/check-skill-versions.ts'));
    cpSync(path.join(dir, 'templates/devcheck.config.json'), path.join(root, 'devcheck.config.json'));
    const git = (...args: string[]) => spawnSync('git', args, { cwd: root, env: GIT_ENV, encoding: 'utf8' });
    git('init', '-q');
    git('add', '-A');
    expect(git('commit', '-q', '-m', 'framework init').status).toBe(0);
    const check = () =>
      spawnSync(process.execPath, ['scripts/check-skill-versions.ts'], { cwd: root, encoding: 'utf8' });
    expect(check().status).toBe(0);

    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const code = await initCommand(undefined, { install: false, git: false }, jsonRun(root));
    vi.restoreAllMocks();
    const result = JSON.parse(out.join(''));
    expect(code, JSON.stringify(result)).toBe(0);
    expect(result.refreshed).toEqual(expect.arrayContaining(['skills/add-tool/SKILL.md', 'devcheck.config.json']));
    expect(readFileSync(path.join(root, 'skills/add-tool/SKILL.md'), 'utf8')).toContain('> **In this server:** ');
    const config = JSON.parse(readFileSync(path.join(root, 'devcheck.config.json'), 'utf8'));
    expect(config.depcheck).toEqual(
      JSON.parse(readFileSync(path.join(dir, 'templates/devcheck.config.json'), 'utf8')).depcheck,
    );
    expect(config.skillVersions.ignore).toEqual(expect.arrayContaining(['add-tool/SKILL.md', 'setup/SKILL.md']));

    const after = check();
    expect(after.status, after.stdout).toBe(0);
    expect(after.stdout).toContain('Skill versions are in step');
    // Without the opt-out the check finds the notes: it is what keeps the check green.
    git('checkout', '-q', 'HEAD', '--', 'devcheck.config.json');
    const without = check();
    expect(without.status).toBe(1);
    expect(without.stdout).toContain('skills/add-tool/SKILL.md body changed');
  });
});
