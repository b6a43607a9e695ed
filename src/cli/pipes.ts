/** Resolves once what was written to stdout and stderr has been handed on (or could not be). */
export function outputWritten(): Promise<void> {
  const written = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));
  return Promise.all([written(process.stdout), written(process.stderr)]).then(() => undefined);
}

/**
 * `mcp-scaffold add tool x | head -1` closes the pipe early: that is not an error, nor a reason to
 * stop (ending there would end a run before or while it writes, with a status that belies the
 * disk). The run goes on to its end and its own status; what it prints after is dropped.
 */
export function quietOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
    });
  }
}
