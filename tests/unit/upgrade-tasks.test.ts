/**
 * 0.12 removed task tools: without --drop-tasks each is refused at its `task: true` line; with it,
 * the property (and its comment) and the progress-only statements go, and the rest stays byte for
 * byte. Progress used as a value, and the /tasks entry, are refused either way.
 */

import { describe, expect, it } from 'vitest';
import { dropTasks } from '../../src/upgrade/codemods/drop-tasks.js';

const FILE = 'src/mcp-server/tools/definitions/acme-rebuild.tool.ts';

const TASK_TOOL = `import { tool, z } from '@cyanheads/mcp-ts-core';

export const acmeRebuildTool = tool('acme_rebuild', {
  description: 'Rebuild the index.',
  // Runs as a background task.
  task: true,
  input: z.object({ steps: z.number().describe('Steps.') }),
  output: z.object({ done: z.number().describe('Steps done.') }),
  async handler(input, ctx) {
    await ctx.progress?.setTotal(input.steps);
    let done = 0;
    for (let i = 0; i < input.steps && !ctx.signal.aborted; i++) {
      await ctx.progress?.update(\`Step \${i + 1}\`);
      done++;
    }
    return { done };
  },
});
`;

const PLAIN_TOOL = `import { tool, z } from '@cyanheads/mcp-ts-core';

export const acmeRebuildTool = tool('acme_rebuild', {
  description: 'Rebuild the index.',
  input: z.object({ steps: z.number().describe('Steps.') }),
  output: z.object({ done: z.number().describe('Steps done.') }),
  async handler(input, ctx) {
    let done = 0;
    for (let i = 0; i < input.steps && !ctx.signal.aborted; i++) {
      done++;
    }
    return { done };
  },
});
`;

describe('dropTasks', () => {
  it('refuses a task tool without --drop-tasks, at the task: true line, changing nothing', () => {
    expect(dropTasks(FILE, TASK_TOOL, false)).toEqual({
      text: TASK_TOOL,
      problems: [
        expect.objectContaining({
          code: 'FRAMEWORK_UNSUPPORTED',
          path: FILE,
          line: 6,
          hint: expect.stringContaining('--drop-tasks'),
        }),
      ],
    });
  });

  it('with --drop-tasks: a plain tool, the property, its comment and the progress reports gone', () => {
    expect(dropTasks(FILE, TASK_TOOL, true)).toEqual({ text: PLAIN_TOOL, problems: [] });
  });

  it('leaves a file with no task tool as it is', () => {
    expect(dropTasks(FILE, PLAIN_TOOL, false)).toEqual({ text: PLAIN_TOOL, problems: [] });
  });

  it('refuses progress used as a value, with its line', () => {
    const source = TASK_TOOL.replace('    let done = 0;\n', '    const p = ctx.progress;\n    let done = 0;\n');
    const out = dropTasks(FILE, source, true);
    expect(out.text).toBe(source);
    expect(out.problems).toEqual([
      expect.objectContaining({ line: 11, message: expect.stringContaining('ctx.progress') }),
    ]);
  });

  it('refuses imports of the /tasks entry, even with --drop-tasks', () => {
    const source = `import { TaskStore } from '@cyanheads/mcp-ts-core/tasks';\n${PLAIN_TOOL}`;
    expect(dropTasks(FILE, source, true).problems).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringContaining('/tasks') }),
    ]);
  });
});
