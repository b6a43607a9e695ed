/** Whether the run a pid names (in a lock or a temp folder's name) is still alive on this machine. */

/** Whether a process with this pid runs on this machine. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
