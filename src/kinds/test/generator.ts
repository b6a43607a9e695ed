/**
 * `add test <definition>`: a test for a definition that has none, written from what the
 * definition declares rather than from a template's sample data. Its inputs are made at test time
 * from the definition's own schemas (input, URI params, prompt args) as JSON Schema, so the test
 * follows the definition as it is; it checks the handler's result against the output schema and
 * that format() renders it. A handler that throws or returns something else fails it.
 */

import type { Tree } from '../../engine/tree.js';
import { testFileFor, testImportPath } from '../../project/conventions.js';
import type { DefinitionTarget } from '../../registration/target.js';
import type { ServiceMethodCall } from './service-calls.js';

/** Builds, at test time, a value a JSON Schema accepts: its default, a constant, the plainest of its type. */
const SAMPLE_HELPER = `type Schema = {
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

const header = (what: string, file: string) =>
  `/**\n * @fileoverview Tests for ${what}, written by \`mcp-scaffold add test\` from its definition.\n * @module ${file.replace(/\.ts$/, '')}\n */\n`;

function toolTest(name: string, exportName: string, importPath: string, file: string): string {
  return `${header(`the ${name} tool`, file)}
import { z } from '@cyanheads/mcp-ts-core';
import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
import { describe, expect, it } from 'vitest';
import { ${exportName} } from '${importPath}';

${SAMPLE_HELPER}

type HandlerCtx = Parameters<typeof ${exportName}.handler>[1];

describe('${exportName}', () => {
  it('answers an input its schema accepts with output its schema accepts', async () => {
    const ctx = createMockContext({ errors: ${exportName}.errors ?? [] }) as HandlerCtx;
    const input = ${exportName}.input.parse(inputOf(${exportName}.input));
    const result = await ${exportName}.handler(input, ctx);
    expect(() => ${exportName}.output.parse(result)).not.toThrow();
  });

  it('renders its result in format()', async () => {
    const ctx = createMockContext({ errors: ${exportName}.errors ?? [] }) as HandlerCtx;
    const result = await ${exportName}.handler(${exportName}.input.parse(inputOf(${exportName}.input)), ctx);
    const blocks = ${exportName}.format ? ${exportName}.format(result) : [];
    expect(Array.isArray(blocks)).toBe(true);
    if (${exportName}.format) expect(blocks.length).toBeGreaterThan(0);
  });
});
`;
}

function resourceTest(name: string, exportName: string, importPath: string, file: string): string {
  return `${header(`the ${name} resource`, file)}
import { z } from '@cyanheads/mcp-ts-core';
import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
import { describe, expect, it } from 'vitest';
import { ${exportName} } from '${importPath}';

${SAMPLE_HELPER}

const definition = ${exportName};

describe('${exportName}', () => {
  it('reads a URI of its template, with params its schema accepts, into data its output schema accepts', async () => {
    const values = (definition.params ? inputOf(definition.params) : {}) as Record<string, unknown>;
    const params = definition.params ? definition.params.parse(values) : {};
    // Each {variable} of the URI template, filled with its value.
    const uri = new URL(definition.uriTemplate.replace(/\\{(\\w+)\\}/g, (_m, key: string) => encodeURIComponent(String(values[key]))));
    const ctx = createMockContext({ uri });
    const result = await definition.handler(params as never, ctx as never);
    expect(result).toBeDefined();
    // An app resource declares no output (its type is never there): read it as optional.
    const output = (definition as { output?: z.ZodType | undefined }).output;
    if (output) expect(() => output.parse(result)).not.toThrow();
  });
});
`;
}

function promptTest(name: string, exportName: string, importPath: string, file: string): string {
  return `${header(`the ${name} prompt`, file)}
import { z } from '@cyanheads/mcp-ts-core';
import { describe, expect, it } from 'vitest';
import { ${exportName} } from '${importPath}';

${SAMPLE_HELPER}

describe('${exportName}', () => {
  it('generates messages from arguments its schema accepts', async () => {
    const args = ${exportName}.args ? ${exportName}.args.parse(inputOf(${exportName}.args)) : {};
    const messages = await ${exportName}.generate(args as never);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(['user', 'assistant']).toContain(message.role);
  });
});
`;
}

/** One test per public method: called with sample arguments where its parameter types allow. */
function methodTest(getName: string, m: ServiceMethodCall): string {
  if (!m.args) {
    return `  // ${m.name}() takes a parameter no sample can be made up for safely: only its presence is checked.
  it('has ${m.name}()', () => {
    expect(typeof ${getName}().${m.name}).toBe('function');
  });`;
  }
  const call = `${getName}().${m.name}(${m.args.join(', ')})`;
  const usesCtx = m.args.includes('ctx');
  return `  it('${m.name}() resolves against in-memory storage${m.returnsValue ? ', with a result' : ''}', async () => {
${usesCtx ? "    const ctx = createMockContext({ tenantId: 'test-tenant' });\n" : ''}    ${m.returnsValue ? 'const result = ' : ''}await ${call};
${m.returnsValue ? '    expect(result).toBeDefined();\n' : ''}  });`;
}

export interface ServiceShape {
  className: string;
  initName: string;
  getName: string;
  methods: ServiceMethodCall[];
}

function serviceTest(s: ServiceShape, importPath: string, file: string): string {
  const usesCtx = s.methods.some((m) => m.args?.includes('ctx'));
  const testing = usesCtx ? 'createInMemoryStorage, createMockContext' : 'createInMemoryStorage';
  return `${header(s.className, file)}
import { parseConfig } from '@cyanheads/mcp-ts-core/config';
import { ${testing} } from '@cyanheads/mcp-ts-core/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { ${s.className}, ${s.getName}, ${s.initName} } from '${importPath}';

describe('${s.className}', () => {
  beforeEach(() => {
    ${s.initName}(parseConfig(), createInMemoryStorage());
  });

  it('${s.initName}() makes the one instance ${s.getName}() returns', () => {
    const service = ${s.getName}();
    expect(service).toBeInstanceOf(${s.className});
    expect(${s.getName}()).toBe(service);
  });
${s.methods.map((m) => `\n${methodTest(s.getName, m)}`).join('\n')}
});
`;
}

export interface TestPlan {
  file: string;
  text: string;
}

/** The test `add test` writes for `target`, at the path the project's tests use. */
export function testFor(tree: Tree, target: DefinitionTarget, service?: ServiceShape): TestPlan {
  const { def, layout } = target;
  if (!layout) {
    const file = `tests/services/${def.name}/${def.name}-service.test.ts`;
    return { file, text: serviceTest(service!, testImportPath(tree, file, def.file), file) };
  }
  const file = testFileFor(tree, layout, def.file);
  const importPath = testImportPath(tree, file, def.file);
  const name = def.name ?? def.exportName!;
  const make = { tool: toolTest, resource: resourceTest, prompt: promptTest }[target.kind] ?? toolTest;
  return { file, text: make(name, def.exportName!, importPath, file) };
}
