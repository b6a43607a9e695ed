/**
 * `@file` as the value of a field flag (`--output @works.schema.json`): the JSON Schema that file
 * holds, read here, from the folder the command was run in, so that the generators only ever see
 * the schema's text (schema-fields.ts reads it). A file that is missing, is no regular file, is
 * too large or holds no JSON object is OPTION_INVALID naming the flag and the path.
 */

import path from 'node:path';
import { ScaffoldError } from '../engine/errors.js';
import { readRegularFile } from '../engine/regular-file.js';
import { isSchemaText } from '../kinds/schema-fields.js';
import { type KindSpec, longFlag } from '../kinds/spec.js';

/** Far above any schema of one definition's fields. */
const MAX_SCHEMA_BYTES = 1024 * 1024;

function readSchemaFile(flag: string, value: string): string {
  const file = value.slice(1);
  const refuse = (why: string) =>
    new ScaffoldError('OPTION_INVALID', `${flag} ${value}: ${why}`, {
      hint: `give ${flag} @<file> the path of a JSON Schema of an object (from the folder you run in), or the schema itself: ${flag} '{"type":"object","properties":{…}}'`,
    });
  if (file === '') throw refuse('names no file');
  let bytes: Buffer | undefined;
  try {
    bytes = readRegularFile(path.resolve(file), file);
  } catch (e) {
    throw e instanceof ScaffoldError ? refuse(`${file} is not a regular file`) : e;
  }
  if (bytes === undefined) throw refuse(`cannot read ${file}`);
  if (bytes.length > MAX_SCHEMA_BYTES) throw refuse(`${file} is larger than a schema of fields would be (1 MiB)`);
  const text = bytes.toString('utf8');
  if (!isSchemaText(text)) throw refuse(`${file} does not hold a JSON object`);
  return text;
}

/** The options, with each `@file` value of a field flag replaced by the file's schema. */
export function withSchemaFiles<T extends Record<string, unknown>>(spec: KindSpec, options: T): T {
  const out: Record<string, unknown> = { ...options };
  for (const [key, option] of Object.entries(spec.options)) {
    const values = options[key];
    if (!option.repeatable || !Array.isArray(values)) continue;
    const flag = longFlag(option.flags);
    out[key] = values.map((v: unknown) => (typeof v === 'string' && v.startsWith('@') ? readSchemaFile(flag, v) : v));
  }
  return out as T;
}
