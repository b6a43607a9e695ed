/**
 * How `add test` calls a service's methods: each parameter gets a sample argument built from its
 * declared type (a string, a number, a boolean, an array, a string literal, the handler's
 * Context). A method with a parameter of any other type is not called, since a made-up value of a
 * type it cannot see would only test the sample; its test checks that the method is there.
 */

import type { TsMorph } from '../../ts/ts-morph.js';

export interface ServiceMethodCall {
  name: string;
  /** The arguments of the call, as source text; undefined when a parameter's type has no safe sample. */
  args: string[] | undefined;
  /** Whether it declares a result (not void): the test then expects one. */
  returnsValue: boolean;
}

const CONTEXT_TYPES = new Set(['Context', 'Ctx']);

/** Source text of a value the declared type accepts, or undefined when none is safe to make up. */
export function sampleArgument(typeText: string): string | undefined {
  const type = typeText.trim();
  if (CONTEXT_TYPES.has(type)) return 'ctx';
  if (type === 'string') return "'example'";
  if (type === 'number') return '1';
  if (type === 'boolean') return 'true';
  if (/^(readonly\s+)?[\w.<>]+\[\]$/.test(type) || /^(Readonly)?Array<.+>$/.test(type)) return '[]';
  // A union of string literals: its first member.
  const literal = /^\s*(['"])([^'"]*)\1\s*(\||$)/.exec(type);
  if (literal && type.split('|').every((m) => /^\s*(['"])[^'"]*\1\s*$/.test(m))) return `'${literal[2]}'`;
  return undefined;
}

/** The call `add test` makes of one public method. */
export function methodCall(method: TsMorph.MethodDeclaration): ServiceMethodCall {
  const params = method.getParameters();
  // Trailing optional parameters are left out; every other one needs a sample.
  let needed = params.length;
  while (needed > 0 && (params[needed - 1]!.isOptional() || params[needed - 1]!.hasInitializer())) needed--;
  const args = params.slice(0, needed).map((p) => {
    const typeNode = p.getTypeNode();
    return typeNode ? sampleArgument(typeNode.getText()) : undefined;
  });
  const returned = method.getReturnTypeNode()?.getText().replace(/\s/g, '') ?? '';
  return {
    name: method.getName(),
    args: args.every((a) => a !== undefined) ? (args as string[]) : undefined,
    returnsValue: returned !== '' && !/^(Promise<)?(void|undefined)>?$/.test(returned),
  };
}
