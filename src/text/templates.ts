/**
 * Templates are data: each kind keeps its own in `templates/` beside its generator (copied next to
 * the compiled module by the build), rendered strictly (a missing variable is an error, never an
 * empty string) and without HTML escaping. User text goes through `{{str x}}`. Handlebars is
 * loaded on first use so that `--help` and argument errors never pay for it; the bundle carries
 * every template compiled at build time (precompiled-templates.ts), and needs only its runtime.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type HandlebarsNs from 'handlebars';
import HandlebarsRuntime from 'handlebars/runtime.js';
import { PRECOMPILED } from './precompiled-templates.js';
import { stringProperty, tsString } from './string-literal.js';

type Engine = typeof HandlebarsNs;
type TemplateSpec = Parameters<Engine['template']>[0];
const require = createRequire(import.meta.url);
/** How every template is compiled, at build time or at run time. */
export const COMPILE_OPTIONS = { strict: true, noEscape: true };
/** The folder the keys of PRECOMPILED are relative to: dist/ in the bundle. */
const OUT_DIR = fileURLToPath(new URL('../', import.meta.url));

let compiler: Engine | undefined;
let runtime: Engine | undefined;

/** Handlebars with its compiler, and the helpers templates use. */
function handlebars(): Engine {
  compiler ??= withHelpers((require('handlebars') as Engine).create());
  return compiler;
}

/** Handlebars' runtime alone, for templates compiled at build time. */
function handlebarsRuntime(): Engine {
  runtime ??= withHelpers((HandlebarsRuntime as Engine).create());
  return runtime;
}

function withHelpers(engine: Engine): Engine {
  engine.registerHelper('str', (value: unknown) => {
    if (typeof value !== 'string') throw new Error(`str: expected a string, got ${typeof value}`);
    return tsString(value);
  });
  // {{prop "key" text indent=2}}: a whole `key: 'text',` line (or two), as Biome lays it out.
  engine.registerHelper('prop', (key: unknown, value: unknown, options: HandlebarsNs.HelperOptions) => {
    if (typeof key !== 'string' || typeof value !== 'string') {
      throw new Error('prop: expected a key and a string value');
    }
    const indent = ' '.repeat(Number(options.hash.indent ?? 0));
    return stringProperty(key, value, indent, (options.data as RenderOptions).lineWidth);
  });
  return engine;
}

const compiled = new Map<string, HandlebarsNs.TemplateDelegate>();

/** The templates folder beside a module: `templatesOf(import.meta.url)('tool.ts.hbs')`. */
export function templatesOf(moduleUrl: string): (file: string) => URL {
  return (file) => new URL(`./templates/${file}`, moduleUrl);
}

interface RenderOptions {
  /** The project's Biome line width, which `{{prop}}` lays a property out to. */
  lineWidth: number;
}

/** The template at `template`, ready to run: read and compiled once a run. */
function compiledOf(template: URL): HandlebarsNs.TemplateDelegate {
  let compiledTemplate = compiled.get(template.href);
  if (!compiledTemplate) {
    const key = path.relative(OUT_DIR, fileURLToPath(template)).split(path.sep).join('/');
    compiledTemplate = Object.hasOwn(PRECOMPILED, key)
      ? handlebarsRuntime().template(PRECOMPILED[key] as TemplateSpec)
      : handlebars().compile(readFileSync(template, 'utf8'), COMPILE_OPTIONS);
    compiled.set(template.href, compiledTemplate);
  }
  return compiledTemplate;
}

/** Renders the template file at `template` with `data`. */
export function render(template: URL, data: object, options: RenderOptions): string {
  return compiledOf(template)(data, { data: { lineWidth: options.lineWidth } });
}
