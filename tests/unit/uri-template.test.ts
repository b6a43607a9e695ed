/**
 * URI templates for `add resource --uri`: what is accepted must be routable. The framework hands
 * the template to the MCP SDK's UriTemplate, whose matcher does not cover all of RFC 6570; a
 * template it cannot match gives a resource whose own list() example can never be read.
 */

import { describe, expect, it } from 'vitest';
import { exampleUri, parseUriTemplate } from '../../src/text/uri-template.js';
import { refusal } from '../helpers/refusal.js';

const refused = (template: string) => refusal(() => parseUriTemplate(template), `expected ${template} to be refused`);

describe('parseUriTemplate', () => {
  it('accepts what the SDK matches: simple, reserved, path, label, query and exploded variables', () => {
    for (const [template, variables] of [
      ['acme://items/{itemId}', ['itemId']],
      ['acme://items/{itemId}/parts/{partId}{?q,lang}', ['itemId', 'partId', 'q', 'lang']],
      ['acme://files/{+path}', ['path']],
      ['acme://a{/path}', ['path']],
      ['acme://a/{name}{.ext}', ['name', 'ext']],
      ['acme://a?z=1{&x,y}', ['x', 'y']],
      ['acme://a/{ids*}', ['ids']],
      ['acme://status', []],
    ] as const) {
      expect(parseUriTemplate(template).variables, template).toEqual(variables);
    }
  });

  it('refuses several variables in one path expression: the SDK never matches {a,b} or {/a,b}', () => {
    for (const t of ['acme://a/{a,b}', 'acme://a{/a,b}', 'acme://a/{+a,b}']) {
      const e = refused(t);
      expect(e.code).toBe('OPTION_INVALID');
      expect(e.message).toContain('one variable per expression');
    }
  });

  it('refuses a variable every object has already: {__proto__}, {constructor}; {prototype} is a key like any', () => {
    expect(refused('acme://a/{__proto__}').message).toContain('sets the prototype');
    expect(refused('acme://a/{constructor}').message).toContain('every object inherits constructor');
    expect(parseUriTemplate('acme://a/{prototype}').variables).toEqual(['prototype']);
  });

  it('refuses prefix modifiers and the ; operator: the SDK would key params as "id:3" or ";p"', () => {
    expect(refused('acme://a/{id:3}').message).toContain('{id:3}');
    expect(refused('acme://a/{;p}').message).toContain('{;p}');
  });

  it('gives an example URI for each accepted template', () => {
    expect(exampleUri(parseUriTemplate('acme://items/{itemId}{?q}')).uri).toBe(
      'acme://items/example-itemId?q=example-q',
    );
  });
});
