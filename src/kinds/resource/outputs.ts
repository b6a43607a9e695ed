/**
 * A resource's typed output fields, from `--output 'name:type[?]:description'` (the same syntax
 * and types as a tool's): the described zod fields of its `output` schema and the value the
 * handler returns for each. The framework serves a resource's result as JSON (its default
 * formatter, application/json), so every declared field the handler returns is in what a client
 * reads; the generated test checks the handler returns exactly the declared fields.
 */

import { standIn } from '../../text/placeholders.js';
import { parseFields } from '../field-flags.js';
import { emptyValueOf, recordSchema, type ToolField, withRecords, zodLine } from '../tool/field-code.js';

/** Fields a service record has (the `add service` record type), each a string. */
const RECORD_FIELDS = ['id', 'title', 'fetchedAt'];

export interface ResourceOutputs {
  /** `const WorksItemSchema = z.object({ … });` for each object typed with braces. */
  schemas: string[];
  /** `name: z.string().describe('…'),`, one a field. */
  lines: string[];
  /** `name: value,` for the handler's return, one a field. */
  returns: string[];
  names: string[];
}

const isString = (f: ToolField) => f.type === 'string' && !f.array;

/**
 * What the handler returns for a field: the service record's, a URI variable's, or an empty value
 * (undefined: the caller marks it as the stand-in it is).
 */
function returnedValue(f: ToolField, variables: readonly string[], onService: boolean): string | undefined {
  if (onService && isString(f) && RECORD_FIELDS.includes(f.name)) return `record.${f.name}`;
  if (isString(f) && variables.includes(f.name)) return `params.${f.name}`;
  if (!onService && isString(f) && f.name === 'uri') return "ctx.uri?.href ?? ''";
  return undefined;
}

/** The empty value of a field nothing fills yet, as the handler returns it. */
function emptyReturned(f: ToolField): string {
  // The resource builder does not type the returned literal by the schema: an enum value would widen to string.
  return f.type === 'enum' && !f.array ? `${emptyValueOf(f)} as const` : emptyValueOf(f);
}

/** The `--output` fields, parsed; undefined when none was given (the kind's own output stays). */
export function resourceOutputs(
  sources: readonly string[],
  variables: readonly string[],
  onService: boolean,
): ResourceOutputs | undefined {
  const fields = withRecords(parseFields('--output', sources), new Set());
  if (fields.length === 0) return undefined;
  return {
    schemas: fields.flatMap((f) => recordSchema(f) ?? []),
    lines: fields.map((f) => zodLine(f, '      ')),
    returns: fields.flatMap((f) => {
      const value = returnedValue(f, variables, onService);
      if (value === undefined)
        return [standIn(`nothing fills ${f.name} yet: return the real value.`), `${f.name}: ${emptyReturned(f)},`];
      return [value === f.name ? `${f.name},` : `${f.name}: ${value},`];
    }),
    names: fields.map((f) => f.name),
  };
}
