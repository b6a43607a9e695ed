/**
 * Stop signals keep the --json contract: SIGINT, SIGTERM and SIGHUP sent at every step of a real
 * run's flush (and before it, and once the result is out) each end it with exactly one JSON object
 * on stdout and the documented status. Before anything is written: INTERRUPTED, exit 1, the
 * project as it was. During the flush: the files all written, INTERRUPTED saying so, exit 2 (or,
 * when the flush has to put them back, a coded error saying that, exit 1). Once the result is
 * out: that result and its status, nothing more. And a signal sent from outside at any moment of
 * a run keeps the same contract.
 */

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLUSH_CASES, type FlushCase, flushSteps } from '../helpers/flush-cases.js';
import { BIN, type Ran, spawnCli, treeDigest } from './support.js';

const byName = (name: string) => FLUSH_CASES.find((c) => c.name === name)!;

async function fixture(flushCase: FlushCase) {
  const f = await flushCase.make(async () => undefined);
  return { ...f, before: treeDigest(f.dir) };
}

/** How many files a clean run writes, and the digest of what it leaves. */
async function cleanRun(flushCase: FlushCase) {
  const { dir, args } = await fixture(flushCase);
  const r = await spawnCli(args);
  if (r.status !== 0) throw new Error(`clean ${flushCase.name} failed: ${r.stderr}`);
  return { count: (JSON.parse(r.stdout) as { changes: unknown[] }).changes.length, digest: treeDigest(dir) };
}

/** stdout is exactly one JSON object. */
function oneObject(r: Ran): Record<string, any> {
  const lines = r.stdout.split('\n').filter((l) => l !== '');
  expect(lines, r.stderr).toHaveLength(1);
  return JSON.parse(lines[0]!) as Record<string, any>;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const kind = (signal: (typeof SIGNALS)[number]) => signal.toLowerCase();

const addTool = byName('add tool');
const init = byName('init');
const clean = { addTool: await cleanRun(addTool), init: await cleanRun(init) };

/** Every step of each flush, the one before it and the one once the result is out. */
const initSteps = flushSteps(clean.init.count, true);
const STEPS: [string, FlushCase, typeof clean.addTool, string[]][] = [
  ['add tool', addTool, clean.addTool, ['before', ...flushSteps(clean.addTool.count), 'sync', 'after']],
  // A new server's flush writes a few dozen files: its first, middle and last write, and the rename.
  [
    'init',
    init,
    clean.init,
    ['before', initSteps[0]!, initSteps[initSteps.length >> 1]!, ...initSteps.slice(-2), 'after'],
  ],
];

describe.each(STEPS)('%s: every signal at every step, under --json', (_name, flushCase, done, steps) => {
  const runs = SIGNALS.flatMap((signal) => steps.map((step) => [signal, step] as const));
  it.concurrent.each(runs)(
    '%s at %s: one object, the right status',
    async (signal, step) => {
      const { dir, args, before } = await fixture(flushCase);
      const r = await spawnCli(args, { MCP_SCAFFOLD_TEST_FAULT: `${kind(signal)}@${step}` });
      expect(r.signal, r.stderr).toBeNull();
      const out = oneObject(r);
      if (step === 'before') {
        expect(r.status).toBe(1);
        expect(out).toMatchObject({ ok: false, error: { code: 'INTERRUPTED' } });
        expect(out.error.message).toBe(`Stopped by ${signal} before anything was written; nothing was written.`);
        expect(treeDigest(dir)).toBe(before);
      } else if (step === 'after') {
        expect(r.status).toBe(0);
        expect(out).toMatchObject({ ok: true });
        expect(treeDigest(dir)).toBe(done.digest);
      } else {
        expect(r.status).toBe(2);
        expect(out).toMatchObject({ ok: false, error: { code: 'INTERRUPTED' } });
        const message =
          /^Stopped by (\w+) once the (\d+) file\(s\) were written in full(?:; (.+) did not run)?\.$/.exec(
            out.error.message,
          );
        expect(message?.slice(1, 3), out.error.message).toEqual([signal, String(done.count)]);
        // What did not run says why in its own report (init's tasks; add's devcheck is off here).
        for (const task of message?.[3]?.split(', ') ?? []) {
          expect(out[task]).toEqual({ ran: false, reason: `interrupted by ${signal}` });
        }
        expect(out.changes).toHaveLength(done.count);
        expect(treeDigest(dir)).toBe(done.digest);
      }
    },
    60_000,
  );
});

describe('a signal during a flush that has to put its files back', () => {
  it.concurrent.each(SIGNALS)('%s, then a write fails: WRITE_FAILED, rolled back, exit 1', async (signal) => {
    const { dir, args, before } = await fixture(addTool);
    const r = await spawnCli(args, { MCP_SCAFFOLD_TEST_FAULT: `${kind(signal)}@write:0,eacces@rename:1` });
    expect(r.status).toBe(1);
    const out = oneObject(r);
    expect(out.error).toMatchObject({
      code: 'WRITE_FAILED',
      message: 'Writing 3 file(s) failed part way; every change was rolled back.',
    });
    expect(treeDigest(dir)).toBe(before);
  });

  it.concurrent.each(SIGNALS)(
    '%s, then another program saves a file being replaced: INTERRUPTED, put back, exit 1',
    async (signal) => {
      const { dir, args } = await fixture(addTool);
      const index = readFileSync(path.join(dir, 'src/index.ts'), 'utf8');
      const r = await spawnCli(args, { MCP_SCAFFOLD_TEST_FAULT: `${kind(signal)}@write:0,append@rename:0` });
      expect(r.status).toBe(1);
      expect(oneObject(r).error).toMatchObject({
        code: 'INTERRUPTED',
        message: `Stopped by ${signal} while writing; every file was put back in full, and nothing was written.`,
      });
      // Put back as the other program left it: its line kept, nothing of ours.
      expect(readFileSync(path.join(dir, 'src/index.ts'), 'utf8')).toBe(`${index}// saved by another program\n`);
      expect(readFileSync(path.join(dir, 'src/index.ts'), 'utf8')).not.toContain('demoFindItems');
    },
  );
});

/** The CLI started, and `signal` sent to it `afterMs` later, wherever it is by then. */
function signalledAfter(args: string[], signal: NodeJS.Signals, afterMs: number): Promise<Ran> {
  return new Promise((resolve, reject) => {
    // --verbose: its first words on stderr come as planning starts.
    const child = spawn(process.execPath, [BIN, ...args, '--verbose'], {
      env: { ...process.env, NO_COLOR: '1', npm_config_offline: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let started = false;
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
      // A signal while Node itself starts is Node's: counted from the CLI's first words.
      if (!started) {
        started = true;
        setTimeout(() => child.kill(signal), afterMs);
      }
    });
    child.on('error', reject);
    child.on('close', (status, sig) => resolve({ status, signal: sig, stdout, stderr }));
  });
}

describe('a signal from outside at any moment of a run', () => {
  const moments = SIGNALS.flatMap((signal) => [0, 5, 15, 30, 60, 120].map((ms) => [signal, ms] as const));
  it.concurrent.each(moments)(
    '%s %d ms after it speaks: one object, a status that matches the disk',
    async (signal, ms) => {
      const { dir, args, before } = await fixture(addTool);
      const r = await signalledAfter(args, signal, ms);
      expect(r.signal, r.stderr).toBeNull();
      const out = oneObject(r);
      const digest = treeDigest(dir);
      if (r.status === 0) expect(out.ok).toBe(true);
      else expect(out.error.code, r.stderr).toBe('INTERRUPTED');
      // Exit 1: nothing written; 0 or 2: everything written.
      expect(digest).toBe(r.status === 1 ? before : clean.addTool.digest);
    },
    60_000,
  );
});

/** The CLI started, and `signal` sent to it again and again from its first line on stdout (the result) until it ends. */
function signalledOnceOut(args: string[], signal: NodeJS.Signals): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, NO_COLOR: '1', npm_config_offline: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let repeat: NodeJS.Timeout | undefined;
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
      if (stdout.includes('\n')) repeat ??= setInterval(() => child.kill(signal), 0);
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status, sig) => {
      clearInterval(repeat);
      resolve({ status, signal: sig, stdout, stderr });
    });
  });
}

describe('stop signals once the result is out, until the process ends', () => {
  // Node's teardown gives the signals back to their default before the process is gone: one that
  // came then ended it by the signal, whatever the result said.
  it.each(SIGNALS)('%s: the result and its status, never an end by the signal', async (signal) => {
    const { dir, args } = await fixture(addTool);
    const r = await signalledOnceOut(args, signal);
    expect(r.signal, r.stderr).toBeNull();
    expect(r.status, r.stderr).toBe(0);
    expect(oneObject(r).ok).toBe(true);
    expect(treeDigest(dir)).toBe(clean.addTool.digest);
  });
});
