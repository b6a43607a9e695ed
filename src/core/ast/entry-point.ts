/**
 * Finds the app's options object: the one `createApp({...})` (or `createWorkerHandler({...})`)
 * call in an entry file. Anything else is refused with the file and line, never guessed at.
 */

import { ScaffoldError } from '../errors.js';
import { tsMorph, type TsMorph } from './ts-morph.js';

export const APP_FACTORIES = ['createApp', 'createWorkerHandler'];

export interface AppCall {
  call: TsMorph.CallExpression;
  options: TsMorph.ObjectLiteralExpression;
}

export function unsupported(
  relPath: string,
  node: TsMorph.Node | undefined,
  message: string,
  hint?: string,
): ScaffoldError {
  const line = node?.getStartLineNumber();
  return new ScaffoldError(
    'UNSUPPORTED_LAYOUT',
    `${relPath}${line ? `:${line}` : ''}: ${message}`,
    {
      hint:
        hint ??
        'Nothing was written. Register the definition by hand, or report this layout so mcp-scaffold learns it.',
      details: [{ path: relPath, ...(line ? { line } : {}), message }],
    },
  );
}

export function findAppCall(sf: TsMorph.SourceFile, relPath: string): AppCall | undefined {
  const { SyntaxKind } = tsMorph();
  const calls = sf
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter((c) => APP_FACTORIES.includes(c.getExpression().getText()));
  if (calls.length === 0) return undefined;
  if (calls.length > 1) {
    throw unsupported(
      relPath,
      calls[1],
      `found ${calls.length} app factory calls (lines ${calls.map((c) => c.getStartLineNumber()).join(', ')}); cannot tell which one to register in`,
    );
  }
  const call = calls[0]!;
  const arg = call.getArguments()[0];
  if (!arg || arg.getKind() !== SyntaxKind.ObjectLiteralExpression) {
    throw unsupported(
      relPath,
      call,
      `${call.getExpression().getText()}(…) is not given an object literal of options`,
    );
  }
  return { call, options: arg as TsMorph.ObjectLiteralExpression };
}
