/** Resolves once what was written to stdout and stderr has been handed on (or could not be). */
export function outputWritten(): Promise<void> {
  const written = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));
  return Promise.all([written(process.stdout), written(process.stderr)]).then(() => undefined);
}

/** `mcp-scaffold --help | head` closes the pipe early: that is not an error, and ends the run quietly. */
export function quietOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
}
