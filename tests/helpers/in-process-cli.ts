/**
 * The CLI run in this process (src/cli/main.ts's `run`), with what it prints captured: for tests
 * that need the command as a user runs it, without spawning the built binary.
 */

import { vi } from 'vitest';
import { run } from '../../src/cli/main.js';
import { KINDS } from '../../src/kinds/index.js';
import type { KindSpec } from '../../src/kinds/spec.js';

export interface InProcessRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `mcp-scaffold …args` with `kinds` registered; its exit status and what it printed. */
export async function runInProcess(args: readonly string[], kinds: readonly KindSpec[] = KINDS): Promise<InProcessRun> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const status = await run(['node', 'mcp-scaffold', ...args], kinds);
    return { status, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
