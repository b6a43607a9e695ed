/** `add prompt`: a prompt definition, its test, and its registration. */

import type { z } from 'zod';
import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import { detectFrameworkFeatures } from '../../project/framework-features.js';
import type { Project } from '../../project/project.js';
import { titleCase } from '../../text/names.js';
import { templatesOf } from '../../text/templates.js';
import { prepareDefinition, unprefixed, writeDefinition } from '../definition.js';
import { optionsSchema } from '../schema.js';
import { promptSpec } from './spec.js';

const template = templatesOf(import.meta.url);

export const addPromptOptions = optionsSchema(promptSpec.options);
export type AddPromptOptions = z.input<typeof addPromptOptions>;

export function addPromptGenerator(tree: Tree, project: Project, raw: AddPromptOptions): GeneratorResult {
  const opts = addPromptOptions.parse(raw);
  const def = prepareDefinition(tree, project, promptSpec, opts, (n) => n.snake);
  const title = opts.title ?? titleCase(unprefixed(def.names, def.prefix));
  // Prompt titles came in 0.10.3; against an older installed framework the key would not compile.
  const withTitle = detectFrameworkFeatures(project.root).promptTitle;
  if (!withTitle) {
    const note = "The installed framework's prompts have no title (added in 0.10.3): none written.";
    if (opts.title !== undefined) def.warnings.push(note.replace('none written', '--title ignored'));
    else def.notes.push(note);
  }
  return writeDefinition(
    tree,
    def,
    opts,
    {
      withTitle,
      title,
      description: opts.description ?? `${title}: a prompt template. Describe what it asks the model to do.`,
    },
    { definition: template('prompt.ts.hbs'), test: template('prompt.test.ts.hbs') },
  );
}
