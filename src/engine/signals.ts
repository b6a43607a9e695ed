/**
 * SIGINT, SIGTERM and SIGHUP held back while files are put in place. The flush is synchronous, so
 * a listener only runs once it is done: the signal then takes effect after the last rename (or the
 * undo), never between two. If nothing else listens for it, it is raised again, so the process
 * still ends the way the signal asked.
 */

const HELD: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export async function withSignalsHeld<T>(work: () => T): Promise<T> {
  const caught: NodeJS.Signals[] = [];
  const othersListen = new Map(HELD.map((s) => [s, process.listenerCount(s) > 0]));
  const hold = (signal: NodeJS.Signals) => caught.push(signal);
  for (const s of HELD) process.on(s, hold);
  try {
    return work();
  } finally {
    // A signal that came during the work is delivered on the next turns of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (const s of HELD) process.off(s, hold);
    const signal = caught[0];
    if (signal && !othersListen.get(signal)) {
      process.stderr.write(`Stopped by ${signal} once the files were written or put back in full.\n`);
      process.kill(process.pid, signal);
    }
  }
}
