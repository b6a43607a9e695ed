/**
 * Templates are data: each kind keeps its own in `templates/` beside its generator (copied next to
 * the compiled module by the build), rendered strictly (a missing variable is an
 * error, never an empty string) and without HTML escaping. User text goes through `{{str x}}`.
 * Handlebars is loaded on first use so that `--help` and argument errors never pay for it.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type HandlebarsNs from 'handlebars';
import { stringProperty, tsString } from './string-literal.js';

let engine: typeof HandlebarsNs | undefined;

function handlebars(): typeof HandlebarsNs {
  if (!engine) {
    const hb = createRequire(import.meta.url)('handlebars') as typeof HandlebarsNs;
    engine = hb.create();
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
  }
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

/** Renders the template file at `template` with `data`. */
export function render(template: URL, data: object, options: RenderOptions): string {
  let compiledTemplate = compiled.get(template.href);
  if (!compiledTemplate) {
    const source = readFileSync(template, 'utf8');
    compiledTemplate = handlebars().compile(source, { strict: true, noEscape: true });
    compiled.set(template.href, compiledTemplate);
  }
  return compiledTemplate(data, { data: { lineWidth: options.lineWidth } });
}
