/** `mcp-scaffold add tool <name>`: gathers answers, then runs the tool generator. */

import { canPrompt, type GlobalOptions } from '../cli/options.js';
import { runGenerator } from '../cli/run.js';
import { ScaffoldError } from '../core/errors.js';
import { parseName } from '../core/names.js';
import { addToolGenerator, defaultDescription, serverPrefix } from '../generators/tool/index.js';
import { Tree } from '../core/fs/tree.js';
import { findProject } from '../core/project.js';

export interface AddToolFlags {
  description?: string;
  title?: string;
  readOnly?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
  openWorld?: boolean;
  test?: boolean;
}

async function askDescription(name: string, global: GlobalOptions): Promise<string | undefined> {
  const names = parseName(name, 'tool name');
  const project = findProject(global.cwd);
  const fallback = defaultDescription(names, serverPrefix(new Tree(project.root), project));
  const { text, isCancel } = await import('@clack/prompts');
  const answer = await text({
    message: `What does ${names.snake} do? (one paragraph for the model; --description skips this)`,
    placeholder: fallback,
    defaultValue: fallback,
  });
  if (isCancel(answer)) {
    throw new ScaffoldError('CANCELLED', 'Cancelled: nothing was written.');
  }
  return answer;
}

export async function addToolCommand(name: string, flags: AddToolFlags, global: GlobalOptions): Promise<number> {
  let description = flags.description;
  if (description === undefined && canPrompt(global)) {
    try {
      description = await askDescription(name, global);
    } catch (e) {
      // Bad names and missing projects are reported by the normal flow below, with its codes.
      if (e instanceof ScaffoldError && e.code === 'CANCELLED') throw e;
    }
  }
  return runGenerator('add tool', global, (tree, project) =>
    addToolGenerator(tree, project, {
      name,
      ...(description !== undefined ? { description } : {}),
      ...(flags.title !== undefined ? { title: flags.title } : {}),
      readOnly: flags.readOnly ?? true,
      destructive: flags.destructive ?? false,
      idempotent: flags.idempotent ?? false,
      openWorld: flags.openWorld ?? false,
      test: flags.test ?? true,
      force: global.force,
      devcheck: global.devcheck,
    }),
  );
}
