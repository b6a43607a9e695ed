/**
 * A mock context made without the definition's `errors` and passed to a handler that declares
 * them (TS2345: the mock is not the handler's `HandlerContext<reasons>`). From 0.11.3,
 * `createMockContext({ errors: def.errors })` is typed by the contract, and at run time attaches
 * the `ctx.fail` the production handler gets. The `errors` go into the call that makes the mock:
 * inline, or the `const` the handler is given, when every handler that `const` is given is the
 * same definition's. A mock shared by several definitions, or made elsewhere, is refused.
 */

import { eolOf, indentAt, type TextEdit } from '../../ts/text-edits.js';
import { type TsMorph, tsMorph } from '../../ts/ts-morph.js';
import { ancestorAt, constDeclarationOf, fullMessage, type ShapeFix, type TestShape, usesOf } from './test-shape.js';

/** `def.handler(input, ctx)` → the call and `def`'s text, when `arg` is the call's second argument. */
function handlerCallOf(arg: TsMorph.Node): { call: TsMorph.CallExpression; def: string } | undefined {
  const { Node } = tsMorph();
  const call = arg.getParent();
  if (!call || !Node.isCallExpression(call) || call.getArguments()[1] !== arg) return undefined;
  const callee = call.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'handler') return undefined;
  const def = callee.getExpression();
  // Only a plain reference to the definition can be written twice without evaluating anything twice.
  if (!/^[\w$]+(\.[\w$]+)*$/.test(def.getText())) return undefined;
  return { call, def: def.getText() };
}

const isMockCall = (n: TsMorph.Node | undefined): n is TsMorph.CallExpression =>
  n !== undefined && tsMorph().Node.isCallExpression(n) && n.getExpression().getText() === 'createMockContext';

/** `errors: def.errors` added to the options of `createMockContext(…)`. */
function addErrors(mock: TsMorph.CallExpression, def: string): TextEdit[] | { refused: string } {
  const { Node } = tsMorph();
  const entry = `errors: ${def}.errors`;
  const options = mock.getArguments()[0];
  if (!options) {
    const open = mock.getFirstChildByKindOrThrow(tsMorph().SyntaxKind.OpenParenToken);
    return [{ pos: open.getEnd(), text: `{ ${entry} }` }];
  }
  if (!Node.isObjectLiteralExpression(options)) {
    return [
      { pos: options.getStart(), text: '{ ...' },
      { pos: options.getEnd(), text: `, ${entry} }` },
    ];
  }
  if (options.getProperty('errors'))
    return { refused: "the mock is given `errors` already, and they are not this handler's" };
  const props = options.getProperties();
  const last = props.at(-1);
  if (!last) return [{ pos: options.getStart() + 1, end: options.getEnd() - 1, text: ` ${entry} ` }];
  const source = mock.getSourceFile().getFullText();
  if (!options.getText().includes('\n')) return [{ pos: last.getEnd(), text: `, ${entry}` }];
  const comma = source.slice(last.getEnd()).match(/^\s*,/);
  const indent = indentAt(source, last.getStart());
  const eol = eolOf(source);
  return comma
    ? [{ pos: last.getEnd() + comma[0].length, text: `${eol}${indent}${entry},` }]
    : [{ pos: last.getEnd(), text: `,${eol}${indent}${entry}` }];
}

function fix(node: TsMorph.Node, pos: number): ShapeFix | undefined {
  const { Node } = tsMorph();
  const arg = ancestorAt(node, pos, (n): n is TsMorph.Node => handlerCallOf(n) !== undefined);
  const handler = arg && handlerCallOf(arg);
  if (!arg || !handler) return undefined;
  if (isMockCall(arg)) return wrapRefusal(addErrors(arg, handler.def));
  if (!Node.isIdentifier(arg))
    return { refused: 'the handler is given a context that is not a createMockContext(…) call or const' };
  const decl = constDeclarationOf(arg);
  const mock = decl?.getInitializer();
  if (!decl || !isMockCall(mock)) {
    return { refused: `\`${arg.getText()}\` is not a const made by createMockContext(…) in this test` };
  }
  const defs = new Set(usesOf(decl).flatMap((use) => handlerCallOf(use)?.def ?? []));
  if (defs.size > 1) {
    return { refused: `\`${arg.getText()}\` is given to the handlers of ${[...defs].join(', ')}, whose errors differ` };
  }
  return wrapRefusal(addErrors(mock, handler.def));
}

const wrapRefusal = (out: TextEdit[] | { refused: string }): ShapeFix => (Array.isArray(out) ? { edits: out } : out);

export const mockContextErrors: TestShape = {
  id: 'mock-context-errors',
  summary: "a mock context made without the definition's errors, given to a handler that declares them",
  fix: ({ error, node, pos }) =>
    error.code === 'TS2345' && /HandlerContext</.test(fullMessage(error)) ? fix(node, pos) : undefined,
};
