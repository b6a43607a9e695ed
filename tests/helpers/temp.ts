/** Temp folders for tests that need a disk: each is removed after the tests of the file that made it. */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder named `<prefix>…`, removed once the file's tests are done. */
export function tempFolder(prefix = 'mcp-scaffold-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A new folder holding `files` (project-relative path → content), if given. */
export function tempDir(files: Record<string, string> = {}): string {
  const dir = tempFolder();
  writeFiles(dir, files);
  return dir;
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}
