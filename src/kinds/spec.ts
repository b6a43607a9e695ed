/**
 * What the CLI, `add` and `list` know of a kind: one `KindSpec` per kind, in its own folder
 * (src/kinds/<kind>/spec.ts), listed once in src/kinds/index.ts. A spec is cheap to import: zod is
 * only named as a type, and the generator (with ts-morph and Handlebars behind it) is loaded by
 * `load()` when the kind is run, so that `--help` never pays for it.
 */

import type { z } from 'zod';
import type { GeneratorResult } from '../engine/generator.js';
import type { Tree } from '../engine/tree.js';
import type { FrameworkFeatures } from '../project/framework-features.js';
import type { Project } from '../project/project.js';
import type { DefinitionLayout, ServiceLayout } from '../registration/layout.js';
import type { DefinitionTarget } from '../registration/target.js';
import type { Names } from '../text/names.js';

/**
 * One option of a command, declared once: commander's flags and help, and its zod type (with
 * its default) for the parsed options. The key it is declared under is commander's attribute name
 * for the flags (`--file-name` → `fileName`).
 */
export interface OptionSpec<T extends z.ZodType = z.ZodType> {
  /** As commander takes them: `-d, --description <text>`, `--no-test`. */
  flags: string;
  /** Help text; a function of the kind's name where it names the kind. */
  help: string | ((kind: string) => string);
  /** The opposite flag, offered beside this one (`--no-read-only` beside `--read-only`). */
  negation?: { flags: string; help: string };
  /** Its zod type and default; `zod` is passed in so that declaring it does not load zod. */
  type: (zod: typeof z) => T;
  /** Asked for on a terminal when not given (the question names the flag that skips it). */
  ask?: boolean;
  /** The flag may be given several times; its values are collected in order (`--input a --input b`). */
  repeatable?: boolean;
}

export type OptionSpecs = Record<string, OptionSpec>;

/** What a kind's generator module gives `add`, once loaded. */
export interface KindGenerator {
  /** `options` are the parsed flags plus `name`, `force`, `overwriteEdited` and `devcheck`; the generator validates them. */
  generate(tree: Tree, project: Project, options: { name: string }): GeneratorResult | Promise<GeneratorResult>;
  /** The description offered as the default when a person is asked for one. */
  suggestDescription?(tree: Tree, project: Project, names: Names): string | undefined;
}

/**
 * A file the tests `add test` writes share (a helper they import): written once, when the server
 * has none; one already there is the user's and is never written over.
 */
export interface SharedTestFile {
  file: string;
  text: string;
  /** The names the test imports from it: each one an existing file does not export is a warning. */
  imports: readonly string[];
}

/** A test `add test` writes: where it goes and what it says, and the shared files it imports. */
export interface TestPlan {
  file: string;
  text: string;
  shared?: SharedTestFile[];
}

/**
 * The test `add test` gives an existing definition of a kind that has none; it reads the tree,
 * never writes. `features` is what the installed framework offers (its testing helpers differ by
 * line), read when first asked for.
 */
export type TestTemplate = (tree: Tree, target: DefinitionTarget, features: () => FrameworkFeatures) => TestPlan;

export interface KindSpec<O extends OptionSpecs = OptionSpecs> {
  /** The kind's name, singular, as typed after `add`: `tool`. */
  name: string;
  /** One line for `add --help`: what `add <kind>` writes. */
  summary: string;
  /** The line `add --help` and `--help` show for this kind (after `$ mcp-scaffold `). */
  example: string;
  /** The text after the flags in `add <kind> --help`: examples, what it writes. */
  examples: string;
  /** `list`'s heading for definitions of this kind: `Tools`. */
  heading: string;
  options: O;
  /** Where definitions of this kind live and how they are registered in createApp's arrays. */
  layout?: DefinitionLayout;
  /** Where services of this kind live, for a kind the app registers by a call in setup() instead. */
  serviceLayout?: ServiceLayout;
  /** The test `add test` writes for a definition of this kind; a kind without one is refused. */
  testTemplate?: TestTemplate;
  /** Names the kind's generated files import: a derived export name never takes one. */
  reservedNames: string[];
  load: () => Promise<KindGenerator>;
}

/** A kind whose definitions createApp lists in an array (tool, resource, prompt). */
export type DefinitionSpec<O extends OptionSpecs = OptionSpecs> = KindSpec<O> & { layout: DefinitionLayout };

/**
 * What a kind's spec.ts declares: all of its spec but the loader of its generator, which its
 * kind.ts adds, so that the generator may read its own spec without the two importing each other.
 */
export type KindData<O extends OptionSpecs = OptionSpecs> = Omit<KindSpec<O>, 'load'>;
export type DefinitionData<O extends OptionSpecs = OptionSpecs> = Omit<DefinitionSpec<O>, 'load'>;

/** `--file-name` of `--file-name <kebab>`; `--no-test` of `--no-test`. */
export function longFlag(flags: string): string {
  const long = /--[a-z0-9][a-z0-9-]*/i.exec(flags)?.[0];
  if (!long) throw new Error(`option flags without a long flag: ${flags}`);
  return long;
}

/** The help text of an option for a kind. */
export function optionHelp(option: OptionSpec, kind: string): string {
  return typeof option.help === 'string' ? option.help : option.help(kind);
}
