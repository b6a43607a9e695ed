/**
 * The generator contract: a pure function of (tree, project, options) that records writes in the
 * tree and returns what it found in the way, what to tell the user, and what should run after the
 * flush.
 */

import type { Problem } from './problems.js';
import { devcheckTask } from './tasks/devcheck.js';
import type { Task } from './tasks/task.js';

export interface GeneratorResult {
  /** Things worth telling the user (conventions used, conversions made). */
  notes: string[];
  warnings: string[];
  /** Expected failures: when there is any, nothing is written and all of them are reported. */
  problems: Problem[];
  tasks: Task[];
  /** Extra fields for the --json result. */
  data: Record<string, unknown>;
}

/** The project's devcheck as the task after the flush; under --no-devcheck a task that says so. */
export function devcheckTasks(enabled: boolean): Task[] {
  return [devcheckTask(enabled)];
}
