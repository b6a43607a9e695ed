/**
 * Another program writing the entry point while adds run (an editor saving, a watcher; here a
 * process appending a line to src/index.ts in a loop, every 20 ms as in the report that found
 * lines lost, and every 2 ms): no line it appended is lost, and every add either lands (its tool
 * registered once) or is refused with a coded error (CONFLICT: the file kept changing while it
 * was planned and written, nothing of it written). With the check made only before the temps'
 * fsync, as it once was, lines were lost here.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, spawnCli } from './support.js';

/** Appends `// appended <n>` to `file` in a loop (`pauseMs` between lines, 0: none) until SIGTERM; prints how many. */
function appender(file: string, pauseMs: number): ChildProcess {
  const code = `
    const { appendFileSync } = require('node:fs');
    let n = 0, stop = false;
    process.on('SIGTERM', () => { stop = true; });
    const pause = new Int32Array(new SharedArrayBuffer(4));
    (function loop() {
      for (let i = 0; i < 50 && !stop; i++) {
        appendFileSync(${JSON.stringify(file)}, '// appended ' + n++ + '\\n');
        if (${pauseMs} > 0) Atomics.wait(pause, 0, 0, ${pauseMs});
      }
      if (stop) process.stdout.write(String(n));
      else setImmediate(loop);
    })();`;
  return spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
}

async function stopped(child: ChildProcess): Promise<number> {
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.kill('SIGTERM');
  await once(child, 'close');
  return Number(out);
}

describe('a process appending to src/index.ts while adds run', () => {
  it.each([
    ['every 20 ms', 20],
    ['every 2 ms', 2],
  ])(
    '%s: no appended line is lost; each add lands or is refused, coded',
    async (_how, pauseMs) => {
      const root = makeProject();
      const index = path.join(root, 'src/index.ts');
      const writer = appender(index, pauseMs);
      const outcomes: { name: string; status: number | null; code?: string }[] = [];
      for (let i = 0; i < 8; i++) {
        const name = `demo_item_${String.fromCharCode(97 + i)}`;
        const r = await spawnCli(['add', 'tool', name, '--json', '--no-devcheck', '--cwd', root]);
        const out = JSON.parse(r.stdout) as { ok: boolean; error?: { code: string } };
        outcomes.push({ name, status: r.status, code: out.error?.code });
      }
      const count = await stopped(writer);
      const text = readFileSync(index, 'utf8');
      const appended = text.match(/^\/\/ appended \d+$/gm) ?? [];
      expect(count).toBeGreaterThan(0);
      expect(appended).toEqual(Array.from({ length: count }, (_, n) => `// appended ${n}`));
      for (const o of outcomes) {
        const exportName = `${o.name.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())}Tool`;
        if (o.status === 0) {
          // Imported once and listed once.
          expect(text.split(exportName).length - 1, o.name).toBe(2);
        } else {
          expect(o, JSON.stringify(o)).toMatchObject({ status: 1, code: 'CONFLICT' });
          expect(text).not.toContain(exportName);
        }
      }
      // How the adds fared, for a person reading the run.
      console.info(`${_how}: ${count} lines appended; adds ${outcomes.map((o) => o.code ?? 'landed').join(', ')}`);
    },
    180_000,
  );
});
