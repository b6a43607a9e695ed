/** `add prompt`: a prompt definition with its arguments (--arg, or from the name), its test, and its registration. */

import type { z } from 'zod';
import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import { lineWidthOf } from '../../project/formatter.js';
import { detectFrameworkFeatures } from '../../project/framework-features.js';
import type { Project } from '../../project/project.js';
import { titleCase } from '../../text/names.js';
import { placeholder } from '../../text/placeholders.js';
import { templatesOf } from '../../text/templates.js';
import { prepareDefinition, unprefixed, writeDefinition } from '../definition.js';
import { optionsSchema } from '../schema.js';
import { argSchemaLines, promptArgs } from './args.js';
import { promptSpec } from './spec.js';

const template = templatesOf(import.meta.url);

export const addPromptOptions = optionsSchema(promptSpec.options);
export type AddPromptOptions = z.input<typeof addPromptOptions>;

/** The message's first line, from the name: `summarize_article` → "Summarize the article below." */
function instructionOf(words: readonly string[], title: string): string {
  const [verb, ...object] = words;
  if (!verb) return `${title}.`;
  const sentence = object.length > 0 ? `${verb} the ${object.join(' ')} below` : `${verb} the following`;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

export function addPromptGenerator(tree: Tree, project: Project, raw: AddPromptOptions): GeneratorResult {
  const opts = addPromptOptions.parse(raw);
  const def = prepareDefinition(tree, project, promptSpec, opts, (n) => n.snake);
  const words = unprefixed(def.names, def.prefix);
  const title = opts.title ?? titleCase(words);
  const args = promptArgs(opts.arg, words);
  const lineWidth = lineWidthOf(tree);
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
      description: opts.description ?? placeholder(`${title}: a prompt. Describe what it asks the model to do.`),
      args: args.map((a) => ({ ...a, schema: argSchemaLines(a, '      ', lineWidth) })),
      requiredArgs: args.filter((a) => !a.optional),
      optionalArgs: args.filter((a) => a.optional),
      instruction: instructionOf(words, title),
    },
    { definition: template('prompt.ts.hbs'), test: template('prompt.test.ts.hbs') },
  );
}
