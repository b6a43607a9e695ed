/**
 * The one helper the tests `add test` writes share, written once per server at
 * tests/helpers/sample-input.ts by the first `add test` that needs it, instead of a copy in each
 * test: values a definition's own schemas accept, made at test time, and the answers a user gives
 * to what a tool asks. It uses only zod, so it holds on every framework line, and an upgrade's
 * codemods have nothing in it to rewrite (the 0.12 one refuses a test that names the old API).
 */

import { moduleSpecifier } from '../../ts/modules.js';
import type { SharedTestFile } from '../spec.js';

export const SAMPLE_HELPER_FILE = 'tests/helpers/sample-input.ts';

/** What the helper exports, for the tests that import it. */
export type SampleHelperName = 'inputOf' | 'acceptElicitation' | 'answersTo';

const SAMPLE_HELPER_TEXT = `/**
 * @fileoverview Values the definitions' own schemas accept, made when the tests run: the inputs
 * of the tests \`mcp-scaffold add test\` writes, and the answers a user gives to what a tool asks.
 * Written once by \`mcp-scaffold add test\` and never written over: yours to change.
 * @module tests/helpers/sample-input
 */

import { z } from '@cyanheads/mcp-ts-core';

/** The parts of a JSON Schema that sample() reads. */
export type JsonSchema = {
  anyOf?: JsonSchema[];
  const?: unknown;
  default?: unknown;
  enum?: unknown[];
  format?: string;
  items?: JsonSchema;
  minimum?: number;
  minItems?: number;
  minLength?: number;
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  type?: string | string[];
};

/** A value the schema accepts, made from what it declares: its default, a constant, the plainest of its type. */
export function sample(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alternative = (schema.anyOf ?? schema.oneOf)?.[0];
  if (alternative) return sample(alternative);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, sample(schema.properties?.[key] ?? {})]),
      );
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

/** A value a zod schema accepts as input: a definition's input, params or args. */
export function inputOf(schema: z.ZodType): unknown {
  return sample(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema);
}

/** What a field of a form holds in an answer: a string, a number, a boolean or a list of strings. */
type FormValue = string | number | boolean | string[];

/** The user accepts a form a tool asks them to fill (up to 0.11), with a value for each field. */
export function acceptElicitation(
  _message: string,
  form: z.ZodType,
): Promise<{ action: 'accept'; content: Record<string, FormValue> }> {
  return Promise.resolve({ action: 'accept', content: inputOf(form) as Record<string, FormValue> });
}

/** A question a handler asks through ctx.requestInput, as its input request carries it. */
type InputRequest = { method: string; params?: unknown };

/**
 * The client's answer to each question: a form accepted with a value for each field, a sampling
 * request answered with text, a roots request with none.
 */
export function answersTo(
  requests: Record<string, InputRequest> | undefined,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(requests ?? {}).map(([key, request]) => [key, answerTo(request)]),
  );
}

function answerTo(request: InputRequest): unknown {
  switch (request.method) {
    case 'elicitation/create': {
      const { requestedSchema } = (request.params ?? {}) as { requestedSchema?: JsonSchema };
      return { action: 'accept', content: sample(requestedSchema ?? {}) };
    }
    case 'sampling/createMessage':
      return { role: 'assistant', content: { type: 'text', text: 'example' }, model: 'test-model' };
    case 'roots/list':
      return { roots: [] };
    default:
      throw new Error(\`No sample answer for a \${request.method} request.\`);
  }
}
`;

/** The test file's import of the helper: a relative path (`@/` is for src/). */
export function sampleHelperSpecifier(testFile: string): string {
  return moduleSpecifier(testFile, SAMPLE_HELPER_FILE, 'relative');
}

/** The helper, for a test that imports `names` from it. */
export function sampleHelper(names: readonly SampleHelperName[]): SharedTestFile {
  return { file: SAMPLE_HELPER_FILE, text: SAMPLE_HELPER_TEXT, imports: names };
}
