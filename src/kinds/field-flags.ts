/**
 * The values of a repeated field flag (`--input`, `--output`, `--param`, `--arg`): each one a typed
 * field, `name:type[?][:description]` (fields.ts), or the JSON Schema of an object, one field per
 * property (schema-fields.ts).
 */

import { type FieldSpec, parseField, refuseRepeated } from './fields.js';
import { isSchemaText, schemaFields } from './schema-fields.js';

/** Every value of a repeated flag, parsed; a name given twice (by either form) is refused. */
export function parseFields(flag: string, sources: readonly string[]): FieldSpec[] {
  const fields = sources.flatMap((s) => (isSchemaText(s) ? schemaFields(flag, s) : [parseField(flag, s)]));
  refuseRepeated(flag, fields);
  return fields;
}
