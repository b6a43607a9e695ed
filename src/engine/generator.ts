/**
 * The generator contract: a pure function of (tree, project, options) that records writes and
 * problems in the tree and returns what should run after the flush.
 */

import type { Project } from '../project/project.js';
import type { DevcheckReport, Reporter } from './reporter.js';
import { runDevcheck } from './tasks/devcheck.js';

export interface Task {
  title: string;
  run: (ctx: { project: Project; reporter: Reporter }) => Promise<DevcheckReport>;
}

export interface GeneratorResult {
  /** Things worth telling the user (conventions used, conversions made). */
  notes: string[];
  warnings: string[];
  tasks: Task[];
  /** Extra fields for the --json result. */
  data: Record<string, unknown>;
}

/** The project's devcheck as the task after the flush, unless --no-devcheck. */
export function devcheckTasks(enabled: boolean): Task[] {
  return enabled ? [{ title: 'devcheck', run: ({ project, reporter }) => runDevcheck(project, reporter) }] : [];
}
