/**
 * SIGINT, SIGTERM and SIGHUP held back while files are put in place: a signal that comes during
 * the work is only noted (other listeners are set aside meanwhile), and takes effect once the work
 * is done, after the last rename (or the undo), never between two: the other listeners are then
 * given it. If nothing else listens for it, it is raised again, so the process
 * still ends the way the signal asked.
 */

const HELD: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

type Listener = (signal: NodeJS.Signals) => void;

/** Our listener in place of the others (added first, so that the signal never meets none). */
function holdOnly(hold: Listener): Map<NodeJS.Signals, Listener[]> {
  const others = new Map(HELD.map((s) => [s, process.listeners(s) as Listener[]]));
  for (const s of HELD) {
    process.prependListener(s, hold);
    for (const l of others.get(s)!) process.off(s, l);
  }
  return others;
}

export async function withSignalsHeld<T>(work: () => T | Promise<T>): Promise<T> {
  const caught: NodeJS.Signals[] = [];
  const hold: Listener = (signal) => caught.push(signal);
  const others = holdOnly(hold);
  try {
    return await work();
  } finally {
    // A signal that came during the work is delivered on the next turns of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (const s of HELD) {
      for (const l of others.get(s)!) process.on(s, l);
      process.off(s, hold);
    }
    for (const signal of new Set(caught)) {
      if (others.get(signal)!.length > 0) process.emit(signal, signal);
      else {
        process.stderr.write(`Stopped by ${signal} once the files were written or put back in full.\n`);
        process.kill(process.pid, signal);
        break;
      }
    }
  }
}
