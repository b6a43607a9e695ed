/**
 * What the test templates of `add test` share (each kind declares its own, in its folder): a test
 * for a definition that has none, written from what the definition declares rather than from a
 * template's sample data. Its inputs are made at test time from the definition's own schemas
 * (input, URI params, prompt args) as JSON Schema, so the test follows the definition as it is.
 */

import type { Tree } from '../../engine/tree.js';
import { testFileFor, testImportPath } from '../../registration/conventions.js';
import type { DefinitionTarget } from '../../registration/target.js';
import type { TestPlan, TestTemplate } from '../spec.js';

/** Builds, at test time, a value a JSON Schema accepts: its default, a constant, the plainest of its type. */
export const SAMPLE_HELPER = `type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  items?: Schema;
};

/** A value the schema accepts, made from what it declares. */
function sample(schema: Schema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alternative = (schema.anyOf ?? schema.oneOf)?.[0];
  if (alternative) return sample(alternative);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(schema.properties?.[key] ?? {})]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
      if (schema.format === 'email') return 'someone@example.com';
      return 'example'.padEnd(schema.minLength ?? 0, 'x');
  }
}

const inputOf = (schema: z.ZodType) => sample(z.toJSONSchema(schema, { io: 'input' }) as Schema);`;

/** The test file's header: what it tests, and that `add test` wrote it. */
export const header = (what: string, file: string) =>
  `/**\n * @fileoverview Tests for ${what}, written by \`mcp-scaffold add test\` from its definition.\n * @module ${file.replace(/\.ts$/, '')}\n */\n`;

/** The text of a definition's test, from its MCP name, its export and the paths. */
export type DefinitionTestText = (name: string, exportName: string, importPath: string, file: string) => string;

/** A kind's test template for definitions of its layout: the test at the path the project's tests use. */
export function definitionTest(text: DefinitionTestText): TestTemplate {
  return (tree: Tree, target: DefinitionTarget): TestPlan => {
    const { def, layout } = target;
    const file = testFileFor(tree, layout!, def.file);
    const importPath = testImportPath(tree, file, def.file);
    const name = def.name ?? def.exportName!;
    return { file, text: text(name, def.exportName!, importPath, file) };
  };
}
