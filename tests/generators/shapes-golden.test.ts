/**
 * The full text `add` writes for a new tool, resource and prompt (with their tests), pinned here.
 * The shape tests compare what they create against these same renders (helpers/shapes.ts
 * `reference`), so a project's layout can never change a generated definition.
 */

import { describe, expect, it } from 'vitest';
import { NEW, PROMPT, RESOURCE, reference, TOOL } from '../helpers/shapes.js';
import { recorded } from '../helpers/stamp.js';

describe('what add writes for acme_find_items', () => {
  it('tool', () => {
    const { definition, test } = reference(NEW(TOOL));
    expect(recorded(definition)).toMatchInlineSnapshot(`
      "/**
       * @fileoverview Tool definition for acme_find_items.
       * A search: a query in, a list out.
       * @module mcp-server/tools/definitions/acme-find-items.tool
       * @scaffolded mcp-scaffold <hash>
       */

      import { tool, z } from '@cyanheads/mcp-ts-core';
      import { JsonRpcErrorCode } from '@cyanheads/mcp-ts-core/errors';

      const Item = z.object({
        id: z.string().describe('Stable identifier of the item.'),
        title: z.string().describe('Display title of the item.'),
      });

      export const acmeFindItemsTool = tool('acme_find_items', {
        title: 'Find Items',
        description: 'TODO: Find items. Say what it returns and when to use it.',
        annotations: {
          readOnlyHint: true,
          openWorldHint: false,
        },
        input: z.object({
          query: z.string().describe('Text to match against item titles.'),
          limit: z.number().int().min(1).max(100).optional().describe('How many at most (default 10).'),
        }),
        output: z.object({
          items: z.array(Item.describe('One matching item.')).describe('The matching items, best first.'),
          totalCount: z.number().int().describe('Number of items returned.'),
        }),

        // Domain failure modes: \`ctx.fail(reason, …)\` is typed against these reasons.
        errors: [
          {
            reason: 'empty_query',
            code: JsonRpcErrorCode.InvalidParams,
            when: 'The query was empty or held only whitespace.',
            recovery: 'Provide a query with at least one non-whitespace character.',
          },
        ],

        handler(input, ctx) {
          const query = input.query.trim();
          if (query.length === 0) {
            throw ctx.fail('empty_query', 'The query must not be blank.', ctx.recoveryFor('empty_query'));
          }
          const limit = input.limit ?? 10;
          ctx.log.info('Searching', { query, limit });
          // STAND-IN: made-up results: search your data here (a service method, an API call).
          const items = [{ id: 'item-1', title: \`Example match for \${query}\` }].slice(0, limit);
          ctx.log.debug('Matched', { count: items.length });
          return {
            items: items.map((item) => ({ id: item.id, title: item.title })),
            // totalCount by this name: devcheck's capped-list-no-truncation reads only it or truncated.
            totalCount: items.length,
          };
        },

        // format() fills content[], the markdown twin of structuredContent: every output field.
        format: (result) => {
          const lines: string[] = [];
          lines.push(\`**items:** \${result.items.length}\`);
          lines.push(\`**totalCount:** \${result.totalCount}\`);
          for (const entry of result.items) {
            lines.push(\`- id: \${entry.id}, title: \${entry.title}\`);
          }
          return [{ type: 'text', text: lines.join('\\n') }];
        },
      });
      "
    `);
    expect(recorded(test)).toMatchInlineSnapshot(`
      "/**
       * @fileoverview Tests for the acme_find_items tool.
       * @module tests/tools/acme-find-items.tool.test
       * @scaffolded mcp-scaffold <hash>
       */

      import { JsonRpcErrorCode } from '@cyanheads/mcp-ts-core/errors';
      import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
      import { describe, expect, it } from 'vitest';
      import { acmeFindItemsTool } from '@/mcp-server/tools/definitions/acme-find-items.tool.js';

      const mockContext = () => createMockContext({ errors: acmeFindItemsTool.errors });

      describe('acmeFindItemsTool', () => {
        it('takes valid input and returns output that matches the declared output schema', async () => {
          const ctx = mockContext();
          const input = acmeFindItemsTool.input.parse({ query: 'example-query', limit: 2 });
          const result = await acmeFindItemsTool.handler(input, ctx);
          expect(result).toEqual(expect.schemaMatching(acmeFindItemsTool.output));
        });

        it('renders every output field in format()', async () => {
          const input = acmeFindItemsTool.input.parse({ query: 'example-query', limit: 2 });
          const result = await acmeFindItemsTool.handler(input, mockContext());
          const blocks = acmeFindItemsTool.format!(result);
          const text = blocks.map((block) => (block.type === 'text' ? block.text : '')).join('\\n');
          expect(text).toContain('**items:**');
          for (const entry of result.items) {
            expect(text).toContain(String(entry.id));
            expect(text).toContain(String(entry.title));
          }
          expect(text).toContain('**totalCount:**');
          expect(text).toContain(String(result.totalCount));
        });

        it('fails with reason empty_query for a whitespace-only query', async () => {
          const input = acmeFindItemsTool.input.parse({ query: '   ', limit: 2 });
          const call = async () => acmeFindItemsTool.handler(input, mockContext());
          await expect(call()).rejects.toMatchObject({
            code: JsonRpcErrorCode.InvalidParams,
            data: {
              reason: 'empty_query',
              recovery: { hint: expect.stringContaining('non-whitespace') },
            },
          });
        });
      });
      "
    `);
  });

  it('resource, with --uri acme://items/{itemId}', () => {
    const { definition, test } = reference(NEW(RESOURCE), { uri: 'acme://items/{itemId}' });
    expect(recorded(definition)).toMatchInlineSnapshot(`
      "/**
       * @fileoverview Resource definition for acme-find-items.
       * @module mcp-server/resources/definitions/acme-find-items.resource
       * @scaffolded mcp-scaffold <hash>
       */

      import { resource, z } from '@cyanheads/mcp-ts-core';

      export const acmeFindItemsResource = resource(
        // RFC 6570 URI template. Every {variable} in it must be a key of \`params\`.
        'acme://items/{itemId}',
        {
          name: 'acme-find-items',
          title: 'Find Items',
          description: 'TODO: Find Items by URI. Describe what it holds and when to read it.',
          mimeType: 'application/json',
          params: z.object({
            itemId: z.string().describe('TODO: The itemId part of the URI.'),
          }),
          output: z.object({
            uri: z.string().describe('Canonical URI of the resource that was read.'),
            variables: z
              .record(z.string(), z.string())
              .describe('Values of the URI template variables, keyed by variable name.'),
          }),

          handler(params, ctx) {
            ctx.log.debug('Reading resource', { variables: params });
            // When the data does not exist, throw \`notFound(…)\` from '@cyanheads/mcp-ts-core/errors'.
            // STAND-IN: reads nothing yet: read the data here (a service method, an API call).
            return { uri: ctx.uri?.href ?? '', variables: params };
          },

          // Concrete resources behind the template, for resources/list: only ones that exist. Add a
          // cursor (extractCursor/paginateArray) once there are more than a page of them.
          list: () => ({
            resources: [
              // STAND-IN: lists nothing yet: list real ones here ({ uri, name }), or drop list().
            ],
          }),
        },
      );
      "
    `);
    expect(recorded(test)).toMatchInlineSnapshot(`
      "/**
       * @fileoverview Tests for the acme-find-items resource.
       * @module tests/resources/acme-find-items.resource.test
       * @scaffolded mcp-scaffold <hash>
       */

      import type { ListExtra } from '@cyanheads/mcp-ts-core/resources';
      import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
      import { describe, expect, it } from 'vitest';
      import { acmeFindItemsResource } from '@/mcp-server/resources/definitions/acme-find-items.resource.js';

      const definition = acmeFindItemsResource;

      /** A concrete URI for this resource and the values of its template variables. */
      const example = {
        uri: 'acme://items/example-itemId',
        params: {
          itemId: 'example-itemId',
        },
      };

      describe('acmeFindItemsResource', () => {
        it('parses the URI template variables with its params schema', () => {
          const params = definition.params!.parse(example.params);
          expect(params).toEqual(example.params);
          expect(definition.params!.safeParse({}).success).toBe(false);
        });

        it('returns data that matches the declared output schema', async () => {
          const uri = new URL(example.uri);
          const ctx = createMockContext({ uri });
          const params = definition.params!.parse(example.params);
          const result = await definition.handler(params, ctx);
          expect(result).toEqual(expect.schemaMatching(definition.output!));
          expect(result.uri).toBe(uri.href);
          expect(result.variables).toEqual(example.params);
        });

        it('lists resources a client can read, each with a URI and a name', async () => {
          const listing = await definition.list!({} as ListExtra);
          expect(Array.isArray(listing.resources)).toBe(true);
          for (const entry of listing.resources) {
            expect(entry).toMatchObject({ uri: expect.any(String), name: expect.any(String) });
          }
        });
      });
      "
    `);
  });

  it('prompt', () => {
    const { definition, test } = reference(NEW(PROMPT));
    expect(recorded(definition)).toMatchInlineSnapshot(`
      "/**
       * @fileoverview Prompt definition for acme_find_items.
       * @module mcp-server/prompts/definitions/acme-find-items.prompt
       * @scaffolded mcp-scaffold <hash>
       */

      import { prompt, z } from '@cyanheads/mcp-ts-core';

      // Prompts are pure message templates: no Context, no auth, no side effects. Clients show the
      // args as a form (every value arrives as a string) and send the messages to the model.
      export const acmeFindItemsPrompt = prompt(
        // The prompt's MCP name, used by clients in prompts/get.
        'acme_find_items',
        {
          title: 'Find Items',
          description: 'TODO: Find Items: a prompt. Describe what it asks the model to do.',
          args: z.object({
            items: z.string().describe('TODO: The items to find.'),
          }),

          // The instructions the model gets, with every argument.
          generate: (args) => {
            const lines = ['Find the items below.'];
            lines.push('', args.items);
            return [{ role: 'user', content: { type: 'text', text: lines.join('\\n') } }];
          },
        },
      );
      "
    `);
    expect(recorded(test)).toMatchInlineSnapshot(`
      "/**
       * @fileoverview Tests for the acme_find_items prompt.
       * @module tests/prompts/acme-find-items.prompt.test
       * @scaffolded mcp-scaffold <hash>
       */

      import { describe, expect, it } from 'vitest';
      import { acmeFindItemsPrompt } from '@/mcp-server/prompts/definitions/acme-find-items.prompt.js';

      const definition = acmeFindItemsPrompt;

      /** A value for every argument. */
      const example = {
        items: 'example-items',
      };

      describe('acmeFindItemsPrompt', () => {
        it('parses every argument and rejects a missing required one', () => {
          expect(definition.args!.parse(example)).toEqual(example);
          expect(definition.args!.safeParse({ ...example, items: undefined }).success).toBe(false);
        });

        it('generates one user message that carries every argument', async () => {
          const messages = await definition.generate(definition.args!.parse(example));
          expect(messages).toHaveLength(1);
          expect(messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } });
          const text = JSON.stringify(messages[0]?.content);
          for (const value of Object.values(example)) expect(text).toContain(value);
        });
      });
      "
    `);
  });
});
