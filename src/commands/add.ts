/** `mcp-scaffold add <kind> <name>`: gathers answers, then runs the kind's generator. */

import { cancelled, ScaffoldError } from '../engine/errors.js';
import { recoverInterruptedFlush } from '../engine/flush.js';
import { DiskHost } from '../engine/host.js';
import { canPrompt, type GlobalOptions } from '../engine/options.js';
import { Reporter } from '../engine/reporter.js';
import { Tree } from '../engine/tree.js';
import type { KindGenerator, KindSpec } from '../kinds/spec.js';
import { findProject } from '../project/project.js';
import { parseName } from '../text/names.js';
import { confirmingEdits } from './edited-confirm.js';
import { runPipeline } from './pipeline.js';
import { withSchemaFiles } from './schema-files.js';

async function askDescription(
  spec: KindSpec,
  generator: KindGenerator,
  name: string,
  global: GlobalOptions,
): Promise<string | undefined> {
  const names = parseName(name, `${spec.name} name`);
  const project = findProject(global.cwd);
  const fallback = generator.suggestDescription?.(new Tree(new DiskHost(project.root)), project, names);
  const { text, isCancel } = await import('@clack/prompts');
  const answer = await text({
    message: `What does ${names.snake} do? (one paragraph for the model; --description skips this)`,
    ...(fallback ? { placeholder: fallback, defaultValue: fallback } : {}),
  });
  if (isCancel(answer)) throw cancelled();
  return answer || undefined;
}

/** The kind's options given on the command line; those left out take the schema's defaults. */
function givenOptions(spec: KindSpec, flags: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(spec.options).flatMap((key) => (flags[key] === undefined ? [] : [[key, flags[key]]])),
  );
}

export async function addCommand(
  spec: KindSpec,
  name: string,
  flags: Record<string, unknown>,
  global: GlobalOptions,
): Promise<number> {
  const generator = await spec.load();
  const options: { name: string } & Record<string, unknown> = {
    ...givenOptions(spec, flags),
    name,
    force: global.force,
    devcheck: global.devcheck,
  };
  if (spec.options.description?.ask && options.description === undefined && canPrompt(global)) {
    try {
      const description = await askDescription(spec, generator, name, global);
      if (description !== undefined) options.description = description;
    } catch (e) {
      // Bad names and missing projects are reported by the normal flow below, with their codes.
      if (e instanceof ScaffoldError && e.code === 'CANCELLED') throw e;
    }
  }
  const reporter = new Reporter({ json: global.json, verbose: global.verbose });
  return runPipeline({
    command: `add ${spec.name}`,
    global,
    reporter,
    warnStandIns: true,
    generate: confirmingEdits(
      async (overwriteEdited) => {
        const project = findProject(global.cwd);
        reporter.debug(
          `project ${project.root} · framework ${project.frameworkVersion ?? `not installed (${project.frameworkRange})`} · ${project.packageManager} (${project.packageManagerSource})`,
        );
        // Planned over what an interrupted earlier run left, the change would not fit once that is undone.
        for (const w of await recoverInterruptedFlush(project.root, { dryRun: global.dryRun })) reporter.warn(w);
        const tree = new Tree(new DiskHost(project.root));
        const run: typeof options = { ...withSchemaFiles(spec, options), overwriteEdited };
        return { tree, result: await generator.generate(tree, project, run) };
      },
      global,
      reporter,
    ),
  });
}
