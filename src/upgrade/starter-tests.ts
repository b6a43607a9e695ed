/**
 * The tests the framework's own `init` wrote (its `templates/tests/`), where the server still has
 * them as that template wrote them, are the framework's to keep up to date: before 0.11.4 they were
 * never type-checked, and once the tsconfig split checks tests they no longer compile. They are
 * noted before the install (from the package installed then) and written again from the new
 * package's templates after it; a starter test someone changed, or one the new template dropped,
 * stays as it is.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { reportOutside, writeInsideProject } from '../engine/contained-write.js';
import type { Task } from '../engine/task.js';
import { FRAMEWORK, frameworkPackageDir } from '../project/project.js';

export interface StarterTest {
  /** Where it is in the server (`tests/tools/echo.tool.test.ts`). */
  path: string;
  /** Its text, as the installed framework's template has it. */
  content: string;
}

function templateTests(packageDir: string): { rel: string; file: string }[] {
  const dir = path.join(packageDir, 'templates', 'tests');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .map((file) => ({ rel: path.relative(dir, file).split(path.sep).join('/'), file }))
    .sort((a, b) => (a.rel < b.rel ? -1 : 1));
}

const readText = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

/** The server's tests that are byte for byte the installed framework's starter tests. */
export function unchangedStarterTests(root: string): StarterTest[] {
  const dir = frameworkPackageDir(root);
  if (!dir) return [];
  return templateTests(dir).flatMap(({ rel, file }) => {
    const content = readFileSync(file, 'utf8');
    return readText(path.join(root, 'tests', rel)) === content ? [{ path: `tests/${rel}`, content }] : [];
  });
}

/** After the install: each noted starter test, still unchanged, written from the new template. */
export function starterTestsTask(noted: StarterTest[]): Task {
  return {
    key: 'starterTests',
    run: async ({ root, reporter }) => {
      const dir = frameworkPackageDir(root);
      const refreshed: string[] = [];
      const outside: string[] = [];
      for (const test of noted) {
        const fresh = dir ? readText(path.join(dir, 'templates', test.path)) : undefined;
        const target = path.join(root, test.path);
        if (fresh === undefined || fresh === test.content || readText(target) !== test.content) continue;
        (writeInsideProject(root, test.path, fresh) ? refreshed : outside).push(test.path);
      }
      if (refreshed.length > 0)
        reporter.info(`Refreshed ${refreshed.length} starter test(s) from ${FRAMEWORK}'s template.`);
      return { report: { ran: true, passed: true, refreshed, ...reportOutside(reporter, outside) } };
    },
  };
}
