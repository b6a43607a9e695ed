/**
 * What a run writes into a server outside the flush (the framework's skills and starter tests
 * after an install, the devcheck's pending list) goes only where the path stays inside the server
 * once links are followed: through a folder linked elsewhere nothing is written, the task's report
 * and a warning name what was left out, and the rest is written as usual. On a server folder whose
 * node_modules links to the real 0.11.5 package.
 */

import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { writeInsideProject } from '../../src/engine/contained-write.js';
import { flushFaults } from '../../src/engine/durable.js';
import { Reporter } from '../../src/engine/reporter.js';
import { copyInstalledSkills, externalSkillFiles, projectSkillSetting } from '../../src/init/skills.js';
import { clearPending, notePending, pendingFiles } from '../../src/tasks/devcheck-scope.js';
import { starterTestsTask, unchangedStarterTests } from '../../src/upgrade/starter-tests.js';
import { skillsRefreshTask } from '../../src/upgrade/tasks.js';
import { treeDigest } from '../bin/support.js';
import { tempDir } from '../helpers/temp.js';

const FRAMEWORK = '@cyanheads/mcp-ts-core';
const PACKAGE = path.join(inject('frameworkRoots')['0.11.5'], 'node_modules', FRAMEWORK);

/** A server with the framework installed, and a folder outside it holding `outsideFiles`. */
function server(files: Record<string, string> = {}, outsideFiles: Record<string, string> = {}) {
  const root = tempDir(files);
  mkdirSync(path.join(root, 'node_modules/@cyanheads'), { recursive: true });
  symlinkSync(PACKAGE, path.join(root, 'node_modules', FRAMEWORK), 'dir');
  const outside = tempDir(outsideFiles);
  /** Makes `rel` in the server a link to the outside folder. */
  const linkOut = (rel: string) => symlinkSync(outside, path.join(root, rel), 'dir');
  return { root, outside, linkOut };
}

function quietReporter() {
  const reporter = new Reporter({ json: true, verbose: false });
  const warnings: string[] = [];
  vi.spyOn(reporter, 'warn').mockImplementation((message: string) => {
    warnings.push(message);
  });
  return { reporter, warnings };
}

const context = (root: string, reporter: Reporter) => ({ root, reporter, spinner: false, devcheckTimeout: 0 });

describe('skills', () => {
  const skills = externalSkillFiles(PACKAGE);

  it('a new server whose skills/ links elsewhere: none is copied there, each is named', () => {
    expect(skills.length).toBeGreaterThan(0);
    const { root, outside, linkOut } = server();
    linkOut('skills');
    const before = treeDigest(outside);
    const copied = copyInstalledSkills(root, projectSkillSetting(root, 'npm'))!;
    expect(treeDigest(outside)).toBe(before);
    expect(copied.written).toEqual([]);
    expect(copied.outside).toEqual(skills.map((f) => f.path));
  });

  it('the upgrade refresh writes inside, and not through one skill folder linked elsewhere', async () => {
    const { root, outside, linkOut } = server();
    const linked = skills[0]!.path.split('/').slice(0, 2).join('/');
    mkdirSync(path.join(root, 'skills'));
    linkOut(linked);
    const before = treeDigest(outside);
    const { reporter, warnings } = quietReporter();
    const { report } = await skillsRefreshTask('npm').run(context(root, reporter));
    expect(treeDigest(outside)).toBe(before);
    const through = skills.filter((f) => f.path.startsWith(`${linked}/`)).map((f) => f.path);
    expect(report.outside).toEqual(through);
    expect(report.refreshed).toEqual(skills.map((f) => f.path).filter((p) => !through.includes(p)));
    expect(warnings).toEqual([expect.stringContaining(through[0]!)]);
    expect(warnings[0]).toContain('outside the project through a symbolic link: not written');
  });
});

describe('starter tests', () => {
  it('a starter test reached through a link out of the server is not rewritten there', async () => {
    const { root, outside, linkOut } = server();
    cpSync(path.join(PACKAGE, 'templates', 'tests'), outside, { recursive: true });
    linkOut('tests');
    const noted = unchangedStarterTests(root);
    expect(noted.length).toBeGreaterThan(0);
    // As if the next release's template were different: what the task would write.
    const older = noted.map((t) => ({ ...t, content: `${t.content}// older\n` }));
    for (const t of older) writeFileSync(path.join(outside, t.path.slice('tests/'.length)), t.content);
    const before = treeDigest(outside);
    const { reporter, warnings } = quietReporter();
    const { report } = await starterTestsTask(older).run(context(root, reporter));
    expect(treeDigest(outside)).toBe(before);
    expect(report).toMatchObject({ refreshed: [], outside: older.map((t) => t.path) });
    expect(warnings).toHaveLength(1);
  });
});

describe("the devcheck's pending list", () => {
  const PENDING = 'mcp-scaffold/devcheck-pending.json';

  it('node_modules/.cache linked elsewhere: not written, not read, not cleared there', () => {
    const stale = `${JSON.stringify({ files: ['stray.ts'] })}\n`;
    const { root, outside, linkOut } = server({}, { [PENDING]: stale });
    linkOut('node_modules/.cache');
    const before = treeDigest(outside);
    notePending(root, ['src/index.ts']);
    expect(pendingFiles(root)).toBeUndefined();
    clearPending(root);
    expect(treeDigest(outside)).toBe(before);
    expect(readFileSync(path.join(outside, PENDING), 'utf8')).toBe(stale);
  });

  it('kept in the project, it lists only paths inside it', () => {
    const { root } = server();
    notePending(root, ['src/index.ts']);
    const file = path.join(root, 'node_modules/.cache', PENDING);
    writeFileSync(file, JSON.stringify({ files: ['src/index.ts', '../../etc/passwd', '/etc/hosts', 7] }));
    expect(pendingFiles(root)).toEqual(['src/index.ts']);
  });
});

describe('a file written outside the flush', () => {
  afterEach(() => {
    delete flushFaults.at;
  });

  it('is written whole or not at all: a write cut halfway leaves the old text, and no temp beside it', () => {
    const { root } = server({ 'skills/add-tool/SKILL.md': 'old text\n' });
    flushFaults.at = (step) => (step === 'contained:skills/add-tool/SKILL.md' ? 'enospc' : undefined);
    expect(() => writeInsideProject(root, 'skills/add-tool/SKILL.md', `${'new text\n'.repeat(1000)}`)).toThrow(
      /ENOSPC/,
    );
    expect(readFileSync(path.join(root, 'skills/add-tool/SKILL.md'), 'utf8')).toBe('old text\n');
    expect(readdirSync(path.join(root, 'skills/add-tool'))).toEqual(['SKILL.md']);
    delete flushFaults.at;
    expect(writeInsideProject(root, 'skills/add-tool/SKILL.md', 'new text\n')).toBe(true);
    expect(readFileSync(path.join(root, 'skills/add-tool/SKILL.md'), 'utf8')).toBe('new text\n');
  });

  it('keeps the mode of the file it replaces; a new one gets the usual mode', () => {
    const { root } = server({ 'scripts/run.sh': '#!/bin/sh\n' });
    chmodSync(path.join(root, 'scripts/run.sh'), 0o750);
    writeInsideProject(root, 'scripts/run.sh', '#!/bin/sh\necho hi\n');
    expect(statSync(path.join(root, 'scripts/run.sh')).mode & 0o777).toBe(0o750);
    writeInsideProject(root, 'scripts/new.sh', 'x\n');
    expect(statSync(path.join(root, 'scripts/new.sh')).mode & 0o777).toBe(0o666 & ~process.umask());
  });
});
