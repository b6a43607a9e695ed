/**
 * RFC 6570 URI templates, as far as a resource definition needs them: validate the syntax and
 * list the variables, which become the resource's `params` keys (the framework's linter matches
 * `{var}` names to params keys exactly, after removing operators and modifiers, as here).
 */

import { ScaffoldError } from '../engine/errors.js';
import { objectKeyProblem } from './reserved-names.js';

export interface UriTemplate {
  template: string;
  /** Variable names in order of first appearance, each once. */
  variables: string[];
}

const OPERATORS = '+#./;?&';
// varname: (ALPHA / DIGIT / "_" / pct-encoded) *( ["."] (ALPHA / DIGIT / "_" / pct-encoded) )
const VARSPEC =
  /^((?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*)(?::([1-9][0-9]{0,3})|\*)?$/;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function parseUriTemplate(template: string): UriTemplate {
  const invalid = (why: string) =>
    new ScaffoldError('OPTION_INVALID', `Invalid --uri ${JSON.stringify(template)}: ${why}.`, {
      hint: "Give an RFC 6570 URI template with a scheme, e.g. --uri 'acme://items/{itemId}'.",
    });
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(template)) throw invalid('it needs a scheme, like acme://');
  if (/\s/.test(template)) throw invalid('it contains white space');
  const variables: string[] = [];
  let i = 0;
  while (i < template.length) {
    const ch = template[i]!;
    if (ch === '}') throw invalid(`unmatched "}" at position ${i + 1}`);
    if (ch !== '{') {
      i++;
      continue;
    }
    const close = template.indexOf('}', i);
    if (close === -1) throw invalid(`unclosed "{" at position ${i + 1}`);
    let body = template.slice(i + 1, close);
    const expression = `{${body}}`;
    if (body.includes('{')) throw invalid(`nested "{" at position ${i + 1}`);
    const operator = body.length > 0 && OPERATORS.includes(body[0]!) ? body[0]! : '';
    if (operator) body = body.slice(1);
    if (body === '') throw invalid(`empty expression at position ${i + 1}`);
    // Valid RFC 6570 that the MCP SDK's UriTemplate (which the framework routes reads with) cannot
    // match: the resource would be generated, pass its own tests, and never be readable.
    const sdk = (what: string) => invalid(`${expression} ${what}, which the MCP SDK's URI matcher does not support`);
    if (operator === ';') throw sdk('uses the ; operator');
    if (body.includes(',') && operator !== '?' && operator !== '&') {
      throw sdk('has several variables; use one variable per expression (acme://{a}/{b})');
    }
    for (const spec of body.split(',')) {
      const m = VARSPEC.exec(spec);
      if (!m) throw invalid(`"${spec}" is not a variable name`);
      if (m[2] !== undefined) throw sdk(`has the prefix modifier :${m[2]}`);
      const name = m[1]!;
      if (!IDENTIFIER.test(name)) {
        throw invalid(`the variable "${name}" cannot be a params key; use letters, digits and _`);
      }
      const keyProblem = objectKeyProblem(name);
      if (keyProblem) throw invalid(`the variable "${name}" cannot be a params key: ${keyProblem}`);
      if (!variables.includes(name)) variables.push(name);
    }
    i = close + 1;
  }
  return { template, variables };
}

/** The template with each variable given an example value: `acme://items/{itemId}` → `acme://items/example-itemId`. */
export function exampleUri(t: UriTemplate): { uri: string; params: { name: string; value: string }[] } {
  const params = t.variables.map((name) => ({ name, value: `example-${name}` }));
  const uri = t.template.replace(/\{([^}]*)\}/g, (_, body: string) => {
    const op = OPERATORS.includes(body[0] ?? '') ? body[0]! : '';
    const names = (op ? body.slice(1) : body).split(',').map((s) => s.replace(/(:\d+|\*)$/, ''));
    const values = names.map((n) => `example-${n}`);
    switch (op) {
      case '#':
        return `#${values.join(',')}`;
      case '.':
        return `.${values.join('.')}`;
      case '/':
        return `/${values.join('/')}`;
      case ';':
        return names.map((n, k) => `;${n}=${values[k]}`).join('');
      case '?':
        return `?${names.map((n, k) => `${n}=${values[k]}`).join('&')}`;
      case '&':
        return `&${names.map((n, k) => `${n}=${values[k]}`).join('&')}`;
      default:
        return values.join(',');
    }
  });
  return { uri, params };
}

/**
 * Refuses a template whose example URI `new URL()` rejects (`acme://a:x/{id}`, `acme://[x/{id}`):
 * the generated test reads the resource at that URI, and the framework parses it with `new URL()`.
 */
export function assertExampleIsUrl(t: UriTemplate): void {
  const { uri } = exampleUri(t);
  try {
    new URL(uri);
  } catch {
    throw new ScaffoldError(
      'OPTION_INVALID',
      `Invalid --uri ${JSON.stringify(t.template)}: a URI it describes (${uri}) is not a URL (new URL() rejects it).`,
      { hint: "Use a scheme and a plain host, e.g. --uri 'acme://items/{itemId}'." },
    );
  }
}

/** The template with its variables unnamed: two templates with the same shape match the same URIs. */
function shape(template: string): string {
  return template.replace(/\{([+#./;?&]?)[^}]*\}/g, (_, op: string) => `{${op}}`);
}

/** A regular expression for the URIs a template describes (simple expressions: one path segment). */
function matcher(template: string): RegExp {
  const parts = template.split(/(\{[^}]*\})/);
  const source = parts
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return /^\{[+#]/.test(part) ? '.*' : '[^/?#]*';
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Whether two templates describe the same URIs: the same shape, or each one's example URI read by
 * the other (the first resource registered would answer every read of the second).
 */
export function sameUris(a: UriTemplate, b: string): boolean {
  if (shape(a.template) === shape(b)) return true;
  try {
    const other = parseUriTemplate(b);
    return matcher(b).test(exampleUri(a).uri) && matcher(a.template).test(exampleUri(other).uri);
  } catch {
    return false;
  }
}
