/**
 * The project's own `tsc`, run on a throwaway configuration written beside its tsconfig.json (so
 * that `extends`, `paths` and the automatic `@types` resolve exactly as they do for the project)
 * and removed once tsc is done. `project` checks what tsconfig.json covers; `with-tests` adds
 * tests/ as the tsconfig split would (rootDir `.`). Neither emits, and the incremental state tsc
 * keeps goes to a temp file, never to the project's own.
 */

import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'jsonc-parser';
import { stopSignal } from '../engine/run-state.js';
import { projectBin, runProjectTool, stoppedWhy } from './project-tools.js';
import { parseTypeErrors, type TscError } from './type-errors.js';

/** What a check covers: the project's own tsconfig.json, or that and tests/. */
export type CheckScope = 'project' | 'with-tests';

/** The throwaway configuration's name: a run cut short leaves it behind, and the name says whose it is. */
export const CHECK_CONFIG = 'tsconfig.mcp-scaffold-check.json';

export type CheckRun = { ran: true; errors: TscError[] } | { ran: false; reason: string };

/** tsconfig.json's `include`, or what the split assumes when it has none. */
export function tsconfigIncludes(root: string): string[] {
  try {
    const json = parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as { include?: unknown } | undefined;
    if (Array.isArray(json?.include)) return json.include.map(String);
  } catch {}
  return ['src/**/*'];
}

function checkConfig(root: string, scope: CheckScope, buildInfo: string): string {
  const compilerOptions: Record<string, unknown> = { noEmit: true, incremental: true, tsBuildInfoFile: buildInfo };
  const config: Record<string, unknown> = { extends: './tsconfig.json', compilerOptions };
  if (scope === 'with-tests') {
    compilerOptions.rootDir = '.';
    const include = tsconfigIncludes(root);
    config.include = include.some((p) => p.startsWith('tests')) ? include : [...include, 'tests/**/*'];
  }
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** Runs the project's tsc over `scope`; says why not when the project has no tsconfig.json or no typescript. */
export async function typeCheck(root: string, scope: CheckScope, timeoutSeconds: number): Promise<CheckRun> {
  if (!existsSync(path.join(root, 'tsconfig.json'))) return { ran: false, reason: 'the project has no tsconfig.json' };
  const tsc = projectBin(root, 'typescript', 'tsc');
  if (!tsc) return { ran: false, reason: 'typescript is not installed in the project' };
  const signal = stopSignal();
  if (signal) return { ran: false, reason: `interrupted by ${signal}` };
  const config = path.join(root, CHECK_CONFIG);
  const buildInfo = path.join(tmpdir(), `mcp-scaffold-check-${process.pid}-${Date.now()}.tsbuildinfo`);
  // A stop signal before the flush ends the process at once: the throwaway files go with it.
  const removeFiles = () => {
    rmSync(config, { force: true });
    rmSync(buildInfo, { force: true });
  };
  process.on('exit', removeFiles);
  writeFileSync(config, checkConfig(root, scope, buildInfo));
  try {
    const run = await runProjectTool(root, tsc, ['-p', CHECK_CONFIG, '--pretty', 'false'], timeoutSeconds * 1000);
    if (run.stopped) return { ran: false, reason: `tsc ${stoppedWhy(run.stopped, timeoutSeconds)}` };
    const errors = parseTypeErrors(run.output, root);
    if (run.code !== 0 && errors.length === 0) {
      return {
        ran: false,
        reason: `tsc exited with ${run.code} without a type error: ${run.output.trim().slice(0, 300)}`,
      };
    }
    return { ran: true, errors };
  } catch (e) {
    return { ran: false, reason: `tsc could not start: ${e instanceof Error ? e.message : String(e)}` };
  } finally {
    process.off('exit', removeFiles);
    removeFiles();
  }
}
