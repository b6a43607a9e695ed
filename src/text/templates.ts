/**
 * Templates are data: each kind keeps its own in `templates/` beside its generator (copied next to
 * the compiled module by the build), rendered strictly (a missing variable is an
 * error, never an empty string) and without HTML escaping. User text goes through `{{str x}}`.
 * Handlebars is loaded on first use so that `--help` and argument errors never pay for it.
 *
 * The build precompiles each template beside it (`x.hbs` → `x.hbs.cjs`), so that a run loads only
 * Handlebars' small runtime and compiles nothing. A precompiled file is used only when it records
 * the hash of the template's text and the Handlebars version that runs; otherwise (missing, stale,
 * corrupt, or MCP_SCAFFOLD_PRECOMPILED=0) the template is compiled as before: the same text either way.
 */

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type HandlebarsNs from 'handlebars';
import HandlebarsRuntime from 'handlebars/runtime.js';
import { EMBEDDED } from './precompiled-index.js';
import { stringProperty, tsString } from './string-literal.js';

type Engine = typeof HandlebarsNs;
const require = createRequire(import.meta.url);
const COMPILE_OPTIONS = { strict: true, noEscape: true };

let compiler: Engine | undefined;
let runtime: Engine | undefined;

/** Full Handlebars, which compiles. */
function handlebars(): Engine {
  compiler ??= withHelpers((require('handlebars') as Engine).create());
  return compiler;
}

/** Handlebars' runtime, which only runs precompiled templates (imported, so that the bundle holds it). */
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

const sourceHash = (source: string) => createHash('sha256').update(source).digest('hex');

/** What the build writes beside a template: a CommonJS module of its precompiled form. */
export function precompiledModule(source: string): string {
  const hb = require('handlebars') as Engine;
  const spec = hb.precompile(source, COMPILE_OPTIONS);
  const header = `source: ${JSON.stringify(sourceHash(source))}, handlebars: ${JSON.stringify(hb.VERSION)}`;
  return `module.exports = { ${header}, spec: ${spec} };\n`;
}

/** The precompiled form of `template`, if the build left a current one beside it. */
function precompiled(template: URL, source: string): HandlebarsNs.TemplateDelegate | undefined {
  if (process.env.MCP_SCAFFOLD_PRECOMPILED === '0' || template.protocol !== 'file:') return undefined;
  try {
    const mod = precompiledModuleOf(template) as { source?: unknown; handlebars?: unknown; spec?: unknown };
    const engine = handlebarsRuntime();
    if (mod.source !== sourceHash(source) || mod.handlebars !== engine.VERSION || !mod.spec) return undefined;
    return engine.template(mod.spec as TemplateSpecification);
  } catch {
    return undefined; // missing or corrupt: compiled below
  }
}

type TemplateSpecification = Parameters<Engine['template']>[0];

/** dist/, where the bundle's embedded templates are keyed from. */
const OUT_DIR = fileURLToPath(new URL('../', import.meta.url));

/** The `x.hbs.cjs` beside a template: the bundle's embedded copy, else the file. */
function precompiledModuleOf(template: URL): unknown {
  const file = fileURLToPath(template);
  const key = path.relative(OUT_DIR, file).split(path.sep).join('/');
  return Object.hasOwn(EMBEDDED, key) ? EMBEDDED[key] : require(`${file}.cjs`);
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

/** The template at `template`, ready to run: read and checked (or compiled) once a run. */
function compiledOf(template: URL): HandlebarsNs.TemplateDelegate {
  let compiledTemplate = compiled.get(template.href);
  if (!compiledTemplate) {
    const source = readFileSync(template, 'utf8');
    compiledTemplate = precompiled(template, source) ?? handlebars().compile(source, COMPILE_OPTIONS);
    compiled.set(template.href, compiledTemplate);
  }
  return compiledTemplate;
}

/** Renders the template file at `template` with `data`. */
export function render(template: URL, data: object, options: RenderOptions): string {
  return compiledOf(template)(data, { data: { lineWidth: options.lineWidth } });
}
