/**
 * One truth in every doc a new server carries: a server made by our init on each line, with the
 * framework's skills copied from the real release, is read as a coding agent would read it
 * (AGENTS.md, CLAUDE.md, README.md, skills/**). Nothing in it tells the agent to run `bun run` in
 * this npm project, or to create definition files or registrations by hand where AGENTS.md says
 * mcp-scaffold does it, except where a note at the top of the skill routes those steps through
 * mcp-scaffold, or in the exceptions listed below with their reasons.
 */

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { initCommand } from '../../src/commands/init.js';
import type { FrameworkRelease } from '../helpers/framework-installs.js';
import { jsonRun } from '../helpers/global-options.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The skills whose work mcp-scaffold does, and a command their note must give. */
const ROUTED: Record<string, RegExp> = {
  'add-tool': / add tool /,
  'add-app-tool': / add tool .* --app/,
  'add-resource': / add resource /,
  'add-prompt': / add prompt /,
  'add-service': / add service /,
  'add-test': / add test /,
  setup: / remove <kind> .* rename <kind> /,
  maintenance: / upgrade`/,
};

/** Instructions to create a definition file, or to make or take out a registration, by hand. */
const BY_HAND = [
  /\bcreate the (?:file|directory|service file|test file|app tool|app resource)\b.*(?:`src\/|`tests\/|test layout)/i,
  /\*\*register\b/i,
  /\bregister (?:the|both|it|new) (?:tool|resource|prompt|definition)s?\b/i,
  /\b(?:add the export to|update) (?:that|the|those) barrels?\b|\bupdate those instead\b/i,
  /\bdelete the [\w -]+ and its registration\b/i,
  /\badd the `setup\(\)` callback\b/i,
];

/**
 * Lines that match BY_HAND without telling this server's agent to do it, each with why.
 */
const EXCEPTIONS: { file: string; line: RegExp; why: string }[] = [
  {
    file: 'skills/polish-docs-meta/references/readme.md',
    line: /^- Register new tools and resources via the barrels/,
    why: "a line of the sample README the skill has agents write for a server's contributors, not an instruction to the agent",
  },
  {
    file: 'skills/api-linter/SKILL.md',
    line: /register the resource it references\. Use the `add-app-tool` skill's paired scaffold/,
    why: 'the fix of a lint error, which sends the agent to the add-app-tool skill, whose note routes it through mcp-scaffold',
  },
];

/** A negative instruction: "Do not create definition files … by hand". */
const FORBIDS = /\b(?:do not|never)\b/i;

/** Every doc of the server an agent reads, by relative path. */
function docsOf(root: string): Map<string, string> {
  const docs = new Map<string, string>();
  for (const file of ['AGENTS.md', 'CLAUDE.md', 'README.md'])
    docs.set(file, readFileSync(path.join(root, file), 'utf8'));
  for (const rel of readdirSync(path.join(root, 'skills'), { recursive: true }).map(String).sort()) {
    if (rel.endsWith('.md'))
      docs.set(`skills/${rel.split(path.sep).join('/')}`, readFileSync(path.join(root, 'skills', rel), 'utf8'));
  }
  return docs;
}

/** The body of a SKILL.md starts with the project note, which gives `command`. */
function notedWith(skillMd: string | undefined, command: RegExp): boolean {
  const body = skillMd?.replace(/^---\n[\s\S]*?\n---\n/, '') ?? '';
  const note = /^\n> \*\*In this server:\*\* [^\n]*/.exec(body)?.[0];
  return note !== undefined && command.test(note);
}

async function initOn(release: FrameworkRelease) {
  // Inside the release's install: the skills task finds the framework there, as after an install.
  const cwd = mkdtempSync(path.join(inject('frameworkRoots')[release], 'docs-'));
  const out: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const code = await initCommand(
    'pubmed-server',
    { install: false, git: false, frameworkVersion: release },
    jsonRun(cwd),
  );
  vi.restoreAllMocks();
  const result = JSON.parse(out.join(''));
  expect(code, JSON.stringify(result)).toBe(0);
  const root = path.join(cwd, 'pubmed-server');
  const packageDir = path.join(inject('frameworkRoots')[release], 'node_modules/@cyanheads/mcp-ts-core');
  return { root, result, packageDir };
}

describe.each(['0.10.17', '0.11.5', '0.12.3'] as FrameworkRelease[])('a new server on %s', (release) => {
  it('tells an agent one thing: mcp-scaffold for definitions, npm for scripts', async () => {
    const { root, result } = await initOn(release);
    expect(result.skills).toMatchObject({ ran: true, passed: true });
    expect(result.skills.skills).toEqual(expect.arrayContaining(Object.keys(ROUTED)));
    const docs = docsOf(root);
    expect(read(docs, 'AGENTS.md')).toContain('Do not create definition files or edit the registrations');

    const bunRun = [...docs].flatMap(([file, text]) =>
      text.split('\n').flatMap((line, i) => (/\bbun run\b/.test(line) ? [`${file}:${i + 1}: ${line}`] : [])),
    );
    expect(bunRun).toEqual([]);

    for (const [skill, command] of Object.entries(ROUTED)) {
      expect(notedWith(docs.get(`skills/${skill}/SKILL.md`), command), `skills/${skill}/SKILL.md`).toBe(true);
    }
    const contradictions: string[] = [];
    for (const [file, text] of docs) {
      const skill = /^skills\/([^/]+)\//.exec(file)?.[1];
      const noted = skill !== undefined && notedWith(docs.get(`skills/${skill}/SKILL.md`), /^/);
      text.split('\n').forEach((line, i) => {
        if (!BY_HAND.some((p) => p.test(line)) || FORBIDS.test(line) || noted) return;
        if (EXCEPTIONS.some((e) => e.file === file && e.line.test(line))) return;
        contradictions.push(`${file}:${i + 1}: ${line}`);
      });
    }
    expect(contradictions).toEqual([]);
  });

  it("keeps each skill's version as the package has it, and links only what exists", async () => {
    const { root, packageDir } = await initOn(release);
    const docs = docsOf(root);
    // The framework's skill sync and its version check read metadata.version: it stays the package's.
    const metadata = (text: string) => /^---\n[\s\S]*?\n(metadata:\n(?:[ \t]+.*\n)*)[\s\S]*?---\n/.exec(text)?.[1];
    for (const [file, text] of docs) {
      if (!/^skills\/[^/]+\/SKILL\.md$/.test(file) || file.startsWith('skills/mcp-scaffold/')) continue;
      const original = readFileSync(path.join(packageDir, file), 'utf8');
      expect(metadata(original), file).toMatch(/version: /);
      expect(metadata(text), file).toBe(metadata(original));
    }
    // npm pages linked from our own docs are of packages the server installs.
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const installs = new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }));
    for (const file of ['AGENTS.md', 'CLAUDE.md', 'README.md', 'skills/mcp-scaffold/SKILL.md']) {
      for (const [, name] of read(docs, file).matchAll(/npmjs\.com\/package\/((?:@[\w.-]+\/)?[\w.-]+)/g)) {
        expect(installs.has(name!), `${file} links npm's page of ${name}`).toBe(true);
      }
    }
    expect(read(docs, 'README.md')).toContain('Add definitions with mcp-scaffold, which');
  });
});

function read(docs: Map<string, string>, file: string): string {
  const text = docs.get(file);
  if (text === undefined) throw new Error(`${file} is not among the docs`);
  return text;
}
