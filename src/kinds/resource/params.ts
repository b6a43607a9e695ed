/**
 * A resource's URI template and its params, from `--uri` and `--param`: each `--param` describes
 * one `{variable}` of the template, and without `--uri` the `--param` names make the template.
 * A URI variable is always a string and always present in a URI the template matches (the MCP
 * SDK's matcher requires every one, query variables included), so any other type and `?` are
 * refused rather than written as a schema the URI can never fill.
 */

import { ScaffoldError } from '../../engine/errors.js';
import { placeholder } from '../../text/placeholders.js';
import { parseUriTemplate, type UriTemplate } from '../../text/uri-template.js';
import { parseFields } from '../field-flags.js';
import { type FieldSpec, requireTypes } from '../fields.js';

export interface ResourceParam {
  name: string;
  description: string;
  /** The variable a service's fetchRecord(id, ctx) gets, checked as a storage key. */
  isId: boolean;
}

/** The `--param` fields, checked: strings, none optional. */
export function parseParams(sources: readonly string[]): FieldSpec[] {
  const fields = parseFields('--param', sources);
  requireTypes('--param', fields, ['string'], 'a URI variable is always a string');
  const optional = fields.find((f) => f.optional);
  if (optional) {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `--param '${optional.source}': a URI variable cannot be optional; a URI the template matches always has every variable.`,
      {
        hint: `Drop the ?, or make a second resource whose URI has no {${optional.name}}.`,
      },
    );
  }
  return fields;
}

/** The template: --uri as given, else `<scheme>://<path>/{id}` or one segment per --param. */
export function resourceTemplate(
  uri: string | undefined,
  fields: readonly FieldSpec[],
  base: string,
  notes: string[],
): UriTemplate {
  let text = uri;
  if (text === undefined) {
    const variables = fields.length > 0 ? fields.map((f) => f.name) : ['id'];
    text = `${base}/${variables.map((v) => `{${v}}`).join('/')}`;
    notes.push(`No --uri given: using ${text}.`);
  }
  const template = parseUriTemplate(text);
  const stray = fields.find((f) => !template.variables.includes(f.name));
  if (stray) {
    const has = template.variables.map((v) => `{${v}}`).join(', ') || 'no variable';
    throw new ScaffoldError(
      'OPTION_INVALID',
      `--param '${stray.source}' contradicts --uri ${text}: the template has ${has}, not {${stray.name}}.`,
      {
        hint: `Name each --param after a variable of --uri, or add {${stray.name}} to the template.`,
      },
    );
  }
  return template;
}

/** One described param per template variable, in the template's order; undescribed ones get a placeholder. */
export function resourceParams(
  template: UriTemplate,
  fields: readonly FieldSpec[],
  idParam: string | undefined,
): ResourceParam[] {
  return template.variables.map((name) => {
    const typed = fields.find((f) => f.name === name)?.description;
    return { name, description: typed || placeholder(`The ${name} part of the URI.`), isId: name === idParam };
  });
}
