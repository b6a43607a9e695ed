import { describe, expect, it } from 'vitest';
import { adaptSkill, type SkillSetting } from './skill-notes.js';

const FRONT = '---\nname: git-wrapup\nmetadata:\n  version: "1.0"\n---\n';
const BODY = [
  '',
  '## Steps',
  '',
  '1. `bun run devcheck --only outdated`, then `bun run rebuild` and `bun run test:all`',
  '2. `bun run tree`; `bun add js-yaml`; `bun audit`; `bun outdated`; the `bun run` wrapper',
  '',
].join('\n');
const setting = (pm: SkillSetting['pm']): SkillSetting => ({
  pm,
  scaffold: 'npx mcp-scaffold',
  scripts: ['build', 'devcheck', 'test'],
});
const adapt = (name: string, pm: SkillSetting['pm'], body = BODY) =>
  adaptSkill(name, [{ path: `skills/${name}/SKILL.md`, content: `${FRONT}${body}` }], setting(pm))[0]!.content;

describe("a framework skill as this project's copy", () => {
  it("says npm's commands, with -- before a script's flags, and the project's name for rebuild", () => {
    expect(adapt('git-wrapup', 'npm')).toBe(
      `${FRONT}\n> \`npm run tree\` names a script of the framework's own template that this server does not have.\n${BODY}`
        .replace('`bun run devcheck --only outdated`', '`npm run devcheck -- --only outdated`')
        .replace('`bun run rebuild`', '`npm run build`')
        .replace('`bun run test:all`', '`npm run test`')
        .replace('`bun run tree`', '`npm run tree`')
        .replace('`bun add js-yaml`', '`npm install js-yaml`')
        .replace('`bun audit`', '`npm audit`')
        .replace('`bun outdated`', '`npm outdated`')
        .replace('`bun run` wrapper', '`npm run` wrapper'),
    );
  });

  it("pnpm's without the separator; bun's as written, but for the scripts it names another way", () => {
    expect(adapt('git-wrapup', 'pnpm')).toContain('`pnpm run devcheck --only outdated`');
    expect(adapt('git-wrapup', 'pnpm')).toContain('`pnpm add js-yaml`');
    const bun = adapt('git-wrapup', 'bun');
    expect(bun).toContain('`bun run devcheck --only outdated`, then `bun run build` and `bun run test`');
    expect(bun).toContain('`bun add js-yaml`; `bun audit`');
  });

  it('routes a skill that covers mcp-scaffold’s work through it, after the front matter', () => {
    const text = adapt('add-prompt', 'npm', '\n## Steps\n\n1. **Create the file** at `src/…`\n');
    expect(
      text.startsWith(
        `${FRONT}\n> **In this server:** Create and register a prompt with \`npx mcp-scaffold add prompt `,
      ),
    ).toBe(true);
    expect(text).toContain('Do not create, register, rename or delete definition files by hand');
    expect(text.endsWith('\n\n## Steps\n\n1. **Create the file** at `src/…`\n')).toBe(true);
  });

  it('leaves a skill with nothing to say as the package has it', () => {
    const body = '\n## Context\n\nNothing to run here.\n';
    expect(adapt('api-context', 'npm', body)).toBe(`${FRONT}${body}`);
  });
});
