/**
 * Output onto pipes (src/cli/pipes.ts): onto a pipe no one reads any more, help ends quietly with
 * status 0 and a command runs to its end with its own status (`add tool x | head -1`); onto a full
 * non-blocking pipe the reader gets every byte once it reads.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, existsSync, openSync, readSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp.js';
import { BIN, makeProject, runCli } from './support.js';

/** A named pipe's two ends, both opened non-blocking (no end waits for the other to open). */
function fifo(): { read: number; write: number } {
  const file = path.join(tempFolder('mcp-scaffold-pipes-'), 'out');
  expect(spawnSync('mkfifo', [file]).status).toBe(0);
  const read = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  const write = openSync(file, constants.O_WRONLY | constants.O_NONBLOCK);
  return { read, write };
}

/** Reads what is in the pipe now; a full pipe of `size` bytes is emptied in one call. */
function drain(fd: number, into: Buffer[]): void {
  const chunk = Buffer.alloc(1 << 16);
  for (;;) {
    try {
      const n = readSync(fd, chunk);
      if (n === 0) return;
      into.push(Buffer.from(chunk.subarray(0, n)));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') return;
      throw e;
    }
  }
}

describe('help and version written to a pipe', () => {
  it.each(['--help', 'add tool --help', '--version'])(
    '`%s` onto a pipe no one reads: no error, status 0',
    (command) => {
      const args = command.split(' ');
      const { read, write } = fifo();
      closeSync(read); // every write now fails with EPIPE
      const r = spawnSync(process.execPath, [BIN, ...args], {
        stdio: ['ignore', write, 'pipe'],
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
      closeSync(write);
    },
  );

  it('--help onto a full non-blocking pipe: the reader gets all of it once it reads', async () => {
    const expected = runCli(['--help']);
    expect(expected.status).toBe(0);
    const { read, write } = fifo();
    let filled = 0;
    try {
      for (;;) filled += writeSync(write, Buffer.alloc(4096, 0x2e));
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('EAGAIN');
    }
    const child = spawn(process.execPath, [BIN, '--help'], {
      stdio: ['ignore', write, 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    // libuv made the child's stdout blocking before it ran Node; a socket on the parent's end
    // makes it non-blocking again (the flag is the pipe's, shared), as a parent's stream can.
    const parentEnd = new Socket({ fd: write, readable: false });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const status = new Promise<number | null>((resolve) => child.on('close', resolve));
    // The pipe stays full until the child has found it so; then it is read until the child is done.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const chunks: Buffer[] = [];
    let done = false;
    void status.then(() => {
      done = true;
    });
    while (!done) {
      drain(read, chunks);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    drain(read, chunks);
    closeSync(read);
    parentEnd.destroy();
    const out = Buffer.concat(chunks);
    expect({ status: await status, stderr }).toEqual({ status: 0, stderr: '' });
    expect(out.subarray(0, filled).every((b) => b === 0x2e)).toBe(true);
    expect(out.subarray(filled).toString('utf8')).toBe(expected.stdout);
  });
});

describe('a command whose reader went away', () => {
  /** The CLI run with stdout and stderr both onto a pipe whose reader has closed it. */
  const unread = (args: string[]) => {
    const { read, write } = fifo();
    closeSync(read);
    try {
      return spawnSync(process.execPath, [BIN, ...args, '--verbose'], {
        stdio: ['ignore', write, write],
        env: { ...process.env, NO_COLOR: '1' },
      }).status;
    } finally {
      closeSync(write);
    }
  };
  const DEFINITION = 'src/mcp-server/tools/definitions/demo-find-items.tool.ts';

  it('runs to its end and its own status: written and 0, or refused and 1', () => {
    const root = makeProject();
    expect(unread(['add', 'tool', 'demo_find_items', '--no-devcheck', '--cwd', root])).toBe(0);
    expect(existsSync(path.join(root, DEFINITION))).toBe(true);
    // The same again: ALREADY_EXISTS, nothing written.
    expect(unread(['add', 'tool', 'demo_find_items', '--no-devcheck', '--cwd', root])).toBe(1);
  });

  it.runIf(existsSync('/dev/full'))('stdout on a full disk: the run ends as it would, and stderr says so', () => {
    const root = makeProject();
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(
        process.execPath,
        [BIN, 'add', 'tool', 'demo_find_items', '--no-devcheck', '--json', '--cwd', root],
        {
          stdio: ['ignore', full, 'pipe'],
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1' },
        },
      );
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toContain('stdout could not be written (ENOSPC)');
      expect(r.stderr).not.toContain('    at ');
      expect(existsSync(path.join(root, DEFINITION))).toBe(true);
    } finally {
      closeSync(full);
    }
  });
});
