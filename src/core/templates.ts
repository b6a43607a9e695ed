/**
 * Templates are data: `templates/<kind>/<file>.hbs`, rendered strictly (a missing variable is an
 * error, never an empty string) and without HTML escaping. User text goes through `{{str x}}`.
 * Handlebars is loaded on first use so that `--help` and argument errors never pay for it.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type HandlebarsNs from 'handlebars';
import { stringProperty, tsString } from './literal.js';

/** The package's templates folder, found from this module's own location (src/ or dist/). */
export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

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
      const root = options.data?.root as { lineWidth?: number } | undefined;
      return stringProperty(key, value, indent, root?.lineWidth ?? 100);
    });
  }
  return engine;
}

const compiled = new Map<string, HandlebarsNs.TemplateDelegate>();

/** Renders `templates/<relPath>` with `data`. */
export function render(relPath: string, data: object): string {
  let template = compiled.get(relPath);
  if (!template) {
    const source = readFileSync(new URL(relPath, `file://${TEMPLATES_DIR}`), 'utf8');
    template = handlebars().compile(source, { strict: true, noEscape: true });
    compiled.set(relPath, template);
  }
  return template(data);
}
