/** `add prompt`: a prompt definition with its arguments (--arg, or from the name), its test, and its registration. */

import type { z } from 'zod';
import type { GeneratorResult } from '../../engine/generator.js';
import type { Tree } from '../../engine/tree.js';
import { lineWidthOf } from '../../project/formatter.js';
import { detectFrameworkFeatures } from '../../project/framework-features.js';
import type { Project } from '../../project/project.js';
import { camelCase, titleCase } from '../../text/names.js';
import { placeholder } from '../../text/placeholders.js';
import { templatesOf } from '../../text/templates.js';
import { prepareDefinition, unprefixed, writeDefinition } from '../definition.js';
import { optionsSchema } from '../schema.js';
import { argSchemaLines, type PromptArg, promptArgs } from './args.js';
import { promptSpec } from './spec.js';

const template = templatesOf(import.meta.url);

export const addPromptOptions = optionsSchema(promptSpec.options);
export type AddPromptOptions = z.input<typeof addPromptOptions>;

/**
 * The message: its first line, from the name, and where each argument goes. An argument named
 * after what the prompt acts on (`summarize_article` and `article`) is that thing: it goes last,
 * whole, under "Summarize the article below." Otherwise the first line says which arguments name
 * it ("Summarize the article identified by the pmid below.") and each goes on a line of its own.
 */
export function promptMessage(words: readonly string[], title: string, args: readonly PromptArg[]) {
  const [verb, ...object] = words;
  const thing = object.length > 0 ? camelCase([...object]) : undefined;
  const body = args.find((a) => !a.optional && (thing ? a.name === thing : args.length === 1));
  const lines = args.filter((a) => a !== body);
  const required = lines.filter((a) => !a.optional).map((a) => a.name);
  let sentence: string;
  if (!verb) sentence = title;
  else if (object.length === 0) sentence = `${verb} the following`;
  else if (body || required.length === 0) sentence = `${verb} the ${object.join(' ')} below`;
  else sentence = `${verb} the ${object.join(' ')} identified by the ${oneOf(required)} below`;
  return {
    instruction: `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`,
    body,
    requiredLines: lines.filter((a) => !a.optional),
    optionalLines: lines.filter((a) => a.optional),
  };
}

/** `a`, `a and b`, `a, b and c`. */
function oneOf(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
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
      message: promptMessage(words, title, args),
    },
    { definition: template('prompt.ts.hbs'), test: template('prompt.test.ts.hbs') },
  );
}
