/** `mcp-scaffold add tool|resource|prompt <name>`: gathers answers, then runs the generator. */

import { cancelled, ScaffoldError } from '../engine/errors.js';
import { canPrompt, type GlobalOptions } from '../engine/options.js';
import { runGenerator } from '../engine/run.js';
import { Tree } from '../engine/tree.js';
import type { DefinitionKind } from '../kinds/definition.js';
import { serverPrefix } from '../kinds/definition.js';
import { addPromptGenerator } from '../kinds/prompt/generator.js';
import { addResourceGenerator } from '../kinds/resource/generator.js';
import { addServiceGenerator } from '../kinds/service/generator.js';
import { addToolGenerator, defaultDescription } from '../kinds/tool/generator.js';
import { findProject } from '../project/project.js';
import { parseName } from '../text/names.js';

export interface AddFlags {
  description?: string;
  title?: string;
  test?: boolean;
  fileName?: string;
  exportName?: string;
  group?: string;
  // tool
  readOnly?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
  openWorld?: boolean;
  service?: string;
  confirm?: boolean;
  task?: boolean;
  app?: boolean;
  // resource
  uri?: string;
}

async function askDescription(kind: DefinitionKind, name: string, global: GlobalOptions): Promise<string | undefined> {
  const names = parseName(name, `${kind} name`);
  const project = findProject(global.cwd);
  const fallback =
    kind === 'tool' ? defaultDescription(names, serverPrefix(new Tree(project.root), project)) : undefined;
  const { text, isCancel } = await import('@clack/prompts');
  const answer = await text({
    message: `What does ${names.snake} do? (one paragraph for the model; --description skips this)`,
    ...(fallback ? { placeholder: fallback, defaultValue: fallback } : {}),
  });
  if (isCancel(answer)) throw cancelled();
  return answer || undefined;
}

/** Flags given on the command line, without the undefined ones (the schemas' defaults apply). */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function addCommand(
  kind: DefinitionKind,
  name: string,
  flags: AddFlags,
  global: GlobalOptions,
): Promise<number> {
  let description = flags.description;
  if (description === undefined && canPrompt(global)) {
    try {
      description = await askDescription(kind, name, global);
    } catch (e) {
      // Bad names and missing projects are reported by the normal flow below, with their codes.
      if (e instanceof ScaffoldError && e.code === 'CANCELLED') throw e;
    }
  }
  const common = defined({
    name,
    description,
    title: flags.title,
    test: flags.test,
    fileName: flags.fileName,
    exportName: flags.exportName,
    group: flags.group,
    force: global.force,
    devcheck: global.devcheck,
  });
  return runGenerator(`add ${kind}`, global, (tree, project) => {
    switch (kind) {
      case 'tool':
        return addToolGenerator(tree, project, {
          ...common,
          name,
          ...defined({
            readOnly: flags.readOnly,
            destructive: flags.destructive,
            idempotent: flags.idempotent,
            openWorld: flags.openWorld,
          }),
          ...defined({ service: flags.service, confirm: flags.confirm, task: flags.task, app: flags.app }),
        });
      case 'resource':
        return addResourceGenerator(tree, project, { ...common, name, ...defined({ uri: flags.uri }) });
      case 'prompt':
        return addPromptGenerator(tree, project, { ...common, name });
    }
  });
}

export interface AddServiceFlags {
  description?: string;
  test?: boolean;
}

/** `mcp-scaffold add service <name>`: the service, its types, its test, and its setup() call. */
export async function addServiceCommand(name: string, flags: AddServiceFlags, global: GlobalOptions): Promise<number> {
  const options = defined({
    name,
    description: flags.description,
    test: flags.test,
    force: global.force,
    devcheck: global.devcheck,
  });
  return runGenerator('add service', global, (tree, project) =>
    addServiceGenerator(tree, project, { ...options, name }),
  );
}
