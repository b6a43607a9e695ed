/** Resolves once what was written to stdout and stderr has been handed on (or could not be). */
export function outputWritten(): Promise<void> {
  const written = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));
  return Promise.all([written(process.stdout), written(process.stderr)]).then(() => undefined);
}

/**
 * `mcp-scaffold add tool x | head -1` closes the pipe early, and stdout may be a file on a full
 * disk: neither is a reason to stop (ending there would end a run before or while it writes, with
 * a status that belies the disk). The run goes on to its end and its own status; what it prints
 * after is dropped, and stderr says so once when stdout failed for another reason than a reader
 * that went away.
 */
export function outputFailuresStopNothing(): void {
  process.stderr.on('error', () => undefined);
  let said = false;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE' || said) return;
    said = true;
    process.stderr.write(
      `mcp-scaffold: stdout could not be written (${e.code ?? e.message}); the rest of it is dropped, and the exit status still says how the run ended.\n`,
    );
  });
}
