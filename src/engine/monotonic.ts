/**
 * Milliseconds on a clock that only goes forward, for durations and deadlines. Not
 * `performance.now()`: the first touch of Node's `performance` global loads eight of its modules
 * (perf_hooks and its timing helpers), where process.hrtime is already there.
 */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;
