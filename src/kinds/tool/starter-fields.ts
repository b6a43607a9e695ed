/**
 * The fields a tool of each shape starts with when the command line gives none: what a search,
 * a fetch or a write tool usually takes and returns. Typed `--input`/`--output` replace them (each
 * list on its own: `--input` alone keeps the starter output).
 */

import { field, type ToolField } from './field-code.js';
import type { ShapeChoice } from './shape.js';

/** The id a fetch tool on a service takes: usable as a storage key. */
const SERVICE_ID = {
  refine: '.regex(/^[A-Za-z0-9_-]{1,64}$/)',
  sample: "'rec-1'",
};

export function starterInputs(choice: ShapeChoice, onService: boolean): ToolField[] {
  const verb = choice.verb ?? 'change';
  switch (choice.shape) {
    case 'search':
      return [
        field('query', 'string', 'Text to match against item titles.'),
        field('limit', 'integer', 'How many at most (default 10).', {
          optional: true,
          refine: '.min(1).max(100)',
        }),
      ];
    case 'fetch':
      return [
        field(
          'id',
          'string',
          onService ? 'Id: 1 to 64 letters, digits, _ or -.' : 'Identifier of the record to fetch.',
          onService ? SERVICE_ID : {},
        ),
      ];
    case 'write':
      if (choice.verbCreates) return [field('title', 'string', 'Title of the new record.')];
      if (choice.verbDestroys) return [field('id', 'string', `Identifier of the record to ${verb}.`)];
      return [
        field('id', 'string', `Identifier of the record to ${verb}.`),
        field('title', 'string', 'New title of the record; left as it is when left out.', { optional: true }),
      ];
  }
}

export function starterOutputs(choice: ShapeChoice, enrichment: boolean): ToolField[] {
  switch (choice.shape) {
    case 'search': {
      const items = field('items', 'object', 'The matching items, best first.', {
        array: true,
        record: {
          schemaName: 'Item',
          description: 'One matching item.',
          fields: [
            field('id', 'string', 'Stable identifier of the item.'),
            field('title', 'string', 'Display title of the item.'),
          ],
        },
      });
      // Without an enrichment block the count goes in the output (the linter wants a capped list disclosed).
      return enrichment ? [items] : [items, field('totalCount', 'integer', 'Number of items returned.')];
    }
    case 'fetch':
      return [
        field('id', 'string', 'Identifier of the record.'),
        field('title', 'string', 'Human-readable title of the record.'),
      ];
    case 'write': {
      const changed = field('changed', 'string', 'Names of the fields the call changed.', { array: true });
      if (choice.verbCreates) return [field('title', 'string', 'Title of the new record.'), changed];
      return [field('id', 'string', 'Identifier of the record the call acted on.'), changed];
    }
  }
}
