import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { precompiledModule, render } from '../../src/text/templates.js';
import { tempDir } from '../helpers/temp.js';

const SOURCE = 'export const {{name}} = {{str title}};\n{{prop "description" text indent=2}}\n';
const DATA = { name: 'demoTool', title: "it's", text: 'Finds things.' };
const OPTIONS = { lineWidth: 100 };

/** A template file in its own folder (render caches by URL), with `beside` as its .cjs if given. */
function template(beside?: string): URL {
  const file = path.join(tempDir(), 'x.ts.hbs');
  writeFileSync(file, SOURCE);
  if (beside !== undefined) writeFileSync(`${file}.cjs`, beside);
  return pathToFileURL(file);
}

const plain = render(template(), DATA, OPTIONS);

afterEach(() => {
  delete process.env.MCP_SCAFFOLD_PRECOMPILED;
});

describe('precompiled templates', () => {
  it('render what compiling renders', () => {
    expect(plain).toBe("export const demoTool = \"it's\";\n  description: 'Finds things.',\n");
    expect(render(template(precompiledModule(SOURCE)), DATA, OPTIONS)).toBe(plain);
  });

  it('are used when current: a precompiled file is what runs', () => {
    const other = precompiledModule('other text\n').replace(/source: "[0-9a-f]+"/, () => {
      const own = /source: "([0-9a-f]+)"/.exec(precompiledModule(SOURCE))![1];
      return `source: "${own}"`;
    });
    expect(render(template(other), DATA, OPTIONS)).toBe('other text\n');
    process.env.MCP_SCAFFOLD_PRECOMPILED = '0';
    expect(render(template(other), DATA, OPTIONS)).toBe(plain);
  });

  it('are ignored when stale, of another Handlebars, or corrupt', () => {
    const stale = precompiledModule('other text\n');
    const otherVersion = precompiledModule(SOURCE).replace(/handlebars: "[^"]+"/, 'handlebars: "1.0.0"');
    for (const beside of [stale, otherVersion, 'module.exports = {', 'throw new Error("x")', 'module.exports = 1;']) {
      expect(render(template(beside), DATA, OPTIONS)).toBe(plain);
    }
  });

  it('keep strict: a missing variable is still an error', () => {
    const missing = { title: 'x', text: 'y' };
    expect(() => render(template(), missing, OPTIONS)).toThrow(/"name" not defined/);
    expect(() => render(template(precompiledModule(SOURCE)), missing, OPTIONS)).toThrow(/"name" not defined/);
  });
});
