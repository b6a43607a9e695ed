/**
 * devcheck as a well-behaved child of the built CLI: stopped with everything it started at
 * --devcheck-timeout or when mcp-scaffold gets SIGINT/SIGTERM (the --json object still printed),
 * its output streamed whatever its size, and a background process it leaves holding the output
 * pipe neither waited for nor left running. The fixture devchecks are small node scripts.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, makeProject, parseJsonOut, treeDigest } from './support.js';

const TOOL = 'src/mcp-server/tools/definitions/demo-find-items.tool.ts';
const ADD = ['add', 'tool', 'demo_find_items', '--json'];
/** Far above what these runs need, even on a loaded machine; a hang fails at this, not forever. */
const LONG = 120_000;

/** The fixture's process group, written where the test finds it (renamed into place: never half-read). */
const WRITE_PGID = `const fs = require('node:fs');
const stat = fs.readFileSync('/proc/self/stat', 'utf8');
fs.writeFileSync('devcheck.pgid.tmp', stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
fs.renameSync('devcheck.pgid.tmp', 'devcheck.pgid');
`;

const HANG_FOREVER = 'setInterval(() => {}, 1000);';
const IGNORE_TERM = "process.on('SIGTERM', () => {});";

/** Hangs, with a child of its own that hangs too; `stubborn`: both ignore SIGTERM (only KILL ends them). */
const hang = (stubborn: boolean) => `${WRITE_PGID}
const { spawn } = require('node:child_process');
${stubborn ? IGNORE_TERM : ''}
spawn(process.execPath, ['-e', ${JSON.stringify((stubborn ? IGNORE_TERM : '') + HANG_FOREVER)}], { stdio: 'inherit' });
console.log('devcheck is hanging');
${HANG_FOREVER}
`;

/** Exits at once, leaving a child that keeps printing on the inherited stdout; `ownGroup`: in a process group of its own. */
const leaveChild = (ownGroup: boolean) => `${WRITE_PGID}
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', "setInterval(() => console.log('still here'), 300)"], {
  stdio: 'inherit',
  detached: ${ownGroup},
});
require('node:fs').writeFileSync('leftover.pid', String(child.pid));
child.unref();
console.log('devcheck done');
process.exit(0);
`;

/**
 * Hangs, having started two processes in sessions (and groups) of their own that each write a
 * file after `ms`: one whose parent (a shell) exits at once, one started with an empty environment.
 */
const hangWithEscapees = (ms: number) => `${WRITE_PGID}
const { spawn } = require('node:child_process');
const late = (file) => \`setTimeout(() => require('node:fs').writeFileSync('\${file}', 'still here'), ${ms})\`;
const orphan = 'setsid "$0" -e "$1" & echo $! > orphan.pid';
spawn('sh', ['-c', orphan, process.execPath, late('late-orphan.txt')], { stdio: 'ignore' });
const bare = spawn('setsid', ['env', '-i', process.execPath, '-e', late('late-bare.txt')], { stdio: 'ignore' });
fs.writeFileSync('bare.pid', String(bare.pid));
console.log('devcheck is hanging');
${HANG_FOREVER}
`;

/** Prints `mib` MiB on stdout, as fast as the reader takes it. */
const printMib = (mib: number) => `const chunk = Buffer.alloc(1 << 20, 'a');
chunk[chunk.length - 1] = 10;
let left = ${mib};
(function write() {
  while (left-- > 0) if (!process.stdout.write(chunk)) return process.stdout.once('drain', write);
})();
`;

const roots: string[] = [];
const running: ChildProcess[] = [];

function devcheckProject(script: string): string {
  const root = realpathSync(makeProject({ 'devcheck.cjs': script }, { scripts: { devcheck: 'node devcheck.cjs' } }));
  roots.push(root);
  return root;
}

/** Live (not zombie) processes in the group, or whose working directory is the project. */
function leftovers(root: string): number[] {
  const pgidFile = path.join(root, 'devcheck.pgid');
  const pgid = existsSync(pgidFile) ? Number(readFileSync(pgidFile, 'utf8')) : undefined;
  const found: number[] = [];
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' || state === 'X') continue;
      if (Number(pgrp) === pgid || readlinkSync(`/proc/${entry}/cwd`) === root) found.push(Number(entry));
    } catch {
      // Gone while we looked, or not ours to read.
    }
  }
  return found;
}

async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** Whether the process runs (a zombie has finished). */
function runs(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !['Z', 'X'].includes(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!);
  } catch {
    return false;
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

afterEach(() => {
  // A failed test must not leave its hanging fixture running.
  for (const child of running.splice(0)) child.kill('SIGKILL');
  for (const root of roots.splice(0)) {
    for (const pid of leftovers(root)) killQuietly(pid);
    rmSync(root, { recursive: true, force: true });
  }
});

interface AsyncRun {
  status: number | null;
  stdout: string;
  /** The end of stderr, to show when an assertion fails. */
  stderrTail: string;
  stderrBytes: number;
  /** The CLI's peak resident memory (VmHWM), read from outside while it ran. */
  peakRssKb: number;
}

/** The built CLI, not waited on synchronously: stderr is counted, not kept, and memory is watched. */
function startCli(args: string[]): { child: ChildProcess; done: Promise<AsyncRun> } {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const run: AsyncRun = { status: null, stdout: '', stderrTail: '', stderrBytes: 0, peakRssKb: 0 };
  child.stdout?.on('data', (d: Buffer) => {
    run.stdout += d.toString('utf8');
  });
  child.stderr?.on('data', (d: Buffer) => {
    run.stderrBytes += d.length;
    run.stderrTail = (run.stderrTail + d.toString('utf8')).slice(-4000);
  });
  const sampler = setInterval(() => {
    try {
      const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      run.peakRssKb = Math.max(run.peakRssKb, Number(hwm ?? 0));
    } catch {
      // exited
    }
  }, 50);
  const done = new Promise<AsyncRun>((resolve) => {
    child.on('close', (status) => {
      clearInterval(sampler);
      resolve({ ...run, status });
    });
  });
  return { child, done };
}

const json = (run: AsyncRun) => parseJsonOut({ status: run.status, stdout: run.stdout, stderr: run.stderrTail });

describe.skipIf(process.platform !== 'linux')('devcheck as a child process', () => {
  it(
    'a hanging devcheck (ignoring SIGTERM, with a child) ends at --devcheck-timeout: exit 2, nothing left running',
    async () => {
      const root = devcheckProject(hang(true));
      const run = await startCli([...ADD, '--devcheck-timeout', '3', '--cwd', root]).done;
      expect(run.status, run.stderrTail).toBe(2);
      const out = json(run);
      expect(out).toMatchObject({
        ok: false,
        error: { code: 'DEVCHECK_TIMEOUT' },
        devcheck: { ran: true, passed: false, timedOut: true, command: 'npm run devcheck' },
      });
      expect(out.error.message).toMatch(
        /within --devcheck-timeout 3s and was stopped after \d+\.\ds; the files were written/,
      );
      expect(out.changes).toHaveLength(3);
      expect(existsSync(path.join(root, TOOL))).toBe(true);
      expect(run.stderrTail).toContain('devcheck is hanging');
      expect(existsSync(path.join(root, 'devcheck.pgid'))).toBe(true);
      expect(leftovers(root)).toEqual([]);
    },
    LONG,
  );

  it(
    'processes the devcheck moved to sessions of their own are stopped at the timeout too',
    async () => {
      const root = devcheckProject(hangWithEscapees(6_000));
      const started = Date.now();
      const run = await startCli([...ADD, '--devcheck-timeout', '2', '--cwd', root]).done;
      expect(run.status, run.stderrTail).toBe(2);
      expect(json(run)).toMatchObject({
        ok: false,
        error: { code: 'DEVCHECK_TIMEOUT' },
        devcheck: { ran: true, passed: false, timedOut: true },
      });
      const escaped = ['orphan.pid', 'bare.pid'].map((f) => Number(readFileSync(path.join(root, f), 'utf8')));
      // Had they run on, they would have written their files by now.
      await new Promise((r) => setTimeout(r, Math.max(0, started + 8_000 - Date.now())));
      expect(readdirSync(root).filter((f) => f.startsWith('late-'))).toEqual([]);
      expect(escaped.filter(runs)).toEqual([]);
      expect(leftovers(root)).toEqual([]);
    },
    LONG,
  );

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to mcp-scaffold mid-devcheck: one JSON object, exit 2, nothing left running',
    async (signal) => {
      const root = devcheckProject(hang(false));
      const { child, done } = startCli([...ADD, '--cwd', root]);
      expect(await until(() => existsSync(path.join(root, 'devcheck.pgid')), 60_000)).toBe(true);
      child.kill(signal);
      const run = await done;
      expect(run.status, run.stderrTail).toBe(2);
      const out = json(run);
      expect(out).toMatchObject({
        ok: false,
        error: { code: 'DEVCHECK_INTERRUPTED' },
        devcheck: { ran: true, passed: false, interrupted: signal, reason: `interrupted by ${signal}` },
      });
      expect(out.error.message).toContain('the files were written');
      expect(out.changes).toHaveLength(3);
      expect(existsSync(path.join(root, TOOL))).toBe(true);
      expect(leftovers(root)).toEqual([]);
    },
    LONG,
  );

  it(
    'about 150 MB of output passes, streamed: memory grows by far less than the output',
    async () => {
      const small = await startCli([...ADD, '--cwd', devcheckProject(printMib(1))]).done;
      const large = await startCli([...ADD, '--cwd', devcheckProject(printMib(150))]).done;
      expect(large.status, large.stderrTail).toBe(0);
      expect(json(large).devcheck).toMatchObject({ ran: true, passed: true, exitCode: 0 });
      expect(large.stderrBytes).toBeGreaterThan(150 * 2 ** 20);
      expect(small.status, small.stderrTail).toBe(0);
      // Same CLI and command, 150 times the output: buffering it would add at least 150 MB.
      const growthMb = (large.peakRssKb - small.peakRssKb) / 1024;
      expect(small.peakRssKb).toBeGreaterThan(0);
      expect(growthMb).toBeLessThan(64);
    },
    LONG,
  );

  it(
    'a devcheck that exits leaving a child on its stdout: add finishes, and the child is stopped',
    async () => {
      const root = devcheckProject(leaveChild(false));
      const run = await startCli([...ADD, '--cwd', root]).done;
      expect(run.status, run.stderrTail).toBe(0);
      expect(json(run).devcheck).toMatchObject({ ran: true, passed: true, exitCode: 0 });
      expect(run.stderrTail).toContain('devcheck done');
      expect(leftovers(root)).toEqual([]);
    },
    LONG,
  );

  it(
    'a child that left the group and session keeps the pipe open: add finishes, and the child is stopped',
    async () => {
      const root = devcheckProject(leaveChild(true));
      const run = await startCli([...ADD, '--cwd', root]).done;
      const escaped = Number(readFileSync(path.join(root, 'leftover.pid'), 'utf8'));
      expect(run.status, run.stderrTail).toBe(0);
      expect(json(run).devcheck).toMatchObject({ ran: true, passed: true });
      expect(run.stderrTail).toContain('devcheck done');
      expect(runs(escaped)).toBe(false);
    },
    LONG,
  );
});

describe('--devcheck-timeout', () => {
  it.each([['abc'], ['-1'], [''], ['1e3'], ['99999999']])(
    '%j is refused: OPTION_INVALID, exit 1, nothing written',
    async (value) => {
      const root = devcheckProject('process.exit(3);');
      const before = treeDigest(root);
      const run = await startCli([...ADD, `--devcheck-timeout=${value}`, '--cwd', root]).done;
      expect(run.status).toBe(1);
      expect(json(run)).toMatchObject({ ok: false, error: { code: 'OPTION_INVALID' } });
      expect(json(run).error.message).toContain('--devcheck-timeout');
      expect(treeDigest(root)).toBe(before);
    },
  );

  it('0 means no limit: a devcheck that passes, passes', async () => {
    const root = devcheckProject("console.log('fine');");
    const run = await startCli([...ADD, '--devcheck-timeout', '0', '--cwd', root]).done;
    expect(run.status, run.stderrTail).toBe(0);
    expect(json(run).devcheck).toMatchObject({ ran: true, passed: true, exitCode: 0 });
  });
});

describe('what the devcheck after add is told', () => {
  /** Our init's devcheck source (the detection reads it); the script run records what it got. */
  const OUR_DEVCHECK = readFileSync(
    path.resolve(import.meta.dirname, '../../src/init/templates/scripts/devcheck.ts.hbs'),
    'utf8',
  );
  const RECORD =
    "require('node:fs').writeFileSync('recorded.txt', process.env.MCP_SCAFFOLD_CHANGED ?? 'none'); console.log('ok');";

  function ourProject(): string {
    const root = realpathSync(
      makeProject(
        { 'record.cjs': RECORD, 'scripts/devcheck.ts': OUR_DEVCHECK, 'node_modules/.keep': '' },
        { scripts: { devcheck: 'node record.cjs scripts/devcheck.ts' } },
      ),
    );
    roots.push(root);
    return root;
  }

  it('the files add wrote, in MCP_SCAFFOLD_CHANGED; --full-devcheck: nothing', async () => {
    const root = ourProject();
    const run = await startCli([...ADD, '--cwd', root]).done;
    expect(run.status, run.stderrTail).toBe(0);
    const written = ['src/index.ts', TOOL, 'tests/tools/demo-find-items.tool.test.ts'];
    expect(json(run).devcheck).toMatchObject({ ran: true, passed: true, scope: 'changed', files: written });
    expect(JSON.parse(readFileSync(path.join(root, 'recorded.txt'), 'utf8'))).toEqual(written);
    expect(run.stderrTail).toContain('--full-devcheck for all');

    const full = await startCli(['add', 'tool', 'demo_list_items', '--json', '--full-devcheck', '--cwd', root]).done;
    expect(full.status, full.stderrTail).toBe(0);
    expect(json(full).devcheck).toMatchObject({ ran: true, passed: true, scope: 'full' });
    expect(readFileSync(path.join(root, 'recorded.txt'), 'utf8')).toBe('none');
  });

  it('node_modules/.cache linked out of the project: nothing is kept there; the next devcheck checks all', async () => {
    const root = ourProject();
    const outside = realpathSync(mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-outside-')));
    roots.push(outside);
    symlinkSync(outside, path.join(root, 'node_modules/.cache'), 'dir');
    const quiet = await startCli([...ADD, '--no-devcheck', '--cwd', root]).done;
    expect(quiet.status, quiet.stderrTail).toBe(0);
    expect(readdirSync(outside)).toEqual([]);
    // What the skipped devcheck left unchecked could not be noted: the next one checks everything.
    const next = await startCli(['add', 'tool', 'demo_list_items', '--json', '--cwd', root]).done;
    expect(next.status, next.stderrTail).toBe(0);
    expect(json(next).devcheck).toMatchObject({ ran: true, passed: true, scope: 'full' });
    expect(readFileSync(path.join(root, 'recorded.txt'), 'utf8')).toBe('none');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('after --no-devcheck, the next add checks both adds', async () => {
    const root = ourProject();
    const quiet = await startCli([...ADD, '--no-devcheck', '--cwd', root]).done;
    expect(quiet.status, quiet.stderrTail).toBe(0);
    const next = await startCli(['add', 'tool', 'demo_list_items', '--json', '--cwd', root]).done;
    expect(next.status, next.stderrTail).toBe(0);
    expect(json(next).devcheck.files).toEqual(
      expect.arrayContaining([TOOL, 'src/mcp-server/tools/definitions/demo-list-items.tool.ts', 'src/index.ts']),
    );
  });
});
