/**
 * The generator contract: a pure function of (tree, project, options) that records writes in the
 * tree and returns what it found in the way, what to tell the user, and what should run after the
 * flush.
 */

import type { Problem } from './problems.js';
import type { Task } from './task.js';

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
