import { writeSync } from 'node:fs';

/** `mcp-scaffold --help | head` closes the pipe early: that is not an error, and ends the run quietly. */
export function quietOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
}

/**
 * Writes `text` to stdout with writeSync, without process.stdout (which a pipe makes a stream of,
 * loading and setting up modules a help page does not need). A non-blocking pipe that is full
 * (EAGAIN) gets the rest through process.stdout, which waits until it drains; a closed one (EPIPE)
 * ends the write quietly, as quietOnClosedPipe does.
 */
export function writeStdout(text: string): void {
  const bytes = Buffer.from(text);
  let at = 0;
  try {
    while (at < bytes.length) at += writeSync(1, bytes, at);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EPIPE') return;
    if (code !== 'EAGAIN') throw e;
    quietOnClosedPipe();
    process.stdout.write(bytes.subarray(at));
  }
}
